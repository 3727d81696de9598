// The answer of lichess's tablebase server (lila-tablebase) for a chess
// position, from a directory's DTM tables (dtm) and DTZ tables (dtz,
// precise_dtz: Syzygy's DTZ50'', exact to the ply, so both are the same;
// and the 50-move rule's categories, with the FEN's halfmove clock), whole
// or compact, read through the chess C API. A field whose table is missing is null; a
// position no table holds is "unknown", one only a DTM table holds has
// its category without the 50-move rule; the categories are lila's (the
// clock before a move decides whether the rule could be claimed). Moves come best first for the
// side to move, as lichess orders them: the opponent's losses (checkmates,
// then the shortest mates), unknown, blessed losses, draws (stalemates and
// dead positions first), cursed wins, then the opponent's wins, the longest
// first.
#include "answers/lichess.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "answers/common.h"
#include "games/chess/chess.h"
#include "games/chess/dtz.h"
#include "games/chess/movegen.h"
#include "games/chess/notation.h"
#include "probe/probe.h"
#include "storage/table_writer.h"

namespace rtb::answers {
namespace {

// Neither side can ever mate: no pawns, rooks or queens, and at most one
// minor piece or only bishops on squares of one colour.
bool insufficient_material(const chess::Board& b) {
  chess::Bitboard bishops = 0, knights = 0;
  for (int c = 0; c < 2; ++c) {
    if (b.pieces[c][chess::kPawn] | b.pieces[c][chess::kRook] | b.pieces[c][chess::kQueen]) return false;
    bishops |= b.pieces[c][chess::kBishop];
    knights |= b.pieces[c][chess::kKnight];
  }
  if (std::popcount(bishops | knights) <= 1) return true;
  constexpr chess::Bitboard kDark = 0xAA55AA55AA55AA55ULL;
  return knights == 0 && ((bishops & kDark) == 0 || (bishops & ~kDark) == 0);
}

// lichess's categories, in its order of preference for the side that
// chooses a move (the category of the position after it, for the opponent).
// Its maybe-win and maybe-loss (2, 6) are never needed: rtb's DTZ is exact.
enum class Category { Loss = 0, Unknown = 1, BlessedLoss = 3, Draw = 4, CursedWin = 5, Win = 7 };

const char* category_name(Category c) {
  switch (c) {
    case Category::Loss:
      return "loss";
    case Category::BlessedLoss:
      return "blessed-loss";
    case Category::Draw:
      return "draw";
    case Category::CursedWin:
      return "cursed-win";
    case Category::Win:
      return "win";
    default:
      return "unknown";
  }
}

Category negate(Category c) {
  switch (c) {
    case Category::Loss:
      return Category::Win;
    case Category::BlessedLoss:
      return Category::CursedWin;
    case Category::CursedWin:
      return Category::BlessedLoss;
    case Category::Win:
      return Category::Loss;
    default:
      return c;
  }
}

Category category_of(chess::Wdl50 c) {
  switch (c) {
    case chess::Wdl50::Win:
      return Category::Win;
    case chess::Wdl50::CursedWin:
      return Category::CursedWin;
    case chess::Wdl50::Draw:
      return Category::Draw;
    case chess::Wdl50::BlessedLoss:
      return Category::BlessedLoss;
    case chess::Wdl50::Loss:
      return Category::Loss;
  }
  return Category::Unknown;
}

// What lichess tells of a position: its value for the side to move and
// how the game stands there.
struct Info {
  bool checkmate = false, stalemate = false, insufficient = false;
  std::optional<Value> value;  // DTM; nullopt: no table holds it
  std::optional<Value> dtz;    // DTZ50''; nullopt: no DTZ table holds it
  std::uint32_t halfmove = 0;  // plies since the last zeroing move

