// metric=dtz against Syzygy: every row of tests/fixtures/syzygy_sample.tsv
// (FEN, Syzygy's WDL class, Fathom's DTZ, how Fathom got it; made with
// rtbgen's default files and Debian's libfathom) has our class, and our
// exact DTZ is what Fathom reports under the default files' rounding
// (tests/support/syzygy_rounding.h). The tables the rows need are solved in memory.
// By default the rows of the small tables kQuick (seconds); with the
// argument "all", every row (3-5 pieces: many CPU minutes, run by hand as
// a benchmark-length check, not by ctest).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "games/chess/dtz.h"
#include "games/chess/material.h"
#include "games/chess/movegen.h"
#include "games/chess/notation.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/rtb_chess.h"
#include "tests/support/chess_support.h"
#include "tests/support/syzygy_rounding.h"

namespace rtb {
namespace {

bool g_all = false;

// Every 3-piece table (KPvK: pawn moves in passes) and KQvKR; 4-piece
// tables with pawns take minutes here (a pass per pawn move of the longest
// chain), so the en-passant rows of KPvKP are in the long test.
bool quick(const chess::Material& m) {
  static const std::vector<std::string> kQuick = {"KQvKR"};
  return m.pieces() <= 3 || std::ranges::find(kQuick, m.name()) != kQuick.end();
}

struct Row {
  std::string fen, how;
  int wdl = 0, dtz = 0;
};

std::vector<Row> read_sample() {
  std::ifstream in(std::string(RTB_FIXTURES) + "/syzygy_sample.tsv");
  EXPECT_TRUE(in) << "tests/fixtures/syzygy_sample.tsv is missing";
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Row r;
    std::getline(fields, r.fen, '\t');
    fields >> r.wdl >> r.dtz >> r.how;  // then Fathom's DTZ from rtbgen -p files, unused
    rows.push_back(r);
  }
  return rows;
}

Value our_value(chess_support::Solver& solver, const std::string& fen) {
  const chess::Material m = chess::Material::of(chess::parse_fen(fen).board).canonical();
  if (m.kings_only()) return Value::draw();
  const Chess game = chess_support::make_chess(m.name(), "dtz");
  return solver.solve(m.name(), "dtz").at(game.parse(fen));
}

TEST(ChessDtz, ClassesOrderAsSyzygys) {
  using chess::Wdl50;
  EXPECT_EQ(chess::wdl50(Value::win(100)), Wdl50::Win);
  EXPECT_EQ(chess::wdl50(Value::win(101)), Wdl50::CursedWin);
  EXPECT_EQ(chess::wdl50(Value::loss(100)), Wdl50::Loss);
  EXPECT_EQ(chess::wdl50(Value::loss(101)), Wdl50::BlessedLoss);
  // A zeroing move into a blessed loss is a cursed win in 101 plies.
  EXPECT_EQ(chess::zeroed(Wdl50::BlessedLoss).after_move(), Value::win(101));
  EXPECT_EQ(chess::zeroed(Wdl50::CursedWin).after_move(), Value::loss(101));
  // The halfmove clock: a win in 20 with 81 plies played is cursed.
  EXPECT_EQ(chess::wdl50_with_clock(Value::win(20), 80), Wdl50::Win);
  EXPECT_EQ(chess::wdl50_with_clock(Value::win(20), 81), Wdl50::CursedWin);
  EXPECT_EQ(chess::wdl50_with_clock(Value::loss(20), 81), Wdl50::BlessedLoss);
  EXPECT_EQ(chess::wdl50_with_clock(Value::loss(0), 100), Wdl50::Loss);  // mated is mated
}

// The halfmove clock of a FEN counts under the 50-move rule: KQvK with
// DTZ 5 (Syzygy's sample) is a win at clock 95 and a cursed win at 96.
TEST(ChessDtz, HalfmoveClockMakesACursedWin) {
  chess_support::Solver solver;
  const Chess game = chess_support::make_chess("KQvK", "dtz");
  const std::string fen = "8/K7/5q2/1k6/8/8/8/8 b - - ";
  const Value v = solver.solve("KQvK", "dtz").at(game.parse(fen + "0 1"));
  ASSERT_EQ(v, Value::win(5));
  // (Syzygy's default files halve DTZ: this side reads 5 or 4, as stored.)
  const std::string shown = "WIN, DTZ 5 (Syzygy's default files: 5 on the side they store, 4 on the other)";
  EXPECT_EQ(game.describe_at(fen + "95 1", v), shown);
  EXPECT_EQ(game.describe_at(fen + "96 1", v),
            shown + "; CURSED WIN with halfmove clock 96 (5 + 96 plies > 100)");
}

TEST(ChessDtz, SyzygySample) {
  const std::vector<Row> rows = read_sample();
  ASSERT_GE(rows.size(), 1000u);
  chess_support::Solver solver;
  std::map<std::string, int> checked;
  int mismatches = 0;
  for (const Row& r : rows) {
    const chess::Material m = chess::Material::of(chess::parse_fen(r.fen).board).canonical();
    if (!g_all && !quick(m)) continue;
    const Value v = our_value(solver, r.fen);
    const std::vector<int> allowed = syzygy::fathom_dtz(v, r.how);
    const bool same = static_cast<int>(chess::wdl50(v)) == r.wdl &&
                      std::find(allowed.begin(), allowed.end(), r.dtz) != allowed.end();
    if (!same && ++mismatches <= 20)
      ADD_FAILURE() << r.fen << ": ours " << chess::wdl50_name(chess::wdl50(v)) << " DTZ "
                    << chess::signed_dtz(v) << ", Syzygy " << r.wdl << " DTZ " << r.dtz << " (" << r.how
                    << ")";
    ++checked[m.name()];
  }
  EXPECT_EQ(mismatches, 0);
  int total = 0;
  for (const auto& [name, n] : checked) total += n;
  std::cout << total << " rows of " << checked.size() << " tables checked\n";
  EXPECT_GT(total, 0);
}

// Fathom's shape on the same row: rtb_chess_probe_wdl() gives Syzygy's
// class in Fathom's numbers, and the first of rtb_chess_probe_root()'s
// moves keeps it with the position's own DTZ one ply closer (the fastest
// win, the slowest loss); with a clock the class is the clock's.
void expect_engine_probes(const rtb_chess* tb, const Row& r, Value v) {
  const chess::Board b = chess::parse_fen(r.fen).board;
  std::uint64_t by_type[6];
  for (int t = 0; t < 6; ++t) by_type[t] = b.pieces[0][t] | b.pieces[1][t];
  auto wdl = [&](unsigned clock) {
    return rtb_chess_probe_wdl(tb, b.color[0], b.color[1], by_type[0], by_type[1], by_type[2], by_type[3],
                               by_type[4], by_type[5], clock, 0, 0, b.stm == chess::kWhite);
  };
  EXPECT_EQ(wdl(0), r.wdl + 2) << r.fen << ": " << rtb_chess_last_error();
  EXPECT_EQ(wdl(99), static_cast<int>(chess::wdl50_with_clock(v, 99)) + 2) << r.fen;
  rtb_chess_root_move moves[256];
  const int n =
      rtb_chess_probe_root(tb, b.color[0], b.color[1], by_type[0], by_type[1], by_type[2], by_type[3],
                           by_type[4], by_type[5], 0, 0, 0, b.stm == chess::kWhite, moves, 256);
  ASSERT_GE(n, 0) << r.fen << ": " << rtb_chess_last_error();
  EXPECT_EQ(n, chess::count_legal_moves(b)) << r.fen;
  if (n == 0) return;
  EXPECT_EQ(moves[0].wdl, r.wdl + 2) << r.fen;
  EXPECT_EQ(moves[0].dtz, chess::signed_dtz(v)) << r.fen;
  // No DTM tables here: only bare kings (a draw) have a DTM.
  EXPECT_TRUE(moves[0].dtm == RTB_CHESS_UNKNOWN || (moves[0].dtm == 0 && moves[0].wdl == RTB_CHESS_DRAW))
      << r.fen;
  EXPECT_EQ(rtb_chess_probe_wdl(tb, b.color[0], b.color[1], by_type[0], by_type[1], by_type[2], by_type[3],
                                by_type[4], by_type[5], 0, 1, 0, 1),
            -RTB_ERR_NO_TABLE);  // castling rights, as Fathom
}

// The C API opened with metric "dtz" reads the tables tbgen writes: the
// sample's rows of the quick tables through rtb_chess_probe_fen (Syzygy's
// class from the depth, DTZ as Fathom reads it). (Its look one ply ahead
// for an en-passant capture needs KPvKP, minutes in passes: not here.)
TEST(ChessDtz, CApiReadsDtzTables) {
  chess_support::Solver solver;
  const auto dir = std::filesystem::temp_directory_path() / ("rtb_dtz_capi_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* material : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQvKR"}) {
    const chess_support::Solved& t = solver.solve(material, "dtz");
    const Chess game = chess_support::make_chess(material, "dtz");
    storage::write_table(table_path(dir, game.table_name()), table_meta(game, t.stats), t.values, {});
  }
  rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtz", 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  EXPECT_EQ(rtb_chess_max_pieces(tb), 4);
  auto probe = [&](const std::string& fen) {
    rtb_value v{};
    EXPECT_EQ(rtb_chess_probe_fen(tb, fen.c_str(), &v), 0) << fen << ": " << rtb_chess_last_error();
    return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
  };
  int checked = 0;
  for (const Row& r : read_sample()) {
    const chess::Material m = chess::Material::of(chess::parse_fen(r.fen).board).canonical();
    if (!quick(m)) continue;
    const Value v = probe(r.fen);
    const std::vector<int> allowed = syzygy::fathom_dtz(v, r.how);
    EXPECT_EQ(static_cast<int>(chess::wdl50(v)), r.wdl) << r.fen;
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), r.dtz), allowed.end()) << r.fen << " DTZ " << r.dtz;
    expect_engine_probes(tb, r, v);
    ++checked;
  }
  EXPECT_GT(checked, 500);
  rtb_chess_close(tb);
  std::filesystem::remove_all(dir);
}

