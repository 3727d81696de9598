// A chess table's values from its streams alone (Chess::stream_class and
// Chess::depth_slot say what they hold): the class from the class stream
// and the captures; the depth, for the side to move the depth stream
// holds, from that stream where no zeroing move (dtz; converting move,
// dtc) keeps a win, and for the other side by one ply of search over the
// stored side, as Syzygy's DTZ probe does. The search takes each move's
// value as the generator did (move_value), so that the derived value is
// the one the table's values hold.
#include <string>

#include "games/chess/dtz.h"
#include "games/derive.h"
#include "probe/c_api_support.h"
#include "probe/chess_handle.h"

using namespace rtb::chess;
using namespace rtb::chess_handle;
using rtb::Value;
using rtb::c_api::Failure;

void rtb_chess::open_streams(Entry& e) const {
  const rtb::OpenedTable& opened = e.table.opened();
  const std::string where = opened.where();
  auto damaged = [&](const char* what) {
    return Failure(RTB_ERR_CORRUPT, where + " is damaged (" + what + ")");
  };
  if (const auto bytes = opened.stream(rtb::Chess::kClassStream)) {
    e.wdl.emplace(*bytes, where);
    e.wdl_order = Listing::from_tag(e.game.layout(), e.wdl->tag());
    if (!e.wdl_order || e.wdl->size() != e.wdl_order->size())
      throw damaged("its class stream does not fit its index");
  }
  const std::string depth_name(rtb::Chess::kDepthStream);
  const auto depth = opened.stream(depth_name);
  const auto map = opened.stream(depth_name + "-map");
  if (!depth && !map) return;
  if (!depth || !map || !e.wdl) throw damaged("its depth stream has no map or no class stream");
  e.depth.emplace(*depth, where);
  e.depth_order = Listing::from_tag(e.game.layout(), e.depth->tag());
  e.depth_map = rtb::storage::DepthMap::decode(*map, where);
  // Where both sides have the same material the stream holds White to
  // move; any other side would send the search round in a circle.
  const bool symmetric = e.game.layout().material() == e.game.layout().material().swapped();
  if (!e.depth_order || e.depth->size() != e.depth_order->size() || e.depth_map.side > (symmetric ? 0 : 1) ||
      e.depth_map.depths.size() > RTB_CHESS_WIN + 1)
    throw damaged("its depth stream does not fit its index");
  opened.check_unchanged();
}

bool rtb_chess::restarts(const Move& m) const {
  if (metric == "dtz") return m.converts() || m.piece == kPawn;
  return metric == "dtc" && m.converts();
}

Value rtb_chess::restarted_at(const Board& after, Square ep) const {
  const int reached = value_class(after, ep);
  if (metric == "dtz") return zeroed(static_cast<Wdl50>(reached - RTB_CHESS_DRAW));
  return reached == RTB_CHESS_WIN    ? Value::win(0)
         : reached == RTB_CHESS_LOSS ? Value::loss(0)
                                     : Value::draw();
}

Value rtb_chess::move_value(const Move& m, const Board& after) const {
  return restarts(m) ? restarted_at(after, ep_after(m)) : lookup(after);
}

Value rtb_chess::derived(const Board& b, const Located& at) const {
  const Entry& e = *at.entry;
  const int own = lookup_class(b);
  if (own == RTB_CHESS_DRAW) return Value::draw();
  const bool turned = at.symmetric && at.board.stm == kBlack;  // the streams hold White to move
  if (static_cast<int>(turned ? kWhite : at.board.stm) != e.depth_map.side) {
    rtb::BestOfMoves best;
    legal_moves(b, [&](const Move& m, const Board& after) { best.add(move_value(m, after)); });
    return best.any() ? best.value() : Value::loss(0);  // not a draw: no move is mate
  }
  const bool win = own > RTB_CHESS_DRAW;
  bool moves = false, kept = false;
  legal_moves(b, [&](const Move& m, const Board& after) {
    moves = true;
    if (win && !kept && restarts(m)) kept = e.game.wdl_class(move_value(m, after).after_move()) == own;
  });
  if (!moves) return Value::loss(0);
  if (kept) return Value::win(own == RTB_CHESS_WIN ? 1 : kDrawRule + 1);
  const unsigned k = e.from_streams([&] { return e.depth->at(stream_place(at, *e.depth_order)); });
  const auto& group = e.depth_map.depths;
  if (static_cast<std::size_t>(own) >= group.size() || k >= group[own].size())
    throw Failure(RTB_ERR_CORRUPT, e.table.opened().where() + " is damaged (a depth class outside its map)");
  const std::uint32_t depth = group[own][k];
  return win ? Value::win(depth) : Value::loss(depth);
}