  // lila's category, given the clock before the move that reached the
  // position: from 100 on, the 50-move rule could be claimed before it, so
  // even a mate reached then is a blessed loss. Without a DTZ table, the
  // DTM table's outcome, without the rule.
  Category category(std::uint32_t halfmove_before) const {
    const bool fresh = halfmove_before < 100;
    if (stalemate || insufficient || (dtz && dtz->is_draw())) return Category::Draw;
    if (checkmate) return fresh ? Category::Loss : Category::BlessedLoss;
    if (dtz) {
      if (fresh) return category_of(chess::wdl50_with_clock(*dtz, halfmove));
      return dtz->is_loss() ? Category::BlessedLoss : Category::CursedWin;
    }
    if (!value) return Category::Unknown;
    return value->is_win() ? Category::Win : value->is_loss() ? Category::Loss : Category::Draw;
  }
  // Plies to mate, negative when the side to move is mated; 0 a draw;
  // null for a checkmate (as lichess: 0 is kept for draws) or no table.
  Json dtm() const {
    if (!value || checkmate) return nullptr;
    return chess::signed_dtz(*value);  // plies signed as DTZ is
  }
  void put(Json& j) const {
    j["checkmate"] = checkmate;
    j["stalemate"] = stalemate;
    j["variant_win"] = false;
    j["variant_loss"] = false;
    j["insufficient_material"] = insufficient;
    j["dtz"] = dtz ? Json(chess::signed_dtz(*dtz)) : Json(nullptr);
    j["precise_dtz"] = j["dtz"];
    j["dtm"] = dtm();
  }
};

Info info_of(const ChessTables& chess, const std::string& fen, std::size_t move_count,
             std::uint32_t halfmove) {
  const chess::Board b = chess::parse_fen(fen).board;
  Info info;
  info.halfmove = halfmove;
  const bool check = chess::in_check(b, b.stm);
  info.checkmate = move_count == 0 && check;
  info.stalemate = move_count == 0 && !check;
  info.insufficient = insufficient_material(b);
  info.value = chess.dtm(fen);
  info.dtz = chess.dtz(fen);
  if (info.insufficient) {  // a draw, even where no table holds it
    if (!info.value) info.value = Value::draw();
    if (!info.dtz) info.dtz = Value::draw();
  }
  return info;
}

struct MoveInfo {
  std::string uci, san;
  bool zeroing, capture;
  Info after;
  Category category;  // for the opponent, after the move
};

// lila-tablebase's order: category, mates, then stalemates and dead
// positions, DTM (the shortest loss for the opponent, the longest win),
// zeroing moves (first when winning), DTZ (the same way), captures.
bool better(const MoveInfo& a, const MoveInfo& b) {
  auto key = [](const MoveInfo& m) {
    const bool loses = m.after.value && m.after.value->is_loss();  // for the opponent: good
    const bool wins = m.after.value && m.after.value->is_win();
    const int depth = m.after.value ? int(m.after.value->depth()) : 0;
    const bool not_winning = !wins;
    const bool has_dtz = m.after.dtz.has_value();
    return std::tuple(static_cast<int>(m.category), !m.after.checkmate, !m.after.stalemate,
                      !m.after.insufficient, loses ? depth : 0, wins ? -depth : 0, m.zeroing != not_winning,
                      has_dtz, has_dtz ? -chess::signed_dtz(*m.after.dtz) : 0, m.capture != not_winning);
  };
  return key(a) < key(b);
}

}  // namespace

ChessTables::ChessTables(const std::filesystem::path& dir)
    : dtm_(rtb_chess_open(dir.c_str(), "dtm", 0)), dtz_(rtb_chess_open(dir.c_str(), "dtz", 0)) {
  if (!dtm_ || !dtz_) throw ProbeError(rtb_chess_last_error());
}

std::optional<Value> ChessTables::value(const rtb_chess* tb, const std::string& fen) {
  rtb_value v{};
  const int status = rtb_chess_probe_fen(tb, fen.c_str(), &v);
  if (status == -RTB_ERR_NO_TABLE) return std::nullopt;  // the negative code, as every call returns it
  // A damaged or changed file, or a failing disk, is the table's fault, not the question's.
  if (status == -RTB_ERR_CORRUPT || status == -RTB_ERR_IO)
    throw storage::StorageError(rtb_chess_last_error());
  if (status != RTB_OK) throw ProbeError(rtb_chess_last_error());
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

Json lichess_answer(const ChessTables& chess, std::string fen) {
  std::replace(fen.begin(), fen.end(), '_', ' ');
  fen = chess::lenient_fen(fen);
  const std::vector<Chess::FenMove> moves = Chess::fen_moves(fen);  // throws GameError for a bad FEN
  const std::uint32_t halfmove = chess::parse_fen(fen).halfmove;
  std::vector<MoveInfo> infos;
  for (const Chess::FenMove& m : moves) {
    const auto space = m.name.find(' ');
    MoveInfo mi;
    mi.san = m.name.substr(0, space);
    mi.uci = m.name.substr(space + 1);
    mi.capture = mi.san.find('x') != std::string::npos;
    mi.zeroing = mi.capture || (mi.san[0] >= 'a' && mi.san[0] <= 'h');  // a pawn move
    mi.after = info_of(chess, m.after, Chess::fen_moves(m.after).size(), mi.zeroing ? 0 : halfmove + 1);
    mi.category = mi.after.category(halfmove);
    infos.push_back(std::move(mi));
  }
  std::stable_sort(infos.begin(), infos.end(), better);
  const Info here = info_of(chess, fen, moves.size(), halfmove);
  Json j;
  here.put(j);
  // The best move's, as lila gives it; the position's own where it has no move.
  j["category"] = category_name(infos.empty() ? here.category(halfmove == 0 ? 0 : halfmove - 1)
                                              : negate(infos.front().category));
  j["moves"] = Json::array();
  for (const MoveInfo& m : infos) {
    Json move{{"uci", m.uci}, {"san", m.san}, {"zeroing", m.zeroing}};
    m.after.put(move);
    move["category"] = category_name(m.category);
    j["moves"].push_back(std::move(move));
  }
  return j;
}

}  // namespace rtb::answers
