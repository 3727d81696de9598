// Reading tables of value kind "arena16" (gen/arena_table.h) for `tbprobe`:
// `tbprobe --table T --dump` prints one line "<position> <1|0>" per position,
// 1 when A wins, which for an IOI 2017 Train arena is the task's expected
// output. Needs no generator code: the code format is in games/arena.h.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "games/any_game.h"
#include "games/arena.h"
#include "storage/table_reader.h"

namespace rtb {

// Whether the complete table at `path` holds arena16 values; throws
// storage::StorageError when it cannot be opened.
inline bool is_arena_table(const std::filesystem::path& path) {
  return storage::TableReader(path).meta().value_kind == kArenaValueKind;
}

// An arena16 table opened with the game it was made from. Throws
// (storage::StorageError, GameError, std::runtime_error) for a table of
// another kind or one made from other input than its parameters now give.
struct ArenaTable {
  explicit ArenaTable(const std::filesystem::path& path) : reader(path) {
    const storage::TableMeta& meta = reader.meta();
    if (meta.value_kind != kArenaValueKind)
      throw std::runtime_error("table " + path.string() + " holds values of kind '" + meta.value_kind +
                               "', not '" + std::string(kArenaValueKind) + "'");
    // The parameters hold the objective, which is the solver's and not the game's.
    Params params;
    const Params stored = Params::from_canonical(meta.params);
    for (const auto& [key, value] : stored.values()) {
      if (key == "objective")
        objective = value;
      else
        params.set(key, value);
    }
    game = make_game(meta.game, params);
    if (game->identity() + ";objective=" + objective != meta.identity)
      throw std::runtime_error("table " + path.string() +
                               " was made from different input than its parameters now give");
    if (game->size() != meta.positions)
      throw std::runtime_error("table " + path.string() + " has " + std::to_string(meta.positions) +
                               " values, the game " + std::to_string(game->size()));
  }

  storage::TableReader reader;
  std::unique_ptr<AnyGame> game;
  std::string objective;
};

// Prints every position of the arena16 table at `path` as "<text> <1|0>",
// in index order.
inline void dump_arena(const std::filesystem::path& path, std::ostream& out) {
  const ArenaTable table(path);
  const auto codes = table.reader.read_all();
  std::string text;
  for (Index i = 0; i < codes.size(); ++i) {
    if (!table.game->legal(i)) continue;
    text += table.game->text(i);
    text += ArenaCode::a_wins(codes[i]) ? " 1\n" : " 0\n";
    if (text.size() > (1 << 16)) out << text, text.clear();
  }
  out << text;
}

// Prints who wins from one position, with the detail the objective keeps
// (gen/arena.h): for reach the moves A needs to force a target, for safety
// the moves B needs to force leaving the targets, for buchi and cobuchi the
// rank of the attractor round that decides it.
inline void print_arena_position(const std::filesystem::path& path, std::string_view position,
                                 std::ostream& out) {
  const ArenaTable table(path);
  const Index i = table.game->parse(position);
  const std::uint16_t code = table.reader.value(i);
  const bool a_wins = ArenaCode::a_wins(code);
  out << table.game->text(i) << ": " << (a_wins ? "A" : "B") << " wins (" << table.objective;
  if (table.objective == "reach" && a_wins)
    out << ": A forces a target in " << ArenaCode::detail(code) << " moves";
  else if (table.objective == "safety" && !a_wins)
    out << ": B forces leaving the targets in " << ArenaCode::detail(code) << " moves";
  else if (table.objective == "buchi" || table.objective == "cobuchi")
    out << ", rank " << ArenaCode::detail(code);
  out << ")\n";
}

}  // namespace rtb
