// Chess::dependency_reads() (game.h, ReadsDependenciesInPart): every legal
// promotion that captures nothing lands in the part it names of the table
// it leads into, that part is small, and the tables a capture reaches are
// read whole. The moves come from legal_moves(), the indices from the
// target's Layout, as a prober would find them.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.h"
#include "games/chess/movegen.h"
#include "games/chess/notation.h"

namespace rtb {
namespace {

using namespace chess;

// The index in `target` (canonical material) of `after`, whichever
// colours it has: as it stands where the material is the target's.
Index index_in(const Layout& target, const Board& after) {
  const bool same = Material::of(after).key() == target.material().key();
  return same ? target.index(after) : target.index(swap_colors(after, target.pawns()));
}

void expect_promotions_read(const std::string& material) {
  Params params;
  params.set("material", material);
  const Chess game(params);
  const std::vector<std::optional<IndexSubset>> reads = game.dependency_reads();
  const std::vector<Dependency> deps = game.dependencies();
  ASSERT_EQ(reads.size(), deps.size()) << material;
  std::vector<Layout> targets;
  for (std::size_t k = 0; k < deps.size(); ++k) {
    const Material m = Material::parse(deps[k].params.get("material", ""));
    targets.emplace_back(m);
    ASSERT_EQ(reads[k].has_value(), m.pieces() == game.layout().material().pieces())
        << material << " " << m.name();
    if (!reads[k]) continue;
    ASSERT_EQ(reads[k]->size(), targets[k].size()) << m.name();
    // A sixteenth of a table with pawns per slot the new piece may take,
    // less than half of one without.
    EXPECT_LE(reads[k]->count() * (m.has_pawns() ? 8 : 2), reads[k]->size()) << m.name();
    EXPECT_GT(reads[k]->count(), 0u) << m.name();
  }
  // Every index of a 3-piece table, a random sample of a larger one.
  const Layout& own = game.layout();
  const bool every = own.size() < (Index{1} << 20);
  std::mt19937_64 rng(31);
  int promotions = 0;
  for (Index n = 0; n < (every ? own.size() : Index{400000}); ++n) {
    const Index i = every ? n : rng() % own.size();
    Board b;
    if (!own.decode_legal(i, b)) continue;
    legal_moves(b, [&](const Move& m, const Board& after) {
      if (m.promotion == kNoPiece || m.captured != kNoPiece) return;
      const std::uint64_t key = Material::of(after).canonical().key();
      for (std::size_t k = 0; k < targets.size(); ++k)
        if (targets[k].material().key() == key) {
          ASSERT_TRUE(reads[k]) << to_fen(after);
          ASSERT_TRUE(reads[k]->contains(index_in(targets[k], after))) << material << ": " << to_fen(after);
          ++promotions;
        }
    });
  }
  EXPECT_GT(promotions, 1000) << material;
}

TEST(ChessPromotionReads, EveryPromotionLandsInThePartRead) {
  // White alone promotes into tables without pawns; both sides into tables
  // with; Black into a table stored with the colours swapped; a queen
  // beside another, either of whose slots it may take.
  for (const char* material : {"KPvK", "KPvKP", "KNvKP", "KQPvK"}) expect_promotions_read(material);
}

}  // namespace
}  // namespace rtb
