// A table's dependency as a plugin: the tables a table reads (captures,
// promotions, earlier tiers) are tables of the same game, so the generator
// builds each one as the type it already has, with no registry of games.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "games/game.h"
#include "gen/core/options.h"
#include "storage/table_identity.h"

namespace rtb {

// The plugin of `dep`, a dependency of `game`. Throws GenError where a
// plugin names a dependency of another game, and GameError for bad
// parameters.
template <Game G>
G dependency_of(const G& game, const Dependency& dep) {
  if (dep.game != G::kName)
    throw GenError(game.table_name() + " reads a table of game " + dep.game + ", not of " +
                   std::string(G::kName) + ": a table reads tables of its own game only");
  return G(dep.params);
}

// Refuses the file at `path` that `game` would read as its dependency
// `sub`, unless it is sub's table of `value_kind`: a table under sub's name
// made for other parameters, input or metric would be built on, and the
// table written from it would be whole and wrong. Throws
// storage::IdentityError naming both identities.
template <Game G>
void require_dependency(const G& game, const G& sub, const storage::TableMeta& found,
                        const std::filesystem::path& path, std::string_view value_kind) {
  storage::require_identity(found, {std::string(G::kName), sub.identity(), std::string(value_kind)},
                            "table " + path.string() + ", which " + game.table_name() + " reads,");
}

}  // namespace rtb
