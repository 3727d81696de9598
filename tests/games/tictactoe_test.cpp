// Tic-tac-toe against published figures and against a plain minimax over
// every board, written without the index, the symmetries or the generator.
#include "games/tictactoe/tictactoe.h"

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "gen/depth/retrograde.h"
#include "gen/depth/verify.h"

namespace rtb {
namespace {

TicTacToe classic() {
  return TicTacToe(Params{});
}

TEST(TicTacToe, ReachablePositionsMatchPublishedCounts) {
  const TicTacToe game = classic();
  std::set<Index> seen{game.parse(".........")};
  std::vector<Index> frontier(seen.begin(), seen.end());
  while (!frontier.empty()) {
    const Index p = frontier.back();
    frontier.pop_back();
    game.moves(p, [&](Successor s) {
      if (seen.insert(s.index).second) frontier.push_back(s.index);
    });
  }
  std::uint64_t boards = 0;
  for (Index i : seen) boards += game.class_size(i);
  EXPECT_EQ(seen.size(), 765u);  // up to symmetry
  EXPECT_EQ(boards, 5478u);      // all boards reachable from the empty one
}

// Minimax over raw boards (9 cells, 0 empty, 1 x, 2 o): the value for the
// side to move, with the winner's shortest and the loser's longest line.
struct Minimax {
  std::map<std::array<int, 9>, Value> memo;

  static bool line(const std::array<int, 9>& b) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : lines)
      if (b[l[0]] && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]) return true;
    return false;
  }

  Value solve(std::array<int, 9> b) {
    if (auto it = memo.find(b); it != memo.end()) return it->second;
    const int filled = 9 - static_cast<int>(std::count(b.begin(), b.end(), 0));
    Value result;
    if (line(b)) {
      result = Value::loss(0);
    } else if (filled == 9) {
      result = Value::draw();
    } else {
      std::vector<Value> children;
      for (int c = 0; c < 9; ++c)
        if (!b[c]) {
          b[c] = filled % 2 ? 2 : 1;
          children.push_back(solve(b));
          b[c] = 0;
        }
      std::optional<std::uint32_t> fastest_win, slowest_loss;
      bool draw = false;
      for (Value v : children) {
        if (v.is_loss()) fastest_win = std::min(fastest_win.value_or(99), v.depth() + 1);
        if (v.is_draw()) draw = true;
        if (v.is_win()) slowest_loss = std::max(slowest_loss.value_or(0), v.depth() + 1);
      }
      result = fastest_win ? Value::win(*fastest_win) : draw ? Value::draw() : Value::loss(*slowest_loss);
    }
    return memo[b] = result;
  }
};

TEST(TicTacToe, TableEqualsMinimaxOnEveryReachableBoard) {
  const TicTacToe game = classic();
  GenOptions options;
  options.threads = 2;
  const GenResult table = generate(game, options);
  Minimax minimax;
  const Value start = minimax.solve({});
  EXPECT_TRUE(start.is_draw());
  EXPECT_TRUE(Value::from_code(table.values[game.parse(".........")]).is_draw());
  ASSERT_EQ(minimax.memo.size(), 5478u);
  for (const auto& [board, expected] : minimax.memo) {
    std::string text;
    for (int c : board) text += ".xo"[c];
    EXPECT_EQ(to_string(Value::from_code(table.values[game.parse(text)])), to_string(expected)) << text;
  }
}

TEST(TicTacToe, RejectsBadText) {
  const TicTacToe game = classic();
  EXPECT_THROW(game.parse("xx"), GameError);
  EXPECT_THROW(game.parse("xxa......"), GameError);
  EXPECT_THROW(game.parse("xx......."), GameError);             // o has not moved
  EXPECT_THROW(game.parse("xxxooo..."), GameError);             // both have a line
  EXPECT_EQ(game.parse("x........"), game.parse("........x"));  // symmetric boards share an index
}

TEST(TicTacToe, RejectsBadParameters) {
  Params big;
  big.add("m=5");
  big.add("n=5");
  EXPECT_THROW(TicTacToe{big}, GameError);
  Params unknown;
  unknown.add("size=3");
  EXPECT_THROW(TicTacToe{unknown}, GameError);
}

}  // namespace
}  // namespace rtb

namespace rtb {
namespace {

// m,n,k-games: 4,4,4 is a draw and 4,4,3 a win for the first player.
TEST(MnkGame, FourByFourBoards) {
  for (auto [k, expected] : {std::pair{"4", "DRAW -"}, {"3", "WIN 5"}}) {
    Params p;
    p.set("m", "4");
    p.set("n", "4");
    p.set("k", k);
    const TicTacToe game(p);
    GenOptions options;
    options.threads = 2;
    const GenResult table = generate(game, options);
    EXPECT_EQ(to_string(Value::from_code(table.values[game.parse("................")])), expected)
        << "k=" << k;
    const VerifyReport report =
        verify(game, std::span<const std::uint16_t>(table.values.get(), table.size), 2);
    EXPECT_TRUE(report.failures.empty()) << "k=" << k;
  }
}

}  // namespace
}  // namespace rtb
