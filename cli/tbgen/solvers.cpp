#include "cli/tbgen/solvers.h"

#include <stdexcept>

namespace rtb::cli {

const Solver& solver_of(const answers::ValueKind& kind) {
  static const std::vector<Solver> solvers{depth_solver(), grundy_solver(), arena_solver()};
  for (const Solver& s : solvers)
    if (s.kind == kind.name) return s;
  throw std::runtime_error("this build cannot generate tables of kind " + std::string(kind.name));
}

}  // namespace rtb::cli
