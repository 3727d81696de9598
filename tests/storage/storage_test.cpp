// Tests of the storage layer: round trips, refusal to overwrite, failed
// writes that leave nothing, and damaged files (truncated, flipped bytes,
// wrong version, unfinished) that must give a StorageError, never a crash or
// a wrong value. Every test works in its own temporary directory.
#include <gtest/gtest.h>
#include <lmdb.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL  // an independent, header-only XXH3 to check the stored checksum
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "storage/block_codec.h"
#include "storage/compact_table.h"
#include "storage/lmdb_header.h"
#include "storage/lmdb_util.h"
#include "storage/page_trailer.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

namespace fs = std::filesystem;
using Values = std::vector<std::uint16_t>;

static_assert(std::endian::native == std::endian::little, "the reference checksum below hashes host memory");

class StorageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rtb_storage_test_XXXXXX").string();
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

Values random_values(std::size_t n, std::uint64_t seed, unsigned max = 0xffff) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<unsigned> dist(0, max);
  Values values(n);
  for (auto& v : values) v = static_cast<std::uint16_t>(dist(rng));
  return values;
}

TableMeta sample_meta() {
  TableMeta meta;
  meta.game = "graph";
  meta.params = "file=a=b.txt,misere=1";                // '=' and ',' inside a value
  meta.identity = "line one\nline two\\ and\r = more";  // what must be escaped
  meta.value_kind = "wdl16";
  meta.generator_version = "rtb 0.1.0 (test) \xc3\xa9";
  meta.legal = 123456789012ull;
  meta.solver_params = "objective=buchi";
  meta.counts.set("wins", 1);
  meta.counts.set("draws", 2);
  meta.counts.set("losses", 0xFFFFFFFFFFFFFFFFull);
  meta.counts.set("max_depth", 4000000000u);
  return meta;
}

void write(const fs::path& path, const Values& values, std::uint32_t block_values = 4096, bool force = false,
           const TableMeta& meta = sample_meta()) {
  WriteOptions options;
  options.block_values = block_values;
  options.force = force;
  write_table(path, meta, values, options);
}

// "<stem><n>.rtb". Appending (not "a" + to_string(n) + "b") avoids a GCC 12
// false positive (-Wrestrict at -O2, GCC bug 105329).
std::string numbered(const char* stem, std::uintmax_t n) {
  std::string name = stem;
  name += std::to_string(n);
  name += ".rtb";
  return name;
}

fs::path with_suffix(const fs::path& path, const char* suffix) {
  fs::path result = path;
  result += suffix;
  return result;
}

// Nothing but the published table: no .partial, no lock files.
void expect_no_litter(const fs::path& path) {
  EXPECT_FALSE(fs::exists(partial_path(path)));
  EXPECT_FALSE(fs::exists(with_suffix(partial_path(path), "-lock")));
  EXPECT_FALSE(fs::exists(with_suffix(path, "-lock")));
}

// Opens the table with LMDB directly (for damaging it on purpose) and runs
// f(txn, dbi) on database `db`, committing when `writable`.
void with_db(const fs::path& path, const char* db, bool writable,
             const std::function<void(MDB_txn*, MDB_dbi)>& f) {
  const std::string context = "test access to " + path.string();
  lmdb::Env env(context);
  lmdb::check(mdb_env_set_maxdbs(env.get(), 2), context, "mdb_env_set_maxdbs");
  const unsigned flags = MDB_NOSUBDIR | MDB_NOLOCK | (writable ? 0 : MDB_RDONLY);
  lmdb::check(mdb_env_open(env.get(), path.c_str(), flags, 0644), context, "mdb_env_open");
  lmdb::Txn txn(env.get(), writable ? 0 : MDB_RDONLY, context);
  MDB_dbi dbi = 0;
  lmdb::check(mdb_dbi_open(txn.get(), db, 0, &dbi), context, "mdb_dbi_open");
  f(txn.get(), dbi);
  lmdb::check(txn.commit(), context, "mdb_txn_commit");
}

