// From a plugin to a wdl16 table on disk: generate (after the tables it
// depends on), then write atomically.
#pragma once

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "games/game.h"
#include "games/registry.h"
#include "gen/core/output.h"
#include "gen/wdl/retrograde.h"
#include "gen/wdl/tiers.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb {

template <Game G>
storage::TableMeta table_meta(const G& game, const GenStats& stats) {
  storage::TableMeta meta = game_meta(game, kWdlKind);
  meta.legal = stats.legal;
  meta.counts.set("wins", stats.wins);
  meta.counts.set("draws", stats.draws);
  meta.counts.set("losses", stats.losses);
  meta.counts.set("max_depth", stats.max_depth);
  return meta;
}

template <Game G>
std::filesystem::path build_table(G& game, const BuildOptions& options, GenStats* stats_out = nullptr);

// Builds the tables `game` depends on that options.out_dir lacks (or, with
// !build_missing, refuses), reads them all, and attaches their values to
// `game`. The returned vectors own the
// values and must outlive the game's use of them.
template <Game G>
std::vector<std::vector<std::uint16_t>> attach_dependencies(G& game, const BuildOptions& options,
                                                            bool build_missing = true) {
  std::vector<std::vector<std::uint16_t>> values;
  if constexpr (AttachesDependencies<G>) {
    BuildOptions quiet_deps = options;
    quiet_deps.force = false;
    for (const Dependency& dep : game.dependencies()) {
      const auto path = with_game(dep.game, dep.params, [&](auto& sub) {
        const auto p = table_path(options.out_dir, sub.table_name());
        if (std::filesystem::exists(p)) return p;
        if (!build_missing)
          throw storage::StorageError(game.table_name() + " needs " + p.string() + ", which is missing");
        return build_table(sub, quiet_deps);
      });
      values.push_back(storage::TableReader(path).read_all());
    }
    DependencyValues spans(values.begin(), values.end());
    game.attach(spans);
  }
  return values;
}

// Generates `game` (after the tables it depends on) and writes its table into
// options.out_dir; returns the path. Throws (GenError,
// storage::StorageError) with nothing written.
template <Game G>
std::filesystem::path build_table(G& game, const BuildOptions& options, GenStats* stats_out) {
  const auto path = table_path(options.out_dir, game.table_name());
  prepare_output(path, options);
  const auto dependency_values = attach_dependencies(game, options);
  GenStats stats;
  if constexpr (Tiered<G>) {
    storage::WriteOptions write;
    write.force = options.force;
    storage::TableWriter writer(path, game.size(), write);
    stats =
        generate_tiers(game, options.gen, [&](std::span<const std::uint16_t> tier) { writer.append(tier); });
    const storage::TableMeta meta = table_meta(game, stats);
    writer.commit(meta);
    if (options.on_written) options.on_written({path, meta});
  } else {
    GenResult result = generate(game, options.gen);
    stats = result.stats;
    write_and_report(path, table_meta(game, stats),
                     std::span<const std::uint16_t>(result.values.get(), result.size), options);
  }
  if (stats_out) *stats_out = stats;
  return path;
}

}  // namespace rtb
