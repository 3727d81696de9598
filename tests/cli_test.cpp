// End-to-end runs of tbgen and tbprobe as a user runs them, good input and
// bad: every failure is one line on stderr, a non-zero exit, and no table.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/naive/naive_wdl.h"

namespace fs = std::filesystem;

namespace rtb {
namespace {

struct Ran {
  int code;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "<9 cells of x, o, .> <WIN n|LOSS n|DRAW ->"
bool is_dump_line(const std::string& line) {
  if (line.size() < 12 || line.find_first_not_of("xo.") != 9 || line[9] != ' ') return false;
  const std::string value = line.substr(10);
  if (value == "DRAW -") return true;
  for (const char* outcome : {"WIN ", "LOSS "}) {
    const std::string prefix = outcome;
    if (value.rfind(prefix, 0) == 0 && value.size() > prefix.size() &&
        value.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      return true;
  }
  return false;
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rtb_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Ran run(const std::string& args) {
    const auto out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = args + " >" + out.string() + " 2>" + err.string();
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }
  Ran tbgen(const std::string& args) { return run(std::string(TBGEN) + " " + args); }
  Ran tbprobe(const std::string& args) { return run(std::string(TBPROBE) + " " + args); }

  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  std::vector<fs::path> tables(const fs::path& d) {
    std::vector<fs::path> out;
    if (fs::exists(d))
      for (const auto& e : fs::directory_iterator(d)) out.push_back(e.path());
    return out;
  }
  // A failed run: non-zero exit, exactly one line on stderr, no table written.
  void expect_clean_failure(const Ran& r, const std::string& mentions) {
    EXPECT_NE(r.code, 0) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
    EXPECT_TRUE(tables(dir_ / "out").empty()) << "a table was written";
  }

  fs::path dir_;
};

TEST_F(Cli, HelpAndListAreComplete) {
  Ran help = tbgen("--help");
  EXPECT_EQ(help.code, 0);
  for (const char* option :
       {"--game", "--param", "--out", "--threads", "--quiet", "--force", "--list", "verify"})
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
  Ran list = tbgen("--list");
  EXPECT_EQ(list.code, 0);
  for (const char* item : {"graph", "tictactoe", "file=", "misere=", "target=", "m=", "n=", "k="})
    EXPECT_NE(list.out.find(item), std::string::npos) << item;
  Ran probe_help = tbprobe("--help");
  EXPECT_EQ(probe_help.code, 0);
  for (const char* option : {"--table", "--dir", "--position", "--line", "--stats", "--dump"})
    EXPECT_NE(probe_help.out.find(option), std::string::npos) << option;
}

TEST_F(Cli, GenerateProbeVerifyTicTacToe) {
  const auto out = dir_ / "out";
  Ran gen = tbgen("--game tictactoe --out " + out.string() + " --quiet");
  ASSERT_EQ(gen.code, 0) << gen.err;
  const fs::path table = out / "tictactoe.rtb";
  EXPECT_EQ(gen.out, table.string() + "\n");
  EXPECT_EQ(tables(out).size(), 1u);  // no lock or partial file left behind

  Ran probe = tbprobe("--dir " + out.string() + " --game tictactoe --position xx.oo.... --line");
  ASSERT_EQ(probe.code, 0) << probe.err;
  EXPECT_NE(probe.out.find("xx.oo....: WIN in 1 plies"), std::string::npos) << probe.out;
  EXPECT_NE(probe.out.find("move to xxxoo....: WIN in 1 plies for the mover"), std::string::npos)
      << probe.out;
  EXPECT_NE(probe.out.find("1. xxxoo....  LOSS in 0 plies"), std::string::npos) << probe.out;

  // The same board turned half round: moves and line keep the user's orientation.
  Ran turned = tbprobe("--dir " + out.string() + " --game tictactoe --position ....oo.xx --line");
  ASSERT_EQ(turned.code, 0) << turned.err;
  EXPECT_NE(turned.out.find("move to ....ooxxx: WIN in 1 plies for the mover"), std::string::npos)
      << turned.out;
  EXPECT_NE(turned.out.find("1. ....ooxxx  LOSS in 0 plies"), std::string::npos) << turned.out;
  EXPECT_EQ(turned.out.find("xxxoo...."), std::string::npos) << turned.out;  // the stored image

  Ran dump = tbprobe("--table " + table.string() + " --dump");
  ASSERT_EQ(dump.code, 0) << dump.err;
  std::istringstream lines(dump.out);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) ASSERT_TRUE(is_dump_line(line)) << line;
  EXPECT_EQ(count, 765);  // every legal position of 3x3 is reachable: 765 up to symmetry

  Ran stats = tbprobe("--table " + table.string() + " --stats");
  ASSERT_EQ(stats.code, 0) << stats.err;
  EXPECT_NE(stats.out.find("positions " + std::to_string(count)), std::string::npos) << stats.out;

  Ran verify = tbgen("verify --table " + table.string());
  EXPECT_EQ(verify.code, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find(std::to_string(count) + " positions verified"), std::string::npos) << verify.out;
}

TEST_F(Cli, GraphTableEqualsNaiveSolver) {
  // Vertex 7 has a self-loop and an edge to a dead end; 1-2-3 is a cycle.
  const auto file = write("g.txt", "8 10\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n7 7\n7 6\n8 8\n8 8\n");
  naive::Graph g;
  g.n = 8;
  g.out.resize(8);
  g.terminal.assign(8, Value::loss(0));
  for (auto [u, v] : std::vector<std::pair<int, int>>{
           {1, 2}, {2, 3}, {3, 1}, {3, 4}, {4, 5}, {5, 6}, {7, 7}, {7, 6}, {8, 8}, {8, 8}})
    g.out[u - 1].push_back({true, static_cast<std::uint32_t>(v - 1), Value::draw()});
  const auto expected = naive::solve_wdl(g);
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game graph --param file=" + file.string() + " --out " + out.string() + " -q").code, 0);
  Ran dump = tbprobe("--dir " + out.string() + " --game graph --param file=" + file.string() + " --dump");
  ASSERT_EQ(dump.code, 0) << dump.err;
  std::string want;
  for (int v = 0; v < 8; ++v) want += std::to_string(v + 1) + " " + to_string(expected[v]) + "\n";
  EXPECT_EQ(dump.out, want);
}

TEST_F(Cli, RefusesToOverwriteWithoutForce) {
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game tictactoe --out " + out.string() + " -q").code, 0);
  const auto before = fs::last_write_time(out / "tictactoe.rtb");
  Ran again = tbgen("--game tictactoe --out " + out.string() + " -q");
  EXPECT_NE(again.code, 0);
  EXPECT_NE(again.err.find("--force"), std::string::npos) << again.err;
  EXPECT_EQ(fs::last_write_time(out / "tictactoe.rtb"), before);
  EXPECT_EQ(tbgen("--game tictactoe --out " + out.string() + " -q --force").code, 0);
}

TEST_F(Cli, LeftoverOfAnInterruptedRunIsReportedAndReplaced) {
  const auto out = dir_ / "out";
  fs::create_directories(out);
  std::ofstream(out / "tictactoe.rtb.partial") << "half a table";
  Ran gen = tbgen("--game tictactoe --out " + out.string());
  ASSERT_EQ(gen.code, 0) << gen.err;
  EXPECT_NE(gen.err.find("interrupted"), std::string::npos) << gen.err;
  EXPECT_FALSE(fs::exists(out / "tictactoe.rtb.partial"));
  EXPECT_EQ(tbprobe("--table " + (out / "tictactoe.rtb").string() + " --position .........").code, 0);
}

TEST_F(Cli, BadInputFailsCleanly) {
  const std::string out = " --out " + (dir_ / "out").string();
  expect_clean_failure(tbgen("--game chesss" + out), "unknown game 'chesss'");
  expect_clean_failure(tbgen("--game tictactoe --param m=x" + out), "m=x");
  expect_clean_failure(tbgen("--game tictactoe --param size=4" + out), "no parameter 'size'");
  expect_clean_failure(tbgen("--game tictactoe --param novalue" + out), "key=value");
  expect_clean_failure(tbgen("--game graph --param file=/nonexistent.txt" + out), "/nonexistent.txt");
  expect_clean_failure(tbgen("--game graph" + out), "file=PATH");
  expect_clean_failure(tbgen("--bogus-option"), "bogus");
  expect_clean_failure(tbgen("--game tictactoe --threads 0" + out), "--threads");
  expect_clean_failure(tbgen("verify --table " + (dir_ / "missing.rtb").string()), "missing.rtb");
}

TEST_F(Cli, MalformedGraphFilesNameTheLine) {
  const std::string out = " --out " + (dir_ / "out").string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3\n1 2\n", ":1:"},                                   // bad counts line
      {"3 2\n1 2\n", ":2: expected 2 edge lines, found 1"},  // missing edge line
      {"3 1\n1 4\n", ":2: vertex 4 is out of range"},
      {"3 1\n0 1\n", ":2: vertex 0 is out of range"},
      {"3 1\n1 two\n", ":2: expected numbers"},
      {"3 1\n1 2\n2 3\n", ":3: more edge lines than m"},
      {"", "empty file"},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto file = write("bad" + std::to_string(k) + ".txt", cases[k].first);
    expect_clean_failure(tbgen("--game graph --param file=" + file.string() + out), cases[k].second);
  }
}

TEST_F(Cli, UnreadableTablesFailCleanly) {
  const auto garbage = write("garbage.rtb", std::string(20000, 'x'));
  Ran r = tbprobe("--table " + garbage.string() + " --position 1");
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game tictactoe -q --out " + out.string()).code, 0);
  Ran wrong_game = tbprobe("--table " + (out / "tictactoe.rtb").string() + " --game graph --position 1");
  EXPECT_NE(wrong_game.code, 0);
  EXPECT_NE(wrong_game.err.find("not graph"), std::string::npos) << wrong_game.err;
  Ran missing =
      tbprobe("--dir " + out.string() + " --game tictactoe --param m=4 --param n=4 --param k=4 --stats");
  EXPECT_NE(missing.code, 0);
  EXPECT_NE(missing.err.find("no table"), std::string::npos) << missing.err;
  Ran bad_position = tbprobe("--dir " + out.string() + " --game tictactoe --position xxxxxxxxx");
  EXPECT_NE(bad_position.code, 0);
  EXPECT_EQ(std::count(bad_position.err.begin(), bad_position.err.end(), '\n'), 1) << bad_position.err;
  Ran nothing = tbprobe("--dir " + out.string() + " --game tictactoe");
  EXPECT_EQ(nothing.code, 2);
}

}  // namespace
}  // namespace rtb