// The stored bytes of `block` (checksum, count and zstd frame), read through LMDB.
std::vector<char> stored_block(const fs::path& path, std::size_t block) {
  std::vector<char> stored;
  with_db(path, "blocks", false, [&](MDB_txn* txn, MDB_dbi dbi) {
    MDB_val key{sizeof block, &block}, data;
    ASSERT_EQ(mdb_get(txn, dbi, &key, &data), 0);
    stored.assign(static_cast<const char*>(data.mv_data),
                  static_cast<const char*>(data.mv_data) + data.mv_size);
  });
  return stored;
}

std::string raw_meta(const fs::path& path) {
  std::string text;
  with_db(path, "meta", false, [&](MDB_txn* txn, MDB_dbi dbi) {
    MDB_val key{4, const_cast<char*>("meta")}, data;
    ASSERT_EQ(mdb_get(txn, dbi, &key, &data), 0);
    text.assign(static_cast<const char*>(data.mv_data), data.mv_size);
  });
  return text;
}

// After a change made through LMDB, writes the page checksums anew (as the
// writer does), so only the change itself can be what the reader refuses.
void reseal(const fs::path& path) {
  const std::uint64_t lmdb_bytes = check_lmdb_header(path, "reseal").needed_bytes();
  fs::resize_file(path, lmdb_bytes);  // drops the old trailer (LMDB may have written over part of it)
  append_page_trailer(path, "reseal");
}

// A meta record's text with its own checksum line made anew.
std::string with_meta_checksum(std::string text) {
  const std::size_t last = text.rfind("meta_checksum=");
  if (last != std::string::npos) text.erase(last);
  char line[40];
  std::snprintf(line, sizeof line, "meta_checksum=%016llx\n",
                static_cast<unsigned long long>(XXH3_64bits(text.data(), text.size())));
  return text + line;
}

// Stores `text` as the meta record, its checksum made anew unless `keep_checksum`,
// and reseals the file.
void put_raw_meta(const fs::path& path, std::string text, bool keep_checksum = false) {
  if (!keep_checksum) text = with_meta_checksum(text);
  with_db(path, "meta", true, [&](MDB_txn* txn, MDB_dbi dbi) {
    MDB_val key{4, const_cast<char*>("meta")}, data{text.size(), text.data()};
    ASSERT_EQ(mdb_put(txn, dbi, &key, &data, 0), 0);
  });
  reseal(path);
}

std::string replace_line(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::vector<char> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const fs::path& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Runs `f` and returns the StorageError's message ("" and a failure if none).
std::string storage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const StorageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no StorageError";
  return "";
}

std::string open_error(const fs::path& path) {
  return storage_error([&] { TableReader reader(path); });
}

// Checks every value each way a reader gives it.
void expect_values(const TableReader& reader, const Values& expected) {
  ASSERT_EQ(reader.meta().index_size, expected.size());
  EXPECT_EQ(reader.read_all(), expected);
  Values by_block;
  reader.for_each_block([&](std::uint64_t first, std::span<const std::uint16_t> block) {
    EXPECT_EQ(first, by_block.size());
    EXPECT_LE(block.size(), reader.meta().block_values);
    by_block.insert(by_block.end(), block.begin(), block.end());
  });
  EXPECT_EQ(by_block, expected);
  // Every other block alone: those, with their values, and no others.
  std::vector<std::uint64_t> asked, read;
  reader.for_each_block(
      [&](std::uint64_t first, std::uint64_t count) {
        EXPECT_EQ(count, std::min<std::uint64_t>(reader.meta().block_values, expected.size() - first));
        asked.push_back(first);
        return asked.size() % 2 == 1;
      },
      [&](std::uint64_t first, std::span<const std::uint16_t> block) {
        read.push_back(first);
        EXPECT_TRUE(
            std::equal(block.begin(), block.end(), expected.begin() + static_cast<std::ptrdiff_t>(first)));
      });
  ASSERT_EQ(asked.size(), (expected.size() + reader.meta().block_values - 1) / reader.meta().block_values);
  for (std::size_t k = 0; k < asked.size(); ++k) EXPECT_EQ(asked[k], k * reader.meta().block_values);
  EXPECT_EQ(read.size(), (asked.size() + 1) / 2);
  for (std::size_t k = 0; k < read.size(); ++k) EXPECT_EQ(read[k], asked[2 * k]);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (reader.value(i) != expected[i])
      FAIL() << "value(" << i << ") = " << reader.value(i) << ", want " << expected[i];
}

