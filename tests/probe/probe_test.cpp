// The C++ probe API over a generated table: values, moves, best lines,
// other games' tables, and many threads at once.
#include "probe/probe.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <thread>

#include "games/chess/chess.h"
#include "games/nim/nim.h"
#include "games/tictactoe/tictactoe.h"
#include "gen/depth/build.h"
#include "gen/grundy/build.h"
#include "gen/instances/instances.h"
#include "probe/rtb.h"

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
  const DepthTable& table = tb.table("tictactoe", Params{});
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
  const DepthTable table(dir_ / "tictactoe.rtb");
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
  EXPECT_THROW(DepthTable(dir_ / "tictactoe.rtb", "graph"), ProbeError);
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
      const DepthTable& table = tb.table("tictactoe", Params{});
      for (int round = 0; round < 20; ++round)
        for (Index i = t; i < game.size(); i += 4)
          if (game.legal(i) && table.value(i).code() != generated_.values[i]) ++wrong;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

// The header's version is the one CMake's project() gives, which tbgen
// writes into every table's metadata.
TEST(CApi, VersionIsTheProjectVersion) {
  const std::string version = rtb_version();
  EXPECT_EQ("rtb " + version, RTB_GENERATOR_VERSION);
  EXPECT_EQ(version, std::to_string(RTB_VERSION_MAJOR) + "." + std::to_string(RTB_VERSION_MINOR) + "." +
                         std::to_string(RTB_VERSION_PATCH));
}

// Each thread reads its own last failure: one thread's illegal positions
// never show in another thread's successful probes.
TEST_F(Probe, CApiFailuresArePerThread) {
  rtb_table* table = rtb_open((dir_ / "tictactoe.rtb").c_str());
  ASSERT_NE(table, nullptr) << rtb_last_error();
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        rtb_value v;
        if (t % 2 == 0) {
          if (rtb_probe(table, "xxxxxxxxx", &v) != -RTB_ERR_ILLEGAL_POSITION ||
              rtb_last_error_code() != RTB_ERR_ILLEGAL_POSITION || *rtb_last_error() == '\0')
            ++wrong;
        } else if (rtb_probe(table, "x...o....", &v) != 0 || rtb_last_error_code() != RTB_OK ||
                   *rtb_last_error() != '\0') {
          ++wrong;
        }
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  rtb_close(table);
}

// A Grundy table is of another value kind; a table whose dependencies are
// not beside it answers values (they need nothing else) but not moves.
TEST_F(Probe, CApiTellsWrongKindsAndMissingDependencies) {
  const fs::path dir = dir_ / "kinds";
  fs::create_directories(dir);
  BuildOptions options;
  options.out_dir = dir;
  options.force = true;
  const fs::path grundy = build_grundy_table(Nim(Params{}), options);
  EXPECT_EQ(rtb_open(grundy.c_str()), nullptr);
  EXPECT_EQ(rtb_last_error_code(), RTB_ERR_WRONG_KIND) << rtb_last_error();

  Params p;
  p.set("material", "KPvK");
  const Chess kpk(p);  // its promotions lead into KQvK, KRvK, KBvK and KNvK
  const std::vector<std::uint16_t> draws(kpk.size(), Value::draw().code());
  storage::write_table(table_path(dir, kpk.table_name()), table_meta(kpk, GenStats{}), draws, {});
  rtb_table* table = rtb_open_dir(dir.c_str(), "chess", "material=KPvK");
  ASSERT_NE(table, nullptr) << rtb_last_error();
  rtb_value v;
  EXPECT_EQ(rtb_probe(table, "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1", &v), 0) << rtb_last_error();
  EXPECT_EQ(v.wdl, RTB_DRAW);
  rtb_close(table);
  const DepthTable probe(dir / "KPvK.rtb");
  try {
    probe.moves(probe.parse("8/8/8/8/8/2k5/4P3/4K3 w - - 0 1"));
    ADD_FAILURE() << "moves without the tables they lead into";
  } catch (const ProbeError& e) {
    EXPECT_NE(std::string(e.what()).find("needs KQvK.rtb beside it"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// Another table under the name of the one asked for (here the 3x3 board as
// 4x4's file) is refused by the C and C++ APIs, naming both identities; a
// FIFO is refused at once, not waited on.
TEST_F(Probe, AnotherTableUnderTheNameAskedForIsRefused) {
  const fs::path dir = dir_ / "misnamed";
  fs::create_directories(dir);
  Params p;
  p.set("m", "4");
  p.set("n", "4");
  p.set("k", "4");
  const TicTacToe asked(p);
  fs::copy_file(dir_ / "tictactoe.rtb", table_path(dir, asked.table_name()));
  EXPECT_EQ(rtb_open_dir(dir.c_str(), "tictactoe", "m=4,n=4,k=4"), nullptr);
  EXPECT_EQ(rtb_last_error_code(), RTB_ERR_WRONG_KIND) << rtb_last_error();
  const std::string message = rtb_last_error();
  EXPECT_NE(message.find("is " + TicTacToe(Params{}).identity() + " wdl16"), std::string::npos) << message;
  EXPECT_NE(message.find("not the " + asked.identity() + " wdl16 asked for"), std::string::npos) << message;
  const Tablebase tb(dir);
  EXPECT_THROW(tb.table("tictactoe", p), storage::IdentityError);

  const fs::path fifo = dir / "fifo.rtb";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(rtb_open(fifo.c_str()), nullptr);
  EXPECT_EQ(rtb_last_error_code(), RTB_ERR_NO_TABLE) << rtb_last_error();
  EXPECT_NE(std::string(rtb_last_error()).find("not a regular file"), std::string::npos) << rtb_last_error();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace rtb
