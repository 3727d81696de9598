// The grundy16 kind's generation: Sprague-Grundy values of impartial games,
// finite or loopy (gen/grundy/).
#include <ostream>
#include <type_traits>

#include "cli/tbgen/solvers.h"
#include "games/registry.h"
#include "gen/grundy/build.h"
#include "gen/grundy/verify.h"

namespace rtb::cli {
namespace {

void generate(const std::string& game_name, const Params& params, const BuildOptions& options) {
  with_game(game_name, params, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    if constexpr (ImpartialGame<G>) {
      if (!game.dependencies().empty())
        throw GameError("game " + game_name + " depends on other tables; the Grundy solver cannot use them");
      if constexpr (requires { game.has_owners(); })
        if (game.has_owners())
          throw GameError("this " + game_name +
                          " is an arena (each position has an owner): it is not impartial");
      build_grundy_table(game, options);
    } else {
      throw GameError("game " + game_name + " is not impartial (its moves depend on the side to move): " +
                      "it has no Grundy values");
    }
  });
}

int verify(const OpenedTable& table, unsigned threads, std::ostream& out) {
  const storage::TableMeta& meta = table.meta();
  const std::vector<InfSet> sets = decode_inf_sets(meta.extra);
  return with_game(meta.game, Params::from_canonical(meta.params), [&](const auto& game) -> int {
    using G = std::decay_t<decltype(game)>;
    if constexpr (ImpartialGame<G>) {
      const auto values = table.read_all();
      const GrundyVerifyReport report = verify_grundy(game, values, sets, threads);
      for (const auto& f : report.failures)
        out << "MISMATCH " << game.text(f.index) << ": stored code " << values[f.index] << " " << f.why
            << "\n";
      if (!report.failures.empty()) {
        out << table.path().string() << ": FAILED\n";
        return 1;
      }
      out << table.path().string() << ": " << report.checked << " positions verified\n";
      return 0;
    } else {
      throw GameError(table.where() + " is a grundy16 table of a game that is not impartial");
    }
  });
}

}  // namespace

Solver grundy_solver() {
  return {kGrundyKind, nullptr, &generate, &verify};
}

}  // namespace rtb::cli