TEST(BlockCodecTest, RoundTripAndVerify) {
  BlockCodec codec(3);
  const BlockKey key{0x1234, 22};
  for (std::size_t n : {0, 1, 100, 4096}) {
    const Values values = random_values(n, n + 1, 7);
    std::vector<std::byte> stored;
    codec.encode(values, key, stored);
    ASSERT_LE(stored.size(), BlockCodec::max_encoded_size(n));
    Values out(n);
    EXPECT_EQ(BlockCodec::decode(stored, key, out), BlockCodec::DecodeResult::ok);
    EXPECT_EQ(out, values);
    Values wrong_size(n + 1);
    EXPECT_EQ(BlockCodec::decode(stored, key, wrong_size), BlockCodec::DecodeResult::wrong_count);
    EXPECT_EQ(BlockCodec::decode(std::span(stored).first(kBlockHeaderBytes - 1), key, out),
              BlockCodec::DecodeResult::too_short);
    for (std::size_t at = 0; at < stored.size(); ++at) {  // every single flipped byte is caught
      std::vector<std::byte> damaged = stored;
      damaged[at] ^= std::byte{0x10};
      EXPECT_NE(BlockCodec::decode(damaged, key, out), BlockCodec::DecodeResult::ok)
          << "n=" << n << " byte " << at;
    }
    // A block read under another number, or as another table's, is caught.
    EXPECT_EQ(BlockCodec::decode(stored, {key.table_salt, key.number + 1}, out),
              BlockCodec::DecodeResult::checksum_mismatch);
    EXPECT_EQ(BlockCodec::decode(stored, {key.table_salt ^ 1, key.number}, out),
              BlockCodec::DecodeResult::checksum_mismatch);
  }
}

// 1. Round trips of several sizes, around and across block boundaries.
TEST_F(StorageTest, RoundTrip) {
  int table = 0;
  for (std::uint32_t block_values : {64u, 4096u}) {
    for (std::size_t n : {1, 63, 64, 65, 4095, 4096, 4097, 100000}) {
      for (unsigned max : {3u, 0xffffu}) {  // compressible and incompressible values
        SCOPED_TRACE("block_values=" + std::to_string(block_values) + " n=" + std::to_string(n));
        const fs::path path = file(numbered("t", table++));
        const Values values = random_values(n, table, max);
        write(path, values, block_values);
        expect_no_litter(path);
        const TableReader reader(path);
        EXPECT_EQ(reader.meta().block_values, block_values);
        expect_values(reader, values);
        std::vector<std::uint16_t> block;
        reader.read_block((n - 1) / block_values, block);  // the last block may be short
        EXPECT_EQ(block.size(), (n - 1) % block_values + 1);
      }
    }
  }
}

TEST_F(StorageTest, EmptyTable) {
  const fs::path path = file("empty.rtb");
  write(path, {});
  const TableReader reader(path);
  EXPECT_EQ(reader.meta().index_size, 0u);
  EXPECT_TRUE(reader.meta().complete);
  EXPECT_TRUE(reader.read_all().empty());
  EXPECT_NE(storage_error([&] { reader.value(0); }).find("out of range"), std::string::npos);
}

TEST_F(StorageTest, MetaRoundTrip) {
  const fs::path path = file("meta.rtb");
  const Values values = random_values(10000, 5);
  write(path, values, 1000);
  const TableMeta want = sample_meta();
  const TableReader reader(path);
  const TableMeta& got = reader.meta();
  EXPECT_EQ(got.game, want.game);
  EXPECT_EQ(got.params, want.params);
  EXPECT_EQ(got.identity, want.identity);
  EXPECT_EQ(got.value_kind, want.value_kind);
  EXPECT_EQ(got.format_version, kFormatVersion);
  EXPECT_EQ(got.generator_version, want.generator_version);
  EXPECT_EQ(got.legal, want.legal);
  EXPECT_EQ(got.solver_params, want.solver_params);
  EXPECT_EQ(got.counts, want.counts);
  EXPECT_EQ(got.counts.get("losses"), 0xFFFFFFFFFFFFFFFFull);
  EXPECT_EQ(got.counts.get("max_depth"), 4000000000u);
  EXPECT_FALSE(got.counts.find("rounds"));
  // The fields the writer fills in.
  EXPECT_EQ(got.index_size, values.size());
  EXPECT_EQ(got.block_values, 1000u);
  EXPECT_EQ(got.checksum, XXH3_64bits(values.data(), values.size() * sizeof(values[0])));
  EXPECT_EQ(got.checksum, table_checksum(values));
  EXPECT_TRUE(got.complete);
  EXPECT_EQ(reader.path(), path);
  // The stored record is plain key=value text.
  EXPECT_NE(raw_meta(path).find("\ncomplete=1\n"), std::string::npos);
}

