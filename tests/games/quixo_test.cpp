// Quixo: the rules on hand-made boards, 3x3 against a plain fixpoint over
// raw boards (no index, no symmetry, no generator), and 3x3 against the
// figures GamesmanOne's `analyze quixo 2` printed on this machine. The 4x4
// head-to-head is tests/bench/quixo_vs_gamesmanone.sh.
#include "games/quixo/quixo.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>

#include "gen/depth/retrograde.h"

namespace rtb {
namespace {

Quixo board_of_side(int n) {
  Params p;
  p.set("n", std::to_string(n));
  return Quixo(p);
}

std::vector<Index> successors(const Quixo& game, Index i) {
  std::vector<Index> out;
  game.moves(i, [&](Successor s) {
    EXPECT_TRUE(s.inside);
    out.push_back(s.index);
  });
  return out;
}

bool has_successor(const Quixo& game, Index from, std::string_view to) {
  const auto next = successors(game, from);
  return std::find(next.begin(), next.end(), game.parse(to)) != next.end();
}

TEST(Quixo, StartHasEveryPushAndTextRoundTrips) {
  const Quixo game = board_of_side(4);
  const Index start = game.parse("x:................");
  EXPECT_EQ(game.text(start), "x:................");
  EXPECT_EQ(game.size(), 11455506u);
  EXPECT_EQ(successors(game, start).size(), 32u);  // 4 corners x 2 + 8 edges x 3
  // Only two boards up to symmetry: one x in a corner, or on an edge.
  const auto next = successors(game, start);
  EXPECT_EQ(std::set<Index>(next.begin(), next.end()).size(), 2u);
  EXPECT_TRUE(has_successor(game, start, "o:...x............"));
  EXPECT_THROW(game.parse("o:................"), GameError);  // O cannot be to move at the start
  EXPECT_THROW(game.parse("x:..............."), GameError);
  EXPECT_THROW(game.parse("x:...............z"), GameError);
}

TEST(Quixo, CornerHasTwoPushesEdgeThreeAndOpponentCubesStay) {
  const Quixo game = board_of_side(4);
  // An o in a corner takes away its 2 pushes, an o on an edge its 3; an
  // interior o takes none.
  EXPECT_EQ(successors(game, game.parse("x:o...............")).size(), 30u);
  EXPECT_EQ(successors(game, game.parse("x:.o..............")).size(), 29u);
  EXPECT_EQ(successors(game, game.parse("x:.o.....o........")).size(), 26u);
  EXPECT_EQ(successors(game, game.parse("x:.o.....o.o......")).size(), 26u);
  // X's own corner cube can be taken: only o's corner is lost.
  EXPECT_EQ(successors(game, game.parse("x:x..............o")).size(), 30u);
}

TEST(Quixo, TakingABlankAddsACubeTakingOwnMovesIt) {
  const Quixo game = board_of_side(4);
  // The x in the top-left corner pushed in at the right end of row 0: the
  // row slides left and the corner becomes blank; still one x.
  const Index own = game.parse("x:x..............o");
  EXPECT_TRUE(has_successor(game, own, "o:...x...........o"));
  // The blank top-right corner pushed in at the left end: two x now.
  EXPECT_TRUE(has_successor(game, own, "o:xx.............o"));
  // The x pushed in at the bottom of column 0: the column slides up.
  EXPECT_TRUE(has_successor(game, own, "o:............x..o"));
}

TEST(Quixo, MakingTheOpponentsLineLosesEvenWithOneOfYourOwn) {
  const Quixo game = board_of_side(4);
  // X takes the blank top-right cube and pushes it in at the bottom of
  // column 3: the o below slides up and completes o's top row.
  const Index gift = game.parse("x:ooo....o........");
  const Index after = game.parse("o:oooo...........x");
  EXPECT_TRUE(has_successor(game, gift, "o:oooo...........x"));
  EXPECT_TRUE(successors(game, after).empty());
  EXPECT_EQ(game.terminal(after), Value::win(0));  // for o, to move
  // The same push also completes x's bottom row: o still wins.
  const Index both = game.parse("x:ooo....o....xxx.");
  EXPECT_TRUE(has_successor(game, both, "o:oooo........xxxx"));
  EXPECT_EQ(game.terminal(game.parse("o:oooo........xxxx")), Value::win(0));
  // A line of one's own after the opponent's move is only theirs to lose.
  EXPECT_EQ(game.terminal(game.parse("o:xxxx........oo..")), Value::loss(0));
}

// ---- 3x3 against a fixpoint over raw boards -------------------------------

// Cells 0..8 row by row: 0 blank, 1 x, 2 o; `turn` 1 or 2 is the side to move.
struct Raw {
  std::array<int, 9> cell{};
  int turn = 1;
  bool operator<(const Raw& o) const { return std::tie(turn, cell) < std::tie(o.turn, o.cell); }
};

bool line_of(const Raw& r, int who) {
  static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : lines)
    if (r.cell[l[0]] == who && r.cell[l[1]] == who && r.cell[l[2]] == who) return true;
  return false;
}

// Every push, written with coordinates: take (r, c), slide the cells from
// the chosen end toward it, put the mover's cube at that end.
std::vector<Raw> raw_moves(const Raw& b) {
  std::vector<Raw> out;
  if (line_of(b, 1) || line_of(b, 2)) return out;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      if (r == 1 && c == 1) continue;                 // not on the border
      if (b.cell[r * 3 + c] == 3 - b.turn) continue;  // the opponent's cube
      const int ends[4][2] = {{r, 0}, {r, 2}, {0, c}, {2, c}};
      for (const auto& e : ends) {
        if (e[0] == r && e[1] == c) continue;
        Raw next = b;
        const int dr = (e[0] > r) - (e[0] < r), dc = (e[1] > c) - (e[1] < c);
        int rr = r, cc = c;
        while (rr != e[0] || cc != e[1]) {
          next.cell[rr * 3 + cc] = b.cell[(rr + dr) * 3 + cc + dc];
          rr += dr;
          cc += dc;
        }
        next.cell[e[0] * 3 + e[1]] = b.turn;
        next.turn = 3 - b.turn;
        out.push_back(next);
      }
    }
  return out;
}

