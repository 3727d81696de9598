// The left-counter generator against the naive round-by-round fixpoint, on
// thousands of random graphs, with one thread and with several, keeping two
// bytes an index and keeping one (a small ring, so that layers are reduced
// to disk and far values brought in many times a table).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "games/graph/graph.h"
#include "gen/depth/retrograde.h"
#include "gen/depth/verify.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"

namespace rtb {
namespace {

// `queue`: 0 as shipped; 1 with 8-byte queue entries and a queue of four
// positions, so that most layers are found by scanning.
std::vector<Value> run(const auto& game, unsigned threads, int queue = 0, std::size_t round = 0) {
  GenOptions options;
  options.threads = threads;
  options.update_round = round;
  options.parallel_threshold = 1;  // every layer goes through the pool
  options.wide_queue = queue == 1;
  options.queue_cap = queue == 1 ? 4 : 0;
  GenResult r = generate(game, options);
  std::vector<Value> out;
  for (Index i = 0; i < r.size; ++i) out.push_back(Value::from_code(r.values[i]));
  return out;
}

// The same in a byte an index, with a ring of `ring` depths (0: the most).
std::vector<Value> run_in_bytes(const auto& game, unsigned threads, std::uint32_t ring, int queue = 0) {
  GenOptions options;
  options.threads = threads;
  options.parallel_threshold = 1;
  options.wide_queue = queue == 1;
  options.queue_cap = queue == 1 ? 4 : 0;
  options.ring_depths = ring;
  options.spill_prefix = ::testing::TempDir() + "generator-test-spill";
  std::vector<Value> out;
  generate_in_bytes(game, options, [&](std::span<const std::uint16_t> block) {
    for (std::uint16_t c : block) out.push_back(Value::from_code(c));
  });
  EXPECT_FALSE(std::filesystem::exists(options.spill_prefix + ".run0.0")) << "spilled depths left behind";
  return out;
}

void expect_same(const std::vector<Value>& expected, const std::vector<Value>& got, const std::string& what) {
  ASSERT_EQ(expected.size(), got.size()) << what;
  for (std::size_t v = 0; v < expected.size(); ++v)
    ASSERT_EQ(to_string(expected[v]), to_string(got[v])) << what << ": vertex " << v;
}

// The same graph as the Graph plugin sees it (no random terminals).
Graph as_graph_plugin(const naive::GraphSpec& spec, const naive::Graph& g) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::vector<Graph::KnownMove> known;
  for (std::uint32_t v = 0; v < g.n; ++v)
    for (const auto& e : g.out[v]) {
      if (e.inside)
        edges.emplace_back(v + 1, e.to + 1);
      else
        known.push_back({v + 1, e.known});
    }
  Graph::Options options;
  options.misere = spec.misere;
  options.target = spec.target ? spec.target_vertex + 1 : 0;
  return Graph(g.n, edges, options, known);
}

// Losses with moves inside the graph whose plies come from a move leaving
// it: slower than one ply past the slowest win inside. Only these read the
// game again when decided (position_code::kFloored).
int losses_set_by_known_moves(const naive::Graph& g, const std::vector<Value>& values) {
  int n = 0;
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (!values[v].is_loss()) continue;
    std::uint32_t inside = 0, known = 0;
    for (const auto& e : g.out[v]) {
      if (e.inside)
        inside = std::max(inside, values[e.to].depth() + 1);
      else if (e.known.is_win())
        known = std::max(known, e.known.depth() + 1);
    }
    n += inside > 0 && known > inside;
  }
  return n;
}

TEST(Generator, MatchesNaiveFixpointOnRandomGraphs) {
  constexpr int kGraphs = 2400;
  int set_by_known_moves = 0;
  for (std::uint64_t seed = 1; seed <= kGraphs; ++seed) {
    naive::GraphSpec spec = naive::random_spec(seed);
    spec.random_terminals = seed % 5 == 0;
    const naive::Graph g = naive::make_graph(spec);
    const auto expected = naive::solve_wdl(g);
    const std::string what = naive::describe(spec);
    const testing::ExplicitGame game(g);
    expect_same(expected, run(game, 1), what + " 1 thread");
    expect_same(expected, run(game, 3), what + " 3 threads");
    expect_same(expected, run(game, 1 + seed % 2, 1), what + " scanned layers");
    // In a byte, on a third of the graphs: each reduction writes files.
    const auto ring = static_cast<std::uint32_t>(2 + seed % 7);
    if (seed % 3 == 0) expect_same(expected, run_in_bytes(game, 1 + seed % 2, ring), what + " in bytes");
    if (seed % 6 == 1)
      expect_same(expected, run_in_bytes(game, 2, ring, 1), what + " in bytes, scanned layers");
    if (!spec.random_terminals)
      expect_same(expected, run(as_graph_plugin(spec, g), 2), what + " graph plugin");
    if (HasFatalFailure()) return;
    set_by_known_moves += losses_set_by_known_moves(g, expected);
  }
  EXPECT_GT(set_by_known_moves, 100);  // the second look at a loss really decided some
}

