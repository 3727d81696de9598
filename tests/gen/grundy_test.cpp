// The Sprague-Grundy solver: published values of subtraction and octal
// games, the loopy function against a naive implementation on thousands of
// random graphs, its win/draw/loss against rtb::generate, sums against the
// game graph of the sum, and the contract checks. Tables and probing are in
// grundy_table_test.cpp.
#include <gtest/gtest.h>

#include "games/graph/graph.h"
#include "games/nim/nim.h"
#include "games/octal/octal.h"
#include "games/subtraction/subtraction.h"
#include "gen/depth/retrograde.h"
#include "gen/grundy/solve.h"
#include "gen/grundy/verify.h"
#include "tests/naive/naive_grundy.h"
#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"

namespace rtb {
namespace {

Params params(std::initializer_list<const char*> items) {
  Params p;
  for (const char* item : items) p.add(item);
  return p;
}

GrundyResult solve(const auto& game, unsigned threads = 2) {
  GenOptions options;
  options.threads = threads;
  options.parallel_threshold = 1;  // every round goes through the pool
  return solve_grundy(game, options);
}

std::vector<std::uint32_t> finite_values(const GrundyResult& r) {
  std::vector<std::uint32_t> out;
  for (Index i = 0; i < r.size; ++i) {
    EXPECT_LT(r.values[i], kGrundyInfinite) << "heap " << i;
    out.push_back(r.values[i]);
  }
  return out;
}

std::vector<std::uint32_t> octal(const char* code, int heaps, unsigned threads = 2) {
  const std::string h = "heaps=" + std::to_string(heaps), c = std::string("octal=") + code;
  return finite_values(solve(Octal(params({c.c_str(), h.c_str()})), threads));
}

TEST(GrundyValue, SumRuleTextAndInfinitySets) {
  const GrundyValue inf = GrundyValue::infinity({1, 4});
  EXPECT_EQ(to_string(GrundyValue::of(3) + GrundyValue::of(5)), "6");
  EXPECT_EQ(to_string(inf + GrundyValue::of(1)), "inf(0,5)");  // K xor 1, sorted
  EXPECT_EQ((inf + GrundyValue::of(1)).outcome(), Outcome::Win);
  EXPECT_EQ((inf + GrundyValue::of(2)).outcome(), Outcome::Draw);
  EXPECT_EQ(to_string(inf + inf), "inf");
  EXPECT_EQ((inf + inf).outcome(), Outcome::Draw);
  const std::vector<InfSet> sets = {{}, {1}, {0, 2, 31000}};
  EXPECT_EQ(encode_inf_sets(sets), "inf={}{1}{0,2,31000}");
  EXPECT_EQ(decode_inf_sets(encode_inf_sets(sets)), sets);
  EXPECT_TRUE(decode_inf_sets("").empty());
  EXPECT_TRUE(decode_inf_sets("inf=").empty());
  for (const char* bad : {"inf={1", "inf={2,1}", "inf={1,}", "inf={x}", "{1}", "inf={40000}", "inf={1}x"})
    EXPECT_THROW(decode_inf_sets(bad), GrundyFormatError) << bad;
  EXPECT_EQ(to_string(decode_grundy(0x8002, sets)), "inf(0,2,31000)");
  EXPECT_THROW(decode_grundy(0x8003, sets), GrundyFormatError);
}

TEST(Grundy, SubtractionSet134HasPeriod7) {
  const auto g = finite_values(solve(Subtraction(params({"set=1,3,4", "heaps=1000"}))));
  const std::uint32_t period[] = {0, 1, 0, 1, 2, 3, 2};
  ASSERT_EQ(g.size(), 1001u);
  for (std::size_t n = 0; n < g.size(); ++n) ASSERT_EQ(g[n], period[n % 7]) << n;
}

// OEIS A002186, and the period 12 from n = 71 (checked to n = 1000).
TEST(Grundy, KaylesMatchesOeis) {
  const std::vector<std::uint32_t> start = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2,
                                            1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3};
  for (unsigned threads : {1u, 3u}) {
    const auto g = octal("0.77", 1000, threads);
    for (std::size_t n = 0; n < start.size(); ++n) ASSERT_EQ(g[n], start[n]) << n;
    for (std::size_t n = 71; n + 12 <= 1000; ++n) ASSERT_EQ(g[n + 12], g[n]) << n;
    EXPECT_NE(g[70 + 12], g[70]);  // the period starts at 71, not before
  }
}

// OEIS A002187, and the period 34 from n = 52 (checked to n = 1000).
TEST(Grundy, DawsonsChessMatchesOeis) {
  const std::vector<std::uint32_t> start = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
                                            0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3};
  const auto g = octal("0.137", 1000);
  for (std::size_t n = 0; n < start.size(); ++n) ASSERT_EQ(g[n], start[n]) << n;
  for (std::size_t n = 52; n + 34 <= 1000; ++n) ASSERT_EQ(g[n + 34], g[n]) << n;
  // Dawson's Kayles (0.07) is Dawson's chess shifted by one heap.
  const auto k = octal("0.07", 1001);
  for (std::size_t n = 0; n <= 1000; ++n) ASSERT_EQ(k[n + 1], g[n]) << n;
}

