// Checks the naive reference solver on small graphs whose values are worked
// out by hand in the comments, so that the reference itself is trusted before
// it is used to judge the generator. Also a few sanity checks of the random
// graph generators.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "games/value.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"

namespace rtb::naive {
namespace {

const Value kDraw = Value::draw();
Value W(std::uint32_t d) {
  return Value::win(d);
}
Value L(std::uint32_t d) {
  return Value::loss(d);
}

// n vertices, no moves yet, normal play (no moves = LOSS 0).
Graph make(std::uint32_t n) {
  Graph g;
  g.n = n;
  g.out.resize(n);
  g.terminal.assign(n, L(0));
  return g;
}
void move(Graph& g, std::uint32_t from, std::uint32_t to) {
  g.out[from].push_back(Edge{true, to, kDraw});
}
void known(Graph& g, std::uint32_t from, Value v) {
  g.out[from].push_back(Edge{false, 0, v});
}

TEST(NaiveWdl, EmptyGraph) {
  EXPECT_TRUE(solve_wdl(make(0)).empty());
}

TEST(NaiveWdl, SingleVertexWithoutMovesLoses) {
  // The player to move cannot move: LOSS 0.
  EXPECT_EQ(solve_wdl(make(1)), (std::vector<Value>{L(0)}));
}

TEST(NaiveWdl, Chain) {
  // 0 -> 1 -> 2. 2 has no moves: LOSS 0. 1 moves to a LOSS 0: WIN 1.
  // 0's only move goes to a WIN 1: LOSS 2.
  Graph g = make(3);
  move(g, 0, 1);
  move(g, 1, 2);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{L(2), W(1), L(0)}));
}

TEST(NaiveWdl, TwoCycleDraws) {
  // 0 <-> 1: nobody ever runs out of moves, nothing is ever resolved.
  Graph g = make(2);
  move(g, 0, 1);
  move(g, 1, 0);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{kDraw, kDraw}));
}

TEST(NaiveWdl, SelfLoopWithExitToDeadEndWins) {
  // 0 -> 0 and 0 -> 1, 1 has no moves. Moving to 1 wins at once: WIN 1; the
  // self-loop (a DRAW-ish option) does not matter when a win exists.
  Graph g = make(2);
  move(g, 0, 0);
  move(g, 0, 1);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(1), L(0)}));
}

TEST(NaiveWdl, SelfLoopAloneDraws) {
  // 0 -> 0 only: the game goes on forever.
  Graph g = make(1);
  move(g, 0, 0);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{kDraw}));
}

TEST(NaiveWdl, LoserTakesTheLongestDefence) {
  // 1 -> 3, 3 has no moves: 3 LOSS 0, 1 WIN 1.
  // 2 -> 4 -> 5 -> 6, 6 has no moves: 6 LOSS 0, 5 WIN 1, 4 LOSS 2, 2 WIN 3.
  // 0 -> 1 and 0 -> 2: both are WINs for the opponent; 0 lasts longest by
  // going to 2: LOSS 1 + max(1, 3) = LOSS 4 (not LOSS 2, which a
  // "first found" search from 1 would give).
  Graph g = make(7);
  move(g, 0, 1);
  move(g, 0, 2);
  move(g, 1, 3);
  move(g, 2, 4);
  move(g, 4, 5);
  move(g, 5, 6);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{L(4), W(1), W(3), L(0), L(2), W(1), L(0)}));
}

TEST(NaiveWdl, WinnerTakesTheShortestWin) {
  // 1 has no moves: LOSS 0. 2 -> 3 -> 4, 4 no moves: 4 LOSS 0, 3 WIN 1,
  // 2 LOSS 2. 0 -> 2 (listed first) and 0 -> 1: both LOSSes for the opponent;
  // the shortest is 1: WIN 1 (not WIN 3).
  Graph g = make(5);
  move(g, 0, 2);
  move(g, 0, 1);
  move(g, 2, 3);
  move(g, 3, 4);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(1), L(0), L(2), W(1), L(0)}));
}

