// generate_tiers (gen/depth/tiers.h) against the naive solver on random games
// in tiers, with one thread and two: the tier before kept in one byte per
// index when its codes fit, in two when they do not; tiers solved by the
// left-counter pass, and tiers whose moves all leave them, solved in one
// streaming pass.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/naive/naive_wdl.h"
#include "tests/support/tiered_game.h"

namespace rtb {
namespace {

// Solves 300 random games of type Game with one thread and two, with the
// tier before read `window` bytes at a time from disk (0: all of it, in
// memory); the counts of cases whose kept tiers fit a byte and did not.
template <class Game>
void expect_naive_values(bool leaving, std::uint64_t window = 0) {
  const std::filesystem::path spill =
      std::filesystem::temp_directory_path() / ("rtb-tiers-test-" + std::to_string(::getpid()));
  int narrow = 0, wide = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const testing::TieredCase c = testing::random_tiered(seed, leaving);
    const Game game(c.graph, c.begins);
    const std::vector<Value> expected = naive::solve_wdl(c.graph);
    for (unsigned threads : {1u, 2u}) {
      GenOptions options;
      options.threads = threads;
      options.tier_segment = threads == 2 ? 7 : 0;  // streaming tiers: many segments, one
      options.tier_window_bytes = window + (threads == 2 ? 6 : 0);
      options.spill_prefix = spill.string();
      std::vector<std::uint16_t> got;
      const GenStats stats = generate_tiers(game, options, [&](std::span<const std::uint16_t> values) {
        got.insert(got.end(), values.begin(), values.end());
      });
      ASSERT_EQ(got.size(), c.graph.n) << "seed " << seed;
      EXPECT_EQ(stats.legal, c.graph.n) << "seed " << seed;
      for (std::uint32_t v = 0; v < c.graph.n; ++v)
        ASSERT_EQ(Value::from_code(got[v]), expected[v]) << "seed " << seed << ", vertex " << v;
      std::uint32_t deepest_kept = 0;  // over the tiers a later one reads
      for (Index v = 0; v < c.begins[c.begins.size() - 2]; ++v)
        deepest_kept = std::max(deepest_kept, Value::from_code(got[v]).depth());
      (Value::loss(deepest_kept).code() <= 0xFF ? narrow : wide) += threads == 1;
    }
  }
  EXPECT_GT(narrow, 50);  // both ways of keeping a tier were taken
  EXPECT_GT(wide, 20);
}

TEST(Tiers, MatchTheNaiveSolver) {
  expect_naive_values<testing::TieredGame>(false);
}

// Solved by gen/depth/leaving_tier.h, in segments, with prefetched reads.
TEST(Tiers, MovesThatLeaveTheirTierMatchTheNaiveSolver) {
  expect_naive_values<testing::LeavingTieredGame>(true);
}

// Paged (gen/depth/paged_tier.h): the tier before on disk, read a few
// codes at a time, so most tiers take several windows, each a pass over the
// tier with what its positions gathered written to disk between passes.
TEST(Tiers, PagedTiersMatchTheNaiveSolver) {
  for (std::uint64_t window : {2u, 64u}) expect_naive_values<testing::LeavingTieredGame>(true, window);
}

// A game that says its moves leave their tier but has one that stays is
// refused, not read out of bounds.
TEST(Tiers, AMoveThatStaysInALeavingTierIsAnError) {
  testing::TieredCase c = testing::random_tiered(5, true);
  const Index last = c.begins[c.begins.size() - 2];  // the first position of the last tier
  c.graph.out[last].push_back(naive::detail::inside_edge(static_cast<std::uint32_t>(last)));
  const testing::LeavingTieredGame game(c.graph, c.begins);
  EXPECT_THROW(generate_tiers(game, GenOptions{}, [](std::span<const std::uint16_t>) {}), GenError);
}

}  // namespace
}  // namespace rtb