TEST(Grundy, OctalGamesMatchNaiveRecursion) {
  naive::Rng rng(5);
  for (int round = 0; round < 150; ++round) {
    std::string code = rng.chance(1, 5) ? "4." : "0.";
    const auto digits = rng.between(1, 4);
    for (std::uint64_t j = 0; j < digits; ++j) code += static_cast<char>('0' + rng.below(8));
    const Octal game(params({("octal=" + code).c_str(), "heaps=70"}));
    const auto expected = naive::octal_values(game.digits(), 70);
    EXPECT_EQ(finite_values(solve(game, 1 + round % 3)), expected) << code;
  }
}

// Found by tests/fuzz/fuzz_params: trailing zeros of a code are dropped,
// and a code of zeros only came out as "0.", which a table's metadata kept
// and the prober then refused (tbgen wrote octal-0.-5.grundy.rtb, tbprobe
// could not open it).
TEST(Grundy, OctalCodeOfZerosReadsBack) {
  for (const char* code : {"octal=0.0", "octal=0.000", "octal=4.0", "octal=0.770"}) {
    const Octal game(params({code}));
    const Octal again(Params::from_canonical(game.params().canonical()));
    EXPECT_EQ(again.identity(), game.identity()) << code;
    EXPECT_EQ(again.table_name(), game.table_name()) << code;
  }
  EXPECT_EQ(Octal(params({"octal=0.00"})).params().get("octal", ""), "0.0");
  EXPECT_EQ(Octal(params({"octal=0.770"})).params().get("octal", ""), "0.77");
}

TEST(Grundy, NimIsTheXorOfTheHeaps) {
  const Nim nim(params({"heaps=3", "max=7"}));
  const GrundyResult r = solve(nim);
  for (Index i = 0; i < nim.size(); ++i)
    ASSERT_EQ(r.values[i], nim.heap(i, 0) ^ nim.heap(i, 1) ^ nim.heap(i, 2)) << nim.text(i);
  // Values from 32 up are not in the solver's mask of seen values: they
  // take the path that scans the moves.
  const Nim big(params({"heaps=2", "max=60"}));
  for (unsigned threads : {1u, 2u}) {
    const GrundyResult b = solve(big, threads);
    for (Index i = 0; i < big.size(); ++i)
      ASSERT_EQ(b.values[i], big.heap(i, 0) ^ big.heap(i, 1)) << big.text(i);
  }
}

// Ferguson's example: a->b, b->c, c->a, c->d, d->e.
TEST(Grundy, FergusonsCyclicExample) {
  const Graph g(5, {{1, 2}, {2, 3}, {3, 1}, {3, 4}, {4, 5}}, {});
  for (unsigned threads : {1u, 2u}) {
    const GrundyResult r = solve(g, threads);
    auto value = [&](Index i) { return to_string(decode_grundy(r.values[i], r.inf_sets)); };
    EXPECT_EQ(value(4), "0");
    EXPECT_EQ(value(3), "1");
    EXPECT_EQ(value(2), "inf(1)");
    EXPECT_EQ(value(1), "inf()");
    EXPECT_EQ(value(0), "inf()");
    EXPECT_EQ(r.stats.draws, 3u);
    EXPECT_EQ(r.stats.wins, 1u);
    EXPECT_EQ(r.stats.losses, 1u);
  }
}

// A random graph as a Grundy game: normal play, no known values other than
// losses (a known WIN or DRAW carries no Grundy value).
naive::Graph grundy_graph(std::uint64_t seed) {
  naive::GraphSpec spec = naive::random_spec(seed);
  spec.misere = false;
  naive::Graph g = naive::make_graph(spec);
  for (auto& edges : g.out)
    for (auto& e : edges)
      if (!e.inside) e.known = Value::loss(e.known.is_draw() ? 0 : e.known.depth());
  return g;
}

std::vector<naive::Gsg> as_gsg(const GrundyResult& r) {
  std::vector<naive::Gsg> out;
  for (Index i = 0; i < r.size; ++i) {
    const GrundyValue v = decode_grundy(r.values[i], r.inf_sets);
    out.push_back({v.finite, v.n, std::vector<std::uint32_t>(v.k.begin(), v.k.end())});
  }
  return out;
}

