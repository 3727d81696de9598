// A table that shrinks while a reader has it mapped (truncated, or copied
// over by a shorter file) or is written over in place is an error for every
// read after it, never a SIGBUS and never a wrong value; other tables and
// other processes' faults are left alone (storage/map_guard.h).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

namespace fs = std::filesystem;
using Values = std::vector<std::uint16_t>;

class MapGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rtb_map_guard_test_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path file(const std::string& name) const { return dir_ / name; }

  fs::path dir_;
};

// Values that do not compress away, so the table spans many pages.
Values random_values(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Values values(n);
  for (auto& v : values) v = static_cast<std::uint16_t>(rng());
  return values;
}

std::vector<std::byte> random_bytes(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::byte> bytes(n);
  for (auto& b : bytes) b = static_cast<std::byte>(rng());
  return bytes;
}

TableMeta meta() {
  TableMeta m;
  m.game = "graph";
  m.identity = "graph;test";
  m.value_kind = "wdl16";
  return m;
}

void write(const fs::path& path, const Values& values, std::span<const std::byte> stream = {}) {
  TableWriter writer(path, values.size(), WriteOptions{});
  writer.append(values);
  if (!stream.empty()) writer.add_stream("stream", stream);
  writer.commit(meta());
}

// Changes a file the way another process would, from another thread:
// the lease break (storage/map_guard.h) is signalled while this thread waits
// in join(). (A thread blocked in the writing call itself would take it at
// once too, but the sanitizers hold signals back until a thread reaches a
// call they know blocks.)
void change_elsewhere(const std::function<void()>& change) {
  std::thread([&] {
    try {
      change();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "changing the file failed: " << e.what();
    }
  }).join();
}

void expect_changed_error(const std::function<void()>& read) {
  try {
    read();
    ADD_FAILURE() << "a read of the shrunk table answered";
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("changed on disk"), std::string::npos) << e.what();
  }
}

TEST_F(MapGuardTest, ATruncatedTableIsAnErrorForEveryReadAfterIt) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(1 << 20, 1);
  write(path, values);
  const TableReader reader(path);
  EXPECT_EQ(reader.value(0), values[0]);
  change_elsewhere([&] { fs::resize_file(path, fs::file_size(path) / 2); });
  const std::uint64_t last = values.size() - 1;
  expect_changed_error([&] { (void)reader.value(last); });
  expect_changed_error([&] { (void)reader.read_all(); });
  // Even where no page is read again: the map stays marked.
  expect_changed_error([&] { (void)reader.value(last); });
  expect_changed_error([&] { reader.check_unchanged(); });
  expect_changed_error([&] { reader.check(); });
}

TEST_F(MapGuardTest, AStreamReadBeyondTheEndIsCaughtByCheckUnchanged) {
  const fs::path path = file("s.rtb");
  const std::vector<std::byte> stream = random_bytes(8 << 20, 2);
  write(path, random_values(1000, 3), stream);
  const TableReader reader(path);
  reader.check_unchanged();
  change_elsewhere([&] { fs::resize_file(path, fs::file_size(path) / 3); });
  const auto bytes = *reader.stream("stream");
  // The bytes past the new end read as zeros instead of raising SIGBUS.
  const auto zeros = std::count(bytes.begin(), bytes.end(), std::byte{0});
  EXPECT_GT(zeros, static_cast<std::ptrdiff_t>(bytes.size() / 2));
  expect_changed_error([&] { reader.check_unchanged(); });
}

// Written over in place at the same size (`cp` of a table of the same
// size, a stray write): no fault comes, but the lease does; the writer is
// let through at once (not after the kernel's lease-break time, 45 s).
TEST_F(MapGuardTest, ARewriteInPlaceIsAnErrorForEveryReadAfterIt) {
  const fs::path path = file("s.rtb"), other = file("o.rtb");
  const std::vector<std::byte> stream = random_bytes(1 << 20, 8);
  write(path, random_values(1000, 9), stream);
  write(other, random_values(1000, 9), stream);
  const TableReader reader(path), untouched(other);
  ASSERT_TRUE(std::equal(stream.begin(), stream.end(), reader.stream("stream")->begin()));
  reader.check_unchanged();
  const auto started = std::chrono::steady_clock::now();
  change_elsewhere([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    const std::vector<std::byte> junk = random_bytes(4096, 10);
    EXPECT_EQ(::pwrite(fd, junk.data(), junk.size(), static_cast<off_t>(fs::file_size(path) / 2)), 4096);
    ::close(fd);
  });
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_EQ(fs::file_size(path), fs::file_size(other));
  expect_changed_error([&] { reader.check_unchanged(); });
  expect_changed_error([&] { (void)reader.read_all(); });
  untouched.check_unchanged();
  EXPECT_EQ(untouched.read_all(), random_values(1000, 9));
}

TEST_F(MapGuardTest, AnotherTableIsUntouched) {
  const fs::path shrunk = file("a.rtb"), kept = file("b.rtb");
  const Values values = random_values(1 << 19, 4);
  write(shrunk, values);
  write(kept, values);
  const TableReader a(shrunk), b(kept);
  change_elsewhere([&] { fs::resize_file(shrunk, 4096); });
  expect_changed_error([&] { (void)a.read_all(); });
  EXPECT_EQ(b.read_all(), values);
  b.check_unchanged();
}

TEST_F(MapGuardTest, ReadersOnManyThreadsAllGetTheError) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(1 << 20, 5);
  write(path, values);
  const TableReader reader(path);
  change_elsewhere([&] { fs::resize_file(path, fs::file_size(path) / 4); });
  std::vector<std::thread> threads;
  std::atomic<int> errors{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      try {
        for (std::uint64_t i = values.size() - 1 - t; i > values.size() / 2; i -= 4096) (void)reader.value(i);
      } catch (const StorageError&) {
        ++errors;
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(errors.load(), 4);
}

TEST_F(MapGuardTest, AReaderOpenedAfterTheTruncationRefusesTheFile) {
  const fs::path path = file("t.rtb");
  write(path, random_values(1 << 18, 6));
  fs::resize_file(path, fs::file_size(path) / 2);
  EXPECT_THROW(TableReader{path}, StorageError);
}

// A fault in a map nobody guards still ends the process, as without the
// guard: the handler passes it on.
TEST_F(MapGuardTest, AFaultOutsideAGuardedMapStillEndsTheProcess) {
  const fs::path path = file("plain.bin");
  write(file("t.rtb"), random_values(1000, 7));  // installs the handler
  (void)TableReader(file("t.rtb"));
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    const std::vector<char> page(1 << 16, 'x');
    std::fwrite(page.data(), 1, page.size(), f);
    std::fclose(f);
  }
  EXPECT_DEATH(
      {
        const int fd = ::open(path.c_str(), O_RDONLY);
        void* map = ::mmap(nullptr, 1 << 16, PROT_READ, MAP_SHARED, fd, 0);
        if (::ftruncate(::open(path.c_str(), O_WRONLY), 0) != 0) std::_Exit(0);
        volatile char c = static_cast<const char*>(map)[1 << 15];
        (void)c;
        std::_Exit(0);
      },
      "");
}

}  // namespace
}  // namespace rtb::storage
