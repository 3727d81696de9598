// metric=dtz against Syzygy: every row of tests/fixtures/syzygy_sample.tsv
// (FEN, Syzygy's WDL class, Fathom's DTZ, how Fathom got it; made with
// rtbgen's default files and Debian's libfathom) has our class, and our
// exact DTZ is what Fathom reports under the default files' rounding
// (tests/syzygy_rounding.h). The tables the rows need are solved in memory.
// By default the rows of up to 4 pieces; with a first argument of 5, those
// of 5 pieces too (minutes: the long test chess_dtz_sample5).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "games/chess/dtz.h"
#include "games/chess/material.h"
#include "games/chess/notation.h"
#include "tests/chess_support.h"
#include "tests/syzygy_rounding.h"

namespace rtb {
namespace {

int g_max_pieces = 4;

struct Row {
  std::string fen, how;
  int wdl = 0, dtz = 0;
};

std::vector<Row> read_sample() {
  std::ifstream in(std::string(RTB_FIXTURES) + "/syzygy_sample.tsv");
  EXPECT_TRUE(in) << "tests/fixtures/syzygy_sample.tsv is missing";
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Row r;
    std::getline(fields, r.fen, '\t');
    fields >> r.wdl >> r.dtz >> r.how;
    rows.push_back(r);
  }
  return rows;
}

Value our_value(chess_support::Solver& solver, const std::string& fen) {
  const chess::Material m = chess::Material::of(chess::parse_fen(fen).board).canonical();
  if (m.kings_only()) return Value::draw();
  const Chess game = chess_support::make_chess(m.name(), "dtz");
  return solver.solve(m.name(), "dtz").at(game.parse(fen));
}

TEST(ChessDtz, ClassesOrderAsSyzygys) {
  using chess::Wdl50;
  EXPECT_EQ(chess::wdl50(Value::win(100)), Wdl50::Win);
  EXPECT_EQ(chess::wdl50(Value::win(101)), Wdl50::CursedWin);
  EXPECT_EQ(chess::wdl50(Value::loss(100)), Wdl50::Loss);
  EXPECT_EQ(chess::wdl50(Value::loss(101)), Wdl50::BlessedLoss);
  // A zeroing move into a blessed loss is a cursed win in 101 plies.
  EXPECT_EQ(chess::zeroed(Wdl50::BlessedLoss).after_move(), Value::win(101));
  EXPECT_EQ(chess::zeroed(Wdl50::CursedWin).after_move(), Value::loss(101));
  // The halfmove clock: a win in 20 with 81 plies played is cursed.
  EXPECT_EQ(chess::wdl50_with_clock(Value::win(20), 80), Wdl50::Win);
  EXPECT_EQ(chess::wdl50_with_clock(Value::win(20), 81), Wdl50::CursedWin);
  EXPECT_EQ(chess::wdl50_with_clock(Value::loss(20), 81), Wdl50::BlessedLoss);
  EXPECT_EQ(chess::wdl50_with_clock(Value::loss(0), 100), Wdl50::Loss);  // mated is mated
}

TEST(ChessDtz, SyzygySample) {
  const std::vector<Row> rows = read_sample();
  ASSERT_GE(rows.size(), 1000u);
  chess_support::Solver solver;
  std::map<std::string, int> checked;
  int mismatches = 0;
  for (const Row& r : rows) {
    const chess::Material m = chess::Material::of(chess::parse_fen(r.fen).board);
    if (m.pieces() > g_max_pieces) continue;
    const Value v = our_value(solver, r.fen);
    const std::vector<int> allowed = syzygy::fathom_dtz(v, r.how);
    const bool same = static_cast<int>(chess::wdl50(v)) == r.wdl &&
                      std::find(allowed.begin(), allowed.end(), r.dtz) != allowed.end();
    if (!same && ++mismatches <= 20)
      ADD_FAILURE() << r.fen << ": ours " << chess::wdl50_name(chess::wdl50(v)) << " DTZ "
                    << chess::signed_dtz(v) << ", Syzygy " << r.wdl << " DTZ " << r.dtz << " (" << r.how << ")";
    ++checked[m.canonical().name()];
  }
  EXPECT_EQ(mismatches, 0);
  int total = 0;
  for (const auto& [name, n] : checked) total += n;
  std::cout << total << " rows of " << checked.size() << " tables checked\n";
  EXPECT_GT(total, 0);
}

}  // namespace
}  // namespace rtb

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc > 1) rtb::g_max_pieces = std::atoi(argv[1]);
  return RUN_ALL_TESTS();
}
