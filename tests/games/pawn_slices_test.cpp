// Chess tables with pawns solved slice by slice of pawn placements: the
// slices cover every placement once, every move stays in its slice or (a
// pawn move) leads into one solved before, and the values equal a whole-
// table solve (metric=dtm) or a fixed point of whole-table passes that read
// the pass before (metric=dtz: a pawn move zeroes, and takes its class from
// the position it reaches).
#include "games/chess/pawn_slices.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "gen/check/plugin_check.h"
#include "gen/depth/slices.h"
#include "gen/instances/instances.h"
#include "tests/support/chess_support.h"

namespace rtb {
namespace {

using namespace chess;
using chess_support::make_chess;

// Every index of a whole placement has one offset, every offset whose
// placement is not padding has one index, and the two maps are inverse.
TEST(PawnSlices, CoverEveryPlacementOnce) {
  for (const char* material : {"KPvK", "KPvKP", "KPPvK", "KBPvK"}) {
    const Chess game = make_chess(material);
    const PawnSlices& slices = game.pawn_slices();
    Board b;
    for (Index i = 0; i < game.size(); ++i) {
      const auto [s, offset] = slices.slice_of(i);
      if (s == slices.count()) {  // a broken placement: no position there
        ASSERT_FALSE(game.layout().decode(i, b)) << material << " " << i;
        continue;
      }
      ASSERT_LT(offset, slices.size(s)) << material;
      ASSERT_EQ(slices.index(s, offset), i) << material;
    }
    Index padding = 0, sizes = 0;
    for (std::uint32_t s = 0; s < slices.count(); ++s)
      for (Index offset = 0; offset < slices.size(s); ++offset, ++sizes) {
        const Index i = slices.index(s, offset);
        ASSERT_LT(i, game.size()) << material;
        const auto [back, back_offset] = slices.slice_of(i);
        if (back == slices.count()) {
          ASSERT_FALSE(game.layout().decode(i, b)) << material << " " << i;
          ++padding;
          continue;
        }
        ASSERT_EQ(back, s) << material;
        ASSERT_EQ(back_offset, offset) << material;
      }
    EXPECT_LT(padding, sizes / 2) << material;  // padded to a power of two at most
  }
}

// Every move of a random legal position: a pawn move into a slice before,
// any other move inside the table into the position's own slice.
TEST(PawnSlices, PawnMovesLeadIntoSlicesBefore) {
  std::mt19937_64 rng(7);
  for (const char* material : {"KPvK", "KPvKP", "KPPvKP", "KRPvKR", "KPPvKPP"}) {
    const Chess game = make_chess(material);
    const PawnSlices& slices = game.pawn_slices();
    int pawn_moves = 0, others = 0;
    for (int n = 0; n < 3000;) {
      const Index i = rng() % game.size();
      if (!game.legal(i)) continue;
      ++n;
      const std::uint32_t slice = slices.slice_of(i).first;
      table_moves(
          game.layout(), i,
          [&](Index q, const Board&, PieceType piece, Square, Square) {
            const std::uint32_t to = slices.slice_of(q).first;
            if (piece == kPawn) {
              ASSERT_LT(to, slice) << material << " " << game.text(i);
              ++pawn_moves;
            } else {
              ASSERT_EQ(to, slice) << material << " " << game.text(i);
              ++others;
            }
          },
          [](const Move&, const Board&) {});
    }
    EXPECT_GT(pawn_moves, 1000) << material;
    EXPECT_GT(others, 10000) << material;
  }
}

// With pawn moves known (metric=dtz, or after read_solved), the plugin
// still passes the generic checks on a sample: the first pass's
// count_moves() gives the moves inside and the known values that legal()
// and moves() give, and unmoves() leaves the pawn moves out as moves()
// does. The values read are random here.
TEST(PawnSlices, PluginChecksPassWithPawnMovesKnown) {
  std::mt19937_64 rng(5);
  for (const char* metric : {"dtm", "dtz"})
    for (const char* material : {"KPvK", "KPvKP", "KPPvK", "KRvKP"}) {
      Chess game = make_chess(material, metric);
      std::vector<std::uint16_t> solved(game.size());
      for (std::uint16_t& v : solved) v = static_cast<std::uint16_t>(rng() % 400);  // draws, wins, losses
      game.read_solved(solved);
      PluginCheckOptions options;
      options.sample_limit = 20000;
      options.seed = rng();
      const PluginCheckReport report = check_plugin(game, options);
      std::string failures;
      for (const PluginCheckFailure& f : report.failures) failures += "\n  " + f.text + ": " + f.message;
      EXPECT_TRUE(report.ok()) << material << " " << metric << failures;
      EXPECT_GT(report.positions, 1000u) << material << " " << metric;
    }
}

std::vector<std::uint16_t> values_of(const GenResult& r) {
  return {r.values.get(), r.values.get() + r.size};
}

// Solved with dependencies from a Solver, one and two threads.
TEST(PawnSlices, DtmEqualsTheWholeTableSolve) {
  chess_support::Solver deps;
  for (const char* material : {"KPvK", "KNvKP"}) {
    Chess game = make_chess(material);
    DependencyValues spans;
    for (const Dependency& d : game.dependencies())
      spans.push_back(deps.solve(d.params.values().at("material")).values);
    game.attach(spans);
    for (unsigned threads : {1u, 2u}) {
      GenOptions options;
      options.threads = threads;
      ASSERT_GT(game.slice_count(), 1u);
      game.read_solved({});  // pawn moves inside the table again
      const auto whole = values_of(generate(game, options));
      EXPECT_EQ(values_of(generate_slices(game, options)), whole)
          << material << ", " << threads << " threads";
    }
  }
}

TEST(PawnSlices, DtzEqualsTheFixedPointOfWholeTablePasses) {
  chess_support::Solver deps;
  for (const char* material : {"KPvK", "KNvKP"}) {  // pawns of each colour
    Chess game = make_chess(material, "dtz");
    DependencyValues spans;
    for (const Dependency& d : game.dependencies())
      spans.push_back(deps.solve(d.params.values().at("material"), "dtz").values);
    game.attach(spans);
    std::vector<std::uint16_t> pass, before;
    int passes = 0;
    do {  // pass k is exact where at most k-1 pawn moves can follow
      before = pass;
      game.read_solved(before);
      pass = values_of(generate(game, GenOptions{}));
      ++passes;
    } while (pass != before);
    EXPECT_GT(passes, 3) << material;
    EXPECT_EQ(values_of(generate_slices(game, GenOptions{})), pass) << material;
  }
}

}  // namespace
}  // namespace rtb