TEST(NaiveWdl, ACycleIsNoDrawWhenTheWinnerCanLeaveIt) {
  // 3 no moves: LOSS 0. 2 -> 3: WIN 1. 1 -> 2 and 1 -> 0.
  // 0 -> 1 and 0 -> 3: 0 moves to the LOSS 0 at 3: WIN 1.
  // Then 1's moves go to 2 (WIN 1) and 0 (WIN 1): LOSS 2. The cycle 0 <-> 1
  // does not give a draw because 0 prefers to win.
  Graph g = make(4);
  move(g, 0, 1);
  move(g, 0, 3);
  move(g, 1, 2);
  move(g, 1, 0);
  move(g, 2, 3);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(1), L(2), W(1), L(0)}));
}

TEST(NaiveWdl, RepeatedEdgesToAWinStillLose) {
  // 1 -> 2 three times, 2 no moves: 2 LOSS 0, 1 WIN 1.
  // 0 -> 1 twice: every move goes to a WIN 1: LOSS 2. Each copy of the edge
  // is a move; all of them must be covered before 0 is lost.
  Graph g = make(3);
  move(g, 0, 1);
  move(g, 0, 1);
  for (int i = 0; i < 3; ++i) move(g, 1, 2);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{L(2), W(1), L(0)}));
}

TEST(NaiveWdl, RepeatedEdgesWithOneEscapeDraw) {
  // 1 -> 2, 2 no moves: 1 WIN 1. 3 -> 3: DRAW.
  // 0 -> 1 twice and 0 -> 3 once: escaping to 3 avoids losing: DRAW.
  Graph g = make(4);
  move(g, 0, 1);
  move(g, 0, 3);
  move(g, 0, 1);
  move(g, 1, 2);
  move(g, 3, 3);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{kDraw, W(1), L(0), kDraw}));
}

TEST(NaiveWdl, DrawBeatsLosingAndWinBeatsDraw) {
  // 2 -> 2: DRAW. 3 no moves: LOSS 0. 4 -> 3: WIN 1.
  // 0 -> 2 and 0 -> 3: a move to a LOSS exists: WIN 1.
  // 1 -> 2 and 1 -> 4: no LOSS successor, not all WIN: DRAW.
  Graph g = make(5);
  move(g, 0, 2);
  move(g, 0, 3);
  move(g, 1, 2);
  move(g, 1, 4);
  move(g, 2, 2);
  move(g, 4, 3);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(1), kDraw, kDraw, L(0), W(1)}));
}

TEST(NaiveWdl, KnownLossGivesWinOneLonger) {
  // The only move leads to a position known to be LOSS 5 for the opponent:
  // WIN 6. Rounds 1..5 change nothing; the solver must not stop there.
  Graph g = make(1);
  known(g, 0, L(5));
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(6)}));
}

TEST(NaiveWdl, KnownWinOnlyGivesLossOneLonger) {
  // The only move leads to a known WIN 7 for the opponent: LOSS 8.
  Graph g = make(1);
  known(g, 0, W(7));
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{L(8)}));
}

TEST(NaiveWdl, KnownDrawPlusInsideWinDraws) {
  // 1 -> 2, 2 no moves: 1 WIN 1. 0 -> 1 and 0 -> [DRAW]: taking the known
  // draw avoids the loss: DRAW.
  Graph g = make(3);
  move(g, 0, 1);
  known(g, 0, kDraw);
  move(g, 1, 2);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{kDraw, W(1), L(0)}));
}

TEST(NaiveWdl, KnownAndInsideDepthsMix) {
  // 1 -> 2, 2 no moves: 1 WIN 1.
  // 0 -> 1, 0 -> [WIN 4], 0 -> [WIN 0]: all WINs, longest is 4: LOSS 5.
  // 3 -> [LOSS 3], 3 -> 0 (LOSS 5), 3 -> [LOSS 7]: shortest LOSS is 3: WIN 4.
  Graph g = make(4);
  move(g, 0, 1);
  known(g, 0, W(4));
  known(g, 0, W(0));
  move(g, 1, 2);
  known(g, 3, L(3));
  move(g, 3, 0);
  known(g, 3, L(7));
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{L(5), W(1), L(0), W(4)}));
}

TEST(NaiveWdl, MisereSingleVertexWins) {
  // Misere: whoever cannot move wins: WIN 0.
  Graph g = make(1);
  g.terminal[0] = W(0);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(0)}));
}

