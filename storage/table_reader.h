// Reads a table written by write_table through a memory map. Opening checks
// the page checksums of every page LMDB walks before LMDB reads the file
// (storage/page_trailer.h), then the meta record's own checksum, format
// version and completeness; reading a block checks its checksum, which
// covers its number and its table. So a damaged file gives a StorageError,
// never a crash or a wrong value. A file that shrinks while it is open (it
// was truncated, or copied over) is read as zeros beyond its end instead of
// raising SIGBUS (storage/map_guard.h), and every read from it then throws
// StorageError. One reader may be shared by many threads, and many processes
// may open one file (no lock file is used or needed).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "storage/table_meta.h"
#include "storage/table_writer.h"

namespace rtb::storage {

class TableReader {
 public:
  explicit TableReader(const std::filesystem::path& path);  // throws StorageError
  ~TableReader();
  TableReader(TableReader&&) noexcept;
  TableReader& operator=(TableReader&&) noexcept;

  const TableMeta& meta() const;
  const std::filesystem::path& path() const;

  // False for a compact table (WriteOptions::store_values), whose values
  // only its streams give: value(), read_block() and read_all() then throw
  // StorageError.
  bool has_values() const;
  // Throws StorageError, naming the table, unless has_values().
  void require_values() const;
  // The value code at `index` (< meta().index_size). A thread keeps the
  // blocks it decompressed last, so nearby probes decompress nothing.
  std::uint16_t value(std::uint64_t index) const;
  // Decompresses and checks block `block` into `out` (resized).
  void read_block(std::uint64_t block, std::vector<std::uint16_t>& out) const;
  // Every value, checked against the whole-table checksum.
  std::vector<std::uint16_t> read_all() const;
  // Every value a block at a time, in index order: f(first index, values)
  // for each block (blocks of meta().block_values values, the last one
  // shorter), then the whole-table checksum, which throws StorageError after
  // the last block if it does not match. For a caller that keeps less than
  // the values, and so never holds them all.
  void for_each_block(const std::function<void(std::uint64_t, std::span<const std::uint16_t>)>& f) const;
  // The same for the blocks wanted(first index, count) accepts alone, the
  // others not even decompressed. Each block read is checked by its own
  // checksum; the whole-table checksum only where every block was read.
  void for_each_block(const std::function<bool(std::uint64_t, std::uint64_t)>& wanted,
                      const std::function<void(std::uint64_t, std::span<const std::uint16_t>)>& f) const;
  // The bytes of the stream `name` (TableWriter::add_stream), nullopt if
  // the table has none; they live as long as the reader, and their pages
  // were checked when it opened. A caller that reads them calls
  // check_unchanged() before it trusts what it read.
  std::optional<std::span<const std::byte>> stream(std::string_view name) const;
  // Throws StorageError if the file has shrunk under a read since it was
  // opened (what was read beyond its end was zeros). The value reads check
  // it themselves. after_damage: a read has just failed its own checks;
  // then the file's size is also compared with its size at open (bytes
  // past a new end within the last page read as zeros without a fault).
  void check_unchanged(bool after_damage = false) const;
  // The names of its streams, in the order they are stored.
  std::vector<std::string> stream_names() const;
  // Checks the whole file: every page's checksum, every block, and the
  // checksum over all values (a compact table: its pages). Throws
  // StorageError on the first damage.
  void check() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rtb::storage
