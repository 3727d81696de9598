// grundy16 tables: written by build_grundy_table / tbgen's grundy solver, read
// back by the probe, sums of positions of one or several tables (nim: the
// sum of single heaps equals the table of the whole game), the text
// output, and verify.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "answers/kinds/grundy.h"
#include "cli/tbgen/solvers.h"
#include "games/nim/nim.h"
#include "games/octal/octal.h"
#include "games/subtraction/subtraction.h"
#include "gen/depth/build.h"
#include "gen/grundy/build.h"
#include "gen/instances/instances.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;

Params params(std::initializer_list<const char*> items) {
  Params p;
  for (const char* item : items) p.add(item);
  return p;
}

using namespace answers;

// tbgen's entry points for grundy16 tables (cli/tbgen/solvers.h).
void generate_grundy(const std::string& game, const Params& p, const BuildOptions& options) {
  cli::grundy_solver().generate(game, p, options);
}
int verify_grundy_table(const OpenedTable& table, unsigned threads, std::ostream& out) {
  return cli::grundy_solver().verify(table, threads, out);
}

class GrundyTables : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rtb_grundy_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    options_.out_dir = dir_;
    options_.gen.threads = 2;
  }
  void TearDown() override { fs::remove_all(dir_); }

  template <class G>
  GrundyTable build(const G& game) {
    return GrundyTable(build_grundy_table(game, options_), G::kName);
  }
  std::string graph_file(const std::string& name, const std::string& text) {
    const auto path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }

  fs::path dir_;
  BuildOptions options_;
};

TEST_F(GrundyTables, KaylesRoundTripAndDump) {
  const Octal kayles(params({"octal=0.77", "heaps=500"}));
  const GrundyTable table = build(kayles);
  EXPECT_EQ(table.meta().value_kind, "grundy16");
  EXPECT_EQ(table.meta().legal, 501u);
  EXPECT_EQ(table.meta().counts.get("max_value"), 8u);  // the largest Kayles value
  GenOptions options;
  const GrundyResult r = solve_grundy(kayles, options);
  for (Index i = 0; i < r.size; ++i) ASSERT_EQ(table.value(i), GrundyValue::of(r.values[i])) << i;
  std::ostringstream dump;
  dump_grundy(table, dump);
  EXPECT_EQ(dump.str().substr(0, 24), "0 0\n1 1\n2 2\n3 3\n4 1\n5 4\n");
  std::ostringstream position;
  print_grundy_position(grundy_position(table, table.parse("4")), position);
  EXPECT_NE(position.str().find("4: 1 (WIN)"), std::string::npos) << position.str();
  EXPECT_NE(position.str().find("move to 1 + 1: 0 (LOSS) for the player then to move  <- wins"),
            std::string::npos)
      << position.str();
  EXPECT_THROW(build(kayles), storage::StorageError);  // exists; --force replaces it
}

// The nim check: the sum of single heaps is the table of the whole game.
TEST_F(GrundyTables, NimSumOfSingleHeapsEqualsTheWholeTable) {
  const GrundyTable single = build(Nim(params({"heaps=1", "max=7"})));
  const GrundyTable whole = build(Nim(params({"heaps=3", "max=7"})));
  for (Index a = 0; a < 8; ++a)
    for (Index b = 0; b < 8; ++b)
      for (Index c = 0; c < 8; ++c) {
        const std::vector<SumPart> parts{{&single, a}, {&single, b}, {&single, c}};
        const SumAnswer sum = solve_sum(parts);
        const std::string position = std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c);
        ASSERT_EQ(sum.total, whole.value(position)) << position;
        ASSERT_EQ(sum.outcome, whole.value(position).outcome()) << position;
        ASSERT_EQ(sum.move.has_value(), sum.outcome == Outcome::Win) << position;
        if (!sum.move) continue;
        std::uint32_t after = sum.move->value.n;  // the sum after the winning move is 0
        for (std::size_t j = 0; j < parts.size(); ++j)
          if (j != *sum.part) after ^= sum.values[j].n;
        ASSERT_EQ(after, 0u) << position;
      }
}

