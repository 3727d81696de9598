// The wdl16 kind: win/draw/loss with exact depth, by the left-counter pass
// (gen/wdl/), read by ProbeTable (probe/probe.h).
#include <filesystem>
#include <ostream>
#include <type_traits>

#include "cli/common.h"
#include "cli/kinds/wdl_reader.h"
#include "cli/value_kind.h"
#include "games/registry.h"
#include "gen/wdl/build.h"
#include "gen/wdl/build_plan.h"
#include "gen/wdl/verify.h"

namespace rtb::cli {
namespace {

// The set's tables and their missing dependencies (gen/wdl/table_plan.h),
// several at once where they do not read each other.
void generate(const std::string& game_name, const Params& params, const BuildOptions& options) {
  build_tables(plan_run(game_name, params, options), options);
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

std::string describe_counts(const storage::TableMeta& m) {
  return std::to_string(m.legal) + " positions: " + std::to_string(m.counts.get("wins")) + " wins, " +
         std::to_string(m.counts.get("draws")) + " draws, " + std::to_string(m.counts.get("losses")) +
         " losses; longest " + std::to_string(m.counts.get("max_depth")) + " plies";
}

std::filesystem::path file_in(const std::filesystem::path& dir, const std::string& game,
                              const Params& params) {
  return table_path(dir, make_game(game, params)->table_name());
}

}  // namespace

ValueKind wdl_kind() {
  return {kWdlKind,
          "wdl",
          "win/draw/loss with exact depth (plies) for the side to move",
          {},
          &generate,
          &verify,
          &describe_counts,
          &file_in,
          &open_wdl_reader};
}

}  // namespace rtb::cli
