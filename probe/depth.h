// The reader of wdl16 tables, win/draw/loss with exact depth (the depth
// solver, gen/depth/): the value of a position, the value of every move, and
// the best line. A DepthTable may be shared by any number of threads.
#pragma once

#include <cstdint>
#include <filesystem>
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

class DepthTable {
 public:
  // Opens the wdl16 table at `path`; with `expected_game`, refuses a table
  // of another game. Throws ProbeError with a one-line reason.
  explicit DepthTable(const std::filesystem::path& path, std::string_view expected_game = {});
  // The same for a table already open; throws ProbeError if it is of another kind.
  explicit DepthTable(OpenedTable table);

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

}  // namespace rtb
