// From a plugin to a table on disk: generate, then write atomically.
#pragma once

#include <cstdio>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "games/game.h"
#include "games/registry.h"
#include "gen/retrograde.h"
#include "gen/tiers.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

#ifndef RTB_GENERATOR_VERSION
#define RTB_GENERATOR_VERSION "rtb"
#endif

namespace rtb {

struct BuildOptions {
  std::filesystem::path out_dir = "tables";
  GenOptions gen;
  bool force = false;
  // Called after each table is written, dependencies included.
  std::function<void(const std::filesystem::path&, const GenStats&)> on_written;
};

inline std::filesystem::path table_path(const std::filesystem::path& dir, const std::string& name) {
  return dir / (name + ".rtb");
}

// Before generating into `path`: refuses an existing table without force (so
// no time is spent on a table that cannot be written), and removes, saying
// so, what an interrupted run left.
inline void prepare_output(const std::filesystem::path& path, bool force) {
  if (std::filesystem::exists(path) && !force)
    throw storage::StorageError("table " + path.string() + " already exists; use --force to replace it");
  const auto partial = storage::partial_path(path);
  if (std::filesystem::exists(partial)) {
    std::fprintf(stderr, "note: removing %s, left unfinished by an interrupted run\n", partial.c_str());
    std::filesystem::remove(partial);
    std::filesystem::remove(partial.string() + "-lock");
  }
}

// What every table's meta record says of its game and generator; each kind
// of table adds its counts.
template <class G>
storage::TableMeta game_meta(const G& game, std::string_view value_kind) {
  storage::TableMeta meta;
  meta.game = std::string(G::kName);
  meta.params = game.params().canonical();
  meta.identity = game.identity();
  meta.value_kind = std::string(value_kind);
  meta.generator_version = RTB_GENERATOR_VERSION;
  return meta;
}

template <Game G>
storage::TableMeta table_meta(const G& game, const GenStats& stats) {
  storage::TableMeta meta = game_meta(game, "wdl16");
  meta.legal = stats.legal;
  meta.wins = stats.wins;
  meta.draws = stats.draws;
  meta.losses = stats.losses;
  meta.max_depth = stats.max_depth;
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
  prepare_output(path, options.force);
  const auto dependency_values = attach_dependencies(game, options);
  storage::WriteOptions write;
  write.force = options.force;
  GenStats stats;
  if constexpr (Tiered<G>) {
    storage::TableWriter writer(path, game.size(), write);
    stats =
        generate_tiers(game, options.gen, [&](std::span<const std::uint16_t> tier) { writer.append(tier); });
    writer.commit(table_meta(game, stats));
  } else {
    GenResult result = generate(game, options.gen);
    stats = result.stats;
    storage::write_table(path, table_meta(game, stats),
                         std::span<const std::uint16_t>(result.values.get(), result.size), write);
  }
  if (stats_out) *stats_out = stats;
  if (options.on_written) options.on_written(path, stats);
  return path;
}

}  // namespace rtb
