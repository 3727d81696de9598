// End-to-end runs of tbgen and tbprobe as a user runs them, good input and
// bad: every failure is one line on stderr, a non-zero exit, and no table.
#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "storage/table_reader.h"
#include "tests/naive/naive_wdl.h"
#include "tests/support/run_command.h"

namespace fs = std::filesystem;

namespace rtb {
namespace {

using testing::Ran;
using testing::slurp;

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

  Ran run(const std::string& args) { return testing::run_command(args, dir_); }
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

// Under metric=dtz a pawn move takes the class of the position it reaches
// from the table itself: verify reads it there, not as a draw.
TEST_F(Cli, VerifyChecksPawnMovesOfDtzTables) {
  Ran made = tbgen("--game chess --param material=KPvK --param metric=dtz --quiet --out " + dir_.string());
  ASSERT_EQ(made.code, 0) << made.err;
  Ran verify = tbgen("verify --table " + (dir_ / "KPvK-dtz.rtb").string());
  EXPECT_EQ(verify.code, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("positions verified"), std::string::npos) << verify.out;
}

// --checksum gives the values' checksum, then each stream's name and the
// XXH3-64 of its bytes as the file holds them: tests/e2e/checksums.sh compares
// those lines, so a stream's bytes never change by accident.
TEST_F(Cli, ChecksumNamesEachStream) {
  using nlohmann::json;
  Ran made = tbgen("--game chess --param material=KPvK --param metric=dtz --quiet --out " + dir_.string());
  ASSERT_EQ(made.code, 0) << made.err;
  const auto table = dir_ / "KPvK-dtz.rtb";
  const rtb::storage::TableReader reader(table);
  auto hex = [](std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
    return std::string(text);
  };
  std::string want = hex(reader.meta().checksum);
  json streams = json::object();
  for (const std::string& name : reader.stream_names()) {
    const auto bytes = *reader.stream(name);
    want += " " + name + " " + hex(XXH3_64bits(bytes.data(), bytes.size()));
    streams[name] = hex(XXH3_64bits(bytes.data(), bytes.size()));
  }
  EXPECT_NE(want.find(" wdl "), std::string::npos) << want;
  Ran plain = tbprobe("--table " + table.string() + " --checksum");
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.out, want + "\n");
  Ran as_json = tbprobe("--table " + table.string() + " --checksum --json");
  ASSERT_EQ(as_json.code, 0) << as_json.err;
  EXPECT_EQ(json::parse(as_json.out),
            json({{"checksum", hex(reader.meta().checksum)}, {"streams", streams}}));
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

// Parameter values may hold commas: the canonical form a table keeps must
// read back whole. tbgen wrote graph-a,misere=1.rtb, and tbprobe read its
// file= back as ".../a" with misere=1.graph and refused the table.
TEST_F(Cli, ParameterValuesWithCommasReadBack) {
  for (const std::string name : {"a,misere=1.graph", "b,c.graph", "d\\,e.graph"}) {
    const auto file = write(name, "3 2\n1 2\n2 3\n");
    const auto out = dir_ / "out";
    fs::remove_all(out);
    ASSERT_EQ(tbgen("--game graph --param 'file=" + file.string() + "' --out " + out.string() + " -q").code,
              0);
    const auto written = tables(out);
    ASSERT_EQ(written.size(), 1u);
    Ran probe = tbprobe("--table '" + written[0].string() + "' --position 1");
    EXPECT_EQ(probe.code, 0) << name << ": " << probe.err;
    EXPECT_EQ(probe.out.substr(0, probe.out.find('\n')), "1: LOSS in 2 plies") << name;
  }
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

// A table that exists is refused before the tables it reads are built.
TEST_F(Cli, RefusesAnExistingTableBeforeBuildingWhatItReads) {
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game chess --param material=KRvK --out " + out.string() + " -q").code, 0);
  ASSERT_EQ(tbgen("--game chess --param material=KRvKN --out " + out.string() + " -q").code, 0);
  fs::remove(out / "KNvK.rtb");  // KRvKN reads it
  Ran again = tbgen("--game chess --param material=KRvKN --out " + out.string() + " -q");
  EXPECT_NE(again.code, 0);
  EXPECT_NE(again.err.find("--force"), std::string::npos) << again.err;
  EXPECT_FALSE(fs::exists(out / "KNvK.rtb"));
  // And a set builds its missing tables, several at once, each once.
  Ran set = tbgen("--game chess --param material=all3 --out " + out.string() + " --threads 2 -q");
  EXPECT_EQ(set.code, 0) << set.err;
  EXPECT_TRUE(fs::exists(out / "KNvK.rtb"));
  EXPECT_NE(set.out.find("KNvK.rtb"), std::string::npos);
  EXPECT_EQ(set.out.find("KRvK.rtb"), std::string::npos) << "an existing table of a set is kept";
}

// `tbgen plan` lists what generate would build, in its order, and builds
// nothing: each table after every table it reads that is missing.
TEST_F(Cli, PlanListsWhatGenerateWouldBuild) {
  const auto out = dir_ / "out";
  Ran plan = tbgen("plan --game chess --param material=KPvK --out " + out.string());
  ASSERT_EQ(plan.code, 0) << plan.err;
  EXPECT_FALSE(fs::exists(out));
  std::vector<std::string> listed;
  std::istringstream lines(plan.out);
  for (std::string line; std::getline(lines, line);) {
    const auto tab = line.find('\t'), tab2 = line.find('\t', tab + 1);
    ASSERT_NE(tab2, std::string::npos) << line;
    std::istringstream reads(line.substr(tab2 + 1));
    for (std::string read; reads >> read;)
      EXPECT_NE(std::ranges::find(listed, read), listed.end()) << line << ": reads " << read << " before it";
    listed.push_back(line.substr(0, tab));
  }
  ASSERT_FALSE(listed.empty());
  EXPECT_EQ(listed.back(), "KPvK");
  EXPECT_NE(plan.out.find("KPvK\tchess material=KPvK,metric=dtm\t"), std::string::npos) << plan.out;
  // What generate then builds is what the plan listed.
  ASSERT_EQ(tbgen("--game chess --param material=KPvK --out " + out.string() + " -q").code, 0);
  std::vector<std::string> built;
  for (const fs::path& t : tables(out)) built.push_back(t.stem().string());
  std::ranges::sort(built);
  std::ranges::sort(listed);
  EXPECT_EQ(built, listed);
  // Built now: the table alone with --force, refused without, as generate would.
  Ran forced = tbgen("plan --game chess --param material=KPvK --force --out " + out.string());
  EXPECT_EQ(forced.code, 0) << forced.err;
  EXPECT_EQ(forced.out.rfind("KPvK\t", 0), 0u) << forced.out;
  EXPECT_EQ(std::count(forced.out.begin(), forced.out.end(), '\n'), 1) << forced.out;
  Ran refused = tbgen("plan --game chess --param material=KPvK --out " + out.string());
  EXPECT_NE(refused.code, 0);
  EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
  Ran grundy = tbgen("plan --game nim --solver grundy");
  EXPECT_NE(grundy.code, 0);
  EXPECT_NE(grundy.err.find("--solver wdl"), std::string::npos) << grundy.err;
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

// The damage report's table: Connect Four 4x4, its statistics and a
// position, with a count of the meta record changed in place (the record's
// page then fails its checksum) and with one byte of each page flipped: every
// answer is the right one or one line and a non-zero exit, and --check finds it.
TEST_F(Cli, DamagedTablesNeverAnswerWrongly) {
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game connect4 --param width=4 --param height=4 -q --out " + out.string()).code, 0);
  const fs::path table = out / "connect4-4x4.rtb";
  const Ran good = tbprobe("--table " + table.string() + " --check");
  EXPECT_EQ(good.code, 0) << good.err;
  EXPECT_NE(good.out.find("intact"), std::string::npos) << good.out;
  const Ran stats = tbprobe("--table " + table.string() + " --stats --json");
  ASSERT_EQ(stats.code, 0) << stats.err;
  const std::string wins =
      "count.wins=" + std::to_string(nlohmann::json::parse(stats.out)["counts"]["wins"].get<std::uint64_t>());
  const Ran position = tbprobe("--table " + table.string() + " --position xoo/xxxo/ox/oxxo");
  ASSERT_EQ(position.code, 0) << position.err;
  EXPECT_NE(position.out.find("WIN in 3 plies"), std::string::npos) << position.out;

  std::string bytes = slurp(table);
  const std::size_t at = bytes.find(wins);
  ASSERT_NE(at, std::string::npos) << wins;
  const fs::path damaged = dir_ / "damaged.rtb";
  std::string changed = bytes;
  changed[at + wins.size() - 1] = changed[at + wins.size() - 1] == '1' ? '2' : '1';
  std::ofstream(damaged, std::ios::binary) << changed;
  for (const char* what : {"--stats", "--check", "--position xoo/xxxo/ox/oxxo"}) {
    const Ran r = tbprobe("--table " + damaged.string() + " " + what);
    EXPECT_NE(r.code, 0) << what;
    EXPECT_EQ(r.out, "") << what;  // nothing printed before the damage is found
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("fails its checksum"), std::string::npos) << r.err;
  }
  for (std::size_t page = 0; page * 4096 < bytes.size(); ++page) {
    changed = bytes;
    changed[page * 4096 + 100] ^= 0x01;
    std::ofstream(damaged, std::ios::binary | std::ios::trunc) << changed;
    const Ran r = tbprobe("--table " + damaged.string() + " --position xoo/xxxo/ox/oxxo");
    EXPECT_TRUE(r.code != 0 || r.out == position.out) << "page " << page << ": " << r.out;
    if (r.code != 0) {
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    EXPECT_NE(tbprobe("--table " + damaged.string() + " --check").code, 0) << "page " << page;
  }
}

// A damaged table that tbgen must read (a dependency) stops it with one line
// naming that table, and nothing is written.
TEST_F(Cli, DamagedDependencyStopsTbgen) {
  const auto deps = dir_ / "deps";
  ASSERT_EQ(tbgen("--game chess --param material=KQvK -q --out " + deps.string()).code, 0);
  const fs::path kqk = deps / "KQvK.rtb";
  std::string bytes = slurp(kqk);
  bytes[4096 + 40] ^= 0x01;  // inside the first B-tree page
  std::ofstream(kqk, std::ios::binary | std::ios::trunc) << bytes;
  const Ran r = tbgen("--game chess --param material=KPvK -q --out " + deps.string());
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("KQvK.rtb is damaged"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(deps / "KPvK.rtb"));
}

// --compact: the tables a run writes keep their streams only; readers of
// values and later runs that need them say so; games without depth streams
// refuse the option.
TEST_F(Cli, CompactTables) {
  const auto out = dir_ / "compact";  // expect_clean_failure wants no table in out/
  const Ran made =
      tbgen("--game chess --param material=KRvK --param metric=dtz --compact --out " + out.string());
  ASSERT_EQ(made.code, 0) << made.err;
  EXPECT_NE(made.err.find("KRvK-dtz.rtb: compact, "), std::string::npos) << made.err;
  EXPECT_LT(fs::file_size(out / "KRvK-dtz.rtb"), 40000u);
  expect_clean_failure(tbprobe("--table " + (out / "KRvK-dtz.rtb").string() + " --stats"),
                       "is a compact table");
  expect_clean_failure(
      tbgen("--game chess --param material=KRvKR --param metric=dtz -q --out " + out.string()),
      "needs the values of " + (out / "KRvK-dtz.rtb").string() + ", a compact table");
  expect_clean_failure(tbgen("--game tictactoe --compact --out " + out.string()), "keep no depth stream");
  expect_clean_failure(tbgen("compact"), "compact needs --table FILE");
  // tbgen compact: the same for a table already written.
  ASSERT_EQ(tbgen("--game chess --param material=KQvK -q --out " + out.string()).code, 0);
  const std::uintmax_t whole = fs::file_size(out / "KQvK.rtb");
  const Ran compacted = tbgen("compact --table " + (out / "KQvK.rtb").string());
  ASSERT_EQ(compacted.code, 0) << compacted.err;
  EXPECT_LT(fs::file_size(out / "KQvK.rtb") * 2, whole);
  expect_clean_failure(tbprobe("--table " + (out / "KQvK.rtb").string() + " --stats"), "is a compact table");
  // lichess's answer (tbprobe --fen --json) reads compact tables as whole ones.
  const auto kept = dir_ / "whole";
  ASSERT_EQ(tbgen("--game chess --param material=KRvK --param metric=dtz -q --out " + kept.string()).code, 0);
  ASSERT_EQ(tbgen("--game chess --param material=KQvK -q --out " + kept.string()).code, 0);
  for (const char* fen :
       {"8/8/8/3k4/8/8/8/KR6 w - - 0 1", "8/8/8/3k4/8/8/8/KR6 b - - 30 1", "8/8/8/3k4/8/8/8/KQ6 b - - 0 1"}) {
    const std::string args = std::string(" --fen '") + fen + "' --json";
    const Ran compact_answer = tbprobe("--dir " + out.string() + args);
    const Ran whole_answer = tbprobe("--dir " + kept.string() + args);
    ASSERT_EQ(compact_answer.code, 0) << compact_answer.err;
    EXPECT_NE(compact_answer.out.find("\"category\""), std::string::npos) << compact_answer.out;
    EXPECT_EQ(compact_answer.out, whole_answer.out) << fen;
  }
}

TEST_F(Cli, VersionAndListOfRequiredParameters) {
  for (const Ran& v : {tbgen("--version"), tbprobe("--version")}) {
    EXPECT_EQ(v.code, 0) << v.err;
    EXPECT_NE(v.out.find("(rtb) 0."), std::string::npos) << v.out;
  }
  Ran list = tbgen("--list");
  ASSERT_EQ(list.code, 0);
  EXPECT_NE(list.out.find("--param file=...  path of the graph file (required)\n"), std::string::npos)
      << list.out;
  EXPECT_EQ(list.out.find("(default (required))"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("--param m=...  rows (default 3)\n"), std::string::npos) << list.out;
}

// tbgen check: the plugin checks on the user's own parameters.
TEST_F(Cli, CheckRunsThePluginChecks) {
  Ran ok = tbgen("check --game tictactoe --param m=3 --param n=4");
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("tictactoe k=3,m=3,n=4: "), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("moves checked: OK\n"), std::string::npos) << ok.out;
  Ran sampled = tbgen("check --game chess --param material=KRvK --sample 5000");
  EXPECT_EQ(sampled.code, 0) << sampled.err;
  EXPECT_NE(sampled.out.find("(sample)"), std::string::npos) << sampled.out;
  expect_clean_failure(tbgen("check --game tictactoe --param size=4"), "no parameter 'size'");
  expect_clean_failure(tbgen("check"), "no game given");
}

// A FEN names its table: --dir and --fen need no --game. Moves and the best
// line go through captures into the smaller tables, to mate.
TEST_F(Cli, ChessFenWithoutGame) {
  const auto out = dir_ / "out";
  ASSERT_EQ(tbgen("--game chess --param material=KRvK -q --out " + out.string()).code, 0);
  Ran probe = tbprobe("--dir " + out.string() + " --fen '8/8/8/8/8/2k5/8/KR6 w - - 0 1' --line");
  ASSERT_EQ(probe.code, 0) << probe.err;
  EXPECT_EQ(probe.out.rfind("8/8/8/8/8/2k5/8/KR6 w - - 0 1: WIN, mate in 14\n", 0), 0u) << probe.out;
  EXPECT_NE(probe.out.find("  Rd1 b1d1: WIN, mate in 14\n"), std::string::npos) << probe.out;
  EXPECT_NE(probe.out.find("  Rb3+ b1b3: DRAW\n"), std::string::npos) << probe.out;  // the king takes it
  EXPECT_NE(probe.out.find("best line: Rd1 Kc2"), std::string::npos) << probe.out;
  EXPECT_NE(probe.out.find("#\n"), std::string::npos) << probe.out;  // the line ends in mate
  Ran same = tbprobe("--dir " + out.string() + " --game chess --fen '8/8/8/8/8/2k5/8/KR6 w - - 0 1' --line");
  EXPECT_EQ(same.out, probe.out);
  Ran missing = tbprobe("--dir " + out.string() + " --fen '8/8/8/8/8/2k5/8/KQ6 w - - 0 1'");
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1) << missing.err;
  EXPECT_NE(missing.err.find("KQvK"), std::string::npos) << missing.err;
  // A FEN that is no FEN is a usage error (2), with --fen or --game chess --position.
  for (const std::string fen : {"8/8/8/8/8/2k5/8/KR6 w - - 0 1 junk", "8/8/8/8/8/2k5/8/KR6", "nonsense"}) {
    for (const std::string option : {" --fen ", " --game chess --position "}) {
      Ran bad = tbprobe("--dir " + out.string() + option + "'" + fen + "'");
      EXPECT_EQ(bad.code, 2) << option << fen << ": " << bad.err;
      EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
      EXPECT_NE(bad.err.find("--help"), std::string::npos) << bad.err;
    }
  }
}

// --json: one object per query, for every kind of table.
TEST_F(Cli, JsonForEveryKind) {
  const auto out = dir_ / "out";
  using nlohmann::json;
  auto one = [&](const std::string& args) {
    Ran r = tbprobe(args + " --json");
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    return json::parse(r.out.empty() ? "null" : r.out);
  };
  ASSERT_EQ(tbgen("--game tictactoe -q --out " + out.string()).code, 0);
  const std::string ttt = "--table " + (out / "tictactoe.rtb").string();
  json j = one(ttt + " --position xx.oo.... --line");
  EXPECT_EQ(j["position"], "xx.oo....");
  EXPECT_EQ(j["value"], json({{"outcome", "win"}, {"plies", 1}}));
  EXPECT_EQ(j["moves"].size(), 5u);
  EXPECT_EQ(j["line"][0]["position"], "xxxoo....");
  EXPECT_EQ(j["line"][0]["value"], json({{"outcome", "loss"}, {"plies", 0}}));
  j = one(ttt + " --stats");
  EXPECT_EQ(j["value_kind"], "wdl16");
  EXPECT_EQ(j["legal"], 765);
  EXPECT_EQ(
      j["counts"]["wins"].get<int>() + j["counts"]["draws"].get<int>() + j["counts"]["losses"].get<int>(),
      765);
  EXPECT_EQ(j["checksum"].get<std::string>().size(), 16u);
  Ran dump = tbprobe(ttt + " --dump --json");
  EXPECT_EQ(std::count(dump.out.begin(), dump.out.end(), '\n'), 765);
  EXPECT_EQ(json::parse(dump.out.substr(0, dump.out.find('\n')))["position"], ".........");
  // Every position of 3x3 is reachable: the sweep's split up to symmetry is
  // the dump's, and over the full board it weighs each by its symmetries.
  std::map<std::string, int> dumped;
  std::istringstream lines(dump.out);
  for (std::string line; std::getline(lines, line);) ++dumped[json::parse(line)["value"]["outcome"]];
  j = one(ttt + " --reachable --threads 2");
  EXPECT_EQ(j["up_to_symmetry"], json({{"positions", 765},
                                       {"wins", dumped["win"]},
                                       {"draws", dumped["draw"]},
                                       {"losses", dumped["loss"]}}));
  EXPECT_EQ(j["canonical"], 765);
  EXPECT_EQ(j["positions"], 5478);
  EXPECT_GT(j["wins"], j["up_to_symmetry"]["wins"]);

  ASSERT_EQ(tbgen("--game nim --param heaps=2 --param max=3 --solver grundy -q --out " + out.string()).code,
            0);
  const std::string nim = (out / "nim-2x3.grundy.rtb").string();
  j = one("--table " + nim + " --position 3,1");
  EXPECT_EQ(j["value"], json({{"value", "2"}, {"outcome", "win"}}));
  j = one("--dir " + out.string() + " --solver grundy --game nim --param heaps=2 --param max=3 --stats");
  EXPECT_EQ(j["value_kind"], "grundy16");
  j = one("--sum " + nim + ":3,1 " + nim + ":2,0");
  EXPECT_EQ(j["sum"]["value"], "0");  // 2 xor 2

  const auto train = write("t.txt", "2 4\n0 1\n1 0\n0 0\n0 1\n1 0\n1 1\n");
  ASSERT_EQ(tbgen("--game graph --param file=" + train.string() +
                  " --param format=ioi-train --param objective=buchi --solver arena -q --out " + out.string())
                .code,
            0);
  j = one("--dir " + out.string() + " --solver arena --game graph --param file=" + train.string() +
          " --param format=ioi-train --param objective=buchi --position 0");
  EXPECT_EQ(j["winner"], "A");
  EXPECT_EQ(j["objective"], "buchi");
  j = one("--table " + (out / "graph-t-ioi-buchi.rtb").string() + " --stats");
  EXPECT_EQ(j["solver_params"], "objective=buchi");
  EXPECT_EQ(j["counts"]["a_wins"], 2);
  Ran verify = tbgen("verify --table " + (out / "graph-t-ioi-buchi.rtb").string());
  EXPECT_EQ(verify.code, 1);
  EXPECT_NE(verify.err.find("does not check arena16"), std::string::npos) << verify.err;
}

}  // namespace
}  // namespace rtb