std::string raw_text(const Raw& r) {
  std::string s = r.turn == 1 ? "x:" : "o:";
  for (int v : r.cell) s += ".xo"[v];
  return s;
}

// Round d settles what is won or lost in exactly d plies from the values
// of earlier rounds; a round that settles nothing ends it, and what never
// settled is a draw.
std::map<Raw, Value> raw_fixpoint(const std::set<Raw>& positions) {
  const std::vector<Raw> all(positions.begin(), positions.end());
  std::map<Raw, std::size_t> number;
  for (std::size_t k = 0; k < all.size(); ++k) number[all[k]] = k;
  std::vector<std::vector<std::size_t>> next(all.size());
  std::vector<std::optional<Value>> value(all.size());
  for (std::size_t k = 0; k < all.size(); ++k) {
    for (const Raw& q : raw_moves(all[k])) {
      auto it = number.find(q);
      if (it == number.end()) {
        ADD_FAILURE() << "a move leaves the reachable set: " << raw_text(q);
        continue;
      }
      next[k].push_back(it->second);
    }
    if (next[k].empty()) value[k] = line_of(all[k], all[k].turn) ? Value::win(0) : Value::loss(0);
  }
  for (std::uint32_t d = 1;; ++d) {
    std::vector<std::pair<std::size_t, Value>> settled;
    for (std::size_t k = 0; k < all.size(); ++k) {
      if (value[k]) continue;
      bool all_won = true, wins = false;
      std::uint32_t longest = 0;
      for (std::size_t q : next[k]) {
        if (!value[q]) {
          all_won = false;
          continue;
        }
        wins |= *value[q] == Value::loss(d - 1);
        all_won &= value[q]->is_win();
        if (value[q]->is_win()) longest = std::max(longest, value[q]->depth());
      }
      if (wins)
        settled.emplace_back(k, Value::win(d));
      else if (all_won && longest == d - 1)
        settled.emplace_back(k, Value::loss(d));
    }
    if (settled.empty()) break;
    for (const auto& [k, v] : settled) value[k] = v;
  }
  std::map<Raw, Value> out;
  for (std::size_t k = 0; k < all.size(); ++k)
    if (value[k]) out[all[k]] = *value[k];
  return out;
}

