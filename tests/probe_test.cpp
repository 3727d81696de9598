// The C++ probe API over a generated table: values, moves, best lines,
// other games' tables, and many threads at once.
#include "probe/probe.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "games/tictactoe/tictactoe.h"
#include "gen/wdl/build.h"

namespace fs = std::filesystem;

namespace rtb {
namespace {

class Probe : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("rtb_probe_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    BuildOptions options;
    options.out_dir = dir_;
    options.force = true;
    generated_ = generate(TicTacToe(Params{}), options.gen);
    TicTacToe game{Params{}};
    build_table(game, options);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static inline fs::path dir_;
  static inline GenResult generated_;
};

TEST_F(Probe, ValuesEqualTheGeneratorsForEveryIndex) {
  const Tablebase tb(dir_);
  const ProbeTable& table = tb.table("tictactoe", Params{});
  const TicTacToe game{Params{}};
  for (Index i = 0; i < game.size(); ++i) {
    if (!game.legal(i)) {
      EXPECT_THROW(table.value(i), ProbeError);
      continue;
    }
    ASSERT_EQ(table.value(i).code(), generated_.values[i]) << game.text(i);
    ASSERT_EQ(table.value(game.text(i)).code(), generated_.values[i]);
  }
}

TEST_F(Probe, MovesAndBestLine) {
  const ProbeTable table(dir_ / "tictactoe.rtb");
  const Index start = table.parse("x...o....");
  const Value v = table.value(start);
  const auto moves = table.moves(start);
  EXPECT_EQ(moves.size(), 7u);  // seven empty cells, symmetric ones listed separately
  bool keeps_value = false;
  for (const MoveResult& m : moves) {
    ASSERT_TRUE(m.index.has_value());
    EXPECT_EQ(m.value, table.value(*m.index));
    keeps_value |= m.for_mover() == v;
  }
  EXPECT_TRUE(keeps_value);
  // A won position's best line has exactly its depth in plies and ends lost.
  const Index won = table.parse("xx.oo....");
  const auto line = table.best_line(won);
  ASSERT_EQ(line.size(), table.value(won).depth());
  EXPECT_TRUE(line.back().value.is_loss());
  // A drawn line goes on until it repeats or the board fills up.
  const auto draw_line = table.best_line(table.parse("........."));
  EXPECT_EQ(draw_line.size(), 9u);
  for (const MoveResult& m : draw_line) EXPECT_TRUE(m.value.is_draw());
}

TEST_F(Probe, RefusesAnotherGamesTableAndMissingTables) {
  EXPECT_THROW(ProbeTable(dir_ / "tictactoe.rtb", "graph"), ProbeError);
  const Tablebase tb(dir_);
  Params big;
  big.add("m=4");
  big.add("n=4");
  big.add("k=4");
  EXPECT_THROW(tb.table("tictactoe", big), ProbeError);
  EXPECT_THROW(tb.table("nosuchgame", Params{}), ProbeError);
  EXPECT_THROW(Tablebase(dir_ / "nothing_here"), ProbeError);
}

TEST_F(Probe, ManyThreadsShareOneTable) {
  const Tablebase tb(dir_);
  const TicTacToe game{Params{}};
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      const ProbeTable& table = tb.table("tictactoe", Params{});
      for (int round = 0; round < 20; ++round)
        for (Index i = t; i < game.size(); i += 4)
          if (game.legal(i) && table.value(i).code() != generated_.values[i]) ++wrong;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace rtb
