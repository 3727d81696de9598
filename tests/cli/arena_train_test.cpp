// IOI 2017 Train through the graph plugin (format=ioi-train): the task's
// example, the counterexample to plain reachability, input errors with their lines,
// the table written and dumped as the task's output, and the task's sizes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "answers/kinds/arena.h"
#include "cli/tbgen/solvers.h"
#include "games/graph/graph.h"
#include "gen/arena/solve.h"
#include "tests/naive/naive_arena.h"
#include "tests/naive/random_graphs.h"

namespace rtb {
namespace {

using Tracks = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

class Train : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rtb_arena_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  Params params(const std::string& content, const std::string& name = "train") {
    const auto file = dir_ / (name + ".txt");
    std::ofstream(file) << content;
    Params p;
    p.set("file", file.string());
    p.set("format", "ioi-train");
    return p;
  }
  std::string error(const std::string& content) {
    try {
      Graph g(params(content, "bad"));
    } catch (const GameError& e) {
      return e.what();
    }
    return "(accepted)";
  }

  std::filesystem::path dir_;
};

std::vector<int> winners(const Graph& g, Objective o, unsigned threads = 2) {
  GenOptions options;
  options.threads = threads;
  const ArenaResult r = solve_arena(g, o, options);
  std::vector<int> out;
  for (Index i = 0; i < r.size; ++i) out.push_back(r.a_wins(i));
  return out;
}

// Owners 0 1 (station 1 is A's), charging 1 0, tracks 0->0 0->1 1->0 1->1:
// B cannot keep the train away from station 0, A can always return to it.
TEST_F(Train, IoiExample) {
  const Graph g(params("2 4\n0 1\n1 0\n0 0\n0 1\n1 0\n1 1\n"));
  EXPECT_EQ(winners(g, Objective::Buchi), (std::vector<int>{1, 1}));
  EXPECT_EQ(g.text(1), "1");
  EXPECT_EQ(g.parse("0"), 0u);
  EXPECT_THROW(g.parse("2"), GameError);
}

// B owns station 0 with tracks 0->0 and 0->1; A owns the charging station 1
// with 1->1. Station 0 reaches the charging station, which is what a plain
// reachability check looks at, but B loops at 0 forever.
TEST_F(Train, CounterexampleToPlainReachability) {
  const Graph g(params("2 3\n0 1\n0 1\n0 0\n0 1\n1 1\n"));
  EXPECT_EQ(winners(g, Objective::Buchi), (std::vector<int>{0, 1}));
  EXPECT_EQ(winners(g, Objective::Reach), (std::vector<int>{0, 1}));
  EXPECT_EQ(winners(g, Objective::CoBuchi), (std::vector<int>{0, 1}));
  EXPECT_EQ(winners(g, Objective::Safety), (std::vector<int>{0, 1}));
}

TEST_F(Train, NumbersMaySpanLines) {
  const Graph g(params("2\n4 0\n1 1 0 0 0\n0\n1 1\n0 1 1\n"));
  EXPECT_EQ(winners(g, Objective::Buchi), (std::vector<int>{1, 1}));
}

TEST_F(Train, BadInputIsRejectedWithItsLine) {
  const std::string bad = (dir_ / "bad.txt").string();
  EXPECT_EQ(error("3 3\n1 0 1\n0 0 1\n0 1\n1 2\n2 2\n"), "(accepted)");
  EXPECT_EQ(error("3 2\n1 0 1\n0 0 1\n0 1\n1 2\n"),
            bad + ":2: station 2 has no track leaving it (every station needs one)");
  EXPECT_EQ(error("2 2\n1 0\n0 1\n0 1\n1 2\n"),
            bad + ":5: the second station of track 1 is 2, out of range 0..1");
  EXPECT_EQ(error("2 2\n1 2\n0 1\n0 1\n1 1\n"), bad + ":2: the owner of station 1 is 2, out of range 0..1");
  EXPECT_EQ(error("2 2\n1 0\n0 1\n0 1\n1 x\n"),
            bad + ":5: expected the second station of track 1, found 'x'");
  EXPECT_EQ(error("2 2\n1 0\n0 1\n0 1\n\n"),
            bad + ":4: expected the first station of track 1, found the end of the file");
  EXPECT_EQ(error("2 2\n1 0\n0 -1\n0 1\n1 1\n"),
            bad + ":3: expected the charging flag of station 1, found '-1'");
  EXPECT_EQ(error("2 1\n1 0\n0 1\n0 1\n1 1\n"), bad + ":5: more than m = 1 tracks");
  EXPECT_EQ(error("0 0\n"), bad + ":1: the number of stations n is 0, out of range 1..4294967294");
  Params p = params("1 1\n1\n1\n0 0\n");
  p.set("misere", "1");
  EXPECT_THROW(Graph{p}, GameError);
  p = params("1 1\n1\n1\n0 0\n");
  p.set("format", "ioi");
  EXPECT_THROW(Graph{p}, GameError);
}

// A twelve-byte file may claim four billion stations (found by
// tests/fuzz/fuzz_graph_file): the parser refuses a count the file cannot
// hold instead of first allocating an owner and a flag for every station.
TEST_F(Train, ClaimedStationsAreReadBeforeTheyAreStored) {
  const std::string bad = (dir_ / "bad.txt").string();
  EXPECT_EQ(error("4294967294 0\n1 0\n"),
            bad + ":1: n is 4294967294 stations, but the rest of the file holds at most 3 numbers");
  EXPECT_EQ(error("2 18446744073709551615\n1 0\n0 1\n0 1\n"),
            bad + ":4: expected the first station of track 1, found the end of the file");
}

TEST_F(Train, MovesAndUnmovesAgree) {
  const Graph g(params("3 6\n1 0 1\n0 1 0\n0 1\n0 1\n1 2\n2 0\n2 2\n1 1\n"));
  std::multiset<std::pair<Index, Index>> forward, backward;
  for (Index p = 0; p < g.size(); ++p) {
    ASSERT_EQ(g.parse(g.text(p)), p);
    g.moves(p, [&](Successor s) { forward.emplace(p, s.index); });
    g.unmoves(p, [&](Index q) { backward.emplace(q, p); });
  }
  EXPECT_EQ(forward, backward);
  EXPECT_EQ(forward.size(), 6u);
  EXPECT_EQ(g.owner(0), Player::A);
  EXPECT_EQ(g.owner(1), Player::B);
  EXPECT_TRUE(g.target(1));
  EXPECT_FALSE(g.target(0));
}

// tbgen --solver arena, then tbprobe --dump: the task's expected output.
TEST_F(Train, TableDumpIsTheTaskOutput) {
  Params p = params("2 4\n0 1\n1 0\n0 0\n0 1\n1 0\n1 1\n", "example");
  p.set("objective", "buchi");
  BuildOptions options;
  options.out_dir = dir_ / "tables";
  std::vector<std::filesystem::path> written;
  options.on_written = [&](const WrittenTable& w) { written.push_back(w.path); };
  cli::generate_arena("graph", p, "", options);
  const auto table = options.out_dir / "graph-example-ioi-buchi.rtb";
  EXPECT_EQ(written, std::vector<std::filesystem::path>{table});
  std::ostringstream dump;
  answers::dump_arena(ArenaTable(table), dump);
  EXPECT_EQ(dump.str(), "0 1\n1 1\n");
  EXPECT_THROW(cli::generate_arena("graph", p, "", options), storage::StorageError);  // exists, no --force

  p = params("2 3\n0 1\n0 1\n0 0\n0 1\n1 1\n", "counter");
  options.force = true;
  cli::generate_arena("graph", p, "buchi", options);
  dump.str("");
  answers::dump_arena(ArenaTable(options.out_dir / "graph-counter-ioi-buchi.rtb"), dump);
  EXPECT_EQ(dump.str(), "0 0\n1 1\n");
}

TEST_F(Train, SolverRefusesWhatIsNoArena) {
  BuildOptions options;
  options.out_dir = dir_ / "tables";
  Params ttt;
  ttt.set("objective", "reach");
  EXPECT_THROW(cli::generate_arena("tictactoe", ttt, "", options), GameError);
  Params plain = params("2 1\n1 2\n");
  plain.set("format", "graph");
  EXPECT_THROW(cli::generate_arena("graph", plain, "buchi", options), GameError);
  Params p = params("1 1\n1\n1\n0 0\n");
  EXPECT_THROW(cli::generate_arena("graph", p, "", options), GameError);        // no objective
  EXPECT_THROW(cli::generate_arena("graph", p, "parity", options), GameError);  // unknown objective
  p.set("objective", "reach");
  EXPECT_THROW(cli::generate_arena("graph", p, "buchi", options), GameError);  // two objectives
}

// A random arena of the task's limits, as the graph plugin and as the naive
// solver's arena: each station has one track to a random station, the other
// m - n tracks join random stations.
Graph random_train(std::uint32_t n, std::uint64_t m, std::uint32_t charging_percent, std::uint64_t seed,
                   naive::Arena& copy) {
  naive::Rng rng(seed);
  copy = naive::Arena{n, {}, {}, std::vector<std::vector<std::uint32_t>>(n)};
  Tracks tracks;
  for (std::uint64_t k = 0; k < m; ++k) {
    const auto u = k < n ? static_cast<std::uint32_t>(k) : rng.between32(0, n - 1);
    tracks.emplace_back(u, rng.between32(0, n - 1));
    copy.out[u].push_back(tracks.back().second);
  }
  for (std::uint32_t v = 0; v < n; ++v) {
    copy.owner.push_back(rng.chance(1, 2) ? Player::A : Player::B);
    copy.target.push_back(rng.chance(charging_percent, 100));
  }
  return Graph(copy.owner, copy.target, tracks);
}

void expect_matches(const naive::ArenaAnswer& expected, const ArenaResult& got, const std::string& what) {
  ASSERT_EQ(expected.a_wins.size(), got.size) << what;
  for (std::size_t v = 0; v < got.size; ++v) {
    ASSERT_EQ(expected.a_wins[v] != 0, got.a_wins(v)) << what << ": winner of station " << v;
    ASSERT_EQ(expected.detail[v], got.detail(v)) << what << ": detail of station " << v;
  }
}

TEST(TrainScale, TaskLimitsAgainstNaiveFixpoints) {
  for (std::uint32_t percent : {2, 20, 60}) {
    naive::Arena arena;
    const Graph g = random_train(5000, 20000, percent, percent, arena);
    for (Objective o : {Objective::Reach, Objective::Safety, Objective::Buchi, Objective::CoBuchi}) {
      const auto expected = naive::solve_arena(arena, o);
      const std::string what = std::to_string(percent) + "% charging, " + std::string(objective_name(o));
      GenOptions one;
      one.threads = 1;
      expect_matches(expected, solve_arena(g, o, one), what);
      GenOptions three;
      three.threads = 3;
      three.parallel_threshold = 1;
      ArenaTuning small;
      small.frontier_cap = 64, small.chunk = 256, small.list_chunk = 16;
      expect_matches(expected, solve_arena(g, o, three, small), what + ", 3 threads, small pieces");
    }
  }
}

// The dual arena: owners swapped, charging flags complemented. Co-Buchi is
// the complement of Buchi on it, safety the complement of reach, with the
// same details.
TEST(TrainScale, DualObjectivesMirrorEachOther) {
  naive::Arena arena;
  const Graph g = random_train(5000, 20000, 30, 7, arena);
  Tracks tracks;
  for (std::uint32_t v = 0; v < arena.n; ++v) {
    for (auto w : arena.out[v]) tracks.emplace_back(v, w);
    arena.owner[v] = opponent(arena.owner[v]);
    arena.target[v] = !arena.target[v];
  }
  const Graph dual(arena.owner, arena.target, tracks);
  GenOptions options;
  options.threads = 2;
  for (auto [o, dual_o] :
       {std::pair{Objective::CoBuchi, Objective::Buchi}, {Objective::Safety, Objective::Reach}}) {
    const ArenaResult r = solve_arena(g, o, options), d = solve_arena(dual, dual_o, options);
    for (std::uint32_t v = 0; v < arena.n; ++v) {
      ASSERT_NE(r.a_wins(v), d.a_wins(v)) << objective_name(o) << " station " << v;
      ASSERT_EQ(r.detail(v), d.detail(v)) << objective_name(o) << " station " << v;
    }
  }
}

// Charging stations 0 -> 1 -> ... -> n-2 lead to station n-1, which only
// loops. Each round of the outer loop finds that one more charging station
// can no longer return to a charging station: n rounds that drop a station
// and one that confirms, O(n * m) in all. Every track is there four times,
// for m = 4n = 20,000.
TEST(TrainScale, ChainForcesOneRoundPerStation) {
  constexpr std::uint32_t n = 5000;
  std::vector<Player> owner;
  std::vector<std::uint8_t> charging;
  Tracks tracks;
  for (std::uint32_t v = 0; v < n; ++v) {
    owner.push_back(v % 3 ? Player::A : Player::B);
    charging.push_back(v + 1 < n);
    for (int copy = 0; copy < 4; ++copy) tracks.emplace_back(v, std::min(v + 1, n - 1));
  }
  const Graph g(owner, charging, tracks);
#ifdef __SANITIZE_THREAD__
  const unsigned thread_counts[] = {2};  // ThreadSanitizer makes each run take seconds
#else
  const unsigned thread_counts[] = {1, 2};
#endif
  for (unsigned threads : thread_counts) {
    GenOptions options;
    options.threads = threads;
    const ArenaResult r = solve_arena(g, Objective::Buchi, options);
    EXPECT_EQ(r.stats.rounds, n + 1);
    EXPECT_EQ(r.stats.b_wins, n);
    for (std::uint32_t v = 0; v < n; ++v) ASSERT_EQ(r.detail(v), v + 1 < n ? n - v : 1) << v;
  }
}

}  // namespace
}  // namespace rtb
