// generate_tiers (gen/depth/tiers.h) against the naive solver on random games
// in tiers, with one thread and two: the tier before kept in one byte per
// index when its codes fit, in two when they do not; tiers solved by the
// left-counter pass, and tiers whose moves all leave them, solved in one
// streaming pass.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "gen/depth/tier_log.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"
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

// The log of finished tiers a checkpoint keeps (gen/depth/tier_log.h):
// replayed whole, as a later run does, only when every record passes its
// check and the values their checksum; what no checkpoint covered is
// dropped when the resumed run appends.
TEST(TierLog, ReplaysWhatACheckpointCoversAndNothingElse) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("rtb-tier-log-" + std::to_string(::getpid()));
  naive::Rng rng(7);
  std::vector<std::uint16_t> all;
  auto part = [&](std::size_t n) {
    std::vector<std::uint16_t> values(n);
    for (auto& v : values) v = static_cast<std::uint16_t>(rng.between32(0, 40));
    return values;
  };
  auto replayed = [&](TierLog& log, std::uint64_t count, std::uint64_t digest) {
    std::vector<std::uint16_t> got;
    const bool ok = log.replay(
        count, digest, [&](std::span<const std::uint16_t> p) { got.insert(got.end(), p.begin(), p.end()); });
    return ok ? std::optional(got) : std::nullopt;
  };
  std::uint64_t covered = 0, covered_digest = 0;
  {
    TierLog log(file);
    for (std::size_t n : {std::size_t{5}, TierLog::kRecordValues * 2 + 3, std::size_t{1000}}) {
      const std::vector<std::uint16_t> values = part(n);
      log.append(values);
      all.insert(all.end(), values.begin(), values.end());
    }
    covered = log.logged(), covered_digest = log.digest();
    log.append(part(700));  // after the last checkpoint: a later run drops it
  }
  EXPECT_LT(std::filesystem::file_size(file), all.size());  // compressed: under a byte a value here
  {
    TierLog log(file);
    EXPECT_FALSE(replayed(log, covered, covered_digest ^ 1));  // another checksum
    EXPECT_FALSE(replayed(log, covered - 1, covered_digest));  // not whole records
    EXPECT_EQ(replayed(log, covered, covered_digest), all);
    const std::vector<std::uint16_t> more = part(300);
    log.append(more);
    all.insert(all.end(), more.begin(), more.end());
    covered = log.logged(), covered_digest = log.digest();
  }
  {
    TierLog log(file);
    EXPECT_EQ(replayed(log, covered, covered_digest), all);
  }
  {  // a byte changed inside a record: its own check refuses it
    std::fstream f(file, std::ios::binary | std::ios::in | std::ios::out);
    f.seekp(20);
    f.put('\x5a');
  }
  TierLog damaged(file);
  EXPECT_FALSE(replayed(damaged, covered, covered_digest));
  damaged.remove();
}

}  // namespace
}  // namespace rtb
