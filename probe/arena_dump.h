// Reading tables of value kind "arena16" (gen/arena_table.h) for `tbprobe`:
// `tbprobe --table T --dump` prints one line "<position> <1|0>" per position,
// 1 when A wins, which for an IOI 2017 Train arena is the task's expected
// output. Needs no generator code: the code format is in games/arena.h.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "games/any_game.h"
#include "games/arena.h"
#include "storage/table_reader.h"

namespace rtb {

// Whether the complete table at `path` holds arena16 values; throws
// storage::StorageError when it cannot be opened.
inline bool is_arena_table(const std::filesystem::path& path) {
  return storage::TableReader(path).meta().value_kind == kArenaValueKind;
}

// Prints every position of the arena16 table at `path` as "<text> <1|0>",
// in index order. Throws (storage::StorageError, GameError, std::runtime_error)
// for a table of another kind or one made from other input than its
// parameters now give.
inline void dump_arena(const std::filesystem::path& path, std::ostream& out) {
  const storage::TableReader reader(path);
  const storage::TableMeta& meta = reader.meta();
  if (meta.value_kind != kArenaValueKind)
    throw std::runtime_error("table " + path.string() + " holds values of kind '" + meta.value_kind +
                             "', not '" + std::string(kArenaValueKind) + "'");
  // The parameters hold the objective, which is the solver's and not the game's.
  Params params;
  std::string objective;
  const Params stored = Params::from_canonical(meta.params);
  for (const auto& [key, value] : stored.values()) {
    if (key == "objective")
      objective = value;
    else
      params.set(key, value);
  }
  const auto game = make_game(meta.game, params);
  if (game->identity() + ";objective=" + objective != meta.identity)
    throw std::runtime_error("table " + path.string() +
                             " was made from different input than its parameters now give");
  if (game->size() != meta.positions)
    throw std::runtime_error("table " + path.string() + " has " + std::to_string(meta.positions) +
                             " values, the game " + std::to_string(game->size()));
  const auto codes = reader.read_all();
  std::string text;
  for (Index i = 0; i < codes.size(); ++i) {
    if (!game->legal(i)) continue;
    text += game->text(i);
    text += ArenaCode::a_wins(codes[i]) ? " 1\n" : " 0\n";
    if (text.size() > (1 << 16)) out << text, text.clear();
  }
  out << text;
}

}  // namespace rtb
