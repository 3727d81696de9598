// The tables a run builds, and which of them each one reads: the set the
// user named (chess material=all4) and the dependencies missing from the
// output directory, so that tables that do not read each other can be
// built at once (threads: gen/depth/build_plan.h; MPI ranks: gen/mpi/build.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "games/game.h"
#include "games/impartial.h"
#include "gen/core/dependency.h"
#include "gen/core/output.h"
#include "gen/depth/memory_estimate.h"

namespace rtb {

// A table to build, and the tables of the plan it reads.
struct PlannedTable {
  std::string name, game;
  Params params;
  std::vector<std::string> reads;  // names of its dependencies
  std::vector<std::size_t> needs;  // those of them in the plan
  Index size = 0;                  // its index count: about what it costs
  MemoryEstimate estimate;         // its memory and disk at most (gen/depth/memory_estimate.h)
};

// Adds `game` and its missing dependencies (depth first) to `plan`.
template <Game G>
void plan_table(const G& game, const BuildOptions& options, std::vector<PlannedTable>& plan) {
  if (std::ranges::any_of(plan, [&](const PlannedTable& t) { return t.name == game.table_name(); })) return;
  PlannedTable table{game.table_name(), std::string(G::kName), game.params(), {}, {}, game.size(), {}};
  if constexpr (AttachesDependencies<G>)
    for (const Dependency& dep : game.dependencies()) {
      G sub = dependency_of(game, dep);
      table.reads.push_back(sub.table_name());
      if (!std::filesystem::exists(table_path(options.out_dir, sub.table_name())))
        plan_table(sub, options, plan);
    }
  table.estimate = estimate_table(game, options);
  plan.push_back(std::move(table));
}

// Links each table of the plan to the tables of the plan it reads.
inline void link_plan(std::vector<PlannedTable>& plan) {
  for (PlannedTable& t : plan)
    for (const std::string& name : t.reads)
      for (std::size_t k = 0; k < plan.size(); ++k)
        if (plan[k].name == name) t.needs.push_back(k);
}

// Refuses, before anything is built, a plan with a table that cannot be
// built within options.memory (GenError, one line naming the largest).
inline void check_memory(const std::vector<PlannedTable>& plan, const BuildOptions& options) {
  if (options.memory == 0) return;
  const PlannedTable* largest = nullptr;
  std::size_t over = 0;
  for (const PlannedTable& t : plan)
    if (t.estimate.floor > options.memory) {
      ++over;
      if (!largest || t.estimate.floor > largest->estimate.floor) largest = &t;
    }
  if (!largest) return;
  const std::string others = over == 1 ? ""
                                       : " (and " + std::to_string(over - 1) + " more of the run's " +
                                             std::to_string(plan.size()) + " tables)";
  throw GenError(largest->name + " needs up to " + bytes_text(largest->estimate.floor) + " of memory (" +
                 std::to_string(largest->estimate.index_size) + " indices)" + others + ", more than " +
                 options.memory_source + ": tbgen plan --estimate shows each table's figures");
}

// The plan of a run of `G` with `params`, in build order. The tables of a
// set (G::expand, ExpandsParams) that exist are skipped unless forced; a
// single table that exists is refused unless forced, before any table it
// reads is built. Throws GameError for bad parameters.
template <Game G>
std::vector<PlannedTable> plan_run(const Params& params, const BuildOptions& options) {
  std::vector<Params> tables{params};
  if constexpr (ExpandsParams<G>) tables = G::expand(params);
  std::vector<PlannedTable> plan;
  for (const Params& one : tables) {
    const G game(one);
    const auto path = table_path(options.out_dir, game.table_name());
    if (tables.size() == 1) {
      refuse_existing(path, options);
      plan_table(game, options, plan);
    } else if (options.force || !std::filesystem::exists(path)) {
      plan_table(game, options, plan);
    }
  }
  link_plan(plan);
  return plan;
}

}  // namespace rtb
