// The corruption suite: two tables damaged in every way a disk, a copy or a
// hostile user can damage them. Connect Four 4x4, read through the probe
// library, keeps its blocks inside LMDB's leaf pages; a table of random
// values, read through the storage layer, keeps them in overflow pages that
// only a block's own checksum guards. The damage: random flips, every byte of
// every page LMDB walks (meta, branch and leaf pages, node headers) under
// several masks, truncations, zeroed and copied pages, appended bytes; and
// truncations and zeroed pages made while a reader has the table open. Every
// outcome must be the pristine answer or a one-line error; a wrong answer or
// a crash fails the suite. Whatever opens, `check()` must then refuse: a
// whole-table check catches every changed byte. Runs under ASan+UBSan too.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/connect4/connect4.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/probe.h"
#include "storage/page_trailer.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<char>;

Bytes read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// What a prober learns from a table: its meta record and, for a fixed sample
// of positions, each value and the value of each move.
std::string answers(const DepthTable& table, const std::vector<Index>& sample) {
  std::string out =
      table.meta().game + " " + table.meta().params + " legal=" + std::to_string(table.meta().legal);
  for (const auto& [name, value] : table.meta().counts.items())
    out += " " + name + "=" + std::to_string(value);
  for (const Index i : sample) {
    out += "\n" + std::to_string(i) + ":" + std::to_string(table.value(i).code());
    for (const MoveResult& move : table.moves(i)) out += " " + std::to_string(move.value.code());
  }
  return out;
}

struct Outcomes {
  int refused_at_open = 0;   // a one-line error when the table was opened
  int refused_on_probe = 0;  // opened, then a one-line error while answering
  int pristine_answers = 0;  // the damage did not touch what was asked (check() still refuses)
  int unchanged_files = 0;   // the damage changed no byte (a zero page over zeros ...)
};

// A table to damage: its pristine bytes, and how a reader opens it (the
// returned function answers the questions asked of every damaged copy).
struct Subject {
  fs::path path;
  Bytes bytes;
  storage::PageTrailer trailer;
  std::function<std::function<std::string()>(const fs::path&)> open;
  std::string pristine_answers;
};

Subject subject(const fs::path& path, std::function<std::function<std::string()>(const fs::path&)> open) {
  Subject s{path, read_bytes(path), {}, std::move(open), {}};
  s.pristine_answers = s.open(path)();
  const int fd = ::open(path.c_str(), O_RDONLY);
  s.trailer = storage::read_page_trailer(fd, s.bytes.size(), "pristine");
  ::close(fd);
  return s;
}

// Connect Four 4x4 through the probe library: the table and position.
Subject connect4(const fs::path& dir) {
  BuildOptions options;
  options.out_dir = dir;
  options.force = true;
  Params params;
  params.set("width", "4");
  params.set("height", "4");
  ConnectFour game(params);
  const fs::path path = build_table(game, options);
  std::vector<Index> sample;
  {
    const DepthTable table(path);
    sample.push_back(table.parse("xoo/xxxo/ox/oxxo"));
    std::mt19937_64 rng(7);
    while (sample.size() < 60) {
      const Index i = rng() % table.game().size();
      if (table.game().legal(i)) sample.push_back(i);
    }
  }
  return subject(path, [sample](const fs::path& p) {
    auto table = std::make_shared<const DepthTable>(p);
    return [table, sample] { return answers(*table, sample); };
  });
}

// Incompressible values in blocks of 4096: each block spans overflow pages.
Subject random_values(const fs::path& dir) {
  const fs::path path = dir / "random.rtb";
  std::vector<std::uint16_t> values(12 * 4096 + 100);
  std::mt19937_64 rng(3);
  for (auto& v : values) v = static_cast<std::uint16_t>(rng());
  storage::TableMeta meta;
  meta.game = "graph";
  meta.value_kind = "wdl16";
  meta.counts.set("wins", 5);
  storage::write_table(path, meta, values, {});
  return subject(path, [](const fs::path& p) {
    auto reader = std::make_shared<const storage::TableReader>(p);
    return [reader] {
      std::string out = reader->meta().game + " " + std::to_string(reader->meta().counts.get("wins"));
      for (std::uint64_t i = 0; i < reader->meta().index_size; i += 997)
        out += " " + std::to_string(reader->value(i));
      return out;
    };
  });
}

