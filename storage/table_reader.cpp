#include "storage/table_reader.h"

#include <lmdb.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <string>

#include "storage/block_codec.h"
#include "storage/lmdb_header.h"
#include "storage/lmdb_util.h"
#include "storage/mapped_file.h"
#include "storage/meta_text.h"
#include "storage/page_trailer.h"

namespace rtb::storage {
namespace fs = std::filesystem;
namespace {

constexpr char kMetaKey[] = "meta";
// LMDB does not check its pages, so a damaged node could claim any size for
// a record; bounding the sizes we accept keeps such a node from sending us
// far past the record (a meta record is a few hundred bytes).
constexpr std::size_t kMaxMetaBytes = 1 << 20;

// Tables are immutable once published, so no reader needs a lock file, and
// many processes may map one file. MDB_NOTLS lets any thread run a read
// transaction without a thread-bound reader slot.
constexpr unsigned kReadFlags = MDB_RDONLY | MDB_NOSUBDIR | MDB_NOLOCK | MDB_NOTLS;

// Identifies a reader in the thread-local block cache. Never reused, so a
// new reader at the address of a destroyed one cannot hit its stale blocks.
std::atomic<std::uint64_t> next_reader_id{1};

// The blocks a thread decompressed last, direct-mapped by (reader, block).
// 512 slots hold 2M values of one table (4 MiB at most, filled as used), so
// an engine's probes into a warm region decompress nothing.
struct CachedBlock {
  std::uint64_t reader_id = 0;  // 0: empty
  std::uint64_t block = 0;
  std::vector<std::uint16_t> values;
};
constexpr std::size_t kCacheSlots = 512;
thread_local std::array<CachedBlock, kCacheSlots> block_cache;

std::size_t cache_slot(std::uint64_t reader_id, std::uint64_t block) {
  // Consecutive blocks of one reader take consecutive slots; readers are
  // spread by a multiplicative hash of their id.
  return static_cast<std::size_t>((block + reader_id * 0x9E3779B97F4A7C15ull) % kCacheSlots);
}

// A moved-from reader has no Impl; using one is a bug worth a clear message.
// (A template, since TableReader::Impl is private to the class.)
template <typename Impl>
const Impl& live(const std::unique_ptr<Impl>& impl) {
  if (!impl) throw StorageError("a moved-from TableReader was used");
  return *impl;
}

}  // namespace

struct TableReader::Impl {
  fs::path path;
  std::string context;  // "table <path>": how every error message starts
  std::uint64_t id = next_reader_id.fetch_add(1, std::memory_order_relaxed);
  TableMeta meta;
  std::uint64_t block_count = 0;
  MappedFile file;  // what every value is read from, once its pages are checked
  PageTrailer trailer;
  struct StoredBlock {
    std::uint64_t offset = 0;  // in the file
    std::uint64_t bytes = 0;
  };
  std::vector<StoredBlock> blocks;  // found by LMDB at open, so a probe walks no B-tree
  std::vector<std::pair<std::string, StoredBlock>> streams;  // by name

  explicit Impl(const fs::path& table_path) : path(table_path), context("table " + table_path.string()) {
    // LMDB opens by path: if the table is replaced (renamed over) between
    // our check and its open, check the new file instead.
    for (int attempt = 0;; ++attempt) {
      file = MappedFile(path, context);
      trailer = read_page_trailer(file.fd(), file.size(), context);
      file.map(context);
      // Every page LMDB will read is checked before it reads it.
      verify_pages(trailer, file.bytes(), /*only_walked=*/true, context);
      check_unchanged();
      if (read_with_lmdb()) break;
      if (attempt == 2) throw StorageError(context + " keeps changing while it is being opened");
    }
  }

  // Reads the meta record and the blocks' places through LMDB; false if
  // LMDB opened another file than the one checked.
  bool read_with_lmdb() {
    lmdb::Env env(context);
    lmdb::check(mdb_env_set_maxdbs(env.get(), kDatabases), context, "mdb_env_set_maxdbs");
    lmdb::check(mdb_env_set_mapsize(env.get(), trailer.lmdb_bytes()), context, "mdb_env_set_mapsize");
    lmdb::check(mdb_env_open(env.get(), path.c_str(), kReadFlags, 0444), context, "mdb_env_open");
    int lmdb_fd = -1;
    lmdb::check(mdb_env_get_fd(env.get(), &lmdb_fd), context, "mdb_env_get_fd");
    if (!file.same_file(lmdb_fd)) return false;
    lmdb::Txn txn(env.get(), MDB_RDONLY, context);
    MDB_dbi meta_dbi = 0, blocks_dbi = 0;
    open_database(txn.get(), "meta", 0, meta_dbi);
    open_database(txn.get(), "blocks", MDB_INTEGERKEY, blocks_dbi);
    const std::byte* map = read_meta(txn.get(), meta_dbi);
    find_blocks(txn.get(), blocks_dbi, map);
    find_streams(txn.get(), map);
    return true;
  }

