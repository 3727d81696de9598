// Layout::Scan (games/chess/index.h) decodes each index it is asked exactly
// as Layout::decode_legal() does, whatever the order: runs of consecutive
// indices (where it moves one piece), steps back inside a run, jumps, and
// a first index asked.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.h"

namespace rtb {
namespace {

using chess::Layout;

struct Case {
  const char* material;
  bool all_distinct;  // no two pieces alike: Decoded::flipped_transposed is set on the diagonal
};

void expect_same(const Layout& layout, Layout::Scan& scan, Index i, const Case& c) {
  Layout::Decoded want;
  const bool legal = layout.decode_legal(i, want);
  const Layout::Decoded* got = scan.decode_legal(i);
  ASSERT_EQ(got != nullptr, legal) << c.material << " index " << i;
  if (!legal) return;
  ASSERT_EQ(got->board, want.board) << c.material << " index " << i;
  for (int k = 0; k < layout.slots(); ++k)
    ASSERT_EQ(got->square[k], want.square[k]) << c.material << " " << i;
  ASSERT_EQ(got->flipped, want.flipped) << c.material << " index " << i;
  ASSERT_EQ(got->diagonal, want.diagonal) << c.material << " index " << i;
  if (want.diagonal && c.all_distinct) {
    ASSERT_EQ(got->flipped_transposed, want.flipped_transposed) << c.material << " index " << i;
  }
}

TEST(ChessScan, DecodesAsDecodeLegal) {
  const std::vector<Case> cases = {{"KQvK", true},    {"KBBvK", false}, {"KQvKR", true},  {"KPvKP", true},
                                   {"KNNvKP", false}, {"KBNvK", true},  {"KRPvKR", true}, {"KPPvKP", false}};
  for (const Case& c : cases) {
    Params p;
    p.set("material", c.material);
    const Chess game(p);
    const Layout& layout = game.layout();
    Layout::Scan scan(layout);
    std::mt19937_64 rng(5);
    const bool all = layout.size() <= 6'000'000;
    if (all) {
      for (Index i = 0; i < layout.size(); ++i) expect_same(layout, scan, i, c);
    } else {
      for (int run = 0; run < 200; ++run) {  // runs of consecutive indices from random starts
        const Index start = rng() % (layout.size() - 300);
        for (Index i = start; i < start + 300; ++i) expect_same(layout, scan, i, c);
      }
    }
    for (int k = 0; k < 20000; ++k) {  // jumps, and steps back and forth inside a run of 64
      const Index i = rng() % layout.size();
      expect_same(layout, scan, i, c);
      expect_same(layout, scan, i ^ (rng() % 64), c);
      Layout::Scan fresh(layout);  // a first index, whose other pieces may clash
      expect_same(layout, fresh, i, c);
    }
  }
}

// The first pass asks a scanner its chunks' indices in order: it counts the
// moves of each as Chess::count_moves() does, and gives the same known
// values in the same order. The class stream's fill asks it stream classes:
// the same as Chess::stream_class() gives, for values as a table holds them
// (a draw at every illegal index).
TEST(ChessScan, ScannerAnswersAsTheGame) {
  for (const char* material : {"KQvKR", "KPvKP", "KRvKR"}) {
    Params p;
    p.set("material", material);
    const Chess game(p);
    Chess::Scanner scanner = game.scanner();
    std::mt19937_64 rng(9);
    for (int run = 0; run < 100; ++run) {
      const Index start = rng() % (game.size() - 200);
      for (Index i = start; i < start + 200; ++i) {
        std::vector<std::uint16_t> scanned, counted;
        const auto a = scanner.count_moves(i, [&](Value v) { scanned.push_back(v.code()); });
        const auto b = game.count_moves(i, [&](Value v) { counted.push_back(v.code()); });
        ASSERT_EQ(a, b) << material << " index " << i;
        ASSERT_EQ(scanned, counted) << material << " index " << i;
        const Value v = !game.legal(i) ? Value::draw()
                        : i % 3 == 0   ? Value::win(static_cast<std::uint32_t>(2 * (i % 7) + 1))
                        : i % 3 == 1   ? Value::loss(static_cast<std::uint32_t>(2 * (i % 5)))
                                       : Value::draw();
        const StreamClass x = scanner.stream_class(i, v), y = game.stream_class(i, v);
        ASSERT_EQ(x.bound, y.bound) << material << " index " << i;
        ASSERT_EQ(x.exact, y.exact) << material << " index " << i;
      }
    }
  }
}

}  // namespace
}  // namespace rtb