class Corruption : public ::testing::TestWithParam<int> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("rtb_corruption_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    subjects_.push_back(connect4(dir_));
    subjects_.push_back(random_values(dir_));
  }
  static void TearDownTestSuite() {
    subjects_.clear();
    fs::remove_all(dir_);
  }
  void SetUp() override {
    const Subject& s = subjects_.at(static_cast<std::size_t>(GetParam()));
    pristine_ = s.bytes;
    trailer_ = s.trailer;
    pristine_answers_ = s.pristine_answers;
    open_ = s.open;
    copy_ = dir_ / ("damaged-" + s.path.filename().string());
  }

  // Writes `damaged` as the table and probes it; records the outcome.
  void probe(const Bytes& damaged, const std::string& what) {
    if (damaged == pristine_) {
      ++outcomes_.unchanged_files;
      return;
    }
    write_bytes(copy_, damaged);
    copy_is_pristine_ = false;
    probe_copy(what);
  }

  // The table with one byte xor `mask` (written in place: the suite flips
  // hundreds of thousands of bytes).
  void probe_flip(std::size_t at, unsigned char mask, const std::string& what) {
    if (!copy_is_pristine_) write_bytes(copy_, pristine_);
    copy_is_pristine_ = true;
    const char damaged = static_cast<char>(pristine_[at] ^ static_cast<char>(mask));
    const int fd = ::open(copy_.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::pwrite(fd, &damaged, 1, static_cast<off_t>(at)), 1);
    probe_copy(what);
    ASSERT_EQ(::pwrite(fd, &pristine_[at], 1, static_cast<off_t>(at)), 1);
    ::close(fd);
  }

  void probe_copy(const std::string& what) {
    std::function<std::string()> answer;
    try {
      answer = open_(copy_);
    } catch (const std::exception& e) {
      expect_one_line(e, what);
      ++outcomes_.refused_at_open;
      return;
    }
    if (!answered_pristine(answer, what)) return;
    // The whole-table check finds any damage the sample did not touch.
    try {
      storage::TableReader(copy_).check();
      ADD_FAILURE() << "check() accepted a damaged table: " << what;
    } catch (const storage::StorageError& e) {
      expect_one_line(e, what);
    }
  }

  // Opens the pristine table, then lets `damage` change the file under the
  // open reader (storage/map_guard.h): the answers are the pristine ones or
  // a one-line error, never a signal.
  void probe_while_open(const std::function<void(int fd)>& damage, const std::string& what) {
    write_bytes(copy_, pristine_);
    copy_is_pristine_ = false;
    const std::function<std::string()> answer = open_(copy_);
    const int fd = ::open(copy_.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    damage(fd);
    ::close(fd);
    answered_pristine(answer, what);
  }

  // Asks the questions of a damaged table: the pristine answers or a
  // one-line error, either counted; false unless it answered.
  bool answered_pristine(const std::function<std::string()>& answer, const std::string& what) {
    try {
      const std::string got = answer();
      EXPECT_EQ(got, pristine_answers_) << "a WRONG ANSWER after " << what;
      if (got != pristine_answers_) return false;
      ++outcomes_.pristine_answers;
      return true;
    } catch (const std::exception& e) {
      expect_one_line(e, what);
      ++outcomes_.refused_on_probe;
      return false;
    }
  }

  static void expect_one_line(const std::exception& e, const std::string& what) {
    const std::string message = e.what();
    EXPECT_TRUE(dynamic_cast<const storage::StorageError*>(&e) || dynamic_cast<const ProbeError*>(&e))
        << what << ": " << message;
    EXPECT_FALSE(message.empty()) << what;
    EXPECT_EQ(message.find('\n'), std::string::npos) << what << ": " << message;
  }

  void TearDown() override {
    std::printf(
        "[ outcomes ] %s, %s: %d refused at open, %d refused while probing, %d pristine answers, %d "
        "unchanged\n",
        ::testing::UnitTest::GetInstance()->current_test_info()->name(), copy_.filename().c_str(),
        outcomes_.refused_at_open, outcomes_.refused_on_probe, outcomes_.pristine_answers,
        outcomes_.unchanged_files);
  }

  std::uint64_t page_bytes() const { return trailer_.page_size; }

  static inline fs::path dir_;
  static inline std::vector<Subject> subjects_;
  Bytes pristine_;
  storage::PageTrailer trailer_;
  std::string pristine_answers_;
  std::function<std::function<std::string()>(const fs::path&)> open_;
  fs::path copy_;
  bool copy_is_pristine_ = false;
  Outcomes outcomes_;
};

TEST_P(Corruption, RandomFlips) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t at = rng() % pristine_.size();
    const auto mask = static_cast<unsigned char>(1 + rng() % 255);
    probe_flip(at, mask, "byte " + std::to_string(at) + " xor " + std::to_string(mask));
  }
  for (int trial = 0; trial < 300; ++trial) {  // several bytes at once
    Bytes damaged = pristine_;
    for (int f = 0; f < 5; ++f) damaged[rng() % damaged.size()] ^= static_cast<char>(1 + rng() % 255);
    probe(damaged, "five random flips, trial " + std::to_string(trial));
  }
}