// Streams larger than the map a compact copy starts with (64 MiB): the map
// grows as a table's blocks make it grow.
TEST_F(StorageTest, CompactTableKeepsStreamsLargerThanItsFirstMap) {
  const fs::path path = file("large_streams.rtb");
  const Values values = random_values(1000, 8);
  std::vector<std::byte> stream(100 << 20);
  std::mt19937_64 rng(9);
  for (std::byte& b : stream) b = static_cast<std::byte>(rng());
  {
    TableWriter writer(path, values.size(), WriteOptions{});
    writer.append(values);
    writer.add_stream("large", stream);
    writer.add_stream("second", std::span(stream).first(1 << 20));
    writer.commit(sample_meta());
  }
  compact_table(path);
  const TableReader reader(path);
  EXPECT_FALSE(reader.has_values());
  ASSERT_TRUE(reader.stream("large"));
  EXPECT_TRUE(std::ranges::equal(*reader.stream("large"), stream));
  ASSERT_TRUE(reader.stream("second"));
  EXPECT_TRUE(std::ranges::equal(*reader.stream("second"), std::span(stream).first(1 << 20)));
}

// A compact table keeps its meta record, checksum and streams, refuses to
// read values with a message that says why, checks clean, and is smaller.
TEST_F(StorageTest, CompactTableKeepsStreamsNotValues) {
  const fs::path path = file("compact.rtb");
  const Values values = random_values(200000, 7, 0xffff);
  std::vector<std::byte> stream(50000);
  for (std::size_t k = 0; k < stream.size(); ++k) stream[k] = static_cast<std::byte>(k * 7);
  {
    TableWriter writer(path, values.size(), WriteOptions{});
    writer.append(values);
    writer.add_stream("one", stream);
    writer.add_stream("two", std::span(stream).first(10));
    writer.commit(sample_meta());
  }
  const std::uintmax_t whole = fs::file_size(path);
  const TableMeta before = TableReader(path).meta();
  compact_table(path);
  expect_no_litter(path);
  EXPECT_FALSE(fs::exists(with_suffix(partial_path(path), ".copy")));
  const TableReader reader(path);
  EXPECT_FALSE(reader.has_values());
  EXPECT_EQ(reader.meta().checksum, before.checksum);
  EXPECT_EQ(reader.meta().index_size, before.index_size);
  EXPECT_EQ(reader.meta().identity, before.identity);
  EXPECT_EQ(reader.meta().block_values, 0u);
  EXPECT_EQ(reader.stream_names(), (std::vector<std::string>{"one", "two"}));
  ASSERT_TRUE(reader.stream("one"));
  EXPECT_TRUE(std::ranges::equal(*reader.stream("one"), stream));
  EXPECT_EQ(reader.stream("two")->size(), 10u);
  EXPECT_NE(storage_error([&] { reader.value(5); }).find("compact"), std::string::npos);
  EXPECT_NE(storage_error([&] { reader.read_all(); }).find("compact"), std::string::npos);
  reader.check();
  EXPECT_LT(fs::file_size(path) * 4, whole);
  EXPECT_LT(fs::file_size(path), stream.size() + 40000);  // a few pages beside the streams
  compact_table(path);                                    // a compact table stays as it is
  EXPECT_FALSE(TableReader(path).has_values());
}

