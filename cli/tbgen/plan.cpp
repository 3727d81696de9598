#include "cli/tbgen/plan.h"

#include <ostream>

#include "cli/tbgen/memory.h"
#include "cli/tbgen/solvers.h"

namespace rtb::cli {

void print_plan(const Solver& solver, const std::string& game, const Params& params,
                const BuildOptions& options, bool estimate, std::ostream& os) {
  const std::vector<PlannedTable> plan = solver.plan(game, params, options);
  if (estimate) {
    print_estimate(plan, options, os);
    try {
      check_memory(plan, options);
    } catch (const GenError& e) {
      os << "# refused: " << e.what() << '\n';
    }
    return;
  }
  for (const PlannedTable& t : plan) {
    os << t.name << '\t' << t.game << ' ' << t.params.canonical() << '\t';
    for (std::size_t k = 0; k < t.reads.size(); ++k) os << (k ? " " : "") << t.reads[k];
    os << '\n';
  }
}

}  // namespace rtb::cli
