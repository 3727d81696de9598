#include "storage/table_writer.h"

#include <fcntl.h>
#include <lmdb.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "storage/block_codec.h"
#include "storage/lmdb_header.h"
#include "storage/lmdb_util.h"
#include "storage/meta_text.h"
#include "storage/page_trailer.h"
#include "storage/table_lock.h"

namespace rtb::storage {
namespace fs = std::filesystem;
namespace {

// Block keys are native size_t with MDB_INTEGERKEY; the format says 8 bytes.
static_assert(sizeof(std::size_t) == sizeof(std::uint64_t), "rtb tables need a 64-bit size_t");

// Blocks per write transaction: 1 MiB of values at the default block size,
// so a huge table never needs one giant transaction (its dirty pages are
// held in memory until the commit).
constexpr std::uint64_t kBlocksPerTransaction = 128;

constexpr char kMetaKey[] = "meta";

fs::path lock_path(const fs::path& file) {
  fs::path lock = file;
  lock += "-lock";  // what LMDB names the lock file of a MDB_NOSUBDIR environment
  return lock;
}

void remove_partial(const fs::path& partial) noexcept {
  std::error_code ignored;
  fs::remove(partial, ignored);
  fs::remove(lock_path(partial), ignored);
}

bool target_exists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(path, ec));
}

StorageError already_exists(const fs::path& path) {
  return StorageError("table " + path.string() + " already exists; use --force to replace it");
}

[[noreturn]] void throw_errno(const std::string& context, const std::string& what) {
  throw StorageError(context + ": " + what + ": " + std::strerror(errno));
}

// A generous first map size; write_blocks doubles it on MDB_MAP_FULL. The map
// is only address space: the file grows with what is written.
std::size_t initial_map_size(std::uint64_t blocks, std::uint32_t block_values) {
  // Twice the largest stored block plus node and page headers covers half-full
  // leaf pages and overflow pages rounded up to whole pages.
  const std::uint64_t per_block = 2 * (BlockCodec::max_encoded_size(block_values) + 64);
  const std::uint64_t bytes = blocks * per_block + (std::uint64_t{64} << 20);
  constexpr std::uint64_t kMegabyte = 1 << 20;
  return static_cast<std::size_t>((bytes + kMegabyte - 1) / kMegabyte * kMegabyte);
}

class PartialTable {
 public:
  PartialTable(const fs::path& partial, const std::string& context, std::uint64_t blocks,
               std::uint32_t block_values)
      : context_(context), env_(context), map_size_(initial_map_size(blocks, block_values)) {
    lmdb::check(mdb_env_set_maxdbs(env_.get(), kDatabases), context_, "mdb_env_set_maxdbs");
    lmdb::check(mdb_env_set_mapsize(env_.get(), map_size_), context_, "mdb_env_set_mapsize");
    // No sync per commit: the file is only a .partial until the final forced
    // sync, and an interrupted write is thrown away anyway.
    lmdb::check(mdb_env_open(env_.get(), partial.c_str(), MDB_NOSUBDIR | MDB_NOSYNC, 0644), context_,
                "mdb_env_open");
  }

  // Creates both databases and stores `meta` (complete=0), so even a partial
  // file says what it is and that it is unfinished.
  void create(const TableMeta& meta) {
    lmdb::Txn txn(env_.get(), 0, context_);
    lmdb::check(mdb_dbi_open(txn.get(), "meta", MDB_CREATE, &meta_dbi_), context_, "mdb_dbi_open(meta)");
    lmdb::check(mdb_dbi_open(txn.get(), "blocks", MDB_CREATE | MDB_INTEGERKEY, &blocks_dbi_), context_,
                "mdb_dbi_open(blocks)");
    lmdb::check(put_meta(txn.get(), meta), context_, "mdb_put(meta)");
    lmdb::check(txn.commit(), context_, "mdb_txn_commit");
  }

