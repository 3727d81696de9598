// What each solver reports of its progress (gen/core/progress.h): a first
// pass over every index, then layers named in the solver's words, resolved
// counts that never go back within a layer's sequence, and a last report
// with every legal position resolved and the summary number the table's
// statistics hold. The win/loss pass, the Grundy solver (both passes) and
// the arena solver (one attractor, and Buchi's repeated ones).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/graph/graph.h"
#include "gen/arena/solve.h"
#include "gen/depth/retrograde.h"
#include "gen/grundy/solve.h"

namespace rtb {
namespace {

using Phase = ProgressReport::Phase;

struct Seen {
  Phase phase;
  std::string layer;
  std::uint64_t done, total;
  std::uint32_t depth;
  ProgressReport::Summary summary;
};

// Options that report everything (no interval), on `threads` threads.
GenOptions recording(std::vector<Seen>& seen, unsigned threads) {
  GenOptions options;
  options.threads = threads;
  options.progress_interval = 0;
  options.progress = [&seen](const ProgressReport& r) {
    seen.push_back({r.phase, std::string(r.layer), r.done, r.total, r.depth, r.summary});
  };
  return options;
}

// n vertices, each with 1 to 3 random moves: cycles and long chains both.
std::vector<std::pair<std::uint32_t, std::uint32_t>> random_edges(std::uint32_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t u = 1; u <= n; ++u)
    for (std::uint32_t k = rng() % 4; k > 0; --k) edges.emplace_back(u, 1 + rng() % n);
  return edges;
}

// The common shape: first pass first and complete, the end last and
// complete, the propagation's counts within bounds.
void expect_shape(const std::vector<Seen>& seen, std::uint64_t size, std::uint64_t legal) {
  ASSERT_GE(seen.size(), 3u);
  EXPECT_EQ(seen.front().phase, Phase::FirstPass);
  EXPECT_EQ(seen.front().total, size);
  const Seen& end = seen.back();
  EXPECT_EQ(end.phase, Phase::Done);
  EXPECT_EQ(end.done, legal);
  EXPECT_EQ(end.total, legal);
  for (const Seen& s : seen) {
    EXPECT_LE(s.done, s.total);
    if (s.phase == Phase::Propagation) {
      EXPECT_EQ(s.total, legal);
    }
  }
}

// The layers reported, in order, repeats of one layer merged.
std::vector<std::string> layers(const std::vector<Seen>& seen) {
  std::vector<std::string> out;
  for (const Seen& s : seen)
    if (s.phase == Phase::Propagation && (out.empty() || out.back() != s.layer)) out.push_back(s.layer);
  return out;
}

TEST(Progress, WinLossReportsDepthsAndTheLongest) {
  const Graph game(4000, random_edges(4000, 7), {});
  for (unsigned threads : {1u, 2u}) {
    std::vector<Seen> seen;
    const GenResult r = generate(game, recording(seen, threads));
    expect_shape(seen, 4000, r.stats.legal);
    EXPECT_EQ(seen.back().depth, r.stats.max_depth);
    EXPECT_EQ(seen.back().summary, ProgressReport::Summary::LongestPlies);
    EXPECT_EQ(layers(seen), std::vector<std::string>{"depth"});
  }
}

TEST(Progress, GrundyReportsRoundsThenLoopyLevelsAndTheLargestValue) {
  const Graph game(4000, random_edges(4000, 11), {});
  for (unsigned threads : {1u, 2u}) {
    std::vector<Seen> seen;
    const GrundyResult r = solve_grundy(game, recording(seen, threads));
    ASSERT_GT(r.stats.loopy, 0u);  // the graph has cycles: both passes run
    expect_shape(seen, 4000, r.stats.legal);
    EXPECT_EQ(seen.back().depth, r.stats.max_value);
    EXPECT_EQ(seen.back().summary, ProgressReport::Summary::LargestValue);
    EXPECT_EQ(layers(seen), (std::vector<std::string>{"round", "loopy level"}));
    // Valued positions only grow: a round or a level adds, never takes back.
    for (std::size_t k = 1; k < seen.size(); ++k)
      if (seen[k].phase != Phase::FirstPass && seen[k - 1].phase != Phase::FirstPass) {
        EXPECT_GE(seen[k].done, seen[k - 1].done) << "report " << k;
      }
  }
}

// An IOI Train arena: owners and charging stations at random, every
// station with a track; then a chain of `chain` charging stations of A's
// ending in a loop without one, which Buchi drops one station per round.
Graph random_train(std::uint32_t n, std::uint32_t chain, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Player> owner(n + chain + 1, Player::A);
  std::vector<std::uint8_t> charging(n + chain + 1, 1);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> tracks;
  for (std::uint32_t u = 0; u < n; ++u) {
    owner[u] = rng() % 2 ? Player::A : Player::B;
    charging[u] = rng() % 5 == 0;
    for (std::uint32_t k = 1 + rng() % 3; k > 0; --k) tracks.emplace_back(u, rng() % n);
  }
  for (std::uint32_t u = n; u < n + chain; ++u) tracks.emplace_back(u, u + 1);
  charging[n + chain] = 0;
  tracks.emplace_back(n + chain, n + chain);
  return Graph(std::move(owner), std::move(charging), std::move(tracks));
}

TEST(Progress, ArenaReportsAttractorsAndTheirCount) {
  const Graph game = random_train(3000, 4, 5);
  for (Objective objective : {Objective::Reach, Objective::Buchi}) {
    std::vector<Seen> seen;
    const ArenaResult r = solve_arena(game, objective, recording(seen, 2));
    expect_shape(seen, 3005, r.stats.legal);
    EXPECT_EQ(seen.back().depth, r.stats.rounds);
    EXPECT_EQ(seen.back().summary, ProgressReport::Summary::Attractors);
    const std::vector<std::string> named = layers(seen);
    if (objective == Objective::Reach) {
      EXPECT_EQ(named, std::vector<std::string>{"depth"});
    } else {
      // The chain's region shrinks a station a round, so several
      // attractors, named in order (one that finds no target at all has no
      // layer to report).
      ASSERT_GE(r.stats.rounds, 5u);
      ASSERT_GE(named.size(), 2u);
      std::uint32_t last = 0;
      for (const std::string& name : named) {
        std::uint32_t round = 0;
        ASSERT_EQ(std::sscanf(name.c_str(), "attractor %u, depth", &round), 1) << name;
        EXPECT_GT(round, last);
        EXPECT_LE(round, r.stats.rounds);
        last = round;
      }
    }
  }
}

}  // namespace
}  // namespace rtb
