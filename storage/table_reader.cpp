#include "storage/table_reader.h"

#include <lmdb.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <string>

#include "storage/block_codec.h"
#include "storage/lmdb_header.h"
#include "storage/lmdb_util.h"
#include "storage/meta_text.h"

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
  lmdb::Env env;  // open for the reader's lifetime; its map is what we read
  MDB_dbi blocks_dbi = 0;

  explicit Impl(const fs::path& table_path)
      : path(table_path), context("table " + table_path.string()), env(context) {
    open_environment();
    read_meta();
  }

  // Checks, before anything is read through the map, that the file holds
  // every page LMDB's meta page claims: a page beyond the end of a truncated
  // file would raise SIGBUS, not an error. Then opens the map.
  void open_environment() {
    const LmdbHeader header = check_lmdb_header(path, context);
    lmdb::check(mdb_env_set_maxdbs(env.get(), 2), context, "mdb_env_set_maxdbs");
    // Map the file, not the (larger) map size its writer used.
    lmdb::check(mdb_env_set_mapsize(env.get(), header.file_bytes), context, "mdb_env_set_mapsize");
    const int rc = mdb_env_open(env.get(), path.c_str(), kReadFlags, 0444);
    if (rc == MDB_INVALID)
      throw StorageError(context + " is not an LMDB file, or is truncated (" + mdb_strerror(rc) + ")");
    if (rc == MDB_VERSION_MISMATCH)
      throw StorageError(context + " was written by an incompatible version of LMDB");
    lmdb::check(rc, context, "mdb_env_open");

    // LMDB must see what check_lmdb_header saw (the file could have been
    // replaced in between).
    MDB_envinfo info;
    MDB_stat stat;
    lmdb::check(mdb_env_info(env.get(), &info), context, "mdb_env_info");
    lmdb::check(mdb_env_stat(env.get(), &stat), context, "mdb_env_stat");
    if (stat.ms_psize != header.page_size || info.me_last_pgno != header.last_page)
      throw StorageError(context + " changed while it was being opened");
  }

  void read_meta() {
    lmdb::Txn txn(env.get(), MDB_RDONLY, context);
    MDB_dbi meta_dbi = 0;
    int rc = mdb_dbi_open(txn.get(), "meta", 0, &meta_dbi);
    if (rc == MDB_NOTFOUND) throw StorageError(context + " has no meta database (not an rtb table)");
    lmdb::check(rc, context, "mdb_dbi_open(meta)");
    rc = mdb_dbi_open(txn.get(), "blocks", MDB_INTEGERKEY, &blocks_dbi);
    if (rc == MDB_NOTFOUND) throw StorageError(context + " has no blocks database (not an rtb table)");
    lmdb::check(rc, context, "mdb_dbi_open(blocks)");

    MDB_val key{sizeof kMetaKey - 1, const_cast<char*>(kMetaKey)};
    MDB_val data;
    rc = mdb_get(txn.get(), meta_dbi, &key, &data);
    if (rc == MDB_NOTFOUND) throw StorageError(context + " has no meta record");
    lmdb::check(rc, context, "mdb_get(meta)");
    if (data.mv_size > kMaxMetaBytes)
      throw StorageError(context + ": the meta record is corrupt (it claims " + std::to_string(data.mv_size) +
                         " bytes)");
    meta = parse_meta(std::string_view(static_cast<const char*>(data.mv_data), data.mv_size), context);
    if (!meta.complete) throw StorageError(context + " is incomplete (an interrupted write)");
    if (meta.index_size > 0 && meta.block_values == 0)
      throw StorageError(context + ": the meta record says block_values=0");
    block_count = meta.index_size == 0 ? 0 : (meta.index_size - 1) / meta.block_values + 1;

    MDB_stat stat;
    lmdb::check(mdb_stat(txn.get(), blocks_dbi, &stat), context, "mdb_stat(blocks)");
    if (stat.ms_entries != block_count)
      throw StorageError(context + " has " + std::to_string(stat.ms_entries) +
                         " blocks; its meta record needs " + std::to_string(block_count));
    // Committing (not aborting) a read transaction keeps the database
    // handles it opened for the life of the environment.
    lmdb::check(txn.commit(), context, "mdb_txn_commit");
  }

  // How many values `block` holds: block_values, fewer in the last block.
  std::size_t values_in_block(std::uint64_t block) const {
    return static_cast<std::size_t>(
        std::min<std::uint64_t>(meta.block_values, meta.index_size - block * meta.block_values));
  }

  // Reads, verifies and decompresses `block` into `out` (of values_in_block size).
  void decode_block(MDB_txn* txn, std::uint64_t block, std::span<std::uint16_t> out) const {
    std::size_t key_value = block;
    MDB_val key{sizeof key_value, &key_value};
    MDB_val data;
    const int rc = mdb_get(txn, blocks_dbi, &key, &data);
    if (rc == MDB_NOTFOUND) throw StorageError(context + ": block " + std::to_string(block) + " is missing");
    lmdb::check(rc, context, "mdb_get(block)");
    const std::size_t max_bytes = BlockCodec::max_encoded_size(out.size());
    if (data.mv_size > max_bytes)
      throw StorageError(context + ": block " + std::to_string(block) + " is corrupt (it claims " +
                         std::to_string(data.mv_size) + " bytes)");
    const BlockCodec::DecodeResult result =
        BlockCodec::decode({static_cast<const std::byte*>(data.mv_data), data.mv_size}, out);
    if (result != BlockCodec::DecodeResult::ok)
      throw StorageError(context + ": block " + std::to_string(block) + " is corrupt (" +
                         std::string(BlockCodec::describe(result)) + ")");
  }

  void check_block(std::uint64_t block) const {
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
  // The read transaction keeps the block's bytes valid until decoded.
  lmdb::Txn txn(impl.env.get(), MDB_RDONLY, impl.context);
  impl.decode_block(txn.get(), block, out);
}

std::vector<std::uint16_t> TableReader::read_all() const {
  const Impl& impl = live(impl_);
  std::vector<std::uint16_t> values(impl.meta.index_size);
  lmdb::Txn txn(impl.env.get(), MDB_RDONLY, impl.context);
  for (std::uint64_t block = 0; block < impl.block_count; ++block) {
    const std::span<std::uint16_t> out(values.data() + block * impl.meta.block_values,
                                       impl.values_in_block(block));
    impl.decode_block(txn.get(), block, out);
  }
  if (table_checksum(values) != impl.meta.checksum)
    throw StorageError(impl.context +
                       " is corrupt (the checksum over all values does not match its meta record)");
  return values;
}

}  // namespace rtb::storage
