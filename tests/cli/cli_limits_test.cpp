// Bad input and exhausted resources through tbgen as a user meets them: an
// absurd --threads, threads the system will not start, graph files that
// declare too much or never end, FIFOs and devices. Each is one line on stderr and a non-zero
// exit within seconds, never a hang, a crash or std::bad_alloc.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace rtb {
namespace {

struct Ran {
  int code;
  std::string err;
};

class CliLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rtb_limits_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `command` through sh under a 60 s timeout (exit 124 if it hangs).
  Ran run(const std::string& command) {
    const auto err = dir_ / "stderr";
    const std::string cmd = "timeout 60 sh -c '" + command + "' >/dev/null 2>" + err.string();
    const int status = std::system(cmd.c_str());
    std::ifstream in(err);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
            {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}};
  }
  std::string out() const { return " -q --out " + (dir_ / "out").string(); }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  // Exit `code`, one line on stderr that mentions `mentions`, no table.
  void expect_failure(const Ran& r, int code, const std::string& mentions) {
    EXPECT_EQ(r.code, code) << r.err.substr(0, 400);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err.substr(0, 400);
    EXPECT_LT(r.err.size(), 300u) << r.err.substr(0, 400);
    EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err.substr(0, 400);
    EXPECT_FALSE(fs::exists(dir_ / "out") && !fs::is_empty(dir_ / "out")) << "a table was written";
  }

  fs::path dir_;
};

const std::string kTbgen = TBGEN;

// Boost's conversion to unsigned read "-1" as 4294967295 and
// "-4294967295" as 1, which ran one thread.
TEST_F(CliLimits, NumbersOutOfRangeAreUsageErrors) {
  const std::string huge(1000, '7');
  for (const std::string threads :
       {"-1", "-4294967295", "-4294967294", "0", "1025", "4294967297", "99999999999999999999", "x", "2x", ""})
    for (const std::string& command : {std::string("--game tictactoe"), std::string("check --game tictactoe"),
                                       "verify --table " + (dir_ / "none.rtb").string()}) {
      SCOPED_TRACE(command + " --threads " + threads);
      expect_failure(run(kTbgen + " " + command + " --threads \"" + threads + "\"" + out()), 2,
                     "--threads must be a whole number from 1 to 1024, not '" + threads + "'");
    }
  expect_failure(run(kTbgen + " --game tictactoe --threads " + huge + out()), 2, "not '7777777777");
  expect_failure(run(kTbgen + " check --game tictactoe --sample -1"), 2,
                 "--sample must be a whole number from 0 to 18446744073709551615, not '-1'");
  expect_failure(
      run(std::string(TBPROBE) + " --table none.rtb --index -18446744073709551615"), 2,
      "--index must be a whole number from 0 to 18446744073709551615, not '-18446744073709551615'");
}

// Under a limit of 8 tasks for its user, tbgen starts 7 threads and the 8th
// fails with EAGAIN; the pool used to hang there, waiting on the started
// ones while it unwound. Root ignores RLIMIT_NPROC, so the run is nobody's.
TEST_F(CliLimits, ThreadsThatCannotStartAreAnErrorNotAHang) {
  fs::permissions(dir_, fs::perms::all);
  // A copy nobody can run wherever the build directory is (under /root, say).
  const fs::path tbgen = dir_ / "tbgen";
  fs::copy_file(kTbgen, tbgen);
  const std::string as_nobody_with_8_tasks =
      "exec setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=8 ";
  for (const std::string command : {"--game tictactoe", "check --game tictactoe"}) {
    SCOPED_TRACE(command);
    expect_failure(run(as_nobody_with_8_tasks + tbgen.string() + " " + command + " --threads 1000" + out()),
                   1, "cannot start 999 worker threads: " + std::generic_category().message(EAGAIN));
  }
}