// A generator frees its values once appended and reads them back a part at
// a time: from the blocks written and from those still waiting for their
// transaction (64 K values a transaction here), at any offset, on several
// threads at once.
TEST_F(StorageTest, WriterReadsBackWhatWasAppended) {
  const fs::path path = file("back.rtb");
  const Values values = random_values(3 * 65536 + 777, 11, 0xffff);
  WriteOptions options;
  options.block_values = 64;
  TableWriter writer(path, values.size(), options);
  std::mt19937_64 rng(5);
  std::size_t appended = 0;
  auto read_back = [&](std::mt19937_64& r) {
    const std::size_t first = r() % (appended + 1),
                      size = std::min<std::size_t>(r() % 5000, appended - first);
    Values out(size);
    writer.read(first, out);
    return std::ranges::equal(out, std::span(values).subspan(first, size));
  };
  for (std::size_t part : {1000, 70000, 65536, 64, 0, 60785}) {  // the last leaves 777 waiting
    writer.append(std::span(values).subspan(appended, part));
    appended += part;
    for (int k = 0; k < 300; ++k) ASSERT_TRUE(read_back(rng)) << "after " << appended;
  }
  ASSERT_EQ(appended, values.size());
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::mt19937_64 r(100 + t);
      for (int k = 0; k < 200; ++k) wrong += !read_back(r);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong, 0);
  Values out(2);
  EXPECT_NE(storage_error([&] { writer.read(values.size() - 1, out); }).find("past"), std::string::npos);
  writer.commit(sample_meta());
  expect_values(TableReader(path), values);
}

TEST_F(StorageTest, WriterWithoutValuesHasNoneToReadBack) {
  const Values values = random_values(1000, 3, 7);
  WriteOptions options;
  options.store_values = false;
  TableWriter writer(file("none.rtb"), values.size(), options);
  writer.append(values);
  Values out(10);
  EXPECT_NE(storage_error([&] { writer.read(0, out); }).find("without values"), std::string::npos);
}

// 2. No overwrite without force; the old table survives the refusal.
TEST_F(StorageTest, RefusesOverwriteWithoutForce) {
  const fs::path path = file("t.rtb");
  const Values old_values = random_values(5000, 1), new_values = random_values(7000, 2);
  write(path, old_values);
  const std::string error = storage_error([&] { write(path, new_values); });
  EXPECT_EQ(error, "table " + path.string() + " already exists; use --force to replace it");
  expect_no_litter(path);
  expect_values(TableReader(path), old_values);

  write(path, new_values, 4096, /*force=*/true);
  expect_no_litter(path);
  expect_values(TableReader(path), new_values);
}

TEST_F(StorageTest, ReplacesALeftoverPartial) {
  const fs::path path = file("t.rtb");
  write_file(partial_path(path), std::vector<char>(5000, 'x'));
  const Values values = random_values(3000, 3);
  write(path, values);
  expect_no_litter(path);
  expect_values(TableReader(path), values);
}

