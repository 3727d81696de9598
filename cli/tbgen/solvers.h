// The table of solvers: for each value kind (answers/value_kind.h names the
// kinds and their --solver names), how tbgen generates its tables and
// re-derives their values. tbgen, its plan and its MPI runs dispatch
// through this table; only tbgen links it, so the front ends that only read
// tables carry no generator.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "answers/value_kind.h"
#include "gen/core/output.h"
#include "gen/depth/table_plan.h"

namespace rtb::cli {

struct Solver {
  std::string_view kind;  // the value kind it writes (answers::ValueKind::name)
  // The tables a run would build, each after the tables it reads
  // (captures, tiers: gen/depth/table_plan.h), for solvers whose tables read
  // other tables; `tbgen plan` prints it and MPI hands its tables to ranks.
  // Null for solvers whose run is one table, solved in one process.
  std::vector<PlannedTable> (*plan)(const std::string& game, const Params& params,
                                    const BuildOptions& options);
  // Generates the tables `params` names for `game` (the game's and the
  // solver's parameters together, as given with --param).
  void (*generate)(const std::string& game, const Params& params, const BuildOptions& options);
  // tbgen verify: re-derives every value; prints mismatches, returns the
  // exit status. Throws GameError where the kind cannot be re-derived.
  int (*verify)(const OpenedTable& table, unsigned threads, std::ostream& out);
};

// The solver of a value kind; throws std::runtime_error for a kind that
// this build cannot generate.
const Solver& solver_of(const answers::ValueKind& kind);

// The solvers' entries, each defined in cli/tbgen/solvers/<kind>.cpp.
Solver depth_solver();
Solver grundy_solver();
Solver arena_solver();

// Generates the arena16 table of `game` for the objective named by
// `objective` or by params' objective=... (not both, unless they agree).
// Throws GameError for a game that is no arena or a missing or unknown
// objective; GenError and storage::StorageError as build_table does.
void generate_arena(const std::string& game, const Params& params, const std::string& objective,
                    const BuildOptions& options);

}  // namespace rtb::cli
