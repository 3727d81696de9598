// The probe library's reader of wdl16 tables: the value of a position, the
// value of every move, and the best line; and Tablebase, a directory of
// tables opened on first use. A ProbeTable and a Tablebase may be shared by
// any number of threads.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "probe/table.h"

namespace rtb {

struct MoveResult {
  std::optional<Index> index;  // the position reached, when it is in this table
  std::string position;        // its text, or "" when the move leaves the table
  Value value;                 // for the player to move after the move
  Value for_mover() const { return value.after_move(); }
};

class ProbeTable {
 public:
  // Opens the wdl16 table at `path`; with `expected_game`, refuses a table
  // of another game. Throws ProbeError with a one-line reason.
  explicit ProbeTable(const std::filesystem::path& path, std::string_view expected_game = {});
  // The same for a table already open; throws ProbeError if it is of another kind.
  explicit ProbeTable(OpenedTable table);

  const storage::TableMeta& meta() const { return table_.meta(); }
  const AnyGame& game() const { return table_.game(); }
  const OpenedTable& opened() const { return table_; }

  Index parse(std::string_view text) const { return table_.parse(text); }  // throws ProbeError
  std::string text(Index i) const { return table_.bare_game().text(i); }

  Value value(Index i) const { return Value::from_code(table_.code(i)); }  // throws ProbeError
  Value value(std::string_view text) const { return value(parse(text)); }
  std::vector<MoveResult> moves(Index i) const;
  // The moves of a best line from i: the winner's fastest, the loser's
  // slowest; a drawn line stops when it repeats or after max_plies.
  std::vector<MoveResult> best_line(Index i, std::size_t max_plies = 1000) const;
  // Every value, checked against the table's checksum.
  std::vector<std::uint16_t> read_all() const { return table_.read_all(); }

 private:
  OpenedTable table_;
};

// A directory of wdl16 tables, each opened on first use and kept open.
class Tablebase {
 public:
  explicit Tablebase(std::filesystem::path dir);
  const std::filesystem::path& dir() const { return dir_; }
  // The table of `game` with `params`; throws ProbeError if it is missing
  // (and tries again on the next call: a table may be added later).
  const ProbeTable& table(std::string_view game, const Params& params) const;
  // The same, or nullptr when the directory has no such table.
  const ProbeTable* find(std::string_view game, const Params& params) const;
  // Keeps a table of this directory that is already open, so it is not
  // opened again.
  const ProbeTable& add(ProbeTable table);

 private:
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<ProbeTable>> open_;  // by path; never an empty entry
};

}  // namespace rtb