  // Records where each stream's bytes are (a table may have none).
  void find_streams(MDB_txn* txn, const std::byte* map) {
    streams.clear();
    MDB_dbi streams_dbi = 0;
    const int opened = mdb_dbi_open(txn, "streams", 0, &streams_dbi);
    if (opened == MDB_NOTFOUND) return;
    lmdb::check(opened, context, "mdb_dbi_open(streams)");
    lmdb::for_each_record(
        txn, streams_dbi, context, "mdb_cursor_get(streams)", [&](const MDB_val& key, const MDB_val& data) {
          const auto offset = static_cast<std::uint64_t>(static_cast<const std::byte*>(data.mv_data) - map);
          if (key.mv_size == 0 || key.mv_size > kMaxStreamName || offset > trailer.lmdb_bytes() ||
              data.mv_size > trailer.lmdb_bytes() - offset)
            throw StorageError(context + " is damaged (a stream lies outside the file)");
          streams.push_back(
              {std::string(static_cast<const char*>(key.mv_data), key.mv_size), {offset, data.mv_size}});
        });
  }

  void open_database(MDB_txn* txn, const char* name, unsigned flags, MDB_dbi& dbi) const {
    const int rc = mdb_dbi_open(txn, name, flags, &dbi);
    if (rc == MDB_NOTFOUND) throw StorageError(context + " has no " + name + " database (not an rtb table)");
    lmdb::check(rc, context, "mdb_dbi_open");
  }

  // Returns where LMDB mapped the file (the meta record is in a checked page).
  const std::byte* read_meta(MDB_txn* txn, MDB_dbi meta_dbi) {
    MDB_val key{sizeof kMetaKey - 1, const_cast<char*>(kMetaKey)};
    MDB_val data;
    const int rc = mdb_get(txn, meta_dbi, &key, &data);
    if (rc == MDB_NOTFOUND) throw StorageError(context + " has no meta record");
    lmdb::check(rc, context, "mdb_get(meta)");
    if (data.mv_size > kMaxMetaBytes)
      throw StorageError(context + ": the meta record is corrupt (it claims " + std::to_string(data.mv_size) +
                         " bytes)");
    meta = parse_meta(std::string_view(static_cast<const char*>(data.mv_data), data.mv_size), context);
    if (!meta.complete) throw StorageError(context + " is incomplete (an interrupted write)");
    if (meta.block_values > kMaxBlockValues)
      throw StorageError(context +
                         ": the meta record says block_values=" + std::to_string(meta.block_values));
    // block_values = 0: a compact table, with no blocks.
    block_count =
        meta.index_size == 0 || meta.block_values == 0 ? 0 : (meta.index_size - 1) / meta.block_values + 1;
    return lmdb_map_base(data.mv_data, trailer.page_size);
  }

  // Records where each block's bytes are; blocks must be 0, 1, ... in order.
  void find_blocks(MDB_txn* txn, MDB_dbi blocks_dbi, const std::byte* map) {
    blocks.clear();
    blocks.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(block_count, 1 << 24)));
    lmdb::for_each_record(
        txn, blocks_dbi, context, "mdb_cursor_get(blocks)", [&](const MDB_val& key, const MDB_val& data) {
          std::size_t number = 0;
          if (key.mv_size == sizeof number) std::memcpy(&number, key.mv_data, sizeof number);
          const auto offset = static_cast<std::uint64_t>(static_cast<const std::byte*>(data.mv_data) - map);
          if (key.mv_size != sizeof number || number != blocks.size() || blocks.size() >= block_count ||
              offset > trailer.lmdb_bytes() || data.mv_size > trailer.lmdb_bytes() - offset ||
              data.mv_size > BlockCodec::max_encoded_size(meta.block_values))
            throw StorageError(context + " is damaged (its blocks are not those its meta record describes)");
          blocks.push_back({offset, data.mv_size});
        });
    if (blocks.size() != block_count)
      throw StorageError(context + " has " + std::to_string(blocks.size()) +
                         " blocks; its meta record needs " + std::to_string(block_count));
  }

  bool has_values() const { return meta.index_size == 0 || meta.block_values != 0; }
  void require_values() const {
    if (!has_values())
      throw StorageError(context +
                         " is a compact table: it keeps streams, not values, and only a prober "
                         "that reads its streams can use it");
  }

  // How many values `block` holds: block_values, fewer in the last block.
  std::size_t values_in_block(std::uint64_t block) const {
    return static_cast<std::size_t>(
        std::min<std::uint64_t>(meta.block_values, meta.index_size - block * meta.block_values));
  }

  // Verifies and decompresses `block` into `out` (of values_in_block size).
  // A block read over the zeros of a shrunk file fails its checksum: the
  // file's change is named rather than a damage.
  void decode_block(std::uint64_t block, std::span<std::uint16_t> out) const {
    const StoredBlock& stored = blocks[block];
    try {
      BlockCodec::decode_or_throw(file.bytes().subspan(stored.offset, stored.bytes), {meta.block_salt, block},
                                  out, context);
    } catch (const StorageError&) {
      check_unchanged(/*after_damage=*/true);
      throw;
    }
    check_unchanged();
  }

  void check_unchanged(bool after_damage = false) const {
    if (file.changed() || (after_damage && file.shrunk()))
      throw StorageError(context +
                         " changed on disk while it was open (cut short or written over); open it again");
  }

  // `digest`: the checksum over every value read (TableMeta::checksum).
  void check_table_checksum(std::uint64_t digest) const {
    if (digest != meta.checksum)
      throw StorageError(context +
                         " is corrupt (the checksum over all values does not match its meta record)");
  }

  void check_block(std::uint64_t block) const {
    require_values();
    if (block >= block_count)
      throw StorageError(context + ": block " + std::to_string(block) + " is out of range (the table has " +
                         std::to_string(block_count) + " blocks)");
  }
};

