#include "cli/tbgen/plan.h"

#include <ostream>

#include "cli/tbgen/solvers.h"

namespace rtb::cli {

void print_plan(const Solver& solver, const std::string& game, const Params& params,
                const std::filesystem::path& out, bool force, std::ostream& os) {
  BuildOptions options;
  options.out_dir = out;
  options.force = force;
  for (const PlannedTable& t : solver.plan(game, params, options)) {
    os << t.name << '\t' << t.game << ' ' << t.params.canonical() << '\t';
    for (std::size_t k = 0; k < t.reads.size(); ++k) os << (k ? " " : "") << t.reads[k];
    os << '\n';
  }
}

}  // namespace rtb::cli
