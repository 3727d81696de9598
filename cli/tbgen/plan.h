// `tbgen plan`: the tables a generate run would build, in the order it
// builds them, without building any. Scripts that build a set table by
// table (tests/bench/all5.sh) ask it what each table reads instead of
// knowing the game's rules.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

#include "cli/tbgen/solvers.h"
#include "games/params.h"

namespace rtb::cli {

// Writes one line per table that `tbgen --game game --param ...` with
// `options` (its --out, --force, --threads, --checkpoint-every and
// --memory) would build, with `solver`, whose plan must not be null, each
// after those it reads: its name, a tab, its game and parameters ("chess
// material=KQvK,metric=dtz"), a tab, and the names of the tables it reads,
// space-separated, whether built already or not. With `estimate`, the
// figures of print_estimate (cli/tbgen/memory.h) too, and a last line
// "# refused: ..." where a table does not fit options.memory. Throws as
// that run would before building: GameError for an unknown game, bad
// parameters or a game the depth solver cannot solve, StorageError for a
// single table that exists without force.
void print_plan(const Solver& solver, const std::string& game, const Params& params,
                const BuildOptions& options, bool estimate, std::ostream& os);

}  // namespace rtb::cli
