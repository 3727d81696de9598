// Reading arena16 tables (gen/arena/build.h): who wins from each position
// and the detail the objective keeps. The code format is in games/arena.h.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "games/arena.h"
#include "probe/table.h"

namespace rtb {

struct ArenaValue {
  bool a_wins;
  std::uint32_t detail;  // gen/arena/solve.h: moves to force the outcome, or a round
};

class ArenaTable {
 public:
  // Throws ProbeError for a table of another kind or game.
  explicit ArenaTable(const std::filesystem::path& path, std::string_view expected_game = {})
      : ArenaTable(OpenedTable(path, expected_game)) {}
  explicit ArenaTable(OpenedTable table) : table_(std::move(table)) {
    if (meta().value_kind != kArenaKind)
      throw ProbeError(table_.where() + " holds values of kind '" + meta().value_kind + "', not '" +
                       std::string(kArenaKind) + "'");
    objective_ = Params::from_canonical(meta().solver_params).get("objective", "");
    try {
      parse_objective(objective_);
    } catch (const GameError& e) {
      throw ProbeError(table_.where() + ": " + e.what());
    }
  }

  const storage::TableMeta& meta() const { return table_.meta(); }
  const AnyGame& game() const { return table_.game(); }
  const OpenedTable& opened() const { return table_; }
  // reach, safety, buchi or cobuchi.
  const std::string& objective() const { return objective_; }

  Index parse(std::string_view text) const { return table_.parse(text); }
  std::string text(Index i) const { return table_.bare_game().text(i); }
  ArenaValue value(Index i) const { return decode(table_.code(i)); }
  static ArenaValue decode(std::uint16_t code) { return {ArenaCode::a_wins(code), ArenaCode::detail(code)}; }
  std::vector<std::uint16_t> read_all() const { return table_.read_all(); }

 private:
  OpenedTable table_;
  std::string objective_;
};

}  // namespace rtb
