// `tbgen --solver arena --game G --param objective=buchi ...`: the arena
// solver behind tbgen's command line. The objective arrives as one of the
// --param items; it is taken out before the game sees its parameters.
#pragma once

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "games/arena.h"
#include "games/registry.h"
#include "gen/arena_table.h"
#include "gen/system.h"

namespace rtb {

// `params` without the key `objective`.
inline Params without_objective(const Params& params) {
  Params rest;
  for (const auto& [key, value] : params.values())
    if (key != "objective") rest.set(key, value);
  return rest;
}

// The objective named by `objective`, or else by params' objective=...;
// throws GameError when neither names one or the two disagree.
inline Objective arena_objective(const Params& params, const std::string& objective) {
  const std::string from_params = params.has("objective") ? params.get("objective", "") : "";
  if (!objective.empty() && !from_params.empty() && objective != from_params)
    throw GameError("two objectives given: '" + objective + "' and objective=" + from_params);
  const std::string name = objective.empty() ? from_params : objective;
  if (name.empty()) throw GameError("the arena solver needs --param objective=buchi|cobuchi|reach|safety");
  return parse_objective(name);
}

// Solves game `game` for the objective and writes its arena16 table into
// options.out_dir; prints the table's path, and a summary on stderr unless
// options.gen.quiet. Returns the exit status; throws GameError for a game
// that is no arena, GenError and storage::StorageError as build_table does.
inline int generate_arena(const std::string& game, const Params& params, const std::string& objective,
                          const BuildOptions& options) {
  const Objective goal = arena_objective(params, objective);
  std::filesystem::create_directories(options.out_dir);
  return with_game(game, without_objective(params), [&]<class G>(const G& plugin) -> int {
    if constexpr (Arena<G>) {
      if (!plugin.has_owners())
        throw GameError("this " + std::string(G::kName) +
                        " has no owners; for an arena use --param format=ioi-train (IOI 2017 Train input)");
      const auto start = std::chrono::steady_clock::now();
      ArenaStats stats;
      const auto path = build_arena_table(plugin, goal, options, &stats);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cout << path.string() << "\n";
      if (!options.gen.quiet)
        std::fprintf(stderr,
                     "%llu positions (%s): A wins %llu, B wins %llu; %u rounds, largest detail %u; %.3f s; "
                     "peak %.1f MiB\n",
                     static_cast<unsigned long long>(stats.legal), std::string(objective_name(goal)).c_str(),
                     static_cast<unsigned long long>(stats.a_wins),
                     static_cast<unsigned long long>(stats.b_wins), stats.rounds, stats.max_detail, seconds,
                     static_cast<double>(peak_memory_bytes()) / (1 << 20));
      return 0;
    } else {
      throw GameError("game " + std::string(G::kName) +
                      " has no owners: --solver arena needs an arena (graph with --param format=ioi-train)");
    }
  });
}

}  // namespace rtb