TEST(Generator, MatchesNaiveFixpointWithSaturatedCounters) {
  int heavy_losses = 0, set_by_known_moves = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const naive::Graph g = naive::heavy_graph(seed);
    const auto expected = naive::solve_wdl(g);
    const testing::ExplicitGame game(g);
    expect_same(expected, run(game, 1), "seed " + std::to_string(seed));
    expect_same(expected, run(game, 2), "seed " + std::to_string(seed) + " 2 threads");
    expect_same(expected, run_in_bytes(game, 2, 0), "seed " + std::to_string(seed) + " in bytes");
    if (HasFatalFailure()) return;
    for (std::uint32_t v = 0; v < g.n; ++v) heavy_losses += g.out[v].size() >= 255 && expected[v].is_loss();
    set_by_known_moves += losses_set_by_known_moves(g, expected);
  }
  EXPECT_GT(heavy_losses, 100);        // the recount really decided losses
  EXPECT_GT(set_by_known_moves, 100);  // and some took their plies from known moves
}

// Layers of some hundred thousand unmoves, each worked in many rounds of
// filing and applying (gen/core/owned_updates.h), split into parts.
TEST(Generator, LayersWorkedInManyRoundsMatchNaiveFixpoint) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::mt19937_64 rng(seed);
    naive::Graph g;
    g.n = 60000;
    g.out.resize(g.n);
    g.terminal.assign(g.n, seed == 2 ? Value::win(0) : Value::loss(0));
    for (int e = 0; e < 300000; ++e) {
      std::uint32_t from = static_cast<std::uint32_t>(rng() % g.n),
                    to = static_cast<std::uint32_t>(rng() % g.n);
      if (seed != 3 && from > to) std::swap(from, to);  // seeds 1, 2 acyclic (all decided); 3 cyclic
      g.out[from].push_back({true, to, {}});
    }
    const auto expected = naive::solve_wdl(g);
    const testing::ExplicitGame game(g);
    for (unsigned threads : {1u, 2u, 3u})
      expect_same(expected, run(game, threads, 0, 5000),
                  "seed " + std::to_string(seed) + ", " + std::to_string(threads) + " threads");
    expect_same(expected, run_in_bytes(game, 2, 0), "seed " + std::to_string(seed) + " in bytes");
    if (HasFatalFailure()) return;
  }
}

TEST(Generator, VerifyAcceptsGeneratedValuesAndCatchesAChange) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const naive::Graph g = naive::random_graph(seed);
    const testing::ExplicitGame game(g);
    GenOptions options;
    options.threads = 2;
    GenResult r = generate(game, options);
    std::span<std::uint16_t> values(r.values.get(), r.size);
    ASSERT_TRUE(verify(game, values, 2).failures.empty()) << naive::describe_seed(seed);
    // Any changed value is caught: every position's value is forced.
    const Index victim = seed % r.size;
    const std::uint16_t original = values[victim];
    values[victim] = original == Value::win(3).code() ? Value::loss(2).code() : Value::win(3).code();
    const VerifyReport report = verify(game, values, 2);
    ASSERT_FALSE(report.failures.empty()) << naive::describe_seed(seed);
    values[victim] = original;
  }
}

TEST(Generator, DepthBeyondTheValueRangeIsAnError) {
  // A chain of 40000 vertices ends in a loss 39999 plies away.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t v = 1; v < 40000; ++v) edges.emplace_back(v, v + 1);
  const Graph chain(40000, edges, {});
  EXPECT_THROW(generate(chain, GenOptions{}), GenError);
}

// The deepest value the pass can hold while counters share the codes.
TEST(Generator, DepthLimitIsExact) {
  auto chain = [](std::uint32_t n) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (std::uint32_t v = 1; v < n; ++v) edges.emplace_back(v, v + 1);
    return Graph(n, edges, {});
  };
  const std::uint32_t deepest = position_code::kMaxDepth;
  const GenResult r = generate(chain(deepest + 1), GenOptions{});
  EXPECT_EQ(r.values[0], Value::loss(deepest).code());  // deepest is even
  EXPECT_THROW(generate(chain(deepest + 2), GenOptions{}), GenError);
}

TEST(Generator, LongChainGetsExactDepths) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t v = 1; v < 30000; ++v) edges.emplace_back(v, v + 1);
  const Graph chain(30000, edges, {});
  GenResult r = generate(chain, GenOptions{});
  const std::vector<Value> in_bytes = run_in_bytes(chain, 2, 0);  // a thousand reductions
  for (std::uint32_t v = 0; v < 30000; ++v) {
    const std::uint32_t plies = 29999 - v;
    ASSERT_EQ(r.values[v], (plies % 2 ? Value::win(plies) : Value::loss(plies)).code()) << v;
    ASSERT_EQ(in_bytes[v].code(), r.values[v]) << v;
  }
}

}  // namespace
}  // namespace rtb
