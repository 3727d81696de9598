// A table that shrinks while a reader has it mapped (truncated, or copied
// over by a shorter file) is an error for every read that touches it, never
// a SIGBUS and never a wrong value; other tables and other processes' faults
// are left alone (storage/map_guard.h).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
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
  fs::resize_file(path, fs::file_size(path) / 2);
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
  fs::resize_file(path, fs::file_size(path) / 3);
  const auto bytes = *reader.stream("stream");
  // The bytes past the new end read as zeros instead of raising SIGBUS.
  const auto zeros = std::count(bytes.begin(), bytes.end(), std::byte{0});
  EXPECT_GT(zeros, static_cast<std::ptrdiff_t>(bytes.size() / 2));
  expect_changed_error([&] { reader.check_unchanged(); });
}

TEST_F(MapGuardTest, AnotherTableIsUntouched) {
  const fs::path shrunk = file("a.rtb"), kept = file("b.rtb");
  const Values values = random_values(1 << 19, 4);
  write(shrunk, values);
  write(kept, values);
  const TableReader a(shrunk), b(kept);
  fs::resize_file(shrunk, 4096);
  expect_changed_error([&] { (void)a.read_all(); });
  EXPECT_EQ(b.read_all(), values);
  b.check_unchanged();
}

TEST_F(MapGuardTest, ReadersOnManyThreadsAllGetTheError) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(1 << 20, 5);
  write(path, values);
  const TableReader reader(path);
  fs::resize_file(path, fs::file_size(path) / 4);
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