  // Stores `values` as blocks first, first+1, ... in one transaction, with
  // `final_meta` too if given; grows the map and retries when it is full.
  void write_blocks(std::span<const std::uint16_t> values, std::uint32_t block_values, BlockKey first,
                    const TableMeta* final_meta, BlockCodec& codec) {
    for (;;) {
      const int rc = try_write_blocks(values, block_values, first, final_meta, codec);
      if (rc == MDB_SUCCESS) return unmap_read_pages();
      if (rc != MDB_MAP_FULL) return lmdb::check(rc, context_, "writing blocks");
      grow_map();
    }
  }

  // Takes the pages LMDB has read through its map (each transaction reads
  // the path to the last leaf, at new places as pages are copied on write)
  // out of the process; they stay in the page cache. Without this, the
  // pages mapped grow with the number of transactions and count in the
  // process's memory (KiB per transaction, hundreds of MB for a table of
  // billions of values).
  void unmap_read_pages() {
    MDB_envinfo info;
    MDB_stat stat;
    if (mdb_env_info(env_.get(), &info) != MDB_SUCCESS || mdb_env_stat(env_.get(), &stat) != MDB_SUCCESS)
      return;
    if (map_ == nullptr) map_ = find_map(stat.ms_psize);
    if (map_ == nullptr) return;
    const std::size_t used = (info.me_last_pgno + 1) * std::size_t{stat.ms_psize};
    // A hint: failure is harmless.
    (void)::madvise(const_cast<std::byte*>(map_), std::min(used, info.me_mapsize), MADV_DONTNEED);
  }
  // Where LMDB maps the file (it says so only under MDB_FIXEDMAP): the meta
  // record, read outside a write transaction, lies in a page of the map.
  const std::byte* find_map(std::uint32_t page_size) const {
    lmdb::Txn txn(env_.get(), MDB_RDONLY, context_);
    MDB_val key{sizeof kMetaKey - 1, const_cast<char*>(kMetaKey)};
    MDB_val data;
    if (mdb_get(txn.get(), meta_dbi_, &key, &data) != MDB_SUCCESS) return nullptr;
    return lmdb_map_base(data.mv_data, page_size);
  }

  void grow_map() {
    map_size_ *= 2;
    lmdb::check(mdb_env_set_mapsize(env_.get(), map_size_), context_, "mdb_env_set_mapsize");
    map_ = nullptr;  // mapped again, elsewhere
  }

  // Stores a stream under its name, in a transaction of its own.
  void write_stream(const std::string& name, std::span<const std::byte> bytes) {
    for (;;) {
      const int rc = try_write_stream(name, bytes);
      if (rc == MDB_SUCCESS) return unmap_read_pages();
      if (rc != MDB_MAP_FULL) return lmdb::check(rc, context_, "writing a stream");
      grow_map();
    }
  }

  // Decodes block `key.number` into `out` (its size the block's values).
  void read_block(BlockKey key, std::span<std::uint16_t> out) const {
    lmdb::Txn txn(env_.get(), MDB_RDONLY, context_);
    std::size_t number = key.number;
    MDB_val k{sizeof number, &number};
    MDB_val data;
    lmdb::check(mdb_get(txn.get(), blocks_dbi_, &k, &data), context_, "mdb_get(blocks)");
    BlockCodec::decode_or_throw({static_cast<const std::byte*>(data.mv_data), data.mv_size}, key, out,
                                context_);
  }

  // Writes a copy of the environment without its free pages to `to`.
  void copy_compacted(const fs::path& to) {
    lmdb::check(mdb_env_copy2(env_.get(), to.c_str(), MDB_CP_COMPACT), context_, "mdb_env_copy2");
  }

  // Flushes everything to disk, closes, and returns the size in bytes that
  // LMDB's meta page claims for the file.
  std::uint64_t sync_and_close() {
    lmdb::check(mdb_env_sync(env_.get(), 1), context_, "mdb_env_sync");
    MDB_envinfo info;
    MDB_stat stat;
    lmdb::check(mdb_env_info(env_.get(), &info), context_, "mdb_env_info");
    lmdb::check(mdb_env_stat(env_.get(), &stat), context_, "mdb_env_stat");
    env_.close();
    return (static_cast<std::uint64_t>(info.me_last_pgno) + 1) * stat.ms_psize;
  }

