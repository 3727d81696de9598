// The probe library: opens tables read-only and answers the value of a
// position, the value of every move, and the best line. A ProbeTable and a
// Tablebase may be shared by any number of threads.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/any_game.h"
#include "storage/table_reader.h"

namespace rtb {

struct ProbeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct MoveResult {
  std::optional<Index> index;  // the position reached, when it is in this table
  std::string position;        // its text, or "" when the move leaves the table
  Value value;                 // for the player to move after the move
  Value for_mover() const { return value.after_move(); }
};

class ProbeTable {
 public:
  // Opens the table at `path`; with `expected_game`, refuses a table of
  // another game. Throws ProbeError with a one-line reason.
  explicit ProbeTable(const std::filesystem::path& path, std::string_view expected_game = {});

  const storage::TableMeta& meta() const { return reader_.meta(); }
  const AnyGame& game() const { return *game_; }

  Index parse(std::string_view text) const;  // throws ProbeError
  std::string text(Index i) const { return game_->text(i); }

  Value value(Index i) const;  // throws ProbeError for an index that is no position
  Value value(std::string_view text) const { return value(parse(text)); }
  std::vector<MoveResult> moves(Index i) const;
  // The moves of a best line from i: the winner's fastest, the loser's
  // slowest; a drawn line stops when it repeats or after max_plies.
  std::vector<MoveResult> best_line(Index i, std::size_t max_plies = 1000) const;
  // Every value, checked against the table's checksum.
  std::vector<std::uint16_t> read_all() const { return reader_.read_all(); }

 private:
  void attach_dependencies(const std::filesystem::path& dir);

  storage::TableReader reader_;
  std::unique_ptr<AnyGame> game_;
  std::vector<std::vector<std::uint16_t>> dependency_values_;  // what game_ reads for moves leaving the table
};

// A directory of tables, each opened on first use and kept open.
class Tablebase {
 public:
  explicit Tablebase(std::filesystem::path dir);
  // The table of `game` with `params`; throws ProbeError if it is missing.
  const ProbeTable& table(std::string_view game, const Params& params) const;

 private:
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<ProbeTable>> open_;
};

}  // namespace rtb
