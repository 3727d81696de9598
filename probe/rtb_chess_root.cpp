// rtb_chess_probe_wdl() and rtb_chess_probe_root(): the 50-move rule's
// classes and the ranked root moves an engine asks for, on the handle of
// rtb_chess.cpp. A move's value is the stored value of the position it
// leads to, seen by the mover one ply earlier; its DTZ restarts when it
// zeroes, exactly as the generator counts it (games/chess/dtz.h).
#include <algorithm>
#include <bit>
#include <optional>
#include <tuple>
#include <vector>

#include "games/chess/dtz.h"
#include "games/chess/movegen.h"
#include "probe/c_api_support.h"
#include "probe/chess_handle.h"

namespace {

using namespace rtb::chess;
using namespace rtb::chess_handle;
using rtb::Value;
using rtb::c_api::Failure;
using rtb::c_api::require;

struct Position {
  Board board;
  Square ep;  // RTB_CHESS_NO_EP for none
};

Position position_of(std::uint64_t white, std::uint64_t black, const std::uint64_t (&by_type)[6],
                     unsigned castling, int ep_square, int white_to_move) {
  if (castling != 0) throw Failure(RTB_ERR_NO_TABLE, "no table holds positions with castling rights");
  require_ep_square(ep_square);
  Position p{make_board(white, black, by_type, white_to_move ? RTB_CHESS_WHITE : RTB_CHESS_BLACK),
             ep_square == 0 ? RTB_CHESS_NO_EP : ep_square};
  require_ep_rank(p.board, p.ep);
  return p;
}

int wdl_number(Wdl50 c) {
  return static_cast<int>(c) + 2;  // Syzygy's -2..2 to Fathom's 0..4
}

// The class of a value of the handle's metric, with the clock where the
// metric knows the rule.
int wdl_of(const rtb_chess& tb, Value v, unsigned rule50) {
  if (tb.metric == "dtz") return wdl_number(wdl50_with_clock(v, rule50));
  return v.is_win() ? RTB_CHESS_WIN : v.is_loss() ? RTB_CHESS_LOSS : RTB_CHESS_DRAW;
}

std::uint8_t promotion_code(PieceType p) {
  switch (p) {
    case kQueen:
      return RTB_CHESS_PROMOTES_QUEEN;
    case kRook:
      return RTB_CHESS_PROMOTES_ROOK;
    case kBishop:
      return RTB_CHESS_PROMOTES_BISHOP;
    case kKnight:
      return RTB_CHESS_PROMOTES_KNIGHT;
    default:
      return RTB_CHESS_PROMOTES_NONE;
  }
}

// The DTM of the position after a move, if the directory has its table.
std::optional<Value> dtm_after(const rtb_chess& tb, const Board& after, Square ep) {
  const rtb_chess& dtm = tb.dtm ? *tb.dtm : tb;
  try {
    return dtm.value(after, ep);
  } catch (const Failure& f) {
    if (f.code != RTB_ERR_NO_TABLE) throw;
    return std::nullopt;
  }
}

rtb_chess_root_move root_move(const rtb_chess& tb, const Move& m, const Board& after, unsigned rule50) {
  const Square ep = ep_after(m);
  const bool zeroes = m.converts() || m.piece == kPawn;
  // A restarting move needs only the class reached; any other the value,
  // with the en-passant captures a double step allows.
  const Value v =
      (tb.restarts(m) ? tb.restarted_at(after, ep) : tb.value(after, ep)).after_move();  // for the mover
  rtb_chess_root_move r{};
  r.from = static_cast<std::uint8_t>(m.from);
  r.to = static_cast<std::uint8_t>(m.to);
  r.promotion = promotion_code(m.promotion);
  r.zeroing = zeroes;
  r.wdl = wdl_of(tb, v, rule50);
  r.dtz = tb.metric == "dtz" ? signed_dtz(v) : RTB_CHESS_UNKNOWN;
  const std::optional<Value> mate = dtm_after(tb, after, ep);
  r.dtm = mate ? signed_dtz(mate->after_move()) : RTB_CHESS_UNKNOWN;  // signed the same way
  return r;
}

// Best first: the class, then among wins the fastest, among losses the
// slowest (signed plies, smallest first), by DTZ and then DTM (whichever
// the handle knows).
bool better(const rtb_chess_root_move& a, const rtb_chess_root_move& b) {
  auto key = [](const rtb_chess_root_move& m) {
    auto plies = [](std::int32_t x) { return x == RTB_CHESS_UNKNOWN ? 0 : x; };
    return std::tuple(-m.wdl, plies(m.dtz), plies(m.dtm));
  };
  return key(a) < key(b);
}

}  // namespace

extern "C" {

int rtb_chess_probe_wdl(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                        uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned rule50,
                        unsigned castling, int ep_square, int white_to_move) {
  return rtb::c_api::guarded_number([&] {
    require(tb, "tb");
    const std::uint64_t by_type[6] = {kings, queens, rooks, bishops, knights, pawns};
    const Position p = position_of(white, black, by_type, castling, ep_square, white_to_move);
    // The class streams answer; only a win or loss under a running clock
    // needs the distance, from the values.
    int c = 0;
    if (p.ep != RTB_CHESS_NO_EP) {  // an en-passant capture may lead into other tables
      c = tb->value_class(p.board, p.ep);
    } else {
      const std::string* missing = nullptr;
      const rtb_chess::Located at = tb->locate_unless_missing(p.board, missing);
      if (missing != nullptr) return rtb::c_api::failed(RTB_ERR_NO_TABLE, *missing);
      c = tb->lookup_class(p.board, at);
    }
    if (rule50 == 0 || tb->metric != "dtz" || (c != RTB_CHESS_WIN && c != RTB_CHESS_LOSS)) return c;
    return wdl_of(*tb, tb->value(p.board, p.ep), rule50);
  });
}

int rtb_chess_probe_root(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                         uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned rule50,
                         unsigned castling, int ep_square, int white_to_move, rtb_chess_root_move* moves,
                         size_t capacity) {
  return rtb::c_api::guarded_number([&] {
    require(tb, "tb");
    if (capacity > 0) require(moves, "moves");
    const std::uint64_t by_type[6] = {kings, queens, rooks, bishops, knights, pawns};
    const Position p = position_of(white, black, by_type, castling, ep_square, white_to_move);
    std::vector<rtb_chess_root_move> ranked;
    legal_moves(p.board, [&](const Move& m, const Board& after) {
      ranked.push_back(root_move(*tb, m, after, rule50));
    });
    en_passant_captures(p.board, p.ep, [&](const Board& after) {
      Move m;
      m.from = static_cast<std::uint8_t>(
          std::countr_zero(p.board.pieces[p.board.stm][kPawn] & ~after.pieces[p.board.stm][kPawn]));
      m.to = static_cast<std::uint8_t>(p.ep);
      m.piece = kPawn;
      m.captured = kPawn;
      ranked.push_back(root_move(*tb, m, after, rule50));
    });
    std::stable_sort(ranked.begin(), ranked.end(), better);
    std::copy_n(ranked.begin(), std::min(capacity, ranked.size()), moves);
    return static_cast<int>(ranked.size());
  });
}

}  // extern "C"
