// The depth queue (gen/core/layers.h) and its block lists: every position
// pushed comes back once, in index order, from its own depth; a queue over
// its cap turns its largest layers into scanned ones and keeps the rest;
// a large layer comes as a bitmap, a small one as a list, which counts
// against the cap until it is done; and a
// saved queue restores to the same layers.
#include "gen/core/layers.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "gen/core/block_list.h"

namespace rtb {
namespace {

TEST(BlockList, KeepsOrderAcrossBlocksAndAppends) {
  BlockList<std::uint32_t> a, b;
  const std::uint32_t n = 3 * BlockList<std::uint32_t>::kBlock + 17;
  for (std::uint32_t i = 0; i < n; ++i) (i % 3 == 0 ? a : b).push_back(i);
  const std::uint64_t b_size = b.size();
  a.append(std::move(b));
  EXPECT_TRUE(b.empty());
  ASSERT_EQ(a.size(), n / 3 + 1 + b_size);
  a.push_back(n);  // after an appended part-filled block
  std::vector<std::uint32_t> seen;
  a.drain([&](std::uint32_t i) { seen.push_back(i); });
  EXPECT_TRUE(a.empty());
  std::vector<std::uint32_t> expected;
  for (std::uint32_t i = 0; i < n; i += 3) expected.push_back(i);
  for (std::uint32_t i = 0; i < n; ++i)
    if (i % 3 != 0) expected.push_back(i);
  expected.push_back(n);
  EXPECT_EQ(seen, expected);
}

// Pushes random positions at random depths from two workers; returns what
// was pushed per depth.
std::vector<std::set<std::uint32_t>> fill(Layers<std::uint32_t>& layers, std::uint32_t size, int count,
                                          std::uint32_t depths, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::set<std::uint32_t>> pushed(depths + 1);
  for (int k = 0; k < count; ++k) {
    const auto depth = static_cast<std::uint32_t>(1 + rng() % depths);
    const auto i = static_cast<std::uint32_t>(rng() % size);
    layers.push(static_cast<unsigned>(k % 2), depth, i);
    pushed[depth].insert(i);
  }
  layers.flush();
  return pushed;
}

// A layer's positions, as a list or read (and cleared) from its bitmap.
std::vector<std::uint32_t> positions(Layers<std::uint32_t>::Layer& layer) {
  if (layer.bits.empty()) return layer.list;
  EXPECT_TRUE(layer.list.empty());
  std::vector<std::uint32_t> out;
  for (std::size_t w = 0; w < layer.bits.size(); ++w) {
    for (std::uint64_t b = layer.bits[w]; b; b &= b - 1)
      out.push_back(static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(b))));
    layer.bits[w] = 0;
  }
  return out;
}

std::vector<std::uint32_t> sorted(const std::set<std::uint32_t>& s) {
  return {s.begin(), s.end()};
}

