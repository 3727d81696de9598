// From an arena plugin and an objective to a table on disk, value kind
// "arena16": one two-byte code per index, ArenaCode in games/arena.h
// (bit 0: A wins; bits 1..15: the detail of gen/arena/solve.h, capped at 32767).
//
// The objective is part of what the values depend on, so it goes into the
// table's name (graph-train-ioi-buchi.rtb), its identity (the game's identity
// plus ";objective=buchi") and the solver's parameters (objective=buchi,
// kept apart from the game's). The counts: a_wins and b_wins (positions each
// player wins), rounds (of the attractor), max_detail (before capping).
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "games/arena.h"
#include "gen/arena/solve.h"
#include "gen/core/output.h"
#include "storage/table_writer.h"

namespace rtb {

template <Arena G>
std::string arena_table_name(const G& game, Objective objective) {
  return game.table_name() + "-" + std::string(objective_name(objective));
}

template <Arena G>
storage::TableMeta arena_table_meta(const G& game, Objective objective, const ArenaStats& stats) {
  storage::TableMeta meta = game_meta(game, kArenaKind);
  Params solver;
  solver.set("objective", std::string(objective_name(objective)));
  meta.solver_params = solver.canonical();
  meta.identity = table_identity(meta.identity, solver);
  meta.legal = stats.legal;
  meta.counts.set("a_wins", stats.a_wins);
  meta.counts.set("b_wins", stats.b_wins);
  meta.counts.set("rounds", stats.rounds);
  meta.counts.set("max_detail", stats.max_detail);
  return meta;
}

// The arena16 codes of a solved arena.
inline std::vector<std::uint16_t> arena_codes(const ArenaResult& result) {
  std::vector<std::uint16_t> codes(result.size);
  for (Index i = 0; i < result.size; ++i) codes[i] = ArenaCode::encode(result.a_wins(i), result.detail(i));
  return codes;
}

// Solves `game` for `objective` and writes the table into options.out_dir;
// returns the path. Throws (GenError, storage::StorageError) with nothing
// written.
template <Arena G>
std::filesystem::path build_arena_table(const G& game, Objective objective, const BuildOptions& options,
                                        ArenaStats* stats_out = nullptr) {
  const Stopwatch started;
  const auto path = table_path(options.out_dir, arena_table_name(game, objective));
  const storage::TableLock lock = prepare_output(path, options);
  GenOptions gen = options.gen;
  gen.table = place_in_plan(options, path.stem().string());
  ArenaResult result = solve_arena(game, objective, gen);
  const ArenaStats stats = result.stats;
  std::vector<std::uint16_t> codes = arena_codes(result);
  result = {};  // the codes are all that is written
  write_and_report(path, arena_table_meta(game, objective, stats), std::span<const std::uint16_t>(codes),
                   options, lock, started);
  if (stats_out) *stats_out = stats;
  return path;
}

}  // namespace rtb
