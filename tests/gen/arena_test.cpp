// The arena solver (gen/arena/solve.h) against the naive nested fixpoints on
// thousands of random arenas, the naive fixpoints against an enumeration of
// strategies, and the win/loss generator against reach on the arena of
// (vertex, player to move) pairs. IOI 2017 Train: arena_train_test.cpp.
#include <gtest/gtest.h>

#include "games/graph/graph.h"
#include "gen/arena/solve.h"
#include "gen/depth/retrograde.h"
#include "tests/naive/naive_arena.h"
#include "tests/naive/random_arenas.h"
#include "tests/support/explicit_arena.h"

namespace rtb {
namespace {

// ThreadSanitizer makes every atomic access slow; the races it looks for
// show on a fraction of the cases, so under it the loops take every 4th.
#ifdef __SANITIZE_THREAD__
constexpr std::uint64_t kStride = 4;
#else
constexpr std::uint64_t kStride = 1;
#endif

constexpr Objective kObjectives[] = {Objective::Reach, Objective::Safety, Objective::Buchi,
                                     Objective::CoBuchi};

// The solver's answer per station; illegal indices must hold 0 and 0. With
// more than one thread the work is cut into tiny pieces, so that even these
// small arenas are shared between the threads; `scan` makes every layer of
// more than two positions one that is found by scanning.
naive::ArenaAnswer run(const testing::ExplicitArena& game, std::uint32_t n, Objective o, unsigned threads,
                       bool scan = false) {
  GenOptions options;
  options.threads = threads;
  options.parallel_threshold = 1;  // every layer goes through the pool
  ArenaTuning tuning;
  if (threads > 1) tuning.chunk = 4, tuning.list_chunk = 2;
  if (scan) tuning.frontier_cap = 2;
  const ArenaResult r = solve_arena(game, o, options, tuning);
  naive::ArenaAnswer out;
  for (Index i = 0; i < r.size; ++i) {
    if (game.legal(i)) continue;
    EXPECT_FALSE(r.a_wins(i));
    EXPECT_EQ(r.detail(i), 0u);
  }
  for (std::uint32_t k = 0; k < n; ++k) {
    out.a_wins.push_back(r.a_wins(game.index(k)));
    out.detail.push_back(r.detail(game.index(k)));
  }
  return out;
}

void expect_same(const naive::ArenaAnswer& expected, const naive::ArenaAnswer& got, const std::string& what) {
  ASSERT_EQ(expected.a_wins.size(), got.a_wins.size()) << what;
  for (std::size_t v = 0; v < expected.a_wins.size(); ++v) {
    ASSERT_EQ(int{expected.a_wins[v]}, int{got.a_wins[v]}) << what << ": winner of station " << v;
    ASSERT_EQ(expected.detail[v], got.detail[v]) << what << ": detail of station " << v;
  }
}

TEST(ArenaSolver, MatchesNaiveFixpointsOnRandomArenas) {
  constexpr int kArenas = 2400;
  std::uint64_t a_wins = 0, b_wins = 0, rounds_beyond_two = 0;
  for (std::uint64_t seed = 1; seed <= kArenas; seed += kStride) {
    const naive::ArenaSpec spec = naive::random_arena_spec(seed);
    const naive::Arena arena = naive::make_arena(spec);
    const testing::ExplicitArena game(arena, seed % 4 == 0);
    for (Objective o : kObjectives) {
      const auto expected = naive::solve_arena(arena, o);
      const std::string what = naive::describe(spec) + " " + std::string(objective_name(o));
      expect_same(expected, run(game, arena.n, o, 1), what + " 1 thread\n" + naive::dump(arena));
      expect_same(expected, run(game, arena.n, o, 3, seed % 3 == 0), what + " 3 threads");
      if (HasFatalFailure()) return;
      for (auto w : expected.a_wins) (w ? a_wins : b_wins)++;
      if (o == Objective::Buchi)
        for (std::uint32_t v = 0; v < arena.n; ++v)
          rounds_beyond_two += !expected.a_wins[v] && expected.detail[v] > 2;
    }
  }
  EXPECT_GT(a_wins, 20000u / kStride);
  EXPECT_GT(b_wins, 20000u / kStride);
  EXPECT_GT(rounds_beyond_two, 100u / kStride);  // the outer loop really iterated
}

// Whether A, fixing the move sigma[v] at each of its stations, wins `o` from
// `from` whatever B does: B refutes by a play it can steer into A being
// stuck, or into a cycle that loses for A.
bool strategy_wins(const naive::Arena& a, const std::vector<std::uint32_t>& sigma, std::uint32_t from,
                   Objective o) {
  auto successors = [&](std::uint32_t v) {
    if (a.owner[v] == Player::A && !a.out[v].empty()) return std::vector<std::uint32_t>{a.out[v][sigma[v]]};
    return a.out[v];
  };
  // Stations reachable from `start` in at least `min_steps` moves, through stations that `pass` accepts.
  auto reach = [&](std::uint32_t start, auto pass, int min_steps) {
    std::vector<std::uint8_t> seen(a.n, 0);
    std::vector<std::uint32_t> stack;
    if (min_steps == 0) seen[start] = 1;
    stack.push_back(start);
    while (!stack.empty()) {
      const auto v = stack.back();
      stack.pop_back();
      if (!pass(v)) continue;
      for (auto w : successors(v))
        if (!seen[w]) seen[w] = 1, stack.push_back(w);
    }
    return seen;
  };
  auto stuck_a = [&](std::uint32_t v) { return a.owner[v] == Player::A && a.out[v].empty(); };
  auto all = [](std::uint32_t) { return true; };
  auto plain = [&](std::uint32_t v) { return !a.target[v]; };
  if (o == Objective::Reach) {
    if (a.target[from]) return true;
    const auto r = reach(from, plain, 0);  // plays that have not yet met a target
    for (std::uint32_t v = 0; v < a.n; ++v)
      if (r[v] && !a.target[v] && (stuck_a(v) || reach(v, plain, 1)[v])) return false;
    return true;
  }
  const auto r = reach(from, all, 0);
  for (std::uint32_t v = 0; v < a.n; ++v) {
    if (!r[v]) continue;
    if (stuck_a(v)) return false;
    if (o == Objective::Safety && !a.target[v]) return false;
    if (o == Objective::Buchi && !a.target[v] && reach(v, plain, 1)[v]) return false;
    if (o == Objective::CoBuchi && !a.target[v] && reach(v, all, 1)[v]) return false;
  }
  return true;
}

// Winners by trying every positional strategy of A: these objectives are
// won, when they are, by a strategy that looks only at the current station.
std::vector<std::uint8_t> enumerate_strategies(const naive::Arena& a, Objective o) {
  std::vector<std::uint8_t> wins(a.n, 0);
  std::vector<std::uint32_t> sigma(a.n, 0);
  while (true) {
    for (std::uint32_t v = 0; v < a.n; ++v) wins[v] = wins[v] || strategy_wins(a, sigma, v, o);
    std::uint32_t v = 0;  // the next strategy, as an odometer over A's stations
    for (; v < a.n; ++v) {
      if (a.owner[v] != Player::A || a.out[v].empty()) continue;
      if (++sigma[v] < a.out[v].size()) break;
      sigma[v] = 0;
    }
    if (v == a.n) return wins;
  }
}

TEST(ArenaSolver, NaiveFixpointsAgreeWithStrategyEnumeration) {
  int checked = 0;
  for (std::uint64_t seed = 1; checked < 400; ++seed) {
    const naive::ArenaSpec spec = naive::random_arena_spec(seed, 7);
    const naive::Arena arena = naive::make_arena(spec);
    double strategies = 1;
    for (std::uint32_t v = 0; v < arena.n; ++v)
      if (arena.owner[v] == Player::A && !arena.out[v].empty()) strategies *= arena.out[v].size();
    if (strategies > 4096) continue;
    ++checked;
    for (Objective o : kObjectives) {
      const auto naive_wins = naive::solve_arena(arena, o).a_wins;
      const auto brute_wins = enumerate_strategies(arena, o);
      for (std::uint32_t v = 0; v < arena.n; ++v)
        ASSERT_EQ(int{naive_wins[v]}, int{brute_wins[v]})
            << naive::describe(spec) << " " << objective_name(o) << ": station " << v << "\n"
            << naive::dump(arena);
    }
  }
}

// The arena of a win/loss game: station 2v+p is vertex v with player p to
// move (p = 0: A), owned by p; A's reach target is B having to move from a
// vertex that loses for the player to move. A vertex that wins for the
// player to move without moves (misere) is A's target when A is to move, and
// hands the play to a sink that A owns and never leaves when B is to move.
naive::Arena pairs_arena(const naive::Graph& g) {
  naive::Arena a;
  a.n = 2 * g.n + 1;
  const std::uint32_t sink = 2 * g.n;
  a.out.resize(a.n);
  for (std::uint32_t v = 0; v < g.n; ++v) {
    for (std::uint32_t p = 0; p < 2; ++p) {
      a.owner.push_back(p == 0 ? Player::A : Player::B);
      for (const auto& e : g.out[v]) a.out[2 * v + p].push_back(2 * e.to + (1 - p));
      const bool stuck = g.out[v].empty(), mover_wins = g.terminal[v].is_win();
      a.target.push_back(stuck && mover_wins == (p == 0));
      if (stuck && mover_wins && p == 1) a.out[2 * v + p].push_back(sink);
    }
  }
  a.owner.push_back(Player::A);
  a.target.push_back(0);
  a.out[sink].push_back(sink);
  return a;
}

Graph as_graph_plugin(const naive::GraphSpec& spec, const naive::Graph& g) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t v = 0; v < g.n; ++v)
    for (const auto& e : g.out[v]) edges.emplace_back(v + 1, e.to + 1);
  Graph::Options options;
  options.misere = spec.misere;
  options.target = spec.target ? spec.target_vertex + 1 : 0;
  return Graph(g.n, edges, options);
}