// 3. A failed write leaves nothing behind.
TEST_F(StorageTest, FailedWriteLeavesNothing) {
  const fs::path missing = file("no/such/dir/t.rtb");
  const std::string error = storage_error([&] { write(missing, random_values(100, 1)); });
  EXPECT_NE(error.find(missing.string()), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << "one line";
  expect_no_litter(missing);

  const fs::path zero = file("zero.rtb");
  storage_error([&] { write(zero, random_values(100, 1), /*block_values=*/0); });
  EXPECT_FALSE(fs::exists(zero));
  expect_no_litter(zero);
  EXPECT_TRUE(fs::is_empty(dir_));
}

// A write that fails half way (the disk "fills up": RLIMIT_FSIZE, in a child
// process so the limit stays there) removes its partial file.
TEST_F(StorageTest, WriteFailingMidwayLeavesNothing) {
  const fs::path path = file("big.rtb");
  const Values values = random_values(1 << 20, 9);  // 2 MB that do not compress
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
    const rlimit limit{256 << 10, 256 << 10};
    setrlimit(RLIMIT_FSIZE, &limit);
    int code = 1;
    try {
      write(path, values, 4096);
    } catch (const StorageError& e) {
      std::fprintf(stderr, "(expected) %s\n", e.what());
      code = fs::exists(path) || fs::exists(partial_path(path)) ||
                     fs::exists(with_suffix(partial_path(path), "-lock"))
                 ? 2
                 : 0;
    } catch (...) {
      code = 3;
    }
    _exit(code);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no error, 2: files left behind, 3: not a StorageError";
  EXPECT_TRUE(fs::is_empty(dir_));
}

// 4. Truncated files fail on open, before anything is read through the map.
TEST_F(StorageTest, TruncatedFileIsAnError) {
  const fs::path path = file("t.rtb");
  write(path, random_values(100000, 4));
  const auto size = fs::file_size(path);
  const std::uintmax_t page = sysconf(_SC_PAGESIZE);
  for (std::uintmax_t cut :
       {size / 2, std::uintmax_t{100}, std::uintmax_t{0}, 2 * page, size - page, size - 1}) {
    SCOPED_TRACE("truncated to " + std::to_string(cut) + " of " + std::to_string(size));
    const fs::path copy = file(numbered("cut", cut));
    fs::copy_file(path, copy);
    fs::resize_file(copy, cut);
    const std::string error = open_error(copy);
    EXPECT_NE(error.find(copy.string()), std::string::npos) << error;
  }
  EXPECT_NE(open_error(file("absent.rtb")).find("absent.rtb"), std::string::npos);
  write_file(file("text.rtb"), std::vector<char>(20000, 'a'));
  EXPECT_NE(open_error(file("text.rtb")).find("has no valid page checksums"), std::string::npos);
  // Bytes appended to a table, or a table that lost its last byte.
  std::vector<char> longer = read_file(path);
  longer.push_back('\0');
  write_file(file("longer.rtb"), longer);
  EXPECT_NE(open_error(file("longer.rtb")).find("has no valid page checksums"), std::string::npos);
}

// 5. A flipped byte in a block: an error naming the block, never a wrong value.
TEST_F(StorageTest, CorruptBlockIsAnError) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(5 * 4096, 6);  // incompressible: each block is stored whole
  write(path, values);
  // Find block 2's stored bytes in the file.
  const std::vector<char> stored = stored_block(path, 2);
  const std::vector<char> original = read_file(path);
  const auto found = std::search(original.begin(), original.end(), stored.begin(), stored.end());
  ASSERT_NE(found, original.end());
  const std::size_t offset = found - original.begin();

  const std::size_t payload_middle = kBlockHeaderBytes + (stored.size() - kBlockHeaderBytes) / 2;
  for (std::size_t at : {payload_middle, std::size_t{3}, std::size_t{9}, stored.size() - 1}) {
    SCOPED_TRACE("flipped byte " + std::to_string(at) + " of block 2");
    std::vector<char> damaged = original;
    damaged[offset + at] ^= 0x01;
    write_file(path, damaged);
    const TableReader reader(path);  // the meta is intact, so the table opens
    EXPECT_EQ(reader.value(5), values[5]);
    EXPECT_EQ(reader.value(4 * 4096 + 7), values[4 * 4096 + 7]);
    const std::string error = storage_error([&] { reader.value(2 * 4096 + 100); });
    EXPECT_NE(error.find("block 2 is corrupt (checksum mismatch)"), std::string::npos) << error;
    EXPECT_NE(error.find(path.string()), std::string::npos) << error;
    storage_error([&] { reader.read_all(); });
    storage_error([&] { reader.for_each_block([](std::uint64_t, std::span<const std::uint16_t>) {}); });
    // A reader that skips block 2 gets the others, each checked by its own
    // checksum; one that reads it is refused.
    std::uint64_t checked = 0;
    reader.for_each_block([](std::uint64_t first, std::uint64_t) { return first != 2 * 4096; },
                          [&](std::uint64_t first, std::span<const std::uint16_t> block) {
                            EXPECT_TRUE(std::equal(block.begin(), block.end(),
                                                   values.begin() + static_cast<std::ptrdiff_t>(first)));
                            checked += block.size();
                          });
    EXPECT_EQ(checked, 4u * 4096);
    storage_error([&] {
      reader.for_each_block([](std::uint64_t first, std::uint64_t) { return first == 2 * 4096; },
                            [](std::uint64_t, std::span<const std::uint16_t>) {});
    });
    std::vector<std::uint16_t> block;
    storage_error([&] { reader.read_block(2, block); });
  }
}

