// The wdl16 kind's generation: win/draw/loss with exact depth by the
// left-counter pass (gen/depth/), a set of tables and the tables they read
// built in one run.
#include <ostream>

#include "cli/tbgen/solvers.h"
#include "games/impartial.h"
#include "games/registry.h"
#include "gen/depth/build.h"
#include "gen/depth/build_plan.h"
#include "gen/depth/verify.h"
#include "gen/instances/instances.h"

namespace rtb::cli {
namespace {

[[noreturn]] void refuse_sums(const std::string& game_name) {
  throw GameError("game " + game_name + " has moves to sums of positions: generate it with --solver grundy");
}

std::vector<PlannedTable> plan(const std::string& game_name, const Params& params,
                               const BuildOptions& options) {
  return with_game_type(game_name, [&]<class G>(std::type_identity<G>) -> std::vector<PlannedTable> {
    if constexpr (!depth_solvable<G>())
      refuse_sums(game_name);
    else
      return plan_run<G>(params, options);
  });
}

// The set's tables and their missing dependencies (gen/depth/table_plan.h),
// several at once where they do not read each other.
void generate(const std::string& game_name, const Params& params, const BuildOptions& options) {
  with_game_type(game_name, [&]<class G>(std::type_identity<G>) {
    if constexpr (!depth_solvable<G>())
      refuse_sums(game_name);
    else {
      const std::vector<PlannedTable> plan = plan_run<G>(params, options);
      check_memory(plan, options);
      build_tables<G>(plan, options);
    }
  });
}

int verify(const OpenedTable& table, unsigned threads, std::ostream& out) {
  const storage::TableMeta& meta = table.meta();
  return with_game(meta.game, Params::from_canonical(meta.params), [&](auto& game) {
    // Moves that leave the table are checked against the tables beside it.
    BuildOptions beside;
    beside.out_dir = table.path().parent_path();
    beside.gen.threads = threads;
    const auto dependency_values = attach_dependencies(game, beside, false);
    const auto values = table.read_all();
    const VerifyReport report = verify(game, values, threads);
    for (const auto& f : report.failures)
      out << "MISMATCH " << game.text(f.index) << ": stored " << to_string(f.stored) << ", successors give "
          << to_string(f.expected) << "\n";
    if (!report.failures.empty()) {
      out << table.path().string() << ": FAILED\n";
      return 1;
    }
    out << table.path().string() << ": " << report.checked << " positions verified\n";
    return 0;
  });
}

}  // namespace

Solver depth_solver() {
  return {kDepthKind, &plan, &generate, &verify};
}

}  // namespace rtb::cli
