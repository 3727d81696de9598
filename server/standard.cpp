// GET /standard?fen=..: the answer of lichess's tablebase server
// (lila-tablebase) for a chess position, from this directory's DTM tables.
// Fields rtb has no table for are null (dtz, precise_dtz: no DTZ tables
// yet); a position no table holds is "unknown". Moves come best first for
// the side to move, as lichess orders them: the opponent's losses
// (checkmates, then the shortest mates), unknown, draws (stalemates and
// dead positions first), then the opponent's wins, the longest first.
#include <algorithm>
#include <bit>
#include <optional>

#include "games/chess/chess.h"
#include "games/chess/movegen.h"
#include "games/chess/notation.h"
#include "probe/text_probe.h"
#include "server/answer.h"

namespace rtb::server {
namespace {

using Json = cli::Json;

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
enum class Category { Loss = 0, Unknown = 1, Draw = 4, Win = 7 };

const char* category_name(Category c) {
  switch (c) {
    case Category::Loss:
      return "loss";
    case Category::Draw:
      return "draw";
    case Category::Win:
      return "win";
    default:
      return "unknown";
  }
}

Category negate(Category c) {
  return c == Category::Win ? Category::Loss : c == Category::Loss ? Category::Win : c;
}

// What lichess tells of a position: its value for the side to move and
// how the game stands there.
struct Info {
  bool checkmate = false, stalemate = false, insufficient = false;
  std::optional<Value> value;  // nullopt: no table holds it

  Category category() const {
    if (!value) return Category::Unknown;
    return value->is_win() ? Category::Win : value->is_loss() ? Category::Loss : Category::Draw;
  }
  // Plies to mate, negative when the side to move is mated; 0 a draw;
  // null for a checkmate (as lichess: 0 is kept for draws) or no table.
  Json dtm() const {
    if (!value || checkmate) return nullptr;
    return value->is_draw() ? 0 : value->is_win() ? int(value->depth()) : -int(value->depth());
  }
  void put(Json& j) const {
    j["checkmate"] = checkmate;
    j["stalemate"] = stalemate;
    j["variant_win"] = false;
    j["variant_loss"] = false;
    j["insufficient_material"] = insufficient;
    j["dtz"] = nullptr;
    j["precise_dtz"] = nullptr;
    j["dtm"] = dtm();
  }
};

Info info_of(const TextProbe& probe, const std::string& fen, std::size_t move_count) {
  const chess::Board b = chess::parse_fen(fen).board;
  Info info;
  const bool check = chess::in_check(b, b.stm);
  info.checkmate = move_count == 0 && check;
  info.stalemate = move_count == 0 && !check;
  info.insufficient = insufficient_material(b);
  try {
    info.value = probe.value(fen);
  } catch (const ProbeError&) {
    if (info.insufficient) info.value = Value::draw();  // bare kings have no table
  }
  return info;
}

struct MoveInfo {
  std::string uci, san;
  bool zeroing, capture;
  Info after;
  Category category;  // for the opponent, after the move
};

// lila-tablebase's order without its DTZ keys.
bool better(const MoveInfo& a, const MoveInfo& b) {
  auto key = [](const MoveInfo& m) {
    const bool loses = m.after.value && m.after.value->is_loss();  // for the opponent: good
    const bool wins = m.after.value && m.after.value->is_win();
    const int depth = m.after.value ? int(m.after.value->depth()) : 0;
    const bool not_winning = !wins;
    return std::tuple(static_cast<int>(m.category), !m.after.checkmate, !m.after.stalemate,
                      !m.after.insufficient, loses ? depth : 0, wins ? -depth : 0, m.zeroing != not_winning,
                      m.capture != not_winning);
  };
  return key(a) < key(b);
}

}  // namespace

Reply Api::standard(const Query& query) const {
  return answer([&]() -> Json {
    const auto it = query.find("fen");
    if (it == query.end()) throw cli::UsageError("give fen=FEN");
    std::string fen = it->second;
    std::replace(fen.begin(), fen.end(), '_', ' ');
    const TextProbe probe(chess_, "chess", {});
    const std::vector<Chess::FenMove> moves = Chess::fen_moves(fen);  // throws GameError for a bad FEN
    std::vector<MoveInfo> infos;
    for (const Chess::FenMove& m : moves) {
      const auto space = m.name.find(' ');
      MoveInfo mi;
      mi.san = m.name.substr(0, space);
      mi.uci = m.name.substr(space + 1);
      mi.capture = mi.san.find('x') != std::string::npos;
      mi.zeroing = mi.capture || (mi.san[0] >= 'a' && mi.san[0] <= 'h');  // a pawn move
      mi.after = info_of(probe, m.after, Chess::fen_moves(m.after).size());
      mi.category = mi.after.category();
      infos.push_back(std::move(mi));
    }
    std::stable_sort(infos.begin(), infos.end(), better);
    const Info here = info_of(probe, fen, moves.size());
    Json j;
    here.put(j);
    j["category"] = category_name(infos.empty() ? here.category() : negate(infos.front().category));
    j["moves"] = Json::array();
    for (const MoveInfo& m : infos) {
      Json move{{"uci", m.uci}, {"san", m.san}, {"zeroing", m.zeroing}};
      m.after.put(move);
      move["category"] = category_name(m.category);
      j["moves"].push_back(std::move(move));
    }
    return j;
  });
}

}  // namespace rtb::server
