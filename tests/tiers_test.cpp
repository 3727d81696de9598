// generate_tiers (gen/wdl/tiers.h) against the naive solver on random games
// in tiers, with one thread and two: the tier before kept in one byte per
// index when its codes fit, in two when they do not.
#include <gtest/gtest.h>

#include <vector>

#include "tests/naive/naive_wdl.h"
#include "tests/tiered_game.h"

namespace rtb {
namespace {

TEST(Tiers, MatchTheNaiveSolver) {
  int narrow = 0, wide = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const testing::TieredCase c = testing::random_tiered(seed);
    const testing::TieredGame game(c.graph, c.begins);
    const std::vector<Value> expected = naive::solve_wdl(c.graph);
    for (unsigned threads : {1u, 2u}) {
      GenOptions options;
      options.threads = threads;
      std::vector<std::uint16_t> got;
      std::uint32_t deepest_kept = 0;  // over the tiers a later one reads
      std::uint32_t tier = 0;
      const GenStats stats = generate_tiers(game, options, [&](std::span<const std::uint16_t> values) {
        for (const std::uint16_t code : values)
          if (tier + 1 < game.tier_count())
            deepest_kept = std::max(deepest_kept, Value::from_code(code).depth());
        got.insert(got.end(), values.begin(), values.end());
        ++tier;
      });
      ASSERT_EQ(got.size(), c.graph.n) << "seed " << seed;
      EXPECT_EQ(stats.legal, c.graph.n) << "seed " << seed;
      for (std::uint32_t v = 0; v < c.graph.n; ++v)
        ASSERT_EQ(Value::from_code(got[v]), expected[v]) << "seed " << seed << ", vertex " << v;
      (Value::loss(deepest_kept).code() <= 0xFF ? narrow : wide) += threads == 1;
    }
  }
  EXPECT_GT(narrow, 50);  // both ways of keeping a tier were taken
  EXPECT_GT(wide, 20);
}

}  // namespace
}  // namespace rtb
