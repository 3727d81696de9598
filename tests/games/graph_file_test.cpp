// The graph plugin's file reader at its limits, with limits small enough to
// reach in a test: a FIFO or a device is refused before a byte is read, a
// file larger than max_bytes too, and counts are checked before allocation.
#include "games/graph/graph_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "games/game.h"

namespace rtb::graph_file {
namespace {

namespace fs = std::filesystem;

class GraphFileLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rtb_graph_file_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string error_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const GameError& e) {
      return e.what();
    }
    return "(accepted)";
  }
  fs::path dir_;
};

// A FIFO is refused at once, whether a writer sends to it or not (none
// here: opening it the ordinary way would wait for one forever), and so is
// a device that never ends.
TEST_F(GraphFileLimits, AFifoOrADeviceIsRefusedAtOnce) {
  const auto fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] {
              read_text(fifo.string(), {std::uint64_t{1} << 20, 1024});
            }),
            "graph file " + fifo.string() + " is a FIFO, not a regular file");
  EXPECT_EQ(error_of([&] {
              read_text("/dev/zero", {std::uint64_t{1} << 20, 1024});
            }),
            "graph file /dev/zero is a device, not a regular file");
}

TEST_F(GraphFileLimits, ARegularFileAboveMaxBytesIsRefusedUnread) {
  const auto file = dir_ / "big.txt";
  std::ofstream(file) << "1 0\n";
  fs::resize_file(file, (std::uint64_t{3} << 20) + 5);
  EXPECT_EQ(error_of([&] {
              read_text(file.string(), {std::uint64_t{1} << 20, 1024});
            }),
            file.string() + " has 3 MiB, more than the 1 MiB a graph file may hold");
}

TEST_F(GraphFileLimits, VertexCountsUpToTheMaximum) {
  EXPECT_EQ(parse_graph("g", std::to_string(kMaxVertices) + " 0\n").n, kMaxVertices);
  EXPECT_EQ(error_of([] { parse_graph("g", std::to_string(kMaxVertices + 1) + " 0\n"); }),
            "g:1: n is 268435457, out of range 1..268435456");
}

TEST_F(GraphFileLimits, TrainCountsTheFileCannotHold) {
  EXPECT_EQ(error_of([] { parse_train("t", "9 1\n1 0 1 0\n"); }),
            "t:1: n is 9 stations, but the rest of the file holds at most 5 numbers");
  EXPECT_EQ(parse_train("t", "1 1\n1\n0\n0 0\n").owner.size(), 1u);
}

}  // namespace
}  // namespace rtb::graph_file
