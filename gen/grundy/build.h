// From an impartial game to a "grundy16" table on disk: solve, then write
// atomically with storage::write_table, as build_table does for wdl16.
//
// The table is "<table_name>.grundy.rtb", so a game's win/loss table and
// its Grundy table can live in one directory. Values are the codes of
// games/grundy_value.h (finite n < 0x8000, infinity(K) = 0x8000 | k); the
// list of K sets goes to TableMeta::extra as encode_inf_sets() text. The
// meta counts are the win/draw/loss classification of the values for the
// player to move, the largest finite value and the number of infinite ones.
#pragma once

#include <filesystem>
#include <span>
#include <string>

#include "gen/core/output.h"
#include "gen/grundy/solve.h"
#include "storage/table_writer.h"

namespace rtb {

inline std::string grundy_table_name(const std::string& game_table_name) {
  return game_table_name + ".grundy";
}

template <ImpartialGame G>
storage::TableMeta grundy_meta(const G& game, const GrundyResult& result) {
  storage::TableMeta meta = game_meta(game, kGrundyKind);
  meta.legal = result.stats.legal;
  meta.counts.set("wins", result.stats.wins);
  meta.counts.set("draws", result.stats.draws);
  meta.counts.set("losses", result.stats.losses);
  meta.counts.set("max_value", result.stats.max_value);
  meta.counts.set("infinite", result.stats.infinite);
  meta.counts.set("loopy", result.stats.loopy);
  meta.counts.set("loopy_levels", result.stats.loopy_levels);
  meta.extra = encode_inf_sets(result.inf_sets);  // the infinity sets the codes point into
  return meta;
}

// Solves `game` and writes its grundy16 table into options.out_dir; returns
// the path. Throws (GenError, storage::StorageError) with nothing written.
template <ImpartialGame G>
std::filesystem::path build_grundy_table(const G& game, const BuildOptions& options,
                                         GrundyStats* stats_out = nullptr) {
  const Stopwatch started;
  const auto path = table_path(options.out_dir, grundy_table_name(game.table_name()));
  const storage::TableLock lock = prepare_output(path, options);
  GenOptions gen = options.gen;
  gen.table = place_in_plan(options, path.stem().string());
  GrundyResult result = solve_grundy(game, gen);
  write_and_report(path, grundy_meta(game, result),
                   std::span<const std::uint16_t>(result.values.get(), result.size), options, lock, started);
  if (stats_out) *stats_out = result.stats;
  return path;
}

}  // namespace rtb
