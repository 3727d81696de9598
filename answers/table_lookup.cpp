// Which table of a directory answers a question, and that the file found
// there is the table asked for.
#include "answers/table_lookup.h"

#include "answers/common.h"
#include "answers/value_kind.h"
#include "games/registry.h"
#include "probe/table.h"

namespace rtb::answers {
std::string game_of(const TableLookup& lookup) {
  if (!lookup.game.empty()) return lookup.game;
  if (!lookup.position || !params_for_position("chess", *lookup.position))
    throw UsageError("--dir needs --game G");
  return "chess";  // a FEN names a chess position, and its material the table
}

Params table_params(const TableLookup& lookup) {
  Params params;
  if (lookup.position)
    if (auto found = params_for_position(game_of(lookup), *lookup.position)) params = *found;
  for (const auto& [key, value] : lookup.params.values()) params.set(key, value);
  return params;
}

std::filesystem::path expected_table(const TableLookup& lookup) {
  const std::string game = game_of(lookup);
  return kind_of_solver(lookup.solver).file_in(lookup.dir, game, table_params(lookup));
}

std::filesystem::path find_table(const TableLookup& lookup) {
  const auto path = expected_table(lookup);
  if (!std::filesystem::exists(path)) {
    const std::string game = game_of(lookup);
    throw ProbeError("no table for " + game + " " + table_params(lookup).canonical() + " in " +
                     lookup.dir.string() + " (expected " + path.filename().string() + ")");
  }
  return path;
}

storage::TableIdentity asked_identity(const TableLookup& lookup) {
  return answers::asked_identity(kind_of_solver(lookup.solver), game_of(lookup), table_params(lookup));
}

OpenedTable open_table(const TableLookup& lookup) {
  const auto path = find_table(lookup);
  return OpenedTable(path, asked_identity(lookup));
}

}  // namespace rtb::answers
