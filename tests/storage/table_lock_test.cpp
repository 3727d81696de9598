// Writers own their partial file: a second writer of the same table (with
// or without force) is refused while the first is alive, whatever the
// interleaving, so the table published is always the complete one; a dead
// writer's lock (its process gone) stops no one.
#include "storage/table_lock.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

namespace fs = std::filesystem;
using Values = std::vector<std::uint16_t>;

class TableLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rtb_table_lock_test_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    path_ = dir_ / "t.rtb";
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path dir_, path_;
};

Values values(std::size_t n, std::uint16_t salt) {
  Values v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint16_t>(i * 7 + salt);
  return v;
}

WriteOptions forced(bool force) {
  WriteOptions o;
  o.force = force;
  o.block_values = 64;
  return o;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const StorageError& e) {
    return e.what();
  }
  return "";
}

void expect_table(const fs::path& path, const Values& expected) {
  TableReader reader(path);
  EXPECT_EQ(reader.read_all(), expected);
}

// The first interleaving: with --force the second writer deleted
// the first one's live partial; the first then published the second's
// unfinished file.
TEST_F(TableLockTest, SecondWriterWithForceIsRefusedWhileTheFirstLives) {
  const Values first = values(5000, 1);
  {
    TableWriter a(path_, first.size(), forced(true));
    a.append(std::span(first).first(2000));
    const std::string error = refusal([&] { TableWriter b(path_, 10, forced(true)); });
    EXPECT_NE(error.find("another tbgen is writing " + path_.string()), std::string::npos) << error;
    a.append(std::span(first).subspan(2000));
    a.commit(TableMeta{});
  }
  expect_table(path_, first);
  EXPECT_FALSE(fs::exists(partial_path(path_)));
  EXPECT_FALSE(fs::exists(lock_file_path(path_))) << "the lock file goes with its last holder";
}

// The second: without force, one writer killed after the other succeeded
// left an incomplete table that a rerun refused to replace.
TEST_F(TableLockTest, WriterKilledAfterTheOtherSucceededLeavesTheCompleteTable) {
  const Values first = values(3000, 2), second = values(3000, 3);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // the first writer: starts, then hangs until killed
    try {
      TableWriter a(path_, first.size(), forced(false));
      a.append(std::span(first).first(1000));
      std::fclose(std::fopen((dir_ / "started").c_str(), "w"));
      pause();
    } catch (...) {
    }
    _exit(1);
  }
  while (!fs::exists(dir_ / "started")) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const std::string error = refusal([&] { TableWriter b(path_, second.size(), forced(false)); });
  EXPECT_NE(error.find("another tbgen is writing"), std::string::npos) << error;
  kill(child, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(fs::exists(partial_path(path_))) << "a killed writer leaves its partial";
  // The dead writer's lock holds no one: a rerun replaces its partial.
  TableWriter b(path_, second.size(), forced(false));
  b.append(second);
  b.commit(TableMeta{});
  expect_table(path_, second);
  EXPECT_FALSE(fs::exists(partial_path(path_)));
}

TEST_F(TableLockTest, OneHolderAtATimeAndAWaiterGetsItNext) {
  std::optional<TableLock> first(std::in_place, path_);
  EXPECT_NE(refusal([&] { TableLock again(path_); }).find("another tbgen"), std::string::npos);
  std::atomic<bool> got{false};
  std::thread waiter([&] {
    TableLock second(path_, TableLock::Wait::yes);
    got = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(got.load());
  first.reset();
  waiter.join();
  EXPECT_TRUE(got.load());
  TableLock third(path_);  // free again once the waiter let go
}

// Many writers racing for one table: exactly one publishes at a time, and
// the table is always one of theirs, whole.
TEST_F(TableLockTest, RacingWritersPublishOnlyCompleteTables) {
  constexpr int kWriters = 8;
  std::vector<std::thread> threads;
  std::atomic<int> published{0};
  for (int w = 0; w < kWriters; ++w)
    threads.emplace_back([&, w] {
      const Values mine = values(20000, static_cast<std::uint16_t>(w));
      for (int round = 0; round < 5; ++round) {
        try {
          TableWriter writer(path_, mine.size(), forced(true));
          for (std::size_t at = 0; at < mine.size(); at += 1000)
            writer.append(std::span(mine).subspan(at, 1000));
          writer.commit(TableMeta{});
          ++published;
        } catch (const StorageError& e) {
          EXPECT_NE(std::string(e.what()).find("another tbgen is writing"), std::string::npos) << e.what();
        }
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_GT(published.load(), 0);
  const Values got = TableReader(path_).read_all();
  bool one_of_them = false;
  for (int w = 0; w < kWriters; ++w) one_of_them |= got == values(20000, static_cast<std::uint16_t>(w));
  EXPECT_TRUE(one_of_them);
  EXPECT_FALSE(fs::exists(partial_path(path_)));
}

}  // namespace
}  // namespace rtb::storage
