// The type-erased game answers as the plugin it erases: every member of
// the contract (games/game.h) that AnyGame carries, called through AnyGame
// and on the concrete plugin, on every registered game.
#include "games/any_game.h"

#include <gtest/gtest.h>

#include <string>

namespace rtb {
namespace {

Params small_params(std::string_view game) {
  Params p;
  if (game == "graph") p.set("file", std::string(RTB_FIXTURES) + "/random2000.graph");
  if (game == "connect4") p.add("width=4"), p.add("height=3");
  if (game == "octal") p.add("octal=0.77"), p.add("heaps=40");
  if (game == "subtraction") p.add("heaps=40");
  if (game == "quixo") p.add("n=3");
  if (game == "chess") p.add("material=KRvK");
  return p;
}

template <class G>
void expect_same(const G& game, const AnyGame& erased) {
  EXPECT_EQ(erased.name(), G::kName);
  EXPECT_EQ(erased.identity(), game.identity());
  EXPECT_EQ(erased.table_name(), game.table_name());
  EXPECT_EQ(erased.params().canonical(), game.params().canonical());
  ASSERT_EQ(erased.size(), game.size());
  EXPECT_EQ(erased.dependencies().size(), game.dependencies().size());
  EXPECT_EQ(erased.start(), contract::start(game));
  const Index stride = std::max<Index>(1, game.size() / 500);
  int legal = 0;
  for (Index i = 0; i < game.size(); i += stride) {
    ASSERT_EQ(erased.legal(i), game.legal(i)) << i;
    if (!game.legal(i)) continue;
    ++legal;
    const std::string text = game.text(i);
    ASSERT_EQ(erased.text(i), text);
    ASSERT_EQ(erased.parse(text), i);
    std::vector<Successor> direct;
    if (game.dependencies().empty()) {  // moves out of a chess table need the tables it depends on
      game.moves(i, [&](Successor s) { direct.push_back(s); });
      const auto moves = erased.moves(i);
      ASSERT_EQ(moves.size(), direct.size()) << text;
      for (std::size_t k = 0; k < moves.size(); ++k) {
        ASSERT_EQ(moves[k].inside, direct[k].inside) << text;
        ASSERT_EQ(moves[k].index, direct[k].index) << text;
        ASSERT_EQ(moves[k].value, direct[k].value) << text;
      }
      if (direct.empty()) {
        ASSERT_EQ(erased.terminal(i), game.terminal(i)) << text;
      }
      ASSERT_EQ(erased.successor_texts(text), contract::successor_texts(game, text)) << text;
      ASSERT_EQ(erased.splits(i), contract::splits(game, i)) << text;
    }
    ASSERT_EQ(erased.move_names(i), contract::move_names(game, i)) << text;
    ASSERT_EQ(erased.class_size(i), contract::class_size(game, i)) << text;
    ASSERT_EQ(erased.side_to_move(i), contract::side_to_move(game, i)) << text;
    ASSERT_EQ(erased.owner(i), contract::owner(game, i)) << text;
  }
  EXPECT_GT(legal, 0) << G::kName;
}

TEST(AnyGame, EveryHookAnswersAsThePlugin) {
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    const Params params = small_params(G::kName);
    const G game(params);
    const auto erased = make_game(G::kName, params);
    expect_same(game, *erased);
  });
}

// Hooks a plugin lacks give their defaults.
TEST(AnyGame, MissingHooksGiveDefaults) {
  const auto nim = make_game("nim", Params());
  EXPECT_TRUE(nim->move_names(0).empty());
  EXPECT_EQ(nim->class_size(0), 1u);
  EXPECT_FALSE(nim->side_to_move(0));
  EXPECT_FALSE(nim->owner(0));
  EXPECT_FALSE(nim->describe(Value::win(3)));
  EXPECT_TRUE(nim->text_moves(nim->text(0)).empty());
  EXPECT_FALSE(nim->valued_ahead(nim->text(0)));
  const auto chess = make_game("chess", small_params("chess"));
  EXPECT_EQ(chess->describe(Value::win(27)), "WIN, mate in 14");
  EXPECT_FALSE(chess->text_moves("8/8/8/8/8/2k5/8/KR6 w - - 0 1").empty());
}

}  // namespace
}  // namespace rtb
