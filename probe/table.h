// A table opened once, whatever its value kind: the reader, its meta record
// and the game rebuilt from it. The kind's reader (DepthTable for wdl16,
// GrundyTable, ArenaTable) is built on it, so a front end opens a file once
// and then picks the reader by meta().value_kind. Shared by any number of
// threads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/any_game.h"
#include "storage/table_identity.h"
#include "storage/table_reader.h"

namespace rtb {

// A table that cannot be opened or read, or a position it does not hold;
// the message is one line.
struct ProbeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OpenedTable {
 public:
  // Opens the table at `path` and the game it was made from; with
  // `expected_game`, refuses a table of another game. Throws ProbeError
  // (or storage::StorageError for a damaged file).
  explicit OpenedTable(const std::filesystem::path& path, std::string_view expected_game = {});
  // Opens the table at `path` only if it is the one `asked` names (the
  // game, the identity of the parameters and input asked for, the value
  // kind); throws storage::IdentityError naming both otherwise.
  OpenedTable(const std::filesystem::path& path, const storage::TableIdentity& asked);
  OpenedTable(OpenedTable&&) noexcept;
  ~OpenedTable();

  const storage::TableMeta& meta() const { return reader_.meta(); }
  const std::filesystem::path& path() const { return reader_.path(); }
  // The game, with the tables its moves lead into attached (found beside
  // this one on first use: opening stays cheap for engines that only look
  // up values).
  const AnyGame& game() const;
  // The game without dependencies: enough for indices, legality and text.
  const AnyGame& bare_game() const { return *game_; }
  // "table <path>", the start of every message about this table.
  std::string where() const { return "table " + path().string(); }

  // The stored code at a position; throws ProbeError for an index that is
  // no position of this table.
  std::uint16_t code(Index i) const;
  // The stored code at any index below the size, without the legality test.
  std::uint16_t code_unchecked(Index i) const { return reader_.value(i); }
  Index parse(std::string_view text) const;  // throws ProbeError
  // Every value, checked against the table's checksum.
  std::vector<std::uint16_t> read_all() const { return reader_.read_all(); }
  // The values of block `block` (meta().block_values of them, fewer in the
  // last), checked against the block's checksum.
  void read_block(std::uint64_t block, std::vector<std::uint16_t>& out) const {
    reader_.read_block(block, out);
  }
  // False for a compact table (storage/compact_table.h): code() and
  // read_all() then throw storage::StorageError; its streams give values.
  bool has_values() const { return reader_.has_values(); }
  void require_values() const { reader_.require_values(); }  // throws storage::StorageError
  // The bytes of a stream the table keeps beside its values (checked when
  // it opened), nullopt if it has none. What is read from them is trusted
  // only after check_unchanged().
  std::optional<std::span<const std::byte>> stream(std::string_view name) const {
    return reader_.stream(name);
  }
  // Throws storage::StorageError if the file shrank under a read since it
  // was opened (storage::TableReader::check_unchanged).
  void check_unchanged(bool after_damage = false) const { reader_.check_unchanged(after_damage); }
  // The names of the streams it keeps, in the order they are stored.
  std::vector<std::string> stream_names() const { return reader_.stream_names(); }
  // Checks the whole file: every page, every block, the values' checksum.
  // Throws storage::StorageError on the first damage.
  void check() const { reader_.check(); }

 private:
  void open_game();
  void attach_dependencies() const;

  storage::TableReader reader_;
  std::unique_ptr<AnyGame> game_;
  mutable std::unique_ptr<std::once_flag> attached_ = std::make_unique<std::once_flag>();
  mutable std::vector<std::vector<std::uint16_t>> dependency_values_;
};

}  // namespace rtb