TEST(Layers, GivesEveryPositionOnceInIndexOrder) {
  const std::uint32_t size = 1 << 20;
  Layers<std::uint32_t> layers(size, 2, 20);
  auto pushed = fill(layers, size, 200'000, 5, 1);  // large layers: bitmaps
  for (std::uint32_t k = 0; k < 1000; ++k) {        // a small one: a list
    layers.push(k % 2, 6, k * 997 % size);
    pushed.resize(7);
    pushed[6].insert(k * 997 % size);
  }
  layers.flush();
  std::uint32_t depth = 0;
  for (std::uint32_t d = 1; d <= 6; ++d) {
    ASSERT_TRUE(layers.next(depth));
    ASSERT_EQ(depth, d);
    auto layer = layers.take(depth);
    EXPECT_FALSE(layer.scan);
    EXPECT_EQ(layer.bits.empty(), d == 6) << "depth " << d;
    EXPECT_EQ(positions(layer), sorted(pushed[d])) << "depth " << d;
    layers.flush();
    ++depth;
  }
  EXPECT_FALSE(layers.next(depth));
}

TEST(Layers, OverTheCapLargestLayersAreScanned) {
  const std::uint32_t size = 1 << 26;  // every listed layer here is a list, not a bitmap
  Layers<std::uint32_t> layers(size, 2, 20, 50'000);
  std::mt19937_64 rng(2);
  std::vector<std::set<std::uint32_t>> pushed(4);
  // 5,000 at depth 3, 20,000 at depth 2, then 60,000 at depth 1, which
  // passes the cap: depth 1 must go, the others stay listed.
  for (auto [depth, count] : {std::pair{3u, 5'000}, {2u, 20'000}, {1u, 60'000}})
    for (int k = 0; k < count; ++k) {
      const auto i = static_cast<std::uint32_t>(rng() % size);
      layers.push(static_cast<unsigned>(k % 2), depth, i);
      pushed[depth].insert(i);
    }
  layers.flush();
  std::uint32_t depth = 1;
  ASSERT_TRUE(layers.next(depth));
  auto first = layers.take(depth);
  EXPECT_TRUE(first.scan);
  layers.flush();
  depth = 2;
  ASSERT_TRUE(layers.next(depth));
  auto second = layers.take(depth);
  EXPECT_FALSE(second.scan);
  EXPECT_EQ(positions(second), sorted(pushed[2]));
  // While layer 2 is in hand, 30,000 more pushes to depth 4 pass the cap.
  for (std::uint32_t k = 0; k < 30'000; ++k) layers.push(0, 4, k);
  layers.flush();
  depth = 3;
  ASSERT_TRUE(layers.next(depth));
  auto third = layers.take(depth);
  EXPECT_EQ(positions(third), sorted(pushed[3]));
  layers.flush();
  depth = 4;
  ASSERT_TRUE(layers.next(depth));
  EXPECT_TRUE(layers.take(depth).scan);
}

// A depth listed at one flush and turned into a scan at a later one comes
// as a scan only: no list, and no bits left behind for the next layer.
TEST(Layers, ADepthThatBecomesAScanLeavesNoList) {
  const std::uint32_t size = 1 << 16;
  Layers<std::uint32_t> layers(size, 2, 20, 2'000);
  for (std::uint32_t k = 0; k < 1'000; ++k) layers.push(0, 1, k);
  layers.flush();
  for (std::uint32_t k = 0; k < 500; ++k) layers.push(0, 2, 3 * k);  // before the cap is passed
  for (std::uint32_t k = 1'000; k < 4'000; ++k) layers.push(k % 2, 1, k);
  layers.flush();
  std::uint32_t depth = 1;
  ASSERT_TRUE(layers.next(depth));
  auto first = layers.take(depth);
  EXPECT_TRUE(first.scan);
  EXPECT_TRUE(first.list.empty());
  EXPECT_TRUE(first.bits.empty());
  layers.flush();
  depth = 2;
  ASSERT_TRUE(layers.next(depth));
  auto second = layers.take(depth);
  std::vector<std::uint32_t> expected;
  for (std::uint32_t k = 0; k < 500; ++k) expected.push_back(3 * k);
  EXPECT_FALSE(second.scan);
  EXPECT_EQ(positions(second), expected);
}

TEST(Layers, SavedQueueRestoresTheSameLayers) {
  const std::uint32_t size = 1 << 16;
  Layers<std::uint32_t> layers(size, 2, 20);
  const auto pushed = fill(layers, size, 30'000, 4, 3);
  Layers<std::uint32_t> restored(size, 2, 20);
  ASSERT_TRUE(restored.restore(layers.save()));
  std::uint32_t depth = 0;
  for (std::uint32_t d = 1; d <= 4; ++d, ++depth) {
    ASSERT_TRUE(restored.next(depth));
    auto layer = restored.take(depth);
    EXPECT_EQ(positions(layer), sorted(pushed[d]));
    restored.flush();
  }
  std::vector<std::byte> damaged = layers.save();
  damaged.pop_back();
  EXPECT_FALSE(restored.restore(damaged));
}

}  // namespace
}  // namespace rtb
