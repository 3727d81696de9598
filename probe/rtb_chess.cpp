// The engine-shaped chess probe behind rtb_chess.h: bitboards in, value out.
// Tables are opened through the probe library's Tablebase, as every
// game's; each material's entry (the plugin that turns a board into its
// index, and the table) is made on first use and kept, and an entry once
// open is found without a lock, so probing threads do not queue.
#include "probe/rtb_chess.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/chess/chess.h"
#include "games/chess/notation.h"
#include "games/derive.h"
#include "probe/c_api_support.h"
#include "probe/chess_handle.h"
#include "probe/probe.h"

namespace {

using namespace rtb::chess;
using namespace rtb::chess_handle;
using rtb::Value;

using rtb::c_api::failed;
using rtb::c_api::Failure;
using rtb::c_api::fill;
using rtb::c_api::guarded;
using rtb::c_api::guarded_number;
using rtb::c_api::guarded_status;
using rtb::c_api::require;

// A material's place in the direct-mapped arrays of the handle.
std::size_t slot_of(std::uint64_t key) {
  return (key * 0x9E3779B97F4A7C15ull) >> 55;  // 9 bits: kOpenedSlots
}

}  // namespace

const Entry* rtb_chess::open_entry(std::uint64_t key) const {
  const Entry* e = opened[slot_of(key)].load(std::memory_order_acquire);
  return e != nullptr && e->key == key ? e : nullptr;
}

const Entry& rtb_chess::entry(const Material& m) const {
  const std::uint64_t key = m.key();
  if (const Entry* e = open_entry(key)) return *e;
  std::atomic<const Entry*>& slot = opened[slot_of(key)];
  std::unique_lock lock(mutex);
  auto it = tables.find(key);
  // Kept only once open: a table that is missing or fails to open leaves
  // no entry, so a later probe looks for it again.
  if (it == tables.end()) {
    const std::filesystem::path file = dir / (rtb::Chess::table_name_for(m, metric) + ".rtb");
    if (!std::filesystem::exists(file)) {
      auto& gone = missing[key];
      if (!gone) gone.reset(new Missing{key, "no table " + file.string(), {0}});
      gone->checked.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                          std::memory_order_relaxed);
      missing_slots[slot_of(key)].store(gone.get(), std::memory_order_release);  // may take another's slot
      throw Failure(RTB_ERR_NO_TABLE, gone->message);
    }
    it = tables.emplace(key, open(m)).first;
  }
  slot.store(it->second.get(), std::memory_order_release);  // another key's entry stays in the map
  return *it->second;
}

const std::string* rtb_chess::known_missing(std::uint64_t key) const {
  std::atomic<const Missing*>& slot = missing_slots[slot_of(key)];
  const Missing* gone = slot.load(std::memory_order_acquire);
  if (gone == nullptr || gone->key != key) {
    // Another missing material took the slot, or none was found missing:
    // a table not open yet, for which entry() takes the lock too.
    const std::lock_guard lock(mutex);
    const auto it = missing.find(key);
    if (it == missing.end()) return nullptr;
    gone = it->second.get();
    slot.store(gone, std::memory_order_release);
  }
  const std::chrono::steady_clock::duration since(gone->checked.load(std::memory_order_relaxed));
  if (std::chrono::steady_clock::now().time_since_epoch() - since >= kMissingRecheck) return nullptr;
  return &gone->message;
}

std::unique_ptr<Entry> rtb_chess::open(const Material& m) const {
  rtb::Params p;
  p.set("material", m.name());
  p.set("metric", metric);
  rtb::Chess game(p);
  rtb::c_api::require_table_file(dir / (game.table_name() + ".rtb"));
  const rtb::DepthTable* table = nullptr;
  try {
    table = tablebase->find(rtb::Chess::kName, p);
  } catch (const rtb::ProbeError& e) {  // of another kind, or made for other parameters
    throw Failure(RTB_ERR_WRONG_KIND, e.what());
  }
  if (!table) throw Failure(RTB_ERR_NO_TABLE, "no table " + game.table_name() + ".rtb in " + dir.string());
  auto e = std::make_unique<Entry>(Entry{m.key(), std::move(game), *table, {}, {}, {}, {}, {}, {}});
  if (in_memory && e->table.opened().has_values()) e->values = e->table.read_all();
  try {
    open_streams(*e);
  } catch (const std::exception&) {
    e->table.opened().check_unchanged(/*after_damage=*/true);  // zeros read from a shrunk file are no damage
    throw;
  }
  if (!e->table.opened().has_values() && !e->depth)
    throw Failure(RTB_ERR_CORRUPT,
                  e->table.opened().where() + " is damaged (compact, without a depth stream)");
  return e;
}

rtb_chess::Located rtb_chess::locate(const Board& b) const {
  const std::string* missing = nullptr;
  const Located at = locate_unless_missing(b, missing);
  if (missing != nullptr) throw Failure(RTB_ERR_NO_TABLE, *missing);
  return at;
}

