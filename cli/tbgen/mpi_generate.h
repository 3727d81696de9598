// tbgen under mpirun: the tables a run names, generated over the ranks
// (gen/mpi/build.h). Built only with RTB_MPI.
#pragma once

#include <string>

#include "cli/tbgen/solvers.h"
#include "games/params.h"
#include "gen/core/output.h"

namespace rtb::cli {

// How the ranks share the work: whole tables to ranks as their dependencies
// finish (tables), every table's index space split over all ranks (split),
// or split for a run of one table and whole tables otherwise (auto).
enum class MpiMode { kAuto, kTables, kSplit };

MpiMode parse_mpi_mode(const std::string& text);

// When mpirun ends the run because a rank died, it stops the other ranks
// with SIGTERM: each then says so in one line on stderr and exits with 1,
// leaving its unfinished table as a .partial file that is never taken for
// a table (the next run removes it).
void say_when_stopped(int rank, int ranks);

// Generates what `solver.generate` would, over the ranks of MPI_COMM_WORLD:
// a solver with a plan hands its tables to ranks or splits them, any other
// runs in a world of one rank only; rank 0 prints the exchange costs of
// split tables unless quiet.
void generate_over_mpi(const Solver& solver, const std::string& game, const Params& params,
                       BuildOptions options, MpiMode mode, bool quiet);

}  // namespace rtb::cli
