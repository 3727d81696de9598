// run_plugin_check(), the command behind `tbgen check`: one line per
// table, one per failure, and the exit code a script can test.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cli/tbgen/check.h"
#include "games/nim/nim.h"
#include "gen/check/plugin_check.h"
#include "gen/instances/instances.h"
#include "tests/support/faulty_game.h"

namespace rtb {
namespace {

Params params_of(std::initializer_list<const char*> items) {
  Params p;
  for (const char* item : items) p.add(item);
  return p;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(PluginCheckCli, TicTacToePasses) {
  std::ostringstream out;
  EXPECT_EQ(run_plugin_check("tictactoe", params_of({}), 2, 0, out), 0);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 1u) << out.str();
  EXPECT_EQ(lines[0].rfind("tictactoe k=3,m=3,n=3: 19,683 indices, ", 0), 0u) << lines[0];
  EXPECT_TRUE(ends_with(lines[0], " moves checked: OK")) << lines[0];
}

TEST(PluginCheckCli, SampleOfATable) {
  std::ostringstream out;
  EXPECT_EQ(run_plugin_check("tictactoe", params_of({}), 2, 1000, out), 0);
  EXPECT_NE(out.str().find(": 1,000 of 19,683 indices (sample), "), std::string::npos) << out.str();
}

// A set of tables is checked table by table; chess needs no smaller
// tables attached for its checks.
TEST(PluginCheckCli, EveryTableOfASet) {
  std::ostringstream out;
  EXPECT_EQ(run_plugin_check("chess", params_of({"material=all3"}), 2, 20000, out), 0);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 5u) << out.str();  // KQvK KRvK KBvK KNvK KPvK
  for (const std::string& line : lines) {
    EXPECT_EQ(line.rfind("chess material=K", 0), 0u) << line;
    EXPECT_TRUE(ends_with(line, ": OK")) << line;
  }
}

TEST(PluginCheckCli, UnknownGameOrParameterThrows) {
  std::ostringstream out;
  EXPECT_THROW(run_plugin_check("no-such-game", params_of({}), 1, 0, out), GameError);
  EXPECT_THROW(run_plugin_check("nim", params_of({"hepas=2"}), 1, 0, out), GameError);
}

TEST(PluginCheckCli, BrokenPluginIsReported) {
  const Params params = params_of({"heaps=2", "max=5"});
  const Nim nim(params);
  const faulty::Faulty<Nim> game(params, {{faulty::Fault::kDropUnmove, nim.parse("3,4"), nim.parse("1,4")}});
  PluginCheckOptions options;
  options.threads = 2;
  std::ostringstream out;
  EXPECT_FALSE(print_plugin_check("nim heaps=2,max=5", check_plugin(game, options), out));
  // 36 positions of h1 + h2 moves each: 2 * 6 * (0 + 1 + ... + 5) = 180.
  EXPECT_EQ(out.str(),
            "nim heaps=2,max=5: 36 indices, 36 positions, 180 moves checked: FAILED\n"
            "  moves/unmoves at index 22 (3,4): move 3,4 -> 1,4 appears 1 time in moves(3,4), "
            "0 times in unmoves(1,4)\n");
}

}  // namespace
}  // namespace rtb
