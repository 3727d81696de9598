// GET /standard: lichess's tablebase answer for chess positions, from the
// KQvK and KRvK DTM tables and the KQvK DTZ table (so dtz is a number for
// KQvK, null for KRvK, 0 for bare kings).
#include <string>
#include <tuple>

#include "tests/server/server_fixture.h"

namespace rtb::test {
namespace {

json standard(const std::string& fen, int status = 200) {
  return ServerTest::ServerTest::get_json("/standard?fen=" + encoded(fen), status);
}

// Every field lichess gives, of a position or (with uci, san, zeroing) a move.
void expect_shape(const json& j, bool move) {
  for (const char* key : {"checkmate", "stalemate", "variant_win", "variant_loss", "insufficient_material"})
    EXPECT_TRUE(j.at(key).is_boolean()) << key << j;
  EXPECT_TRUE(j.at("dtz").is_null() || j.at("dtz").is_number_integer()) << j;
  EXPECT_EQ(j.at("precise_dtz"), j.at("dtz")) << j;  // rtb's DTZ is exact
  EXPECT_TRUE(j.at("dtm").is_null() || j.at("dtm").is_number_integer()) << j;
  EXPECT_TRUE(j.at("category").is_string()) << j;
  if (move) {
    EXPECT_TRUE(j.at("uci").is_string()) << j;
    EXPECT_TRUE(j.at("san").is_string()) << j;
    EXPECT_TRUE(j.at("zeroing").is_boolean()) << j;
  } else {
    EXPECT_TRUE(j.at("moves").is_array()) << j;
    for (const json& m : j.at("moves")) expect_shape(m, true);
  }
}

// Best first, as lichess orders them: the opponent's losses (mates first,
// then the shortest), then draws, then the opponent's wins, the longest first.
void expect_best_first(const json& moves) {
  auto rank = [](const json& m) {
    const std::string c = m.at("category");
    return c == "loss" ? 0 : c == "unknown" ? 1 : c == "draw" ? 2 : 3;
  };
  for (std::size_t k = 1; k < moves.size(); ++k) {
    const json &a = moves[k - 1], &b = moves[k];
    ASSERT_LE(rank(a), rank(b)) << moves;
    if (rank(a) != rank(b)) continue;
    if (rank(a) == 0 && !a.at("checkmate") && !b.at("checkmate")) {
      EXPECT_GE(a.at("dtm"), b.at("dtm")) << moves;
    }
    if (rank(a) == 0) {
      EXPECT_FALSE(b.at("checkmate") && !a.at("checkmate")) << moves;
    }
    if (rank(a) == 3) {
      EXPECT_GE(a.at("dtm"), b.at("dtm")) << moves;
    }
  }
}

TEST_F(ServerTest, StandardMateInOne) {
  const json j = standard("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
  expect_shape(j, false);
  EXPECT_EQ(j.at("category"), "win");
  EXPECT_EQ(j.at("dtm"), 1);
  EXPECT_EQ(j.at("dtz"), 1);  // mate ends the count too
  EXPECT_FALSE(j.at("checkmate"));
  const json& best = j.at("moves").at(0);
  EXPECT_TRUE(best.at("checkmate")) << best;
  EXPECT_EQ(best.at("category"), "loss");
  EXPECT_EQ(best.at("san"), "Qc8#");
  EXPECT_EQ(best.at("uci"), "c1c8");
  EXPECT_TRUE(best.at("dtm").is_null()) << best;  // as lichess: dtm 0 is kept for draws
  expect_best_first(j.at("moves"));
}

TEST_F(ServerTest, StandardAgreesWithTbprobeDepths) {
  for (const std::string fen : {"8/8/8/3k4/8/8/8/KR6 w - - 0 1", "8/8/8/3k4/8/8/8/KR6 b - - 0 1",
                                "8/8/8/8/4k3/8/1Q6/K7 w - - 0 1", "8/2k5/8/8/8/8/8/KQ6 b - - 0 1"}) {
    const json j = standard(fen);
    expect_shape(j, false);
    const json probed = tbprobe("--position " + quoted(fen));
    const json& value = probed.at("value");
    const int plies = value.value("plies", 0);
    EXPECT_EQ(j.at("category"), value.at("outcome")) << fen;
    EXPECT_EQ(j.at("dtm"), value.at("outcome") == "loss" ? -plies : plies) << fen;
    EXPECT_EQ(j.at("moves").size(), probed.at("moves").size()) << fen;
    expect_best_first(j.at("moves"));
    const json& best = j.at("moves").at(0);
    const int after = value.at("outcome") == "win" ? -(plies - 1) : plies - 1;
    EXPECT_EQ(best.at("dtm"), after) << fen;
  }
}

TEST_F(ServerTest, StandardMateStalemateDraw) {
  const json mate = standard("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
  expect_shape(mate, false);
  EXPECT_TRUE(mate.at("checkmate"));
  EXPECT_EQ(mate.at("category"), "loss");
  EXPECT_TRUE(mate.at("moves").empty());

  const json stalemate = standard("k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
  expect_shape(stalemate, false);
  EXPECT_TRUE(stalemate.at("stalemate"));
  EXPECT_FALSE(stalemate.at("checkmate"));
  EXPECT_EQ(stalemate.at("category"), "draw");
  EXPECT_EQ(stalemate.at("dtm"), 0);

  // Black takes the rook: bare kings, a draw no table holds.
  const json draw = standard("k7/1R6/8/8/8/8/8/7K b - - 0 1");
  expect_shape(draw, false);
  EXPECT_EQ(draw.at("category"), "draw");
  ASSERT_EQ(draw.at("moves").size(), 1u) << draw;
  EXPECT_EQ(draw.at("moves")[0].at("uci"), "a8b7");
  EXPECT_EQ(draw.at("moves")[0].at("san"), "Kxb7");
  EXPECT_TRUE(draw.at("moves")[0].at("zeroing"));
  EXPECT_TRUE(draw.at("moves")[0].at("insufficient_material"));
  EXPECT_EQ(draw.at("moves")[0].at("category"), "draw");
}

// KQvK with DTZ 5 (Syzygy's sample): a win with 95 plies played since the
// last zeroing move, a cursed win with 96; no DTZ table for KRvK: its
// category is the DTM table's, without the 50-move rule.
TEST_F(ServerTest, StandardAppliesTheHalfmoveClock) {
  const json win = standard("8/K7/5q2/1k6/8/8/8/8 b - - 95 1");
  expect_shape(win, false);
  EXPECT_EQ(win.at("category"), "win");
  EXPECT_EQ(win.at("dtz"), 5);
  const json cursed = standard("8/K7/5q2/1k6/8/8/8/8 b - - 96 1");
  EXPECT_EQ(cursed.at("category"), "cursed-win");
  EXPECT_EQ(cursed.at("dtz"), 5);
  // White to move loses in n plies to the next zeroing move: with more than
  // 100 - n plies already played, a blessed loss.
  const std::string lost = "K7/8/8/8/8/8/1q6/7k w - - ";
  const json fresh = standard(lost + "0 1");
  ASSERT_EQ(fresh.at("category"), "loss") << fresh;
  const int n = -fresh.at("dtz").get<int>();
  ASSERT_GT(n, 0);
  EXPECT_EQ(standard(lost + std::to_string(100 - n) + " 1").at("category"), "loss");
  const json blessed = standard(lost + std::to_string(101 - n) + " 1");
  EXPECT_EQ(blessed.at("category"), "blessed-loss");
  EXPECT_EQ(blessed.at("dtz"), -n);
  const json krk = standard("8/8/8/3k4/8/8/8/KR6 w - - 99 1");
  EXPECT_EQ(krk.at("category"), "win");
  EXPECT_TRUE(krk.at("dtz").is_null());
}

// lila's categories with the clock: from 100 plies on, the rule could be
// claimed before the move, so even the mate is a blessed loss; the root
// is always the best move's category turned round.
TEST_F(ServerTest, StandardMateAfterTheFiftyMoveClaimIsBlessed) {
  for (const auto& [clock, root, mate] :
       {std::tuple{0, "win", "loss"}, std::tuple{99, "win", "loss"},
        std::tuple{100, "cursed-win", "blessed-loss"}, std::tuple{150, "cursed-win", "blessed-loss"}}) {
    const json j = standard("k7/8/1K6/8/8/8/8/2Q5 w - - " + std::to_string(clock) + " 1");
    const json& best = j.at("moves").at(0);
    ASSERT_TRUE(best.at("checkmate")) << best;
    EXPECT_EQ(best.at("category"), mate) << clock;
    EXPECT_EQ(j.at("category"), root) << clock;
  }
  // Mated on the 100th ply: the mate came before any claim.
  EXPECT_EQ(standard("k7/1Q6/1K6/8/8/8/8/8 b - - 100 1").at("category"), "loss");
}

// As lila reads a FEN: rights whose king or rook is not at home, and an
// en-passant square no double step left, are dropped; rights that hold
// are refused, as the tables have no castling.
TEST_F(ServerTest, StandardDropsRightsAndSquaresThatCannotBe) {
  const json plain = standard("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
  for (const std::string fen : {"k7/8/1K6/8/8/8/8/2Q5 w KQkq - 0 1", "k7/8/1K6/8/8/8/8/2Q5 w - e6 0 1",
                                "k7/8/1K6/8/8/8/8/2Q5 w - e3 0 1", "k7/8/1K6/8/8/8/8/2Q5 w Hq c6 0 1"})
    EXPECT_EQ(standard(fen), plain) << fen;
  const json rook = standard("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  EXPECT_EQ(standard("4k3/8/8/8/8/8/8/4K2R w Qkq - 0 1"), rook);
  for (const std::string held : {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"})
    EXPECT_NE(standard(held, 400).at("error").get<std::string>().find("castling"), std::string::npos) << held;
  // A square a double step did leave is kept: here no capture takes it, so
  // the answer is the plain position's.
  EXPECT_EQ(standard("8/8/8/3k4/4P3/8/8/K7 b - e3 0 1").at("moves").size(),
            standard("8/8/8/3k4/4P3/8/8/K7 b - - 0 1").at("moves").size());
  EXPECT_TRUE(standard("8/8/8/3k4/4P3/8/8/K7 b - e9 0 1", 400).at("error").is_string());
  EXPECT_TRUE(standard("k7/8/1K6/8/8/8/8/2Q5 w KZ - 0 1", 400).at("error").is_string());
}

TEST_F(ServerTest, StandardTakesUnderscoresAndRefusesBadFens) {
  EXPECT_EQ(ServerTest::get_json("/standard?fen=k7/8/1K6/8/8/8/8/1Q6_w_-_-_0_1"),
            standard("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1"));
  for (const std::string bad :
       {"", "not a fen", "k7/8/8/8/8/8/8/8 w - - 0 1", "k7/8/1K6/8/8/8/8/1Q6 x - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"})
    EXPECT_TRUE(standard(bad, 400).at("error").is_string()) << bad;
}

TEST_F(ServerTest, StandardWithoutATableIsUnknown) {
  const json j = standard("k7/8/8/8/8/8/8/KBN5 w - - 0 1");  // no KBNvK table here
  expect_shape(j, false);
  EXPECT_EQ(j.at("category"), "unknown");
  EXPECT_TRUE(j.at("dtm").is_null());
  EXPECT_FALSE(j.at("moves").empty());
  for (const json& m : j.at("moves")) EXPECT_EQ(m.at("category"), "unknown") << m;
}

// tbprobe --fen --json prints lichess's answer too, the same one: engines'
// and clients' scripts need no server.
TEST_F(ServerTest, TbprobeFenJsonIsTheStandardAnswer) {
  for (const std::string fen :
       {"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "8/K7/5q2/1k6/8/8/8/8 b - - 96 1", "8/8/8/3k4/8/8/8/KR6 b - - 0 1",
        "k7/1R6/8/8/8/8/8/7K b - - 0 1", "k7/8/8/8/8/8/8/KBN5 w - - 0 1"}) {
    const json probed = tbprobe("--fen " + quoted(fen));
    expect_shape(probed, false);
    EXPECT_EQ(probed, standard(fen)) << fen;
  }
  const Ran line = run("(" + std::string(TBPROBE) + " --dir " + tables_dir().string() +
                       " --fen 'k7/8/1K6/8/8/8/8/2Q5 w - - 0 1' --json --line 2>&1)");
  EXPECT_EQ(line.code, 2) << line.out;
  EXPECT_NE(line.out.find("--position"), std::string::npos) << line.out;
}

}  // namespace
}  // namespace rtb::test