rtb_chess::Located rtb_chess::locate_unless_missing(const Board& b, const std::string*& missing) const {
  const Material m = Material::of(b);
  if (m.kings_only()) return {};
  // Before the key is formed: its four bits per count would let sixteen
  // pieces of one type pass for one of the next.
  if (m.pieces() > kMaxTablePieces)
    throw Failure(RTB_ERR_NO_TABLE, "no table has more than " + std::to_string(kMaxTablePieces) + " pieces");
  const bool as_is = m.is_canonical();
  const Material canonical = as_is ? m : m.swapped();
  const Entry* e = open_entry(canonical.key());  // a probe that answers takes no lock
  if (e == nullptr) {
    missing = known_missing(canonical.key());
    if (missing != nullptr) return {};
    e = &entry(canonical);
  }
  return {e, as_is ? b : swap_colors(b, m.has_pawns()), m == m.swapped()};
}

namespace {
// The value a table stores for a board in its orientation.
rtb::Value stored_value(const Entry& e, const Board& b) {
  const rtb::Index i = e.game.layout().index(b);
  return rtb::Value::from_code(e.values.empty() ? e.table.opened().code_unchecked(i) : e.values[i]);
}
}  // namespace

rtb::Value rtb_chess::lookup(const Board& b) const {
  return lookup(b, locate(b));
}

rtb::Value rtb_chess::lookup(const Board& b, const Located& at) const {
  if (!at.entry) return rtb::Value::draw();
  if (at.entry->depth && at.entry->values.empty()) return derived(b, at);
  return stored_value(*at.entry, at.board);
}

int rtb_chess::lookup_class(const Board& b) const {
  return lookup_class(b, locate(b));
}

int rtb_chess::lookup_class(const Board& b, const Located& at) const {
  if (!at.entry) return RTB_CHESS_DRAW;
  const Entry& e = *at.entry;
  if (!e.wdl) return e.game.wdl_class(stored_value(e, at.board));
  int captured = -1;
  legal_captures(b, [&](const Move&, const Board& after) {
    captured = std::max(captured, RTB_CHESS_WIN - lookup_class(after));
  });
  if (captured == RTB_CHESS_WIN) return captured;
  const int stored = e.from_streams([&] { return e.wdl->at(stream_place(at, *e.wdl_order)); });
  return std::max(captured, stored);
}

rtb::Index rtb_chess::stream_place(const Located& at, const Listing& order) {
  const Layout& layout = at.entry->game.layout();
  const bool turned = at.symmetric && at.board.stm == kBlack;
  return order.place(layout, turned ? swap_colors(at.board, layout.pawns()) : at.board);
}

int rtb_chess::value_class(const Board& b, Square ep) const {
  bool capture = false;
  en_passant_captures(b, ep, [&](const Board&) { capture = true; });
  if (!capture) return lookup_class(b);
  int best = -1;
  legal_moves(b, [&](const Move& m, const Board& after) {
    best = std::max(best, RTB_CHESS_WIN - value_class(after, ep_after(m)));
  });
  en_passant_captures(
      b, ep, [&](const Board& after) { best = std::max(best, RTB_CHESS_WIN - lookup_class(after)); });
  return best;
}

rtb::Value rtb_chess::lookahead(const Board& b, Square ep) const {
  rtb::BestOfMoves best;
  legal_moves(b, [&](const Move& m, const Board& after) { best.add(move_value(m, after)); });
  // An en-passant capture converts and zeroes.
  en_passant_captures(b, ep, [&](const Board& after) {
    best.add(metric == "dtm" ? lookup(after) : restarted_at(after, RTB_CHESS_NO_EP));
  });
  return best.value();  // there is a move: an en-passant capture exists
}

Square rtb::chess_handle::ep_after(const Move& m) {
  return m.piece == kPawn && std::abs(m.to - m.from) == 16 ? (m.from + m.to) / 2 : RTB_CHESS_NO_EP;
}

Value rtb_chess::value(const Board& b, Square ep) const {
  bool capture = false;
  en_passant_captures(b, ep, [&](const Board&) { capture = true; });
  return capture ? lookahead(b, ep) : lookup(b);
}

void rtb::chess_handle::require_ep_square(int ep_square) {
  if (ep_square != RTB_CHESS_NO_EP && (ep_square < 0 || ep_square > 63))
    throw Failure(RTB_ERR_BAD_ARGUMENT, "ep_square must be 0..63 or RTB_CHESS_NO_EP");
}

void rtb::chess_handle::require_ep_rank(const Board& b, int ep_square) {
  if (ep_square != RTB_CHESS_NO_EP && ep_square / 8 != (b.stm == kWhite ? 5 : 2))
    throw Failure(RTB_ERR_ILLEGAL_POSITION, "ep_square is not on the en-passant rank of the side to move");
}