TEST_F(CliLimits, GraphFilesThatDeclareMoreThanTheyHold) {
  const auto isolated = write("isolated.txt", "4294967294 0\n");
  expect_failure(run(kTbgen + " --game graph --param file=" + isolated.string() + out()), 1,
                 ":1: n is 4294967294, out of range 1..268435456");
  const auto train = write("huge.train", "4294967294 4294967294\n1 0\n");
  expect_failure(run(kTbgen + " --game graph --param format=ioi-train --param file=" + train.string() +
                     " --solver arena --param objective=buchi" + out()),
                 1, ":1: n is 4294967294 stations, but the rest of the file holds at most 3 numbers");
  // Sparse: 5 GiB that take no disk, refused before a byte is read.
  const auto big = dir_ / "big.txt";
  fs::resize_file(write("big.txt", "3 1\n1 2\n"), std::uint64_t{5} << 30);
  expect_failure(run(kTbgen + " --game graph --param file=" + big.string() + out()), 1,
                 "has 5120 MiB, more than the 4096 MiB a graph file may hold");
}

TEST_F(CliLimits, GraphFilesThatAreNotTextOrNeverEnd) {
  for (const std::string format : {"graph", "ioi-train"}) {
    SCOPED_TRACE(format);
    const std::string graph = kTbgen + " --game graph --param format=" + format + " --solver " +
                              (format == "graph" ? "wdl" : "arena --param objective=buchi") +
                              " --param file=";
    expect_failure(run(graph + "/dev/urandom" + out()), 1, "/dev/urandom is a device, not a regular file");
    expect_failure(run(graph + "/dev/zero" + out()), 1, "/dev/zero is a device, not a regular file");
  }
  const auto nul = write("nul.txt", std::string("3 1\n1 \0\0 2\n", 12));
  expect_failure(run(kTbgen + " --game graph --param file=" + nul.string() + out()), 1,
                 "nul.txt:2: byte '\\x00' is not text, in '1 \\x00\\x00");
  // A fifo is refused at once: no writer is needed to end the wait.
  const auto fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_failure(run(kTbgen + " --game graph --param file=" + fifo.string() + out()), 1,
                 "fifo is a FIFO, not a regular file");
  const auto long_line = write("long.txt", "2 1\n1 " + std::string(5000, ' ') + "2\n");
  expect_failure(run(kTbgen + " --game graph --param file=" + long_line.string() + out()), 1,
                 "long.txt:2: a line longer than 1024 bytes: '1     ");
}

TEST_F(CliLimits, LongInputIsEchoedAsAShortPrefix) {
  const std::string huge(100000, '7');
  expect_failure(run(kTbgen + " --game tictactoe --param m=" + huge + out()), 1, "m=7777777777");
  expect_failure(run(kTbgen + " --game tictactoe --param " + huge + out()), 1, "7777...'");
  const auto bad_line = write("bad.txt", "3 1\n1 " + std::string(1000, 'x') + "\n");
  expect_failure(run(kTbgen + " --game graph --param file=" + bad_line.string() + out()), 1,
                 ":2: expected numbers, found '1 xxxxxxxx");
}

// A full disk, for real: a 256 KiB tmpfs in a private mount namespace, and
// a table of 560 KiB. LMDB sees its write stop short and says EIO; the user
// must read that the disk is full.
TEST_F(CliLimits, FullDiskSaysSo) {
  const auto disk = dir_ / "disk";
  fs::create_directories(disk);
  const Ran r =
      run("exec unshare --mount sh -c \"mount -t tmpfs -o size=256k tmpfs " + disk.string() + " && exec " +
          kTbgen + " --game connect4 --param width=4 --param height=5 -q --out " + disk.string() + "/out\"");
  ASSERT_EQ(r.err.find("mount"), std::string::npos) << "this test needs unshare and mount (root): " << r.err;
  expect_failure(r, 1, "No space left on device");
  EXPECT_NE(r.err.find(disk.string() + "/out/connect4-4x5.rtb"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rtb