// Every byte of every page LMDB walks itself (its two meta pages, the
// B-tree's branch and leaf pages with their node headers), three masks each.
TEST_P(Corruption, EveryByteOfEveryWalkedPage) {
  int pages = 0;
  for (std::uint64_t p = 0; p < trailer_.page_count; ++p) {
    if (!trailer_.walked[p]) continue;
    ++pages;
    for (std::uint64_t at = p * page_bytes(); at < (p + 1) * page_bytes(); ++at)
      for (const unsigned char mask : {0x01, 0x80, 0xff})
        probe_flip(at, mask, "byte " + std::to_string(at) + " xor " + std::to_string(mask));
  }
  EXPECT_GE(pages, 3);  // both meta pages and at least one B-tree page
  EXPECT_LE(pages, static_cast<int>(trailer_.page_count));
}

TEST_P(Corruption, EveryByteOfTheTrailer) {
  for (std::size_t at = trailer_.lmdb_bytes(); at < pristine_.size(); ++at)
    probe_flip(at, 0x01, "trailer byte " + std::to_string(at));
}

TEST_P(Corruption, Truncations) {
  std::vector<std::size_t> lengths = {0, 1, 39, 40, pristine_.size() - 1, pristine_.size() - 40};
  for (std::uint64_t p = 0; p <= trailer_.page_count; ++p) lengths.push_back(p * page_bytes());
  std::mt19937_64 rng(2);
  for (int i = 0; i < 200; ++i) lengths.push_back(rng() % pristine_.size());
  for (const std::size_t length : lengths)
    probe(Bytes(pristine_.begin(), pristine_.begin() + static_cast<std::ptrdiff_t>(length)),
          "truncated to " + std::to_string(length));
}

TEST_P(Corruption, TruncatedWhileOpen) {
  std::vector<std::size_t> lengths = {0, 1, pristine_.size() - 1, pristine_.size() - 40};
  for (std::uint64_t p = 0; p <= trailer_.page_count; ++p) lengths.push_back(p * page_bytes());
  std::mt19937_64 rng(4);
  for (int i = 0; i < 50; ++i) lengths.push_back(rng() % pristine_.size());
  for (const std::size_t length : lengths)
    probe_while_open([&](int fd) { ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(length)), 0); },
                     "truncated to " + std::to_string(length) + " while open");
}

TEST_P(Corruption, PagesZeroedWhileOpen) {
  const Bytes zeros(page_bytes(), 0);
  for (std::uint64_t p = 0; p < trailer_.page_count; ++p)
    probe_while_open(
        [&](int fd) {
          ASSERT_EQ(::pwrite(fd, zeros.data(), zeros.size(), static_cast<off_t>(p * page_bytes())),
                    static_cast<ssize_t>(zeros.size()));
        },
        "page " + std::to_string(p) + " zeroed while open");
}

TEST_P(Corruption, ZeroedAndCopiedPages) {
  const std::uint64_t pages = trailer_.page_count;
  for (std::uint64_t p = 0; p < pages; ++p) {
    Bytes damaged = pristine_;
    std::fill_n(damaged.begin() + static_cast<std::ptrdiff_t>(p * page_bytes()), page_bytes(), 0);
    probe(damaged, "page " + std::to_string(p) + " zeroed");
  }
  for (std::uint64_t from = 0; from < pages; ++from)
    for (std::uint64_t to = 0; to < pages; ++to) {
      Bytes damaged = pristine_;
      std::copy_n(pristine_.begin() + static_cast<std::ptrdiff_t>(from * page_bytes()), page_bytes(),
                  damaged.begin() + static_cast<std::ptrdiff_t>(to * page_bytes()));
      probe(damaged, "page " + std::to_string(from) + " copied over page " + std::to_string(to));
    }
}

TEST_P(Corruption, AppendedBytes) {
  for (const std::size_t extra : {1, 7, 40, 4096, 65536}) {
    Bytes damaged = pristine_;
    damaged.resize(damaged.size() + extra, '\0');
    probe(damaged, std::to_string(extra) + " zero bytes appended");
    // The trailer copied to the new end: the sizes it states no longer fit.
    std::copy(pristine_.end() - 40, pristine_.end(), damaged.end() - 40);
    probe(damaged, std::to_string(extra) + " bytes appended before a copied footer");
  }
}

INSTANTIATE_TEST_SUITE_P(Tables, Corruption, ::testing::Values(0, 1), [](const auto& info) {
  return info.param == 0 ? "Connect4x4" : "RandomOverflowBlocks";
});

}  // namespace
}  // namespace rtb