 private:
  int put_meta(MDB_txn* txn, const TableMeta& meta) {
    std::string text = format_meta(meta);
    MDB_val key{sizeof kMetaKey - 1, const_cast<char*>(kMetaKey)};
    MDB_val data{text.size(), text.data()};
    return mdb_put(txn, meta_dbi_, &key, &data, 0);
  }

  // The map may only grow once the failed transaction is gone, so it lives
  // here and is aborted on return unless committed.
  int try_write_stream(const std::string& name, std::span<const std::byte> bytes) {
    lmdb::Txn txn(env_.get(), 0, context_);
    MDB_dbi streams = 0;
    lmdb::check(mdb_dbi_open(txn.get(), "streams", MDB_CREATE, &streams), context_, "mdb_dbi_open(streams)");
    MDB_val key{name.size(), const_cast<char*>(name.data())};
    MDB_val data{bytes.size(), const_cast<std::byte*>(bytes.data())};
    const int rc = mdb_put(txn.get(), streams, &key, &data, 0);
    return rc == MDB_SUCCESS ? txn.commit() : rc;
  }

  // Returns LMDB's code (MDB_MAP_FULL included) with the batch rolled back on
  // failure; throws only for errors that are not LMDB's.
  int try_write_blocks(std::span<const std::uint16_t> values, std::uint32_t block_values, BlockKey first,
                       const TableMeta* final_meta, BlockCodec& codec) {
    lmdb::Txn txn(env_.get(), 0, context_);
    const std::uint64_t blocks = (values.size() + block_values - 1) / block_values;
    for (std::uint64_t k = 0; k < blocks; ++k) {
      const BlockKey block{first.table_salt, first.number + k};
      const std::uint64_t begin = k * block_values;
      codec.encode(values.subspan(begin, std::min<std::uint64_t>(block_values, values.size() - begin)), block,
                   encoded_);
      std::size_t key_value = block.number;
      MDB_val key{sizeof key_value, &key_value};
      MDB_val data{encoded_.size(), encoded_.data()};
      // Keys arrive in order, so MDB_APPEND fills pages fully and skips the search.
      if (const int rc = mdb_put(txn.get(), blocks_dbi_, &key, &data, MDB_APPEND)) return rc;
    }
    if (final_meta != nullptr)
      if (const int rc = put_meta(txn.get(), *final_meta)) return rc;
    return txn.commit();
  }

  const std::string& context_;
  lmdb::Env env_;
  std::size_t map_size_;
  const std::byte* map_ = nullptr;  // where LMDB maps the file, once found
  MDB_dbi meta_dbi_ = 0;
  MDB_dbi blocks_dbi_ = 0;
  std::vector<std::byte> encoded_;
};

// LMDB does not write pages that were freed in the transaction that
// allocated them, so the file can end before the last page LMDB's meta page
// counts. Readers reject such a file as truncated; pad it (with what would be
// free pages) so every table we publish has its full size.
void pad_to(const fs::path& file, std::uint64_t bytes, const std::string& context) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw_errno(context, "open " + file.string());
  struct stat st;
  bool ok = ::fstat(fd, &st) == 0;
  if (ok && static_cast<std::uint64_t>(st.st_size) < bytes)
    ok = ::ftruncate(fd, static_cast<off_t>(bytes)) == 0 && ::fsync(fd) == 0;
  const int saved_errno = errno;
  ::close(fd);
  errno = saved_errno;
  if (!ok) throw_errno(context, "extending " + file.string());
}

