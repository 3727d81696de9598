// A table is never taken for another, and input is taken strictly: tables
// under another table's name, made for another board size, from another
// input file with the same vertex count, or under another metric, are
// refused by tbprobe and by tbgen building on them, with one line naming both
// identities and nothing written; FIFOs and devices are refused at once; a
// FEN with trailing words or no side to move, a --param key given twice and
// seconds out of range are usage errors; a plain rerun after a killed
// --force run removes the partial file it now owns.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/run_command.h"

namespace fs = std::filesystem;

namespace rtb {
namespace {

using testing::Ran;
using testing::slurp;

class TableIdentity : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rtb_identity_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "t");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs a command with a time limit, so that a FIFO that blocks fails the
  // test instead of hanging it.
  Ran run(const std::string& args) { return testing::run_command("timeout 60 " + args, dir_); }
  Ran tbgen(const std::string& args) { return run(std::string(TBGEN) + " " + args); }
  Ran tbprobe(const std::string& args) { return run(std::string(TBPROBE) + " " + args); }
  std::string tables() const { return " --out " + (dir_ / "t").string(); }
  std::string in_tables() const { return " --dir " + (dir_ / "t").string(); }

  void build(const std::string& args) {
    const Ran r = tbgen(args + " -q" + tables());
    ASSERT_EQ(r.code, 0) << args << ": " << r.err;
  }
  // A refusal: the exit code, one line on stderr naming `found` and
  // `asked`, nothing on stdout.
  static void expect_refused(const Ran& r, int code, const std::string& found, const std::string& asked) {
    EXPECT_EQ(r.code, code) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("is " + found), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not the " + asked), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }

  fs::path dir_;
};

TEST_F(TableIdentity, AnotherBoardSizeUnderTheNameAskedForIsRefused) {
  build("--game connect4 --param width=5 --param height=4");
  fs::rename(dir_ / "t/connect4-5x4.rtb", dir_ / "t/connect4-4x4.rtb");
  const Ran r = tbprobe(in_tables() + " --game connect4 --param width=4 --param height=4 --position 12");
  expect_refused(r, 1, "connect4;height=4,width=5 wdl16", "connect4;height=4,width=4 wdl16");
  EXPECT_NE(r.err.find("connect4-4x4.rtb"), std::string::npos) << r.err;
  // The file read as itself still answers.
  EXPECT_EQ(tbprobe("--table " + (dir_ / "t/connect4-4x4.rtb").string() + " --position 12").code, 0);
}

TEST_F(TableIdentity, AGraphFromAnotherFileWithTheSameVertexCountIsRefused) {
  std::ofstream(dir_ / "a.txt") << "3 2\n1 2\n2 3\n";
  std::ofstream(dir_ / "b.txt") << "3 2\n1 3\n3 2\n";
  build("--game graph --param file=" + (dir_ / "a.txt").string());
  fs::rename(dir_ / "t/graph-a.rtb", dir_ / "t/graph-b.rtb");
  const Ran r = tbprobe(in_tables() + " --game graph --param file=" + (dir_ / "b.txt").string() + " --stats");
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("graph;n=3;misere=0;target=0;content="), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("asked for"), std::string::npos) << r.err;
}

TEST_F(TableIdentity, AnotherMetricUnderTheNameAskedForIsRefused) {
  build("--game chess --param material=KPvK --param metric=dtz");
  fs::copy_file(dir_ / "t/KPvK-dtz.rtb", dir_ / "t/KPvK.rtb");
  const Ran r = tbprobe(in_tables() + " --fen '8/8/8/8/8/8/4P3/k1K5 w - - 0 1'");
  expect_refused(r, 1, "chess;material=KPvK,metric=dtz;index=1 wdl16",
                 "chess;material=KPvK,metric=dtm;index=1");
}

// The case: KRvK copied to KQvK, then KQvKR built on it.
TEST_F(TableIdentity, TbgenRefusesToBuildOnAMisnamedDependency) {
  build("--game chess --param material=KRvK");
  fs::copy_file(dir_ / "t/KRvK.rtb", dir_ / "t/KQvK.rtb");
  const Ran r = tbgen("--game chess --param material=KQvKR -q" + tables());
  expect_refused(r, 1, "chess;material=KRvK,metric=dtm;index=1 wdl16",
                 "chess;material=KQvK,metric=dtm;index=1");
  EXPECT_NE(r.err.find("which KQvKR reads"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "t/KQvKR.rtb"));
  EXPECT_FALSE(fs::exists(dir_ / "t/KQvKR.rtb.partial"));
}