Board rtb::chess_handle::make_board(std::uint64_t white, std::uint64_t black,
                                    const std::uint64_t (&by_type)[6], int stm) {
  auto illegal = [](const char* why) { return Failure(RTB_ERR_ILLEGAL_POSITION, why); };
  if (stm != RTB_CHESS_WHITE && stm != RTB_CHESS_BLACK)
    throw Failure(RTB_ERR_BAD_ARGUMENT, "side_to_move must be 0 or 1");
  if (white & black) throw illegal("a square is both white and black");
  Board b;
  std::uint64_t all = 0;
  for (int t = 0; t < 6; ++t) {
    if (all & by_type[t]) throw illegal("a square holds two kinds of piece");
    all |= by_type[t];
    b.pieces[kWhite][t] = by_type[t] & white;
    b.pieces[kBlack][t] = by_type[t] & black;
  }
  if (all != (white | black)) throw illegal("the piece bitboards do not cover white | black");
  b.color = {white, black};
  b.stm = static_cast<Color>(stm);
  if (std::popcount(b.pieces[0][kKing]) != 1 || std::popcount(b.pieces[1][kKing]) != 1)
    throw illegal("each side needs exactly one king");
  if (by_type[kPawn] & (kRank1 | kRank8)) throw illegal("a pawn on rank 1 or 8");
  if (in_check(b, opponent(b.stm))) throw illegal("the side not to move is in check");
  return b;
}

namespace {

int largest_table(const std::filesystem::path& dir, const std::string& metric) {
  int best = 0;
  const std::string suffix = metric == "dtm" ? "" : "-" + metric;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    if (f.path().extension() != ".rtb") continue;
    std::string stem = f.path().stem().string();
    if (stem.size() <= suffix.size() || stem.substr(stem.size() - suffix.size()) != suffix) continue;
    stem.resize(stem.size() - suffix.size());
    try {
      best = std::max(best, Material::parse(stem).pieces());
    } catch (const std::exception&) {
      // not a chess table (or the other metric's)
    }
  }
  return best;
}

}  // namespace

extern "C" {

rtb_chess* rtb_chess_open(const char* dir, const char* metric, unsigned flags) {
  return guarded(
      [&] {
        require(dir, "dir");
        auto tb = std::make_unique<rtb_chess>();
        tb->dir = dir;
        tb->metric = metric ? metric : "dtm";
        if (tb->metric != "dtm" && tb->metric != "dtc" && tb->metric != "dtz")
          throw Failure(RTB_ERR_BAD_ARGUMENT, "metric must be \"dtm\", \"dtc\" or \"dtz\"");
        // Refused rather than ignored, so that a flag of a later version is
        // never taken for one this version honours.
        if (flags & ~unsigned{RTB_CHESS_IN_MEMORY})
          throw Failure(RTB_ERR_BAD_ARGUMENT, "unknown flags " + std::to_string(flags));
        if (!std::filesystem::is_directory(tb->dir))
          throw Failure(RTB_ERR_NO_TABLE, std::string("no directory ") + dir);
        tb->tablebase = std::make_unique<rtb::Tablebase>(tb->dir);
        tb->in_memory = flags & RTB_CHESS_IN_MEMORY;
        tb->max_pieces = largest_table(tb->dir, tb->metric);
        if (tb->metric != "dtm") {
          tb->dtm = std::make_unique<rtb_chess>();
          tb->dtm->dir = tb->dir;
          tb->dtm->tablebase = std::make_unique<rtb::Tablebase>(tb->dir);
          tb->dtm->metric = "dtm";
        }
        return tb.release();  // the caller's until rtb_chess_close
      },
      nullptr);
}

int rtb_chess_probe(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                    uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, int side_to_move,
                    int ep_square, rtb_value* out) {
  return guarded_number([&] {
    require(tb, "tb");
    require(out, "out");
    require_ep_square(ep_square);
    const std::uint64_t by_type[6] = {kings, queens, rooks, bishops, knights, pawns};
    const Board b = make_board(white, black, by_type, side_to_move);
    require_ep_rank(b, ep_square);
    if (ep_square != RTB_CHESS_NO_EP) {  // an en-passant capture may lead into other tables
      fill(tb->value(b, ep_square), out);
      return 0;
    }
    const std::string* missing = nullptr;
    const rtb_chess::Located at = tb->locate_unless_missing(b, missing);
    if (missing != nullptr) return failed(RTB_ERR_NO_TABLE, *missing);
    fill(tb->lookup(b, at), out);
    return 0;
  });
}

int rtb_chess_probe_fen(const rtb_chess* tb, const char* fen, rtb_value* out) {
  return guarded_status([&] {
    require(tb, "tb");
    require(fen, "fen");
    require(out, "out");
    ParsedFen parsed;
    try {
      parsed = parse_fen(fen);
    } catch (const rtb::GameError& e) {
      throw Failure(RTB_ERR_ILLEGAL_POSITION, e.what());
    }
    fill(tb->value(parsed.board, parsed.en_passant), out);
  });
}

int rtb_chess_max_pieces(const rtb_chess* tb) {
  return guarded(
      [&] {
        require(tb, "tb");
        return tb->max_pieces;
      },
      0);
}

const char* rtb_chess_last_error(void) {
  return rtb_last_error();
}

void rtb_chess_close(rtb_chess* tb) {
  std::unique_ptr<rtb_chess> owned(tb);
}

}  // extern "C"
