// The arena16 kind's generation: who wins an arena with owners (reach,
// safety, Buchi, co-Buchi; IOI 2017 Train), solved by gen/arena/.
#include "answers/kinds/arena.h"

#include <ostream>

#include "cli/tbgen/solvers.h"
#include "games/registry.h"
#include "gen/arena/build.h"

namespace rtb::cli {
namespace {

void generate(const std::string& game, const Params& params, const BuildOptions& options) {
  generate_arena(game, params, "", options);
}

int verify(const OpenedTable& table, unsigned, std::ostream&) {
  // A Buchi rank of one of B's stations depends on the whole attractor
  // round, not on its successors' codes alone.
  throw GameError("tbgen verify does not check arena16 tables (" + table.path().string() + ")");
}

}  // namespace

void generate_arena(const std::string& game, const Params& params, const std::string& objective,
                    const BuildOptions& options) {
  const Objective goal = answers::arena_objective(params, objective);
  const answers::SplitParams split = answers::split_params(params, answers::kArenaSolverKeys);
  with_game(game, split.game, [&]<class G>(const G& plugin) {
    if constexpr (Arena<G>) {
      if (!plugin.has_owners())
        throw GameError("this " + std::string(G::kName) +
                        " has no owners; for an arena use --param format=ioi-train (IOI 2017 Train input)");
      build_arena_table(plugin, goal, options);
    } else {
      throw GameError("game " + std::string(G::kName) +
                      " has no owners: --solver arena needs an arena (graph with --param format=ioi-train)");
    }
  });
}

Solver arena_solver() {
  return {kArenaKind, nullptr, &generate, &verify};
}

}  // namespace rtb::cli