TEST(NaiveWdl, MisereChain) {
  // Misere 0 -> 1 -> 2: 2 WIN 0; 1's only move gives the opponent a WIN 0:
  // LOSS 1; 0 moves to that LOSS 1: WIN 2.
  Graph g = make(3);
  g.terminal.assign(3, W(0));
  move(g, 0, 1);
  move(g, 1, 2);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(2), L(1), W(0)}));
}

TEST(NaiveWdl, TerminalValuesWithDepthOrDraw) {
  // 1: no moves, terminal LOSS 3. 2: no moves, terminal DRAW.
  // 3: no moves, terminal WIN 2.
  // 0 -> 1: WIN 4. 4 -> 2: DRAW. 5 -> 3: LOSS 3.
  // 6 -> 1 and 6 -> 5: LOSS 3 via 5 and LOSS 3 via 1, so WIN 4 either way.
  // 7 -> 0 (WIN 4) and 7 -> 3 (WIN 2): LOSS 5.
  Graph g = make(8);
  g.terminal[1] = L(3);
  g.terminal[2] = kDraw;
  g.terminal[3] = W(2);
  move(g, 0, 1);
  move(g, 4, 2);
  move(g, 5, 3);
  move(g, 6, 1);
  move(g, 6, 5);
  move(g, 7, 0);
  move(g, 7, 3);
  EXPECT_EQ(solve_wdl(g), (std::vector<Value>{W(4), L(3), kDraw, W(2), kDraw, L(3), W(4), L(5)}));
}

TEST(NaiveWdl, RejectsEdgeOutsideTheGraph) {
  Graph g = make(2);
  move(g, 0, 2);
  EXPECT_THROW(solve_wdl(g), std::invalid_argument);
}

// The random graphs: deterministic, and shaped as their spec says. Each
// solved graph must also satisfy the defining equations at every vertex.
TEST(NaiveRandomGraphs, SameSeedSameGraph) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    EXPECT_EQ(dump(random_graph(seed), 1000), dump(random_graph(seed), 1000)) << describe_seed(seed);
  }
}

// The value of a successor edge, for the player to move after the move.
Value successor_value(const Edge& e, const std::vector<Value>& values) {
  return e.inside ? values[e.to] : e.known;
}

TEST(NaiveRandomGraphs, ShapesAndLocalConsistency) {
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    GraphSpec spec = random_spec(seed);
    spec.random_terminals = seed % 5 == 0;
    const Graph g = make_graph(spec);
    SCOPED_TRACE(describe(spec));
    ASSERT_EQ(g.n, spec.n);
    ASSERT_GE(g.n, 1u);
    ASSERT_LE(g.n, 500u);
    std::size_t edges = 0;
    for (std::uint32_t v = 0; v < g.n; ++v) {
      edges += g.out[v].size();
      for (const Edge& e : g.out[v]) {
        if (!e.inside) continue;
        ASSERT_LT(e.to, g.n);
        if (spec.family == Family::kDag) {
          ASSERT_GT(e.to, v);
        }
      }
    }
    if (spec.family == Family::kDense) {
      std::size_t known_count = 0;
      for (const auto& moves : g.out) {
        for (const Edge& e : moves) known_count += e.inside ? 0 : 1;
      }
      ASSERT_LE(edges - known_count, 20000u);
    }
    if (spec.target) {
      ASSERT_TRUE(g.out[spec.target_vertex].empty());
      ASSERT_EQ(g.terminal[spec.target_vertex], L(0));
    }

    const std::vector<Value> values = solve_wdl(g);
    ASSERT_EQ(values.size(), g.n);
    for (std::uint32_t v = 0; v < g.n; ++v) {
      if (g.out[v].empty()) {
        ASSERT_EQ(values[v], g.terminal[v]) << "vertex " << v;
        continue;
      }
      bool any_loss = false, all_win = true;
      std::uint32_t min_loss = ~0u, max_win = 0;
      for (const Edge& e : g.out[v]) {
        const Value s = successor_value(e, values);
        if (s.is_loss()) {
          any_loss = true;
          min_loss = std::min(min_loss, s.depth());
        }
        if (s.is_win()) {
          max_win = std::max(max_win, s.depth());
        } else {
          all_win = false;
        }
      }
      const Value expected = any_loss ? W(min_loss + 1) : all_win ? L(max_win + 1) : kDraw;
      ASSERT_EQ(values[v], expected) << "vertex " << v << "\n" << dump(g);
    }
  }
}

}  // namespace
}  // namespace rtb::naive