TEST_F(GrundyTables, SumAcrossTablesWithSplitMoves) {
  const GrundyTable kayles = build(Octal(params({"octal=0.77", "heaps=60"})));
  const GrundyTable sub = build(Subtraction(params({"set=1,3,4", "heaps=60"})));
  int splits = 0;
  for (Index a = 0; a <= 60; a += 7)
    for (Index b = 0; b <= 60; b += 3) {
      const SumAnswer sum = solve_sum({{&kayles, a}, {&sub, b}});
      ASSERT_EQ(sum.total.n, kayles.value(a).n ^ sub.value(b).n);
      if (!sum.move) continue;
      const GrundyValue other = sum.values[1 - *sum.part];
      ASSERT_EQ(sum.move->value.n ^ other.n, 0u);
      splits += sum.move->move.parts == 2;
    }
  EXPECT_GT(splits, 0);  // some winning moves split a Kayles heap
  std::ostringstream out;
  print_grundy_sum(grundy_sum({{&kayles, 4}, {&sub, 5}}),
                   out);  // 1 + 3 = 2: take 4 from the heap of 5, worth 1
  EXPECT_NE(out.str().find("sum: 2, WIN for the player to move"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("winning move: in component 2 (5), move to 1 (value 1)"), std::string::npos)
      << out.str();
}

// `graph` through the tbgen entry points, from files.
TEST_F(GrundyTables, GraphFilesThroughTheCommandFunctions) {
  const std::string dag = graph_file("dag.txt", "5 6\n1 2\n1 3\n2 3\n3 4\n4 5\n2 5\n");
  std::string path;
  options_.on_written = [&](const WrittenTable& w) { path = w.path.string(); };
  generate_grundy("graph", params({("file=" + dag).c_str()}), options_);
  ASSERT_FALSE(path.empty());
  const GrundyTable table(path, "graph");
  EXPECT_EQ(to_string(table.value("5")), "0");
  EXPECT_EQ(to_string(table.value("4")), "1");
  EXPECT_EQ(to_string(table.value("3")), "0");
  EXPECT_EQ(to_string(table.value("2")), "1");  // followers 3 and 5, both 0
  EXPECT_EQ(to_string(table.value("1")), "2");  // followers 2 (1) and 3 (0)
  std::ostringstream verified;
  EXPECT_EQ(verify_grundy_table(OpenedTable(path), 2, verified), 0);
  EXPECT_NE(verified.str().find("5 positions verified"), std::string::npos) << verified.str();
  EXPECT_THROW(generate_grundy("graph", params({("file=" + dag).c_str(), "misere=1"}), options_), GenError);
}

TEST_F(GrundyTables, CyclicGraphKeepsItsInfinitySets) {
  const std::string ferguson = graph_file("ferguson.txt", "5 5\n1 2\n2 3\n3 1\n3 4\n4 5\n");
  const Params p = params({("file=" + ferguson).c_str()});
  std::string path;
  options_.on_written = [&](const WrittenTable& w) { path = w.path.string(); };
  generate_grundy("graph", p, options_);
  const GrundyTable table(path, "graph");
  std::ostringstream dump;
  dump_grundy(table, dump);
  EXPECT_EQ(dump.str(), "1 inf()\n2 inf()\n3 inf(1)\n4 1\n5 0\n");
  const GrundyTable nim = build(Nim(params({"heaps=1", "max=3"})));
  const SumAnswer win = solve_sum({{&table, 2}, {&nim, 1}});  // inf(1) + 1 = inf(0): move 3 -> 4
  EXPECT_EQ(to_string(win.total), "inf(0)");
  ASSERT_TRUE(win.move);
  EXPECT_EQ(table.move_text(win.move->move), "4");
  EXPECT_EQ(solve_sum({{&table, 2}, {&nim, 2}}).outcome, Outcome::Draw);  // inf(3)
  EXPECT_EQ(to_string(solve_sum({{&table, 0}, {&table, 2}}).total), "inf");
  EXPECT_EQ(solve_sum({{&table, 0}, {&table, 2}}).outcome, Outcome::Draw);
}

TEST_F(GrundyTables, ProbeRefusesOtherKindsAndGames) {
  Nim wdl_nim(params({"heaps=2", "max=3"}));
  const auto path = build_table(wdl_nim, options_);
  EXPECT_THROW(GrundyTable{path}, ProbeError);  // a wdl16 table
  const GrundyTable nim = build(Nim(params({"heaps=2", "max=3"})));
  const auto grundy_path = dir_ / "nim-2x3.grundy.rtb";
  EXPECT_THROW(GrundyTable(grundy_path, "octal"), ProbeError);
  EXPECT_THROW(nim.parse("1,2,3"), ProbeError);
  EXPECT_THROW(nim.value(Index{16}), ProbeError);
  EXPECT_EQ(to_string(nim.value("3,1")), "2");
}

}  // namespace
}  // namespace rtb
