// How a table's class and depth streams list its positions: by the
// index's digits in some order (stream_order.h), which tables with pawns
// use, or densely (dense_order.h), which tables without pawns use. A
// stream's tag says which; tables written before the dense orders keep
// digit orders and are read as they were written.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "games/chess/dense_order.h"
#include "games/chess/stream_order.h"

namespace rtb::chess {

class Listing {
 public:
  explicit Listing(const StreamOrder& order) : order_(order) {}
  explicit Listing(const DenseOrder& order) : order_(order) {}

  // nullopt for a tag that is no order of this layout.
  static std::optional<Listing> from_tag(const Layout& layout, std::uint32_t tag) {
    if (DenseOrder::is_dense(tag)) {
      if (auto o = DenseOrder::from_tag(layout, tag)) return Listing(*o);
    } else if (auto o = StreamOrder::from_tag(layout, tag)) {
      return Listing(*o);
    }
    return std::nullopt;
  }
  // The orders a table offers its streams: dense without pawns, digit
  // orders with (the index's own first).
  static std::vector<Listing> all(const Layout& layout) {
    std::vector<Listing> out;
    if (layout.pawns()) {
      for (const StreamOrder& o : StreamOrder::all(layout)) out.emplace_back(o);
    } else {
      for (const DenseOrder& o : DenseOrder::all(layout)) out.emplace_back(o);
    }
    return out;
  }

  std::uint32_t tag() const {
    return std::visit([](const auto& o) { return o.tag(); }, order_);
  }
  // The places listed: the stream's size.
  Index size() const {
    return std::visit([](const auto& o) { return o.size(); }, order_);
  }
  // The places [first, last) that hold every position with `side` to move
  // (0 White, 1 Black): half of a dense order, all of a digit order.
  std::pair<Index, Index> side_places(int side) const {
    if (const auto* dense = std::get_if<DenseOrder>(&order_)) return dense->side_places(side);
    return {0, size()};
  }
  // The place of board b, which has the layout's material in its
  // orientation.
  Index place(const Layout& layout, const Board& b) const {
    if (const auto* dense = std::get_if<DenseOrder>(&order_)) return dense->place(b);
    return std::get<StreamOrder>(order_).to_stream(layout.index(b));
  }
  // Calls f(y, i) for y = lo .. hi - 1 (i may be kNoIndex).
  template <class F>
  void walk(Index lo, Index hi, F&& f) const {
    std::visit([&](const auto& o) { o.walk(lo, hi, f); }, order_);
  }

 private:
  std::variant<StreamOrder, DenseOrder> order_;
};

}  // namespace rtb::chess