// Every byte of every stored block and of the meta record, flipped in turn:
// a flip in a block is an error (at open, by its page's checksum, or when
// the block is read, naming it); a flip in the meta record is an error at
// open. Never a wrong value. (The corruption suite, tests/probe/corruption_test.cpp,
// damages LMDB's own pages too.)
TEST_F(StorageTest, FlippedByteInBlockOrMetaIsNeverAWrongValue) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(3000, 8, 5);
  const std::uint32_t block_values = 256;  // small blocks: many share a leaf page
  write(path, values, block_values);
  std::vector<std::vector<char>> records;  // the stored blocks, then the meta record
  for (std::size_t block = 0; block * block_values < values.size(); ++block)
    records.push_back(stored_block(path, block));
  const std::string meta = raw_meta(path);
  records.emplace_back(meta.begin(), meta.end());

  const std::vector<char> original = read_file(path);
  for (std::size_t r = 0; r < records.size(); ++r) {
    const auto found = std::search(original.begin(), original.end(), records[r].begin(), records[r].end());
    ASSERT_NE(found, original.end()) << "record " << r;
    for (std::size_t at = 0; at < records[r].size(); ++at) {
      std::vector<char> damaged = original;
      damaged[(found - original.begin()) + at] ^= 0x20;
      write_file(path, damaged);
      const std::string error = open_error(path);
      ASSERT_NE(error.find("fails its checksum"), std::string::npos) << error << " (record " << r << ")";
    }
  }
}

// A block stored under another number (its key renamed), or copied from
// another table, fails its checksum even when LMDB's pages are consistent.
TEST_F(StorageTest, BlockUnderAnotherNumberOrTableIsAnError) {
  const Values a = random_values(4 * 256, 3, 5), b = random_values(4 * 256, 4, 5);
  write(file("a.rtb"), a, 256);
  write(file("b.rtb"), b, 256);
  // a's block 1 replaced by b's, then a's block 3 replaced by a's block 2.
  const auto put_block = [&](std::size_t block, const std::vector<char>& bytes) {
    with_db(file("a.rtb"), "blocks", true, [&](MDB_txn* txn, MDB_dbi dbi) {
      MDB_val key{sizeof block, &block}, data{bytes.size(), const_cast<char*>(bytes.data())};
      ASSERT_EQ(mdb_put(txn, dbi, &key, &data, 0), 0);
    });
    reseal(file("a.rtb"));
  };
  put_block(1, stored_block(file("b.rtb"), 1));
  {
    const TableReader reader(file("a.rtb"));
    EXPECT_EQ(reader.value(0), a[0]);
    EXPECT_NE(storage_error([&] { reader.value(256); }).find("block 1 is corrupt (checksum mismatch)"),
              std::string::npos);
  }
  put_block(3, stored_block(file("a.rtb"), 2));
  const TableReader reader(file("a.rtb"));
  EXPECT_EQ(reader.value(2 * 256), a[2 * 256]);
  EXPECT_NE(storage_error([&] { reader.value(3 * 256); }).find("block 3 is corrupt (checksum mismatch)"),
            std::string::npos);
  EXPECT_NE(storage_error([&] { reader.check(); }).find("block 1 is corrupt"), std::string::npos);
}

// 6. A table of another format version is refused, naming the version.
TEST_F(StorageTest, OtherFormatVersionIsAnError) {
  const fs::path path = file("v2.rtb");
  TableMeta meta = sample_meta();
  meta.format_version = kFormatVersion + 1;
  write(path, random_values(100, 1), 64, false, meta);
  EXPECT_EQ(open_error(path), "table " + path.string() + " has format version " +
                                  std::to_string(kFormatVersion + 1) + "; this build reads version " +
                                  std::to_string(kFormatVersion));
}

// 7. An unfinished table (complete=0) is refused.
TEST_F(StorageTest, IncompleteTableIsAnError) {
  const fs::path path = file("t.rtb");
  write(path, random_values(1000, 1));
  put_raw_meta(path, replace_line(raw_meta(path), "complete=1", "complete=0"));
  EXPECT_EQ(open_error(path), "table " + path.string() + " is incomplete (an interrupted write)");
}