TEST(Grundy, MatchesNaiveOnRandomGraphsAndAgreesWithWinLoss) {
  int cyclic = 0, infinite = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    const naive::Graph g = grundy_graph(seed);
    const std::string what = naive::describe_seed(seed);
    const auto expected = naive::solve_grundy(g);
    ASSERT_EQ(naive::check_gsg(g, expected), "") << what;
    const testing::ExplicitGame game(g);
    const GrundyResult one = solve(game, 1), three = solve(game, 3);
    ASSERT_EQ(as_gsg(one), expected) << what;
    ASSERT_EQ(as_gsg(three), expected) << what;
    ASSERT_EQ(one.inf_sets, three.inf_sets) << what;
    for (Index i = 0; i < one.size; ++i) ASSERT_EQ(one.values[i], three.values[i]) << what;
    const auto wdl = naive::solve_wdl(g);
    for (std::uint32_t v = 0; v < g.n; ++v)
      ASSERT_EQ(decode_grundy(one.values[v], one.inf_sets).outcome(), wdl[v].outcome())
          << what << " vertex " << v;
    ASSERT_TRUE(verify_grundy(game, {one.values.get(), one.size}, one.inf_sets, 2).failures.empty()) << what;
    cyclic += one.stats.loopy > 0;
    infinite += one.stats.infinite > 0;
  }
  EXPECT_GT(cyclic, 800);  // both kinds are well represented
  EXPECT_GT(infinite, 600);
}

TEST(Grundy, WinLossAgreesWithTheGenerator) {
  for (std::uint64_t seed = 3000; seed < 3400; ++seed) {
    const naive::Graph g = grundy_graph(seed);
    const testing::ExplicitGame game(g);
    const GrundyResult r = solve(game, 2);
    GenOptions options;
    options.threads = 2;
    const GenResult wdl = generate(game, options);
    for (Index i = 0; i < r.size; ++i)
      ASSERT_EQ(decode_grundy(r.values[i], r.inf_sets).outcome(), Value::from_code(wdl.values[i]).outcome())
          << naive::describe_seed(seed) << " vertex " << i;
  }
}

// The game graph of G + H: a move moves one component.
naive::Graph sum_graph(const naive::Graph& g, const naive::Graph& h) {
  naive::Graph s;
  s.n = g.n * h.n;
  s.out.resize(s.n);
  s.terminal.assign(s.n, Value::loss(0));
  for (std::uint32_t u = 0; u < g.n; ++u)
    for (std::uint32_t v = 0; v < h.n; ++v) {
      for (const auto& e : g.out[u]) s.out[u * h.n + v].push_back({true, e.to * h.n + v, Value::draw()});
      for (const auto& e : h.out[v]) s.out[u * h.n + v].push_back({true, u * h.n + e.to, Value::draw()});
    }
  return s;
}

naive::Graph small_graph(std::uint64_t seed) {
  naive::GraphSpec spec = naive::random_spec(seed);
  spec.n = 1 + spec.n % 9;
  spec.misere = spec.known_edges = false;
  return naive::make_graph(spec);
}

// The sum rule (games/grundy_value.h) predicts who wins G + H, including
// infinity + finite and infinity + infinity; the win/loss pass on the
// graph of the sum must agree everywhere.
TEST(Grundy, SumRuleAgreesWithTheGraphOfTheSum) {
  int mixed = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const naive::Graph g = small_graph(seed), h = small_graph(seed + 7919);
    const GrundyResult rg = solve(testing::ExplicitGame(g), 1), rh = solve(testing::ExplicitGame(h), 1);
    const auto wdl = naive::solve_wdl(sum_graph(g, h));
    for (std::uint32_t u = 0; u < g.n; ++u)
      for (std::uint32_t v = 0; v < h.n; ++v) {
        const GrundyValue a = decode_grundy(rg.values[u], rg.inf_sets),
                          b = decode_grundy(rh.values[v], rh.inf_sets);
        mixed += !a.finite && b.finite && (a + b).outcome() == Outcome::Win;
        ASSERT_EQ((a + b).outcome(), wdl[u * h.n + v].outcome())
            << "seed " << seed << ": " << to_string(a) << " + " << to_string(b);
      }
  }
  EXPECT_GT(mixed, 50);
}

TEST(Grundy, SameResultForEveryThreadCount) {
  for (bool dag : {true, false}) {
    naive::GraphSpec spec;
    spec.family = dag ? naive::Family::kDag : naive::Family::kSparse;
    spec.n = 60000;
    spec.seed = 11;
    const testing::ExplicitGame game(naive::make_graph(spec));
    const GrundyResult one = solve(game, 1);
    for (unsigned threads : {2u, 4u}) {
      const GrundyResult r = solve(game, threads);
      ASSERT_EQ(r.inf_sets, one.inf_sets);
      for (Index i = 0; i < r.size; ++i) ASSERT_EQ(r.values[i], one.values[i]) << i;
    }
    EXPECT_EQ(one.stats.loopy > 0, !dag);
  }
}