TEST(ArenaSolver, WinLossGameIsReachOnTheArenaOfPairs) {
  std::uint64_t wins = 0, losses = 0, draws = 0;
  for (std::uint64_t seed = 1; seed <= 800; seed += kStride) {
    naive::GraphSpec spec = naive::random_spec(seed);
    spec.known_edges = false;
    const naive::Graph g = naive::make_graph(spec);
    const naive::Arena arena = pairs_arena(g);
    const auto reach = run(testing::ExplicitArena(arena, false), arena.n, Objective::Reach, 2);
    GenOptions options;
    options.threads = 2;
    const GenResult wdl = generate(as_graph_plugin(spec, g), options);
    for (std::uint32_t v = 0; v < g.n; ++v) {
      const Value value = Value::from_code(wdl.values[v]);
      Value expected = Value::draw();  // A wins reach on neither side
      if (reach.a_wins[2 * v] && reach.a_wins[2 * v + 1]) FAIL() << "both sides win at " << v;
      if (reach.a_wins[2 * v]) expected = Value::win(reach.detail[2 * v]);
      if (reach.a_wins[2 * v + 1]) expected = Value::loss(reach.detail[2 * v + 1]);
      ASSERT_EQ(to_string(expected), to_string(value)) << naive::describe(spec) << ": vertex " << v;
      wins += value.is_win(), losses += value.is_loss(), draws += value.is_draw();
    }
  }
  EXPECT_GT(wins, 1000u / kStride);
  EXPECT_GT(losses, 1000u / kStride);
  EXPECT_GT(draws, 1000u / kStride);
}

