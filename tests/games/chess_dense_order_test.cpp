// The dense listing of tables without pawns (games/chess/dense_order.h):
// every legal position is listed exactly once, at the place place() gives
// it in any of the 8 orientations, among its side's places (side_places());
// walk() from any place lists what a walk from the start lists there; tags
// round-trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "games/chess/chess.h"

namespace rtb {
namespace {

using chess::Board;
using chess::DenseOrder;
using chess::Layout;

Layout layout_of(const char* material) {
  Params p;
  p.set("material", material);
  return Chess(p).layout();
}

// The board turned by symmetry `sym` (bitboard.h).
Board turned(const Board& b, int sym) {
  Board t = b;
  for (auto& side : t.pieces)
    for (chess::Bitboard& set : side) set = chess::transform(set, sym);
  for (chess::Bitboard& set : t.color) set = chess::transform(set, sym);
  return t;
}

// Walks every place of `orders` dense orders of a table (all where 0):
// each legal index is listed once, at the place its board has (in all 8
// orientations, for every 8th) among its side to move's places; a walk
// started anywhere agrees with the whole walk.
void expect_dense_and_exact(const char* material, std::size_t orders_tried) {
  const Layout layout = layout_of(material);
  std::vector<DenseOrder> orders = DenseOrder::all(layout);
  ASSERT_FALSE(orders.empty()) << material;
  std::mt19937_64 rng(7);
  std::ranges::shuffle(orders, rng);
  if (orders_tried > 0 && orders.size() > orders_tried)
    orders.erase(orders.begin() + orders_tried, orders.end());
  for (const DenseOrder& order : orders) {
    std::vector<Index> listed(order.size());
    std::vector<std::uint8_t> seen(layout.size(), 0);
    std::uint64_t wrong = 0;
    order.walk(0, order.size(), [&](Index y, Index i) {
      listed[y] = i;
      if (i == kNoIndex || !layout.legal(i)) return;
      ++seen[i];
      Board b;
      ASSERT_TRUE(layout.decode(i, b));
      const auto [first, last] = order.side_places(b.stm);
      if ((y < first || y >= last) && ++wrong <= 5)
        ADD_FAILURE() << material << ": index " << i << " listed at " << y << ", outside its side's places";
      for (int sym = 0; sym < (i % 8 == 0 ? 8 : 1); ++sym) {
        if (order.place(turned(b, sym)) != y && ++wrong <= 5) {
          ADD_FAILURE() << material << " tag " << std::hex << order.tag() << std::dec << ": index " << i
                        << " listed at " << y << ", placed at " << order.place(turned(b, sym))
                        << " turned by " << sym;
        }
      }
    });
    EXPECT_EQ(wrong, 0u);
    for (Index i = 0; i < layout.size(); ++i) {
      if (!layout.legal(i)) continue;
      ASSERT_EQ(seen[i], 1) << material << " index " << i << " tag " << order.tag();
    }
    for (int range = 0; range < 20; ++range) {
      const Index lo = rng() % order.size(), hi = std::min(order.size(), lo + 1 + rng() % 5000);
      Index expected_y = lo;
      order.walk(lo, hi, [&](Index y, Index i) {
        ASSERT_EQ(y, expected_y++);
        ASSERT_EQ(i, listed[y]) << material << " place " << y;
      });
      ASSERT_EQ(expected_y, hi);
    }
  }
}

TEST(ChessDenseOrder, EveryLegalPositionOnceAtItsPlace) {
  // Distinct pieces, a pair of identical ones, and equal material.
  expect_dense_and_exact("KQvK", 0);
  expect_dense_and_exact("KRRvK", 2);
  expect_dense_and_exact("KBvKB", 1);
}

// A 4-piece table: random legal positions in random orientation are placed
// where the walk lists their index, under every order.
TEST(ChessDenseOrder, FourPieceRandomPositions) {
  const Layout layout = layout_of("KQvKR");
  const std::vector<DenseOrder> orders = DenseOrder::all(layout);
  EXPECT_EQ(orders.size(), 24u);  // any piece leads: all four are single
  std::mt19937_64 rng(3);
  for (const DenseOrder& order : orders) {
    EXPECT_LT(order.size(), layout.size());
    for (int k = 0; k < 2000;) {
      const Index i = rng() % layout.size();
      Board b;
      if (!layout.decode_legal(i, b)) continue;
      ++k;
      const Index y = order.place(turned(b, static_cast<int>(rng() % 8)));
      ASSERT_LT(y, order.size());
      Index found = kNoIndex - 1;
      order.walk(y, y + 1, [&](Index, Index listed) { found = listed; });
      ASSERT_EQ(found, i) << "tag " << std::hex << order.tag();
    }
  }
}

TEST(ChessDenseOrder, TagsRoundTripAndRefuseOtherLayouts) {
  const Layout krr = layout_of("KRRvK");
  const std::vector<DenseOrder> orders = DenseOrder::all(krr);
  EXPECT_EQ(orders.size(), 4u);  // a king leads: the rooks are a pair
  for (const DenseOrder& order : orders) {
    const auto back = DenseOrder::from_tag(krr, order.tag());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->tag(), order.tag());
    EXPECT_TRUE(DenseOrder::is_dense(order.tag()));
    EXPECT_FALSE(DenseOrder::from_tag(layout_of("KQvKR"), order.tag()));  // another count of groups
  }
  EXPECT_FALSE(DenseOrder::make(krr, {2, 0, 1}));  // the rook pair cannot lead
  EXPECT_FALSE(DenseOrder::make(krr, {0, 0, 1}));
  EXPECT_FALSE(DenseOrder::from_tag(krr, orders[0].tag() | 1u << 20));  // stray bits
  EXPECT_TRUE(DenseOrder::all(layout_of("KPvK")).empty());              // pawns: digit orders only
  EXPECT_FALSE(DenseOrder::from_tag(krr, chess::StreamOrder::all(krr)[0].tag()));
}

}  // namespace
}  // namespace rtb
