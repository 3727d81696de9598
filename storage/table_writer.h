// Writes one table as one LMDB environment in one file, so that a reader
// never sees half a table: everything goes to "<path>.partial", which is
// renamed over <path> only after the final transaction is synced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "storage/table_meta.h"

namespace rtb::storage {

class TableLock;

struct StorageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The most values a block may hold (a reader allocates a block before it
// can check it, so a hostile file must not make that allocation huge).
inline constexpr std::uint32_t kMaxBlockValues = 1u << 24;

// A table's databases: meta, blocks and streams.
inline constexpr unsigned kDatabases = 3;
inline constexpr std::size_t kMaxStreamName = 64;

struct WriteOptions {
  bool force = false;  // replace an existing complete table
  std::uint32_t block_values = 4096;
  int zstd_level = 3;
  // false: a compact table, which keeps its streams and the checksum of its
  // values but not the values (meta block_values = 0); only a prober that
  // derives values from the streams can read it.
  bool store_values = true;
};

// The file name a partial table has while being written.
std::filesystem::path partial_path(const std::filesystem::path& path);

// Writes a table whose values arrive in index order, a part at a time, so a
// generator never needs the whole table in memory. Nothing is visible at
// `path` until commit(); a writer destroyed before that removes its partial
// file. Refuses (StorageError) when `path` exists and !options.force.
// The writer owns the partial file through the table's TableLock: it takes
// the lock itself, or is given the one its caller holds for the whole run
// (the generation and its checkpoints included). Refuses when another
// writer holds it.
class TableWriter {
 public:
  TableWriter(const std::filesystem::path& path, std::uint64_t index_size, const WriteOptions& options);
  TableWriter(const std::filesystem::path& path, std::uint64_t index_size, const WriteOptions& options,
              const TableLock& held);
  ~TableWriter();
  TableWriter(const TableWriter&) = delete;
  TableWriter& operator=(const TableWriter&) = delete;

  void append(std::span<const std::uint16_t> values);
  // Stores a stream beside the values under `name` (1 to kMaxStreamName
  // bytes; a second one of that name replaces the first). Streams are a
  // probe's other ways to the values, such as a class stream
  // (storage/class_stream.h); their pages are checked when a reader opens
  // the table, so they are meant to be small.
  void add_stream(const std::string& name, std::span<const std::byte> bytes);
  // Copies the values [first, first + out.size()), appended already, into
  // `out`: from the blocks written (decoded and checked as a reader checks
  // them) or those still waiting for their transaction. Lets a generator
  // free its values once appended and read them back a part at a time.
  // Threads may read at once, but not while append, add_stream or commit
  // runs. Throws StorageError past the values appended, for a table that
  // does not store its values (WriteOptions::store_values), or on a
  // damaged block.
  void read(std::uint64_t first, std::span<std::uint16_t> out) const;
  // After exactly `index_size` values: stores meta (filling index_size,
  // block_values, checksum and complete) and publishes the table.
  void commit(const TableMeta& meta);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole table at once. Refuses (StorageError) when `path` exists and !options.force. Fills
// meta.block_values, meta.checksum, meta.index_size and meta.complete.
// On any error nothing is left at `path` that was not there before.
void write_table(const std::filesystem::path& path, TableMeta meta, std::span<const std::uint16_t> values,
                 const WriteOptions& options);

}  // namespace rtb::storage
