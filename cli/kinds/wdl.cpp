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
#include "gen/wdl/verify.h"

namespace rtb::cli {
namespace {

// The tables of a set that exist are skipped; a single table is rebuilt
// (or refused) as asked.
bool skipped(std::size_t tables, const std::filesystem::path& path, const BuildOptions& options) {
  return tables > 1 && std::filesystem::exists(path) && !options.force;
}

void generate(const std::string& game_name, const Params& params, const BuildOptions& asked) {
  const std::vector<Params> tables = expand_params(game_name, params);
  BuildOptions options = asked;
  for (const Params& one : tables)
    with_game(game_name, one, [&](auto& game) {
      if constexpr (wdl_solvable<std::decay_t<decltype(game)>>())
        if (!skipped(tables.size(), table_path(options.out_dir, game.table_name()), options))
          plan_tables(game, options, options.plan);
      return 0;
    });
  for (const Params& one : tables) {
    with_game(game_name, one, [&](auto& game) {
      if constexpr (!wdl_solvable<std::decay_t<decltype(game)>>())
        throw GameError("game " + game_name +
                        " has moves to sums of positions: generate it with --solver grundy");
      const auto path = table_path(options.out_dir, game.table_name());
      if (skipped(tables.size(), path, options)) return 0;
      build_table(game, options);
      return 0;
    });
  }
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