TEST_F(TableIdentity, TbgenRefusesADependencyOfAnotherMetric) {
  build("--game chess --param material=KQvK --param metric=dtz");
  build("--game chess --param material=KRvK");
  fs::copy_file(dir_ / "t/KQvK-dtz.rtb", dir_ / "t/KQvK.rtb");
  const Ran r = tbgen("--game chess --param material=KQvKR -q" + tables());
  expect_refused(r, 1, "chess;material=KQvK,metric=dtz;index=1 wdl16",
                 "chess;material=KQvK,metric=dtm;index=1");
  EXPECT_FALSE(fs::exists(dir_ / "t/KQvKR.rtb"));
}

TEST_F(TableIdentity, FifosAndDevicesAreRefusedAtOnce) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const fs::path& path : {fifo, fs::path("/dev/null")}) {
    const Ran probe = tbprobe("--table " + path.string() + " --stats");
    EXPECT_EQ(probe.code, 1) << probe.err;
    EXPECT_EQ(std::count(probe.err.begin(), probe.err.end(), '\n'), 1) << probe.err;
    EXPECT_NE(probe.err.find(path == fifo ? "is a FIFO, not a table file" : "is a character device"),
              std::string::npos)
        << probe.err;
    const Ran gen = tbgen("--game graph --param file=" + path.string() + tables());
    EXPECT_EQ(gen.code, 1) << gen.err;
    EXPECT_NE(gen.err.find(path == fifo ? "is a FIFO, not a regular file" : "is a device"), std::string::npos)
        << gen.err;
  }
}

TEST_F(TableIdentity, LenientInputIsAUsageError) {
  build("--game chess --param material=KQvK");
  const std::string fen = "7k/8/8/8/8/8/8/KQ6 w - - 0 1";
  ASSERT_EQ(tbprobe(in_tables() + " --fen '" + fen + "'").code, 0);
  for (const std::string& bad :
       std::vector<std::string>{fen + " extra", fen + "\xc3\xa9", "7k/8/8/8/8/8/8/KQ6"}) {
    const Ran r = tbprobe(in_tables() + " --fen '" + bad + "'");
    EXPECT_NE(r.code, 0) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "") << bad;
  }
  const Ran twice = tbgen("--game connect4 --param width=4 --param width=5 --param height=4" + tables());
  EXPECT_EQ(twice.code, 2) << twice.err;
  EXPECT_NE(twice.err.find("--param 'width' is given twice"), std::string::npos) << twice.err;
  EXPECT_FALSE(fs::exists(dir_ / "t/connect4-5x4.rtb"));
  const Ran probe_twice =
      tbprobe(in_tables() + " --game chess --param material=KQvK --param material=KRvK --stats");
  EXPECT_EQ(probe_twice.code, 2) << probe_twice.err;
  for (const char* option : {"--checkpoint-every", "--progress-every"}) {
    const Ran huge = tbgen("--game tictactoe " + std::string(option) + " 99999999999999999999" + tables());
    EXPECT_EQ(huge.code, 2) << huge.err;
    EXPECT_NE(huge.err.find(option), std::string::npos) << huge.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "t/tictactoe.rtb"));
}

// A --force run killed while writing leaves the old table and its partial
// file; the plain rerun refuses to replace the table but owns the lock, so
// it removes the partial, saying so.
TEST_F(TableIdentity, APlainRerunCleansTheKilledForceRunsPartial) {
  build("--game tictactoe");
  std::ofstream(dir_ / "t/tictactoe.rtb.partial") << "half a table";
  const Ran r = tbgen("--game tictactoe" + tables());
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("already exists"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "t/tictactoe.rtb.partial"));
  EXPECT_FALSE(fs::exists(dir_ / "t/tictactoe.rtb.lock"));
  EXPECT_EQ(tbprobe("--table " + (dir_ / "t/tictactoe.rtb").string() + " --check").code, 0);
}

}  // namespace
}  // namespace rtb
