#include "cli/tbgen/mpi_generate.h"

#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <type_traits>
#include <vector>

#include "answers/common.h"
#include "answers/value_kind.h"
#include "games/impartial.h"
#include "games/registry.h"
#include "gen/core/system.h"
#include "gen/depth/build_plan.h"
#include "gen/instances/instances.h"
#include "gen/mpi/build.h"

namespace rtb::cli {
namespace {

void print_exchange(const mpi::Comm& comm, const std::string& name, const mpi::ExchangeStats& mine,
                    Index size) {
  const std::uint64_t bytes = comm.sum(mine.bytes_sent);
  const double wait =
      static_cast<double>(comm.sum(static_cast<std::uint64_t>(mine.wait_seconds * 1e6))) / 1e6;
  const double peak_mib = static_cast<double>(comm.max(peak_memory_bytes())) / (1 << 20);
  if (!comm.root()) return;
  const double ranks = comm.size(), layers = std::max<double>(1, static_cast<double>(mine.layers));
  std::cerr << name << ": mpi split over " << comm.size() << " ranks: " << mine.layers << " layers, " << bytes
            << " bytes sent (" << static_cast<double>(bytes) / static_cast<double>(std::max<Index>(size, 1))
            << " per position, " << static_cast<double>(bytes) / layers << " per layer), waiting "
            << wait / ranks / layers * 1e3 << " ms per layer per rank, " << mine.total_seconds
            << " s, largest rank peak " << peak_mib << " MiB\n";
}

std::string stop_message;  // composed before any signal can come

extern "C" void on_stop(int) {
  const ssize_t written = ::write(STDERR_FILENO, stop_message.data(), stop_message.size());
  (void)written;
  ::_exit(1);
}

}  // namespace

void say_when_stopped(int rank, int ranks) {
  stop_message = "tbgen: error: rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
                 " stopped: another rank died or the run was ended; no unfinished table was published\n";
  std::signal(SIGTERM, on_stop);
}

MpiMode parse_mpi_mode(const std::string& text) {
  if (text == "auto") return MpiMode::kAuto;
  if (text == "tables") return MpiMode::kTables;
  if (text == "split") return MpiMode::kSplit;
  throw answers::UsageError("--mpi must be auto, tables or split");
}

void generate_over_mpi(const Solver& solver, const std::string& game, const Params& params,
                       BuildOptions options, MpiMode mode, bool quiet) {
  const mpi::Comm comm;
  if (!solver.plan) {
    if (comm.size() > 1)
      throw GenError("the " + std::string(answers::kind_named(solver.kind).solver) +
                     " solver runs in one process: start it without mpirun, or with -np 1");
    solver.generate(game, params, options);
    return;
  }
  if (comm.size() > 1) options.gen.progress = nullptr;  // several ranks would share one terminal
  std::vector<PlannedTable> plan;
  bool split = false;
  // A rank builds one whole table at a time, which must fit its budget; a
  // split table's part of a rank is not estimated, and is not checked.
  comm.together([&] {
    plan = solver.plan(game, params, options);
    split = mode == MpiMode::kSplit || (mode == MpiMode::kAuto && plan.size() == 1);
    if (!split) check_memory(plan, options);
  });
  for (const PlannedTable& t : plan) options.plan.push_back(t.name);
  // The plan's tables are of its one game (gen/core/dependency.h).
  with_game_type(game, [&]<class G>(std::type_identity<G>) {
    if constexpr (depth_solvable<G>()) {
      if (!split) {
        mpi::schedule(plan, comm, [&](const PlannedTable& t) { build_planned<G>(t, options); });
        return;
      }
      for (const PlannedTable& t : plan) {
        G g(t.params);
        const mpi::ExchangeStats exchange = mpi::build_split(g, options, comm);
        if (!quiet) print_exchange(comm, t.name, exchange, g.size());
      }
    }
  });
}

}  // namespace rtb::cli