// Stations with more than 255 moves saturate their one-byte counter and are
// recounted from moves(). A "good" path leads to a charging station that
// loops, so the attractor is deep; a "bad" path of charging stations ends in
// a loop without charging, so Buchi drops one of them per round. Heavy
// stations move mostly onto the good path, rarely onto the bad one, so some
// join an attractor only by the recount, and some in a later round lose a
// move that left the region.
naive::Arena saturating_arena(std::uint64_t seed) {
  naive::Rng rng(seed);
  naive::Arena a;
  const auto good = rng.between32(1, 8), bad = rng.between32(1, 4), heavy = rng.between32(1, 8);
  auto pick = [&](std::uint32_t first, std::uint32_t count) {
    return rng.between32(first, first + count - 1);
  };
  a.n = good + bad + heavy;
  a.out.resize(a.n);
  for (std::uint32_t v = 0; v < a.n; ++v) {
    a.owner.push_back(rng.chance(1, 2) ? Player::A : Player::B);
    const bool last = v + 1 == good || v + 1 == good + bad;
    a.target.push_back(v < good ? last : v < good + bad ? !last : rng.chance(1, 2));
    if (v < good + bad) a.out[v].push_back(last ? v : v + 1);
  }
  for (std::uint32_t h = good + bad; h < a.n; ++h)
    for (auto k = rng.between(256, 330); k > 0; --k) {
      if (rng.chance(1, 500))
        a.out[h].push_back(pick(good, bad));
      else if (h + 1 < a.n && rng.chance(1, 100))
        a.out[h].push_back(rng.between32(h + 1, a.n - 1));  // a later heavy station: no cycle
      else
        a.out[h].push_back(pick(0, good));
    }
  return a;
}

TEST(ArenaSolver, MatchesNaiveFixpointsWithSaturatedCounters) {
  int heavy_decided_by_all_moves = 0;
  for (std::uint64_t seed = 1; seed <= 300; seed += kStride) {
    const naive::Arena arena = saturating_arena(seed);
    const testing::ExplicitArena game(arena, false);
    for (Objective o : kObjectives) {
      const auto expected = naive::solve_arena(arena, o);
      const std::string what = "seed " + std::to_string(seed) + " " + std::string(objective_name(o));
      expect_same(expected, run(game, arena.n, o, 1), what);
      expect_same(expected, run(game, arena.n, o, 2), what + " 2 threads");
      if (HasFatalFailure()) return;
      for (std::uint32_t v = 0; v < arena.n; ++v) {
        const Player all_moves = o == Objective::Safety || o == Objective::CoBuchi ? Player::A : Player::B;
        heavy_decided_by_all_moves += arena.out[v].size() > 255 && arena.owner[v] == all_moves &&
                                      expected.a_wins[v] == (all_moves == Player::B) &&
                                      expected.detail[v] > 0;
      }
    }
  }
  EXPECT_GT(heavy_decided_by_all_moves, 100 / static_cast<int>(kStride));  // the recount really decided
}

}  // namespace
}  // namespace rtb