// tbgen attaches a dtz table's dependencies as their classes alone, and a
// dtm table's as their codes (a byte an index where they fit), read from
// their files a block at a time; the tables it writes are those solved with
// every dependency's values attached, and their streams (listed, under
// dtm, once the promotions' tables are freed) those listed with every
// dependency attached.
TEST(ChessDtz, TablesBuiltOnCompactDependenciesAreTheSame) {
  chess_support::Solver solver;
  const auto dir = std::filesystem::temp_directory_path() / ("rtb_dtz_compact_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  BuildOptions options;
  options.out_dir = dir;
  options.checkpoint_every = 0;
  for (const char* metric : {"dtz", "dtm"})
    for (const char* material : {"KPvK", "KNvKP"}) {
      Chess game = chess_support::make_chess(material, metric);
      const auto path = build_table(game, options);
      EXPECT_EQ(storage::TableReader(path).read_all(), solver.solve(material, metric).values)
          << material << " " << metric;
      const AttachedDependencies attached = attach_dependencies(game, options, false);
      const bool dtz = std::string(metric) == "dtz";
      EXPECT_EQ(attached.classes.size(), dtz ? game.dependencies().size() : 0) << material << " " << metric;
      EXPECT_EQ(attached.codes.size(), dtz ? 0 : game.dependencies().size()) << material << " " << metric;
      for (const DependencyCodes& codes : attached.codes) EXPECT_TRUE(codes.narrow()) << material;
      EXPECT_TRUE(attached.values.empty()) << material << " " << metric;
      const storage::TableReader reader(path);
      const std::vector<std::uint16_t> values = reader.read_all();
      if (game.moves_read_solved()) game.read_solved(values);  // dtz: a pawn move reads the table itself
      for (const NamedStream& s : table_streams(game, values, 2)) {
        const auto stored = reader.stream(s.name);
        ASSERT_TRUE(stored) << material << " " << metric << " " << s.name;
        EXPECT_TRUE(std::ranges::equal(*stored, s.bytes)) << material << " " << metric << " " << s.name;
      }
    }
  std::filesystem::remove_all(dir);
}

// Under dtm the streams read the tables of captures alone (promotions
// that take included), never those of the other promotions, the largest
// a pawn table reads, so tbgen frees those before it lists them; under dtz
// and dtc a win kept by a zeroing (converting) move, any promotion
// included, is found by its depth stream.
TEST(ChessStreams, ReadPromotionsTablesOnlyUnderDtzAndDtc) {
  for (const char* metric : {"dtm", "dtz", "dtc"}) {
    const Chess game = chess_support::make_chess("KBvKP", metric);
    const std::vector<Dependency> deps = game.dependencies();
    std::set<std::string> read;
    for (std::size_t k = 0; k < deps.size(); ++k)
      if (game.streams_read_dependency(k)) read.insert(deps[k].params.get("material", ""));
    const std::set<std::string> captures{"KBvK", "KPvK", "KQvK", "KRvK", "KNvK"};
    if (std::string(metric) == "dtm")
      EXPECT_EQ(read, captures);
    else
      EXPECT_EQ(read.size(), deps.size());
    EXPECT_GT(deps.size(), captures.size());  // and KQvKB, KRvKB, KBvKB, KNvKB
  }
}

}  // namespace
}  // namespace rtb

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  rtb::g_all = argc > 1 && std::string(argv[1]) == "all";
  return RUN_ALL_TESTS();
}