TableReader::TableReader(const fs::path& path) : impl_(std::make_unique<Impl>(path)) {}
TableReader::~TableReader() = default;
TableReader::TableReader(TableReader&&) noexcept = default;
TableReader& TableReader::operator=(TableReader&&) noexcept = default;

const TableMeta& TableReader::meta() const {
  return live(impl_).meta;
}
const fs::path& TableReader::path() const {
  return live(impl_).path;
}

std::uint16_t TableReader::value(std::uint64_t index) const {
  const Impl& impl = live(impl_);
  if (index >= impl.meta.index_size)
    throw StorageError(impl.context + ": index " + std::to_string(index) +
                       " is out of range (the table has " + std::to_string(impl.meta.index_size) +
                       " indices)");
  impl.require_values();
  const std::uint64_t block = index / impl.meta.block_values;
  CachedBlock& slot = block_cache[cache_slot(impl.id, block)];
  if (slot.reader_id != impl.id || slot.block != block) {
    slot.reader_id = 0;  // a failed read must not leave a half-filled slot that looks valid
    read_block(block, slot.values);
    slot.reader_id = impl.id;
    slot.block = block;
  }
  return slot.values[index % impl.meta.block_values];
}

void TableReader::read_block(std::uint64_t block, std::vector<std::uint16_t>& out) const {
  const Impl& impl = live(impl_);
  impl.check_block(block);
  out.resize(impl.values_in_block(block));
  impl.decode_block(block, out);
}

bool TableReader::has_values() const {
  return live(impl_).has_values();
}

void TableReader::require_values() const {
  live(impl_).require_values();
}

std::vector<std::uint16_t> TableReader::read_all() const {
  const Impl& impl = live(impl_);
  impl.require_values();
  std::vector<std::uint16_t> values(impl.meta.index_size);
  for (std::uint64_t block = 0; block < impl.block_count; ++block) {
    const std::span<std::uint16_t> out(values.data() + block * impl.meta.block_values,
                                       impl.values_in_block(block));
    impl.decode_block(block, out);
  }
  impl.check_table_checksum(table_checksum(values));
  return values;
}

void TableReader::for_each_block(
    const std::function<void(std::uint64_t, std::span<const std::uint16_t>)>& f) const {
  for_each_block([](std::uint64_t, std::uint64_t) { return true; }, f);
}

void TableReader::for_each_block(
    const std::function<bool(std::uint64_t, std::uint64_t)>& wanted,
    const std::function<void(std::uint64_t, std::span<const std::uint16_t>)>& f) const {
  const Impl& impl = live(impl_);
  impl.require_values();
  TableChecksum checksum;
  bool every_block = true;
  std::vector<std::uint16_t> values(impl.meta.block_values);
  for (std::uint64_t block = 0; block < impl.block_count; ++block) {
    const std::uint64_t first = block * impl.meta.block_values;
    const std::span<std::uint16_t> out(values.data(), impl.values_in_block(block));
    if (!wanted(first, out.size())) {
      every_block = false;
      continue;
    }
    impl.decode_block(block, out);
    if (every_block) checksum.update(out);
    f(first, out);
  }
  if (every_block) impl.check_table_checksum(checksum.digest());
}

std::optional<std::span<const std::byte>> TableReader::stream(std::string_view name) const {
  const Impl& impl = live(impl_);
  for (const auto& [stream_name, stored] : impl.streams)
    if (stream_name == name) return impl.file.bytes().subspan(stored.offset, stored.bytes);
  return std::nullopt;
}

void TableReader::check_unchanged(bool after_damage) const {
  live(impl_).check_unchanged(after_damage);
}

std::vector<std::string> TableReader::stream_names() const {
  std::vector<std::string> names;
  for (const auto& stream : live(impl_).streams) names.push_back(stream.first);
  return names;
}

void TableReader::check() const {
  const Impl& impl = live(impl_);
  try {
    verify_pages(impl.trailer, impl.file.bytes(), /*only_walked=*/false, impl.context);
  } catch (const StorageError&) {
    impl.check_unchanged(/*after_damage=*/true);
    throw;
  }
  impl.check_unchanged();
  if (impl.has_values()) (void)read_all();
}

}  // namespace rtb::storage
