// Take-away on two heaps, the example of a game split into tables that read
// each other: every table up to 30 tokens, built by tbgen's entry point with
// its dependencies, against a plain minimax over pairs of heaps written
// without tables, and against the Sprague-Grundy theorem (a heap of h tokens
// is worth h mod (take + 1), so the side to move loses exactly where the two
// heaps' worths are equal).
#include "games/takeaway/takeaway.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/probe.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;

// The value of heaps (a, b) for the side to move: the winner's shortest
// line, the loser's longest.
struct Minimax {
  std::uint64_t take;
  std::map<std::pair<std::uint64_t, std::uint64_t>, Value> memo;

  Value operator()(std::uint64_t a, std::uint64_t b) {
    if (const auto found = memo.find({a, b}); found != memo.end()) return found->second;
    bool any = false, win = false;
    std::uint32_t fastest_win = UINT32_MAX, slowest_loss = 0;
    const auto consider = [&](Value after) {  // for the opponent
      any = true;
      if (after.is_loss()) {
        win = true;
        fastest_win = std::min(fastest_win, after.depth() + 1);
      } else {
        slowest_loss = std::max(slowest_loss, after.depth() + 1);
      }
    };
    for (std::uint64_t t = 1; t <= take; ++t) {
      if (t <= a) consider((*this)(a - t, b));
      if (t <= b) consider((*this)(a, b - t));
    }
    const Value v = !any ? Value::loss(0) : win ? Value::win(fastest_win) : Value::loss(slowest_loss);
    return memo[{a, b}] = v;
  }
};

Params params(std::uint64_t total, std::uint64_t take) {
  Params p;
  p.set("total", std::to_string(total));
  p.set("take", std::to_string(take));
  return p;
}

TEST(Takeaway, EveryTableMatchesMinimaxAndTheGrundyRule) {
  const fs::path dir = fs::temp_directory_path() / ("rtb_takeaway_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  for (std::uint64_t take : {1, 2, 3, 5}) {
    BuildOptions options;
    options.out_dir = dir;
    options.gen.threads = 2;
    Takeaway top(params(30, take));
    build_table(top, options);  // builds the tables of 29 tokens down to 0 first
    Minimax minimax{take, {}};
    Tablebase tables(dir);
    for (std::uint64_t total = 0; total <= 30; ++total) {
      const DepthTable& table = tables.table("takeaway", params(total, take));
      ASSERT_EQ(table.meta().index_size, total + 1);
      for (std::uint64_t a = 0; a <= total; ++a) {
        const std::string text = std::to_string(a) + "," + std::to_string(total - a);
        const Value v = table.value(text);
        ASSERT_EQ(v, minimax(a, total - a)) << text << " take " << take;
        ASSERT_EQ(v.is_loss(), a % (take + 1) == (total - a) % (take + 1)) << text << " take " << take;
      }
    }
  }
  fs::remove_all(dir);
}

TEST(Takeaway, ReadsOnlyTablesOfFewerTokens) {
  const Takeaway game(params(5, 3));
  const auto deps = game.dependencies();
  ASSERT_EQ(deps.size(), 3u);
  for (std::size_t k = 0; k < deps.size(); ++k) {
    EXPECT_EQ(deps[k].game, "takeaway");
    EXPECT_EQ(deps[k].params.get("total", ""), std::to_string(4 - k));
  }
  EXPECT_TRUE(Takeaway(params(0, 3)).dependencies().empty());
  EXPECT_EQ(Takeaway(params(2, 3)).dependencies().size(), 2u);
}

TEST(Takeaway, RefusesPositionsOfAnotherTable) {
  const Takeaway game(params(5, 3));
  EXPECT_EQ(game.parse("2,3"), 2u);
  EXPECT_EQ(game.text(2), "2,3");
  EXPECT_THROW(game.parse("2,4"), GameError);
  EXPECT_THROW(game.parse("6,18446744073709551615"), GameError);
  EXPECT_THROW(game.parse("2"), GameError);
  EXPECT_THROW(game.parse(",5"), GameError);
}

}  // namespace
}  // namespace rtb