std::set<Raw> raw_reachable() {
  std::set<Raw> seen{Raw{}};
  std::vector<Raw> todo{Raw{}};
  while (!todo.empty()) {
    const Raw r = todo.back();
    todo.pop_back();
    for (const Raw& q : raw_moves(r))
      if (seen.insert(q).second) todo.push_back(q);
  }
  return seen;
}

TEST(Quixo, ThreeByThreeTableEqualsRawFixpointOnEveryReachableBoard) {
  const Quixo game = board_of_side(3);
  GenOptions options;
  options.threads = 2;
  const GenResult table = generate(game, options);
  const std::set<Raw> reachable = raw_reachable();
  const auto expected = raw_fixpoint(reachable);
  for (const Raw& r : reachable) {
    const Index i = game.parse(raw_text(r));
    const auto it = expected.find(r);
    const Value want = it == expected.end() ? Value::draw() : it->second;
    ASSERT_EQ(Value::from_code(table.values[i]), want) << raw_text(r);
  }
  // GamesmanOne, `analyze quixo 2`: 32027 reachable positions, 4433 up to
  // symmetry, 2768 won and 1665 lost, none drawn; the start is won in 7.
  EXPECT_EQ(reachable.size(), 32027u);
  std::set<Index> classes;
  for (const Raw& r : reachable) classes.insert(game.parse(raw_text(r)));
  EXPECT_EQ(classes.size(), 4433u);
  std::uint64_t boards = 0, wins = 0, losses = 0;
  for (Index i : classes) {
    boards += game.class_size(i);
    wins += Value::from_code(table.values[i]).is_win();
    losses += Value::from_code(table.values[i]).is_loss();
  }
  EXPECT_EQ(boards, 32027u);
  EXPECT_EQ(wins, 2768u);
  EXPECT_EQ(losses, 1665u);
  EXPECT_EQ(Value::from_code(table.values[game.parse("x:.........")]), Value::win(7));
}

// GamesmanOne's canonical remoteness summary for 3x3, row by row.
TEST(Quixo, ThreeByThreeDepthsMatchGamesmanOne) {
  const Quixo game = board_of_side(3);
  const GenResult table = generate(game, GenOptions{});
  std::set<Index> seen{game.parse("x:.........")};
  std::vector<Index> todo(seen.begin(), seen.end());
  while (!todo.empty()) {
    const Index p = todo.back();
    todo.pop_back();
    game.moves(p, [&](Successor s) {
      if (seen.insert(s.index).second) todo.push_back(s.index);
    });
  }
  std::map<std::uint32_t, std::uint64_t> won, lost;
  for (Index i : seen) {
    const Value v = Value::from_code(table.values[i]);
    (v.is_win() ? won : lost)[v.depth()] += 1;
  }
  const std::map<std::uint32_t, std::uint64_t> g1_won{{0, 706}, {1, 1806}, {3, 178}, {5, 71}, {7, 7}};
  const std::map<std::uint32_t, std::uint64_t> g1_lost{{0, 938}, {1, 6}, {2, 520}, {4, 180}, {6, 19}, {8, 2}};
  EXPECT_EQ(won, g1_won);
  EXPECT_EQ(lost, g1_lost);
}

}  // namespace
}  // namespace rtb
