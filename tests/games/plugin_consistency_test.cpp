// The generic checks every plugin must pass (gen/check/plugin_check.h), run
// for every registered game on small parameters, and shown to fail, naming
// the position or move at fault, on plugins broken on purpose.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "games/registry.h"
#include "gen/check/plugin_check.h"
#include "gen/instances/instances.h"
#include "tests/support/faulty_game.h"

namespace rtb {
namespace {

using faulty::Fault;
using faulty::Faulty;

// Small parameter sets per game; a registered game missing here fails.
std::vector<Params> small_params(std::string_view game, const std::filesystem::path& scratch) {
  auto make = [](std::initializer_list<const char*> items) {
    Params p;
    for (const char* item : items) p.add(item);
    return p;
  };
  if (game == "graph") {
    std::filesystem::create_directories(scratch);
    const auto file = (scratch / "consistency.txt").string();
    std::ofstream(file) << "6 11\n1 2\n2 3\n3 1\n3 4\n4 4\n4 5\n4 5\n5 6\n6 5\n2 6\n1 1\n";
    std::vector<Params> sets{make({}), make({"misere=1"}), make({"target=4"}),
                             make({"target=6", "misere=1"})};
    for (auto& p : sets) p.set("file", file);
    return sets;
  }
  if (game == "connect4")
    return {make({"width=4", "height=3"}), make({"width=3", "height=4"}), make({"width=4", "height=4"})};
  if (game == "subtraction")
    return {make({}), make({"set=1,3,4", "heaps=30"}), make({"set=2,5", "heaps=20"})};
  if (game == "octal")
    return {make({"octal=0.77", "heaps=30"}), make({"octal=0.137", "heaps=25"}),
            make({"octal=4.07", "heaps=20"})};
  if (game == "nim") return {make({}), make({"heaps=1", "max=7"}), make({"heaps=2", "max=5"})};
  if (game == "tictactoe")
    return {make({}), make({"m=3", "n=4", "k=3"}), make({"m=2", "n=3", "k=2"}), make({"m=4", "n=3", "k=4"})};
  if (game == "quixo") return {make({"n=2"}), make({"n=3"})};
  if (game == "chess") return {make({"material=KRvK"}), make({"material=KPvK"})};
  if (game == "takeaway") return {make({}), make({"total=7", "take=2"})};
  return {};
}

Params params_of(std::initializer_list<const char*> items) {
  Params p;
  for (const char* item : items) p.add(item);
  return p;
}

std::string describe(const PluginCheckReport& report) {
  std::string out;
  for (const PluginCheckFailure& f : report.failures)
    out += "\n  " + std::string(check_name(f.check)) + " at " + std::to_string(f.index) + " (" + f.text +
           "): " + f.message;
  return out;
}

PluginCheckOptions with_threads(unsigned threads, std::uint64_t sample_limit = 0) {
  PluginCheckOptions options;
  options.threads = threads;
  options.sample_limit = sample_limit;
  return options;
}

std::vector<std::string> registered_games() {
  std::vector<std::string> names;
  for_each_game_type([&]<class G>(std::type_identity<G>) { names.emplace_back(G::kName); });
  return names;
}

// One test per registered game, named after it, so that
// --gtest_filter='*/chess' checks one game.
class PluginConsistency : public ::testing::TestWithParam<std::string> {};

// Every index, then a sample of a third of them (which checks each sampled
// position both ways, so it must agree with the whole).
TEST_P(PluginConsistency, SmallParameters) {
  const std::string& name = GetParam();
  const auto scratch = std::filesystem::temp_directory_path() / ("rtb_consistency_" + name);
  if (name == "dobutsu") {  // one table of 249M indices: a sample (dobutsu_test checks a larger one)
    with_game(name, Params{}, [&](const auto& game) {
      const PluginCheckReport some = check_plugin(game, with_threads(2, 20000));
      EXPECT_TRUE(some.ok()) << name << " (sample)" << describe(some);
      EXPECT_TRUE(some.sampled) << name;
    });
    return;
  }
  const auto sets = small_params(name, scratch);
  ASSERT_FALSE(sets.empty()) << "no small parameters for game " << name << " in this test";
  for (const Params& params : sets) {
    with_game(name, params, [&](const auto& game) {
      const std::string what = name + " " + params.canonical();
      const PluginCheckReport all = check_plugin(game, with_threads(2));
      EXPECT_TRUE(all.ok()) << what << describe(all);
      EXPECT_FALSE(all.sampled) << what;
      EXPECT_EQ(all.indices, game.size()) << what;
      EXPECT_GT(all.positions, 0u) << what;
      EXPECT_GT(all.moves, 0u) << what;
      const PluginCheckReport some = check_plugin(game, with_threads(2, game.size() / 3));
      EXPECT_TRUE(some.ok()) << what << " (sample)" << describe(some);
      EXPECT_TRUE(some.sampled) << what;
      EXPECT_EQ(some.indices, game.size() / 3) << what;
    });
  }
  std::filesystem::remove_all(scratch);
}

INSTANTIATE_TEST_SUITE_P(EveryRegisteredGame, PluginConsistency, ::testing::ValuesIn(registered_games()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Nim with two heaps of 0..5: "3,4" -> "1,4" takes two from the first heap.
class BrokenNim : public ::testing::Test {
 protected:
  const Params params = params_of({"heaps=2", "max=5"});
  const Nim nim{params};
  const Index a = nim.parse("3,4"), b = nim.parse("1,4"), c = nim.parse("0,5");

  // The report has exactly one failure, `check` for the pair (from, to).
  static void expect_only(const PluginCheckReport& report, PluginCheck check, Index from, Index to,
                          const std::string& message) {
    ASSERT_EQ(report.failures.size(), 1u) << describe(report);
    const PluginCheckFailure& f = report.failures[0];
    EXPECT_EQ(f.check, check) << describe(report);
    EXPECT_EQ(f.index, from) << describe(report);
    EXPECT_EQ(f.other, to) << describe(report);
    EXPECT_EQ(f.message, message);
  }
};

TEST_F(BrokenNim, DroppedPredecessorIsNamed) {
  const Faulty<Nim> game(params, {{Fault::kDropUnmove, a, b}});
  for (unsigned threads : {1u, 3u})
    expect_only(check_plugin(game, with_threads(threads)), PluginCheck::kRelation, a, b,
                "move 3,4 -> 1,4 appears 1 time in moves(3,4), 0 times in unmoves(1,4)");
}

TEST_F(BrokenNim, DuplicatedPredecessorIsNamed) {
  const Faulty<Nim> game(params, {{Fault::kDuplicateUnmove, a, b}});
  expect_only(check_plugin(game, with_threads(2)), PluginCheck::kRelation, a, b,
              "move 3,4 -> 1,4 appears 1 time in moves(3,4), 2 times in unmoves(1,4)");
}

TEST_F(BrokenNim, PredecessorWithoutTheMoveIsNamed) {
  const Faulty<Nim> game(params, {{Fault::kExtraUnmove, c, b}});
  expect_only(check_plugin(game, with_threads(2)), PluginCheck::kRelation, c, b,
              "move 0,5 -> 1,4 appears 0 times in moves(0,5), 1 time in unmoves(1,4)");
}

TEST_F(BrokenNim, IndexBeyondTheTable) {
  const Faulty<Nim> game(params, {{Fault::kUnmoveOutOfRange, b}});
  const PluginCheckReport report = check_plugin(game, with_threads(2));
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.failures[0].check, PluginCheck::kIndices) << describe(report);
  EXPECT_EQ(report.failures[0].index, b) << describe(report);
  EXPECT_EQ(report.failures[0].other, nim.size()) << describe(report);
}

TEST_F(BrokenNim, TextCountTerminal) {
  const Faulty<Nim> game(
      params,
      {{Fault::kWrongParse, a, b}, {Fault::kWrongCount, b}, {Fault::kTerminalThrows, nim.parse("0,0")}});
  const PluginCheckReport report = check_plugin(game, with_threads(2));
  ASSERT_EQ(report.failures.size(), 3u) << describe(report);
  EXPECT_EQ(report.failures[0].check, PluginCheck::kTerminal);
  EXPECT_EQ(report.failures[0].index, 0u);
  EXPECT_EQ(report.failures[1].check, PluginCheck::kCountMoves);
  EXPECT_EQ(report.failures[1].index, b);
  EXPECT_EQ(report.failures[2].check, PluginCheck::kText);
  EXPECT_EQ(report.failures[2].index, a);
  EXPECT_EQ(report.failures[2].text, "3,4");
}

TEST_F(BrokenNim, StopsAtMaxFailures) {
  std::vector<faulty::InjectedFault> faults;
  for (const char* from : {"5,4", "4,4", "3,4", "2,4"})
    faults.push_back({Fault::kDropUnmove, nim.parse(from), b});
  const Faulty<Nim> game(params, faults);
  PluginCheckOptions options = with_threads(2);
  options.max_failures = 2;
  const PluginCheckReport report = check_plugin(game, options);
  EXPECT_EQ(report.failures.size(), 2u) << describe(report);
  EXPECT_TRUE(report.stopped);
}

// A sample checks the edges of the positions it draws: a fault at a drawn
// position is found, and the sample is what sampled_index() says.
TEST(BrokenSample, FaultAtASampledPosition) {
  const Params params = params_of({"heaps=3", "max=9"});
  const Nim nim(params);
  constexpr std::uint64_t kSample = 100;
  const PluginCheckOptions options = with_threads(2, kSample);
  Index a = 0;
  std::optional<Index> b;
  for (std::uint64_t k = 17; !b; ++k) {  // a drawn position with a move
    a = sampled_index(nim.size(), kSample, options.seed, k);
    nim.moves(a, [&](Successor s) { b = s.index; });
  }
  const PluginCheckReport clean = check_plugin(nim, options);
  EXPECT_TRUE(clean.ok()) << describe(clean);
  EXPECT_TRUE(clean.sampled);
  EXPECT_EQ(clean.indices, kSample);

  const Faulty<Nim> game(params, {{Fault::kDropUnmove, a, *b}});
  const PluginCheckReport report = check_plugin(game, options);
  ASSERT_EQ(report.failures.size(), 1u) << describe(report);
  EXPECT_EQ(report.failures[0].check, PluginCheck::kRelation);
  EXPECT_EQ(report.failures[0].index, a);
  EXPECT_EQ(report.failures[0].other, b);
}

TEST(BrokenSplits, DroppedPartIsNamed) {
  const Params params = params_of({"octal=0.77", "heaps=12"});  // Kayles: 7 splits into 2+4 and 2+3
  const Faulty<Octal> game(params, {{Fault::kDropUnsplit, 7, 2}});
  const PluginCheckReport report = check_plugin(game, with_threads(2));
  ASSERT_EQ(report.failures.size(), 1u) << describe(report);
  EXPECT_EQ(report.failures[0].check, PluginCheck::kSplits);
  EXPECT_EQ(report.failures[0].index, 7u);
  EXPECT_EQ(report.failures[0].other, 2u);
  EXPECT_EQ(report.failures[0].message,
            "move 7 -> 2 appears 2 times in split_moves(7), 1 time in unsplit(2)");
}

TEST(BrokenSuccessorTexts, DroppedTextIsNamed) {
  const Params params = params_of({});
  const TicTacToe board(params);
  const Index empty = board.parse(".........");
  const Faulty<TicTacToe> game(params, {{Fault::kDropSuccessorText, empty}});
  PluginCheckOptions options = with_threads(2);
  options.text_sample = game.size();  // every position
  const PluginCheckReport report = check_plugin(game, options);
  ASSERT_FALSE(report.ok());
  for (const PluginCheckFailure& f : report.failures) {
    EXPECT_EQ(f.check, PluginCheck::kSuccessorTexts) << describe(report);
    EXPECT_EQ(f.index, empty) << describe(report);
  }
}

TEST(Progress, EndsWithEverythingDone) {
  const Nim nim(params_of({"heaps=2", "max=30"}));
  PluginCheckOptions options = with_threads(2);
  std::vector<PluginCheckProgress> seen;
  options.progress = [&](const PluginCheckProgress& p) { seen.push_back(p); };
  EXPECT_TRUE(check_plugin(nim, options).ok());
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back().phase, "checking");
  EXPECT_EQ(seen.back().done, nim.size());
  EXPECT_EQ(seen.back().total, nim.size());
}

}  // namespace
}  // namespace rtb
