// Dobutsu shogi: the rules on hand-made positions, the index on random
// boards, and the generic moves/unmoves check on a large random sample.
// The whole solve and the published figures: tests/bench/dobutsu.sh.
#include "games/dobutsu/dobutsu.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "gen/check/plugin_check.h"
#include "gen/instances/instances.h"

namespace rtb {
namespace {

using dobutsu::Board;

const Dobutsu& game() {
  static const Dobutsu g{Params{}};
  return g;
}

struct Named {
  std::string name;
  Successor to;
};

std::vector<Named> named_moves(std::string_view position) {
  const Index i = game().parse(position);
  std::vector<Successor> next;
  game().moves(i, [&](Successor s) { next.push_back(s); });
  const auto names = game().move_names(i);
  EXPECT_EQ(names.size(), next.size());
  std::vector<Named> out;
  for (std::size_t k = 0; k < next.size() && k < names.size(); ++k) out.push_back({names[k], next[k]});
  return out;
}

const Named* find(const std::vector<Named>& moves, std::string_view name) {
  for (const Named& m : moves)
    if (m.name == name) return &m;
  return nullptr;
}

TEST(Dobutsu, StartPositionTextAndMoves) {
  const Index start = game().start();
  EXPECT_EQ(game().text(start), "S/gle/-c-/-C-/ELG/-");
  EXPECT_EQ(game().size(), 249442767u);
  const auto moves = named_moves("S/gle/-c-/-C-/ELG/-");
  std::set<std::string> names;
  for (const Named& m : moves) names.insert(m.name);
  EXPECT_EQ(names, (std::set<std::string>{"Cb3xb2", "Gc4c3", "Lb4a3", "Lb4c3"}));
  // Gote to move in the turned start is the start again.
  EXPECT_EQ(game().parse("G/gle/-c-/-C-/ELG/-"), start);
  // Chick takes chick: Gote's view of the result, with a chick in Sente's hand.
  const Named* take = find(moves, "Cb3xb2");
  ASSERT_NE(take, nullptr);
  ASSERT_TRUE(take->to.inside);
  EXPECT_EQ(take->to.index, game().parse("G/gle/-C-/---/ELG/C"));
}

TEST(Dobutsu, ParseRejectsBadText) {
  EXPECT_THROW(game().parse("S/gle/-c-/-C-/ELG"), GameError);
  EXPECT_THROW(game().parse("X/gle/-c-/-C-/ELG/-"), GameError);
  EXPECT_THROW(game().parse("S/gle/-c-/-C-/ELL/-"), GameError);  // two Sente lions
  EXPECT_THROW(game().parse("S/gle/-c-/---/ELG/-"), GameError);  // a chick missing
  EXPECT_THROW(game().parse("S/gle/-c-/-Cx/ELG/-"), GameError);  // unknown piece
  EXPECT_THROW(game().parse("S/gle/-c-/---/ELG/L"), GameError);  // a lion in hand
  EXPECT_THROW(game().parse("S/g-e/-c-/lC-/ELG/-"), GameError);  // lions adjacent: decided
}

TEST(Dobutsu, ChickPromotesOnTheFarRankAndHenReturnsAsChick) {
  // Sente's chick on c2 moves to c1 (capturing the giraffe) and becomes a
  // hen. (Moves are named on the stored image: Sente's lion on file A.)
  const auto moves = named_moves("S/e-g/-lC/---/L-E/Gc");
  const Named* promote = find(moves, "Cc2xc1+");
  ASSERT_NE(promote, nullptr);
  ASSERT_TRUE(promote->to.inside);
  EXPECT_EQ(promote->to.index, game().parse("G/e-R/-l-/---/L-E/GGc"));
  // Gote takes the hen with the lion: a chick goes to Gote's hand.
  const auto gote = named_moves("G/e-R/-l-/---/L-E/GGc");
  bool found = false;
  for (const Named& m : gote)
    if (m.to.inside && m.to.index == game().parse("S/e-l/---/---/L-E/GGcc")) found = true;
  EXPECT_TRUE(found);
  // The stored image of a position is the one with Sente's lion on file A.
  EXPECT_EQ(game().text(game().parse("S/g-e/Cl-/---/E-L/Gc")), "S/e-g/-lC/---/L-E/Gc");
}

TEST(Dobutsu, DropOnTheFarRankDoesNotPromoteAndCannotMove) {
  const auto moves = named_moves("S/--l/---/---/L--/CCEEGG");
  const Named* drop = find(moves, "C*a1");
  ASSERT_NE(drop, nullptr);
  EXPECT_EQ(drop->to.index, game().parse("G/C-l/---/---/L--/CEEGG"));
  // A chick on the far rank has no move of its own.
  for (const Named& m : named_moves("S/C-l/---/---/L--/CEEGG")) EXPECT_NE(m.name.substr(0, 3), "Ca1");
  // One drop per kind and empty square, whatever the count in hand: 3 kinds x 10 squares.
  std::size_t drops = 0;
  for (const Named& m : moves) drops += m.name[1] == '*';
  EXPECT_EQ(drops, 30u);
}

TEST(Dobutsu, TerminalRules) {
  // (1) Sente's giraffe can take Gote's lion: won in 1 ply, no moves.
  const Index capture = game().parse("S/l--/G--/---/--L/CCEEG");
  EXPECT_TRUE(named_moves("S/l--/G--/---/--L/CCEEG").empty());
  EXPECT_EQ(game().terminal(capture), Value::win(1));
  // A move next to the other lion leads to a known win for its captor.
  const auto moves = named_moves("S/-l-/---/L--/---/CCEEGG");
  const Named* blunder = find(moves, "La3a2");
  ASSERT_NE(blunder, nullptr);
  EXPECT_FALSE(blunder->to.inside);
  EXPECT_EQ(blunder->to.value, Value::win(1));
  // The reachable count names each such move's position by a key: one
  // per move that leaves the table, distinct for distinct positions.
  const auto keys = game().outside_keys(game().parse("S/-l-/---/L--/---/CCEEGG"));
  std::size_t outside = 0;
  for (const Named& m : moves) outside += !m.to.inside;
  EXPECT_EQ(keys.size(), outside);
  EXPECT_EQ(std::set<std::uint64_t>(keys.begin(), keys.end()).size(), keys.size());
  for (std::uint64_t key : keys) EXPECT_LT(key, game().outside_size());
  EXPECT_TRUE(game().outside_keys(game().start()).empty());
  // (2) Sente's lion reaches rank 1 unattacked: Gote has lost in 0 ...
  const auto tries = named_moves("S/---/L--/--l/---/CCEEGG");
  const Named* try_move = find(tries, "La2a1");
  ASSERT_NE(try_move, nullptr);
  EXPECT_FALSE(try_move->to.inside);
  EXPECT_EQ(try_move->to.value, Value::loss(0));
  // ... but an attacked try is a known win in 1 for Gote.
  const auto attacked = named_moves("S/-g-/L--/--l/---/CCEEG");
  const Named* bad_try = find(attacked, "La2a1");
  ASSERT_NE(bad_try, nullptr);
  EXPECT_EQ(bad_try->to.value, Value::win(1));
}

Board random_board(std::mt19937_64& rng) {
  for (;;) {
    Board b;
    std::vector<int> squares(12);
    for (int s = 0; s < 12; ++s) squares[s] = s;
    std::shuffle(squares.begin(), squares.end(), rng);
    b.cell[squares[0]] = dobutsu::kLion;
    b.cell[squares[1]] = dobutsu::kLion | dobutsu::kTheirs;
    int next = 2;
    for (int k = 1; k <= 3; ++k)
      for (int n = 0; n < 2; ++n) {
        const unsigned r = static_cast<unsigned>(rng() % 4);
        const int owner = static_cast<int>(rng() % 2);
        if (r == 0) {
          ++b.hand[owner][k - 1];
        } else {
          const bool hen = k == 1 && r == 3;
          b.cell[squares[next++]] =
              static_cast<std::uint8_t>((hen ? dobutsu::kHen : k) | (owner ? dobutsu::kTheirs : 0));
        }
      }
    if (game().index().lion_pair(b) >= 0) return b;
  }
}

TEST(Dobutsu, IndexRoundTripsRandomBoards) {
  std::mt19937_64 rng(7);
  const auto& index = game().index();
  for (int n = 0; n < 200000; ++n) {
    const Board b = random_board(rng);
    const Index i = index.encode(b);
    ASSERT_LT(i, game().size());
    ASSERT_TRUE(game().legal(i));
    const Board back = index.decode(i);
    ASSERT_TRUE(back == b || back == dobutsu::mirrored(b)) << game().text(i);
    ASSERT_EQ(index.encode(dobutsu::mirrored(b)), i);
    ASSERT_EQ(game().parse(game().text(i)), i);
  }
}

TEST(Dobutsu, EveryIndexOfAStretchDecodesAndEncodesBack) {
  const auto& index = game().index();
  std::uint64_t legal = 0;
  for (Index i = 0; i < game().size(); i += 997) {
    if (!game().legal(i)) continue;
    ++legal;
    ASSERT_EQ(index.encode(index.decode(i)), i);
  }
  EXPECT_GT(legal, game().size() / 997 * 9 / 10);
}

// The generator and the sweep make moves on masks, names and text on
// boards: both must give the same boards in the same order (move_names()
// pairs with moves() by position in the list).
TEST(Dobutsu, MovesOnMasksAreTheMovesOnBoardsInTheirOrder) {
  std::mt19937_64 rng(11);
  const auto& index = game().index();
  std::uint64_t compared = 0;
  for (int n = 0; n < 50000; ++n) {
    const Index i = rng() % game().size();
    if (!game().legal(i) || Dobutsu::over(index.decode(i))) continue;
    const dobutsu::Position p = index.decode_position(i);
    std::vector<dobutsu::Masks> on_masks, on_boards;
    std::vector<std::uint64_t> wide_on_boards;
    dobutsu::for_each_move(p, [&](const dobutsu::Masks& after) { on_masks.push_back(after); });
    dobutsu::for_each_move(index.decode(i), [&](const Board& after, const dobutsu::Move&) {
      on_boards.push_back(dobutsu::masks_of(after));
      const Board next = dobutsu::turned(after);
      if (index.lion_pair(next) < 0) wide_on_boards.push_back(index.wide_encode(next));
    });
    ASSERT_EQ(on_masks, on_boards) << game().text(i);
    const auto keys = game().outside_keys(i);
    ASSERT_EQ(keys.size(), wide_on_boards.size()) << game().text(i);
    for (std::size_t k = 0; k < keys.size(); ++k) ASSERT_EQ(keys[k] / 2, wide_on_boards[k]) << game().text(i);
    compared += on_masks.size();
  }
  EXPECT_GT(compared, 200000u);
}

TEST(Dobutsu, MovesAndUnmovesAgreeOnALargeSample) {
  PluginCheckOptions options;
  options.threads = 2;
  options.sample_limit = 100000;
  const PluginCheckReport report = check_plugin(game(), options);
  std::string failures;
  for (const PluginCheckFailure& f : report.failures) failures += "\n  " + f.text + ": " + f.message;
  EXPECT_TRUE(report.ok()) << failures;
  EXPECT_TRUE(report.sampled);
  EXPECT_GT(report.moves, 100000u);
}

}  // namespace
}  // namespace rtb
