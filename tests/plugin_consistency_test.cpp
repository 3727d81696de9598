// The generic property test every plugin must pass: moves and unmoves are
// the same relation with the same multiplicities, unmoves yields only legal
// indices, position text round-trips, and successor_texts() and
// count_moves() (where a game has them) agree with moves(). Run for every registered game.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "games/registry.h"

namespace rtb {
namespace {

// Small parameter sets per game; a registered game missing here fails.
std::vector<Params> small_params(std::string_view game, const std::filesystem::path& scratch) {
  auto make = [](std::initializer_list<const char*> items) {
    Params p;
    for (const char* item : items) p.add(item);
    return p;
  };
  if (game == "graph") {
    std::filesystem::create_directories(scratch);
    const auto file = (scratch / "consistency.txt").string();
    std::ofstream(file) << "6 11\n1 2\n2 3\n3 1\n3 4\n4 4\n4 5\n4 5\n5 6\n6 5\n2 6\n1 1\n";
    std::vector<Params> sets{make({}), make({"misere=1"}), make({"target=4"}),
                             make({"target=6", "misere=1"})};
    for (auto& p : sets) p.set("file", file);
    return sets;
  }
  if (game == "connect4")
    return {make({"width=4", "height=3"}), make({"width=3", "height=4"}), make({"width=4", "height=4"})};
  if (game == "subtraction")
    return {make({}), make({"set=1,3,4", "heaps=30"}), make({"set=2,5", "heaps=20"})};
  if (game == "octal")
    return {make({"octal=0.77", "heaps=30"}), make({"octal=0.137", "heaps=25"}),
            make({"octal=4.07", "heaps=20"})};
  if (game == "nim") return {make({}), make({"heaps=1", "max=7"}), make({"heaps=2", "max=5"})};
  if (game == "tictactoe")
    return {make({}), make({"m=3", "n=4", "k=3"}), make({"m=2", "n=3", "k=2"}), make({"m=4", "n=3", "k=4"})};
  if (game == "quixo") return {make({"n=2"}), make({"n=3"})};
  if (game == "chess") return {make({"material=KRvK"}), make({"material=KPvK"})};
  return {};
}

// A game that writes successors in a position's own orientation must
// write the moves of moves(): from the stored text, and again from each
// successor so written (usually another image than the stored one).
template <Game G>
void check_successor_texts(const G& game, Index p, const std::string& what) {
  if constexpr (requires { game.successor_texts(std::string_view{}); }) {
    auto from_texts = [&](const std::string& t) {
      std::vector<Index> out;
      for (const std::string& s : game.successor_texts(t)) out.push_back(game.parse(s));
      std::sort(out.begin(), out.end());
      return out;
    };
    auto from_moves = [&](Index i) {
      std::vector<Index> out;
      game.moves(i, [&](Successor s) { out.push_back(s.inside ? s.index : ~Index{0}); });
      std::sort(out.begin(), out.end());
      return out;
    };
    const std::string text = game.text(p);
    ASSERT_EQ(from_texts(text), from_moves(p)) << what << ": successor_texts(" << text << ")";
    for (const std::string& s : game.successor_texts(text))
      ASSERT_EQ(from_texts(s), from_moves(game.parse(s))) << what << ": successor_texts(" << s << ")";
  }
}

// count_moves(), where a game has it, says what legal() and moves() say.
template <Game G>
void check_count_moves(const G& game, Index p, const std::string& what) {
  if constexpr (CountsMoves<G>) {
    std::vector<std::uint16_t> known, want;
    const std::optional<std::uint32_t> inside =
        game.count_moves(p, [&](Value v) { known.push_back(v.code()); });
    ASSERT_EQ(inside.has_value(), game.legal(p)) << what << ": count_moves(" << p << ")";
    if (!inside) return;
    std::uint32_t n = 0;
    game.moves(p, [&](Successor s) {
      if (s.inside)
        ++n;
      else
        want.push_back(s.value.code());
    });
    std::sort(known.begin(), known.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(*inside, n) << what << ": count_moves(" << game.text(p) << ")";
    ASSERT_EQ(known, want) << what << ": count_moves(" << game.text(p) << ") known values";
  }
}

template <Game G>
void check_consistency(const G& game, const std::string& what) {
  const Index stride = std::max<Index>(1, game.size() / 3000);  // for the costlier text checks
  std::vector<std::pair<Index, Index>> forward, backward;       // (p, q) once per move p -> q
  for (Index p = 0; p < game.size(); ++p) {
    check_count_moves(game, p, what);
    if (!game.legal(p)) continue;
    ASSERT_EQ(game.parse(game.text(p)), p) << what << ": text " << game.text(p);
    if (p % stride == 0) check_successor_texts(game, p, what);
    game.moves(p, [&](Successor s) {
      if (s.inside) forward.emplace_back(p, s.index);
    });
    game.unmoves(p, [&](Index q) {
      ASSERT_LT(q, game.size()) << what;
      ASSERT_TRUE(game.legal(q)) << what << ": unmoves(" << p << ") yields illegal " << q;
      backward.emplace_back(q, p);
    });
  }
  for (const auto& [p, q] : forward) ASSERT_TRUE(game.legal(q)) << what << ": move to illegal " << q;
  std::sort(forward.begin(), forward.end());
  std::sort(backward.begin(), backward.end());
  ASSERT_EQ(forward.size(), backward.size()) << what;
  for (std::size_t k = 0; k < forward.size(); ++k)
    ASSERT_EQ(forward[k], backward[k])
        << what << ": move " << game.text(forward[k].first) << " -> " << game.text(forward[k].second)
        << " has other multiplicity in unmoves";
  EXPECT_FALSE(forward.empty()) << what;
}

TEST(PluginConsistency, EveryRegisteredGame) {
  const auto scratch = std::filesystem::temp_directory_path() / "rtb_consistency";
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    const auto sets = small_params(G::kName, scratch);
    ASSERT_FALSE(sets.empty()) << "no small parameters for game " << G::kName << " in this test";
    for (const Params& params : sets) {
      const G game(params);
      check_consistency(game, std::string(G::kName) + " " + params.canonical());
    }
  });
  std::filesystem::remove_all(scratch);
}

}  // namespace
}  // namespace rtb