// Moves the finished file onto `path`. Without force the rename itself
// refuses to replace a table that appeared while this one was generated.
void publish(const fs::path& partial, const fs::path& path, bool force, const std::string& context) {
#ifdef RENAME_NOREPLACE
  if (!force) {
    if (::renameat2(AT_FDCWD, partial.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0) return;
    if (errno == EEXIST) throw already_exists(path);
    // Filesystems without RENAME_NOREPLACE say EINVAL: fall back to check-then-rename.
    if (errno != EINVAL && errno != ENOSYS) throw_errno(context, "rename to " + path.string());
  }
#endif
  if (!force && target_exists(path)) throw already_exists(path);
  std::error_code ec;
  fs::rename(partial, path, ec);
  if (ec) throw StorageError(context + ": rename to " + path.string() + ": " + ec.message());
}

// Makes the rename itself durable. Best effort: the table is already in
// place, so a failure here must not turn into an error that removes it.
void sync_directory(const fs::path& path) noexcept {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace

fs::path partial_path(const fs::path& path) {
  fs::path partial = path;
  partial += ".partial";
  return partial;
}

struct TableWriter::Impl {
  Impl(const fs::path& target, std::uint64_t index_size, const WriteOptions& opts, const TableLock* held)
      : path(target),
        partial(partial_path(target)),
        context("cannot write table " + target.string()),
        options(opts),
        index_size(index_size),
        // Deterministic (a rerun writes the same bytes) and different for
        // every table of a directory.
        salt(XXH3_64bits(target.filename().c_str(), target.filename().native().size())),
        codec(opts.zstd_level) {
    if (!options.force && target_exists(path)) throw already_exists(path);
    if (options.block_values == 0 || options.block_values > kMaxBlockValues)
      throw StorageError(context + ": block_values must be between 1 and " + std::to_string(kMaxBlockValues));
    if (held == nullptr)
      own_lock.emplace(path);
    else if (held->table() != path)
      throw StorageError(context + ": the lock held is " + held->table().string() + "'s");
    // With the lock held, a .partial is one an interrupted write left: start
    // afresh, as LMDB would otherwise open the old file and add to it.
    std::error_code ec;
    fs::remove(partial, ec);
    if (!ec) fs::remove(lock_path(partial), ec);
    if (ec) throw StorageError(context + ": cannot remove the old " + partial.string() + ": " + ec.message());
    guarded([&] {
      const std::uint64_t blocks =
          options.store_values ? (index_size + options.block_values - 1) / options.block_values : 0;
      table.emplace(partial, context, blocks, options.block_values);
      TableMeta unfinished;
      unfinished.index_size = index_size;
      unfinished.block_values = options.block_values;
      table->create(unfinished);
    });
  }
  ~Impl() {
    if (!published) remove_partial(partial);
  }

  // Runs f, turning any failure into a StorageError with the partial removed.
  template <class F>
  void guarded(F&& f) {
    try {
      f();
    } catch (const StorageError&) {
      remove_partial(partial);
      throw;
    } catch (const std::exception& e) {
      remove_partial(partial);
      throw StorageError(context + ": " + e.what());
    }
  }

  // Whole batches are written straight from `values`; only a batch's
  // beginning waits in `pending`, so a table appended at once is not copied.
  void append(std::span<const std::uint16_t> values) {
    if (written + pending.size() + values.size() > index_size)
      throw StorageError(context + ": more values than the " + std::to_string(index_size) + " announced");
    checksum.update(values);
    if (!options.store_values) {
      written += values.size();
      return;
    }
    const std::uint64_t batch = std::uint64_t{options.block_values} * kBlocksPerTransaction;
    if (!pending.empty()) {
      const std::size_t fill = std::min<std::uint64_t>(batch - pending.size(), values.size());
      pending.insert(pending.end(), values.begin(), values.begin() + static_cast<std::ptrdiff_t>(fill));
      values = values.subspan(fill);
      if (pending.size() < batch) return;
      write(pending, nullptr);
      pending.clear();
    }
    for (; values.size() >= batch; values = values.subspan(batch)) write(values.first(batch), nullptr);
    pending.assign(values.begin(), values.end());
  }

  // Writes `values` as the next blocks (whole blocks, or the last ones).
  void write(std::span<const std::uint16_t> values, const TableMeta* final_meta) {
    guarded([&] {
      table->write_blocks(values, options.block_values, {salt, written / options.block_values}, final_meta,
                          codec);
    });
    written += values.size();
  }

  void read(std::uint64_t first, std::span<std::uint16_t> out) const {
    if (!options.store_values) throw StorageError(context + ": a table without values has none to read back");
    if (first > written + pending.size() || out.size() > written + pending.size() - first)
      throw StorageError(context + ": values read back past those appended");
    const std::uint64_t per_block = options.block_values;
    std::vector<std::uint16_t> block;
    for (std::uint64_t at = first, end = first + out.size(); at < end;) {
      const std::span<std::uint16_t> to = out.subspan(at - first);
      if (at >= written) {  // waiting in `pending`
        std::copy_n(pending.begin() + static_cast<std::ptrdiff_t>(at - written), to.size(), to.begin());
        return;
      }
      const std::uint64_t number = at / per_block, begin = number * per_block;
      const std::uint64_t size = std::min(per_block, written - begin),
                          take = std::min(begin + size, end) - at;
      if (at == begin && take == size) {
        table->read_block({salt, number}, to.first(size));
      } else {
        block.resize(size);
        table->read_block({salt, number}, block);
        std::copy_n(block.begin() + static_cast<std::ptrdiff_t>(at - begin), take, to.begin());
      }
      at += take;
    }
  }

  void add_stream(const std::string& name, std::span<const std::byte> bytes) {
    if (name.empty() || name.size() > kMaxStreamName)
      throw StorageError(context + ": a stream's name has 1 to " + std::to_string(kMaxStreamName) + " bytes");
    guarded([&] { table->write_stream(name, bytes); });
  }

  void commit(TableMeta meta) {
    if (written + pending.size() != index_size)
      throw StorageError(context + ": " + std::to_string(written + pending.size()) + " values written, " +
                         std::to_string(index_size) + " announced");
    meta.index_size = index_size;
    meta.block_values = options.store_values ? options.block_values : 0;
    meta.checksum = checksum.digest();
    meta.block_salt = salt;
    meta.complete = true;  // stored only by this final transaction; earlier ones say complete=0
    write(pending, &meta);
    pending.clear();
    guarded([&] {
      std::uint64_t size = 0;
      if (options.store_values) {
        size = table->sync_and_close();
      } else {
        // A compact table is small and each transaction left free pages
        // (half its file): a copy without them is kept instead.
        fs::path copy = partial;
        copy += ".copy";
        try {
          table->copy_compacted(copy);
          table->sync_and_close();
          fs::rename(copy, partial);
        } catch (...) {
          std::error_code ignored;
          fs::remove(copy, ignored);
          throw;
        }
        size = fs::file_size(partial);
      }
      fs::remove(lock_path(partial));  // readers use MDB_NOLOCK; the lock file is litter
      pad_to(partial, size, context);
      append_page_trailer(partial, context);
      publish(partial, path, options.force, context);
    });
    published = true;
    sync_directory(path);
  }

  fs::path path, partial;
  std::string context;
  std::optional<TableLock> own_lock;  // when the caller holds none; released after the table closes
  WriteOptions options;
  std::uint64_t index_size, written = 0;
  std::uint64_t salt;
  std::optional<PartialTable> table;
  BlockCodec codec;
  std::vector<std::uint16_t> pending;  // appended, not yet in a transaction
  TableChecksum checksum;
  bool published = false;
};

TableWriter::TableWriter(const fs::path& path, std::uint64_t index_size, const WriteOptions& options)
    : impl_(std::make_unique<Impl>(path, index_size, options, nullptr)) {}
TableWriter::TableWriter(const fs::path& path, std::uint64_t index_size, const WriteOptions& options,
                         const TableLock& held)
    : impl_(std::make_unique<Impl>(path, index_size, options, &held)) {}
TableWriter::~TableWriter() = default;
void TableWriter::append(std::span<const std::uint16_t> values) {
  impl_->append(values);
}
void TableWriter::read(std::uint64_t first, std::span<std::uint16_t> out) const {
  impl_->read(first, out);
}
void TableWriter::add_stream(const std::string& name, std::span<const std::byte> bytes) {
  impl_->add_stream(name, bytes);
}
void TableWriter::commit(const TableMeta& meta) {
  impl_->commit(meta);
}

void write_table(const fs::path& path, TableMeta meta, std::span<const std::uint16_t> values,
                 const WriteOptions& options) {
  TableWriter writer(path, values.size(), options);
  writer.append(values);
  writer.commit(meta);
}

}  // namespace rtb::storage
