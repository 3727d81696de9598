// What tbgen runs for `--solver grundy` and for `tbgen verify` on a
// grundy16 table. The game is picked from the registry by name, so this is
// where a game's type is checked against the impartial contract.
#pragma once

#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <type_traits>

#include "games/registry.h"
#include "gen/grundy_table.h"
#include "gen/grundy_verify.h"
#include "gen/system.h"
#include "storage/table_reader.h"

namespace rtb {

namespace grundy {
inline void print_summary(const GrundyStats& s, double seconds) {
  std::cerr << s.legal << " positions: " << s.wins << " wins, " << s.draws << " draws, " << s.losses
            << " losses; largest finite value " << s.max_value << ", " << s.infinite << " infinite";
  if (s.loopy) std::cerr << " (loopy pass: " << s.loopy << " positions, " << s.loopy_levels << " levels)";
  std::cerr << "; " << seconds << " s; peak " << peak_memory_bytes() / (1 << 20) << " MiB\n";
}
}  // namespace grundy

// Generates the grundy16 table of `game_name` into options.out_dir and
// prints its path. Throws GameError for a game that is not impartial.
inline int generate_grundy(const std::string& game_name, const Params& params, const BuildOptions& options) {
  std::filesystem::create_directories(options.out_dir);
  return with_game(game_name, params, [&](const auto& game) -> int {
    using G = std::decay_t<decltype(game)>;
    if constexpr (ImpartialGame<G>) {
      if (!game.dependencies().empty())
        throw GameError("game " + game_name + " depends on other tables; the Grundy solver cannot use them");
      if constexpr (requires { game.has_owners(); })
        if (game.has_owners())
          throw GameError("this " + game_name +
                          " is an arena (each position has an owner): it is not impartial");
      const auto start = std::chrono::steady_clock::now();
      GrundyStats stats;
      const auto path = build_grundy_table(game, options, &stats);
      std::cout << path.string() << "\n";
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      if (!options.gen.quiet) grundy::print_summary(stats, took.count());
      return 0;
    } else {
      throw GameError("game " + game_name + " is not impartial (its moves depend on the side to move): " +
                      "it has no Grundy values");
    }
  });
}

// Re-checks every value of a grundy16 table (gen/grundy_verify.h); prints
// the first mismatches and returns 1 if there are any.
inline int verify_grundy_table(const std::string& table, unsigned threads) {
  storage::TableReader reader(table);
  const storage::TableMeta& meta = reader.meta();
  if (meta.value_kind != kGrundyKind) throw GameError("table " + table + " is not a grundy16 table");
  const std::vector<InfSet> sets = decode_inf_sets(meta.extra);
  return with_game(meta.game, Params::from_canonical(meta.params), [&](const auto& game) -> int {
    using G = std::decay_t<decltype(game)>;
    if constexpr (ImpartialGame<G>) {
      if (game.identity() != meta.identity)
        throw GameError("table " + table + " was made from different input than its parameters now give");
      const auto values = reader.read_all();
      const GrundyVerifyReport report = verify_grundy(game, values, sets, threads);
      for (const auto& f : report.failures)
        std::cout << "MISMATCH " << game.text(f.index) << ": stored code " << values[f.index] << " " << f.why
                  << "\n";
      if (!report.failures.empty()) {
        std::cout << table << ": FAILED\n";
        return 1;
      }
      std::cout << table << ": " << report.checked << " positions verified\n";
      return 0;
    } else {
      throw GameError("table " + table + " is a grundy16 table of a game that is not impartial");
    }
  });
}

}  // namespace rtb