TEST_F(StorageTest, DamagedMetaIsAnError) {
  const fs::path path = file("t.rtb");
  write(path, random_values(1000, 1));
  const std::string meta = raw_meta(path);
  put_raw_meta(path, replace_line(meta, "index_size=1000\n", ""));
  EXPECT_NE(open_error(path).find("has no 'index_size'"), std::string::npos);
  put_raw_meta(path, replace_line(meta, "index_size=1000", "index_size=1x"));
  EXPECT_NE(open_error(path).find("malformed 'index_size'"), std::string::npos);
  put_raw_meta(path, replace_line(meta, "count.wins=1", "count.wins=x"));
  EXPECT_NE(open_error(path).find("malformed 'count.wins'"), std::string::npos);
  put_raw_meta(path, replace_line(meta, "index_size=1000", "index_size=5000"));  // blocks do not match
  EXPECT_NE(open_error(path).find("blocks"), std::string::npos);
  // A changed count behind an intact page: the record's own checksum.
  put_raw_meta(path, replace_line(meta, "count.wins=1", "count.wins=2"), /*keep_checksum=*/true);
  EXPECT_EQ(open_error(path),
            "table " + path.string() + ": the meta record is damaged (its checksum does not match)");
  with_db(path, "meta", true, [](MDB_txn* txn, MDB_dbi dbi) {
    MDB_val key{4, const_cast<char*>("meta")};
    ASSERT_EQ(mdb_del(txn, dbi, &key, nullptr), 0);
  });
  // Changed behind the page checksums' back: a page fails its checksum.
  EXPECT_NE(open_error(path).find("fails its checksum"), std::string::npos);
  reseal(path);
  EXPECT_EQ(open_error(path), "table " + path.string() + " has no meta record");
}

TEST_F(StorageTest, OutOfRangeIsAnError) {
  const fs::path path = file("t.rtb");
  write(path, random_values(100, 1), 64);
  const TableReader reader(path);
  EXPECT_NE(storage_error([&] { reader.value(100); }).find("index 100 is out of range"), std::string::npos);
  std::vector<std::uint16_t> block;
  EXPECT_NE(storage_error([&] { reader.read_block(2, block); }).find("block 2 is out of range"),
            std::string::npos);
}

// The per-thread block cache keeps readers apart, even a new reader that
// reuses the memory of a destroyed one.
TEST_F(StorageTest, CacheKeepsReadersApart) {
  const Values a = random_values(1000, 11), b = random_values(1000, 12);
  write(file("a.rtb"), a, 64);
  write(file("b.rtb"), b, 64);
  for (int round = 0; round < 3; ++round) {
    const TableReader ra(file("a.rtb")), rb(file("b.rtb"));
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(ra.value(i), a[i]);
      ASSERT_EQ(rb.value(i), b[i]);
    }
  }
  TableReader moved(file("a.rtb"));
  TableReader target = std::move(moved);
  EXPECT_EQ(target.value(999), a[999]);
}

// 8. Many threads share one reader.
TEST_F(StorageTest, ConcurrentReadsFromThreads) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(100000, 13);
  write(path, values, 64);
  const TableReader reader(path);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      std::uniform_int_distribution<std::size_t> index(0, values.size() - 1);
      for (int i = 0; i < 20000; ++i) {
        const std::size_t at = index(rng);
        if (reader.value(at) != values[at]) ++wrong;
      }
      if (t % 4 == 0 && reader.read_all() != values) ++wrong;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

// 9. Several processes read one file at once (no lock file is needed).
TEST_F(StorageTest, ConcurrentReadsFromProcesses) {
  const fs::path path = file("t.rtb");
  const Values values = random_values(200000, 14);
  write(path, values, 1024);
  const TableReader parent_reader(path);  // opened before the fork, and still used after it
  int start[2];
  ASSERT_EQ(pipe(start), 0);
  std::vector<pid_t> children;
  for (int c = 0; c < 3; ++c) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      close(start[1]);
      char byte;
      (void)!read(start[0], &byte, 1);  // wait until every process is ready (EOF)
      int code = 0;
      try {
        const TableReader reader(path);
        std::mt19937_64 rng(c);
        for (int i = 0; i < 50000; ++i) {
          const std::size_t at = rng() % values.size();
          if (reader.value(at) != values[at] || parent_reader.value(at) != values[at]) code = 1;
        }
        if (reader.read_all() != values) code = 1;
      } catch (...) {
        code = 2;
      }
      _exit(code);
    }
    children.push_back(pid);
  }
  close(start[0]);
  close(start[1]);  // go
  EXPECT_EQ(parent_reader.read_all(), values);
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: wrong value, 2: an exception";
  }
  EXPECT_FALSE(fs::exists(with_suffix(path, "-lock")));
}

}  // namespace
}  // namespace rtb::storage