TEST(Grundy, RefusesWhatHasNoGrundyValue) {
  const Graph misere(2, {{1, 2}}, {true, 0});
  EXPECT_THROW(solve(misere), GenError);
  naive::Graph g;
  g.n = 2;
  g.out = {{{true, 1, Value::draw()}, {false, 0, Value::win(2)}}, {}};
  g.terminal = {Value::loss(0), Value::loss(0)};
  EXPECT_THROW(solve(testing::ExplicitGame(g)), GenError);
  g.out[0][1].known = Value::loss(2);                        // a known loss is the value 0: fine
  EXPECT_EQ(solve(testing::ExplicitGame(g)).values[0], 1u);  // mex{0, 0}
}

// Position 2 moves to the sum 0 + 1 of two positions on a cycle.
class LoopySplit {
 public:
  static constexpr std::string_view kName = "loopy-split";
  static constexpr std::string_view kSummary = "test only";
  static std::vector<ParamDoc> param_docs() { return {}; }
  explicit LoopySplit(const Params& = {}) {}
  std::string identity() const { return "loopy-split"; }
  std::string table_name() const { return "loopy-split"; }
  Params params() const { return {}; }
  std::vector<Dependency> dependencies() const { return {}; }
  Index size() const { return 3; }
  bool legal(Index) const { return true; }
  Value terminal(Index) const { return Value::loss(0); }
  template <class F>
  void moves(Index i, F&& f) const {
    if (i < 2) f(Successor::to(1 - i));
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    if (i < 2) f(1 - i);
  }
  template <class F>
  void split_moves(Index i, F&& f) const {
    if (i == 2) f(Index{0}, Index{1});
  }
  template <class F>
  void unsplit(Index i, F&& f) const {
    if (i < 2) f(Index{2});
  }
  std::string text(Index i) const { return std::to_string(i); }
  Index parse(std::string_view s) const { return std::stoull(std::string(s)); }
};
static_assert(SplitGame<LoopySplit> && ImpartialGame<LoopySplit>);

TEST(Grundy, RefusesASumWithALoopyPart) {
  EXPECT_THROW(solve(LoopySplit()), GenError);
}

// split_moves and unsplit list the same (position, part) pairs, as moves
// and unmoves list the same moves.
TEST(Grundy, OctalSplitsAndUnsplitsMatch) {
  naive::Rng rng(9);
  for (int round = 0; round < 60; ++round) {
    std::string code = rng.chance(1, 4) ? "4." : "0.";
    for (std::uint64_t j = rng.between(1, 5); j > 0; --j) code += static_cast<char>('0' + rng.below(8));
    const Octal game(params({("octal=" + code).c_str(), "heaps=40"}));
    std::vector<std::pair<Index, Index>> forward, backward, moves, unmoves;
    for (Index p = 0; p < game.size(); ++p) {
      game.split_moves(p, [&](Index a, Index b) {
        EXPECT_TRUE(a >= 1 && a <= b && a + b < p + (game.digits()[0] == 4)) << code << " " << p;
        forward.emplace_back(p, a), forward.emplace_back(p, b);
      });
      game.unsplit(p, [&](Index q) { backward.emplace_back(q, p); });
      game.moves(p, [&](Successor s) { moves.emplace_back(p, s.index); });
      game.unmoves(p, [&](Index q) { unmoves.emplace_back(q, p); });
    }
    std::sort(forward.begin(), forward.end()), std::sort(backward.begin(), backward.end());
    std::sort(moves.begin(), moves.end()), std::sort(unmoves.begin(), unmoves.end());
    ASSERT_EQ(forward, backward) << code;
    ASSERT_EQ(moves, unmoves) << code;
  }
}

TEST(Grundy, VerifyCatchesAChangedValue) {
  const Octal kayles(params({"octal=0.77", "heaps=300"}));
  GrundyResult r = solve(kayles);
  std::span<std::uint16_t> values(r.values.get(), r.size);
  ASSERT_TRUE(verify_grundy(kayles, values, r.inf_sets, 2).failures.empty());
  for (Index victim : {Index{0}, Index{17}, Index{299}}) {
    const std::uint16_t original = values[victim];
    values[victim] = static_cast<std::uint16_t>(original ^ 1);
    EXPECT_FALSE(verify_grundy(kayles, values, r.inf_sets, 2).failures.empty()) << victim;
    values[victim] = original;
  }
}

}  // namespace
}  // namespace rtb
