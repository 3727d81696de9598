// A table's dependency as a plugin: the tables a table reads (captures,
// promotions, earlier tiers) are tables of the same game, so the generator
// builds each one as the type it already has, with no registry of games.
#pragma once

#include <string>

#include "games/game.h"
#include "gen/core/options.h"

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

}  // namespace rtb
