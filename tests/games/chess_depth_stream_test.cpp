// The depth streams of chess tables (Chess::depth_slot, storage/depth_map.h)
// against the values they are made from: through rtb_chess_probe, which
// derives a value from the class and depth streams (the stored side from
// its stream, the other by one ply of search), positions in both colour
// orientations of compact tables (streams only) have the value the whole
// table stores, for metric=dtz, dtm and dtc.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <tuple>

#include "games/chess/chess.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/rtb_chess.h"
#include "storage/compact_table.h"
#include "storage/table_reader.h"
#include "tests/support/chess_support.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;

Value probe_value(const rtb_chess* tb, const chess::Board& b) {
  std::uint64_t by_type[6];
  for (int t = 0; t < 6; ++t) by_type[t] = b.pieces[0][t] | b.pieces[1][t];
  rtb_value v{};
  if (rtb_chess_probe(tb, b.color[0], b.color[1], by_type[0], by_type[1], by_type[2], by_type[3], by_type[4],
                      by_type[5], b.stm == chess::kWhite ? RTB_CHESS_WHITE : RTB_CHESS_BLACK, RTB_CHESS_NO_EP,
                      &v) != RTB_OK)
    return Value::from_code(0xFFFF);  // no value has this code
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

class ChessDepthStream : public ::testing::TestWithParam<std::tuple<const char*, const char*>> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("rtb_depth_stream_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static inline fs::path dir_;
};

// Every legal index of a table of fewer than 2^20 indices, 10,000 random
// ones of a larger one (a probe of the side the stream does not hold
// searches its moves, each a probe of the stored side).
TEST_P(ChessDepthStream, DerivedValuesAreStored) {
  const auto [material, metric] = GetParam();
  Params p;
  p.set("material", material);
  p.set("metric", metric);
  Chess game(p);
  BuildOptions options;
  options.out_dir = dir_;
  build_table(game, options);
  std::vector<std::uint16_t> values;
  {
    const storage::TableReader reader(dir_ / (game.table_name() + ".rtb"));
    ASSERT_TRUE(reader.stream(Chess::kDepthStream)) << material << " has no depth stream";
    values = reader.read_all();
  }
  // Probed from compact copies of the table and of those its captures
  // reach, so that no value can come from anywhere but the streams.
  const fs::path compact = dir_ / (std::string(material) + "-" + metric);
  fs::create_directories(compact);
  for (const auto& f : fs::directory_iterator(dir_))
    if (f.path().extension() == ".rtb") {
      fs::copy_file(f.path(), compact / f.path().filename(), fs::copy_options::overwrite_existing);
      storage::compact_table(compact / f.path().filename());
    }
  ASSERT_FALSE(storage::TableReader(compact / (game.table_name() + ".rtb")).has_values());
  rtb_chess* tb = rtb_chess_open(compact.c_str(), metric, 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  const bool pawns = game.layout().pawns();
  const bool every = game.size() < (Index{1} << 20);
  const Index count = every ? game.size() : 10000;
  std::uint64_t checked = 0, wrong = 0;
  std::mt19937_64 rng(game.size());
  for (Index k = 0; k < count; ++k) {
    const Index i = every ? k : rng() % game.size();
    chess::Board b;
    if (!game.layout().decode_legal(i, b)) continue;
    const Value expected = Value::from_code(values[i]);
    for (const chess::Board& seen : {b, chess::swap_colors(b, pawns)}) {
      const Value got = probe_value(tb, seen);
      if (got != expected && ++wrong <= 10)
        ADD_FAILURE() << material << " " << metric << " " << game.text(i) << ": derived " << to_string(got)
                      << ", stored " << to_string(expected) << " (" << rtb_chess_last_error() << ")";
    }
    ++checked;
  }
  rtb_chess_close(tb);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(checked, count / 4);
}

// A compact table damaged anywhere (its streams are most of it) gives its
// value or an error, never another value and never a crash: 300 files,
// each with one flipped byte, each probed at 200 positions.
TEST(ChessDepthStreamDamage, NeverAWrongValue) {
  const fs::path dir = fs::temp_directory_path() / ("rtb_depth_damage_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Params p;
  p.set("material", "KRvK");
  p.set("metric", "dtz");
  Chess game(p);
  BuildOptions options;
  options.out_dir = dir;
  build_table(game, options);
  const fs::path path = dir / "KRvK-dtz.rtb";
  const std::vector<std::uint16_t> values = storage::TableReader(path).read_all();
  storage::compact_table(path);
  std::ifstream in(path, std::ios::binary);
  const std::string pristine{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::mt19937_64 rng(17);
  int refused = 0, wrong = 0;
  for (int round = 0; round < 300; ++round) {
    std::string damaged = pristine;
    damaged[rng() % damaged.size()] ^= static_cast<char>(1u << (rng() % 8));
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtz", 0);
    ASSERT_NE(tb, nullptr);
    for (int k = 0; k < 200; ++k) {
      const Index i = rng() % game.size();
      chess::Board b;
      if (!game.layout().decode_legal(i, b)) continue;
      const Value got = probe_value(tb, b);
      if (got == Value::from_code(0xFFFF))
        ++refused;
      else
        wrong += got != Value::from_code(values[i]);
    }
    rtb_chess_close(tb);
  }
  fs::remove_all(dir);
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(refused, 0);
}

// Captures into every kind of smaller table, pawns (KRvKP: pawn moves that
// zero, double steps, several dtz passes), equal material (the streams
// hold White to move only), wins a capture keeps and wins it does not;
// dtm and dtc on the smaller set (the same code but for which moves
// restart the count). En-passant captures need pawns on both sides, whose
// smallest table (KPvKP, with its dependencies) is a benchmark-length run
// here: tests/games/syzygy_compare.sh compares every position of it.
// Where both sides' depths can be stored, the table keeps the smaller
// stream of the two, though depth_streams encodes only the side it finds
// likelier to be smaller: on the tables where its estimates came closest
// to picking the larger one (dtm, whose depth slots read no other table).
TEST(ChessDepthStreamSide, StoresTheSmallerSide) {
  chess_support::Solver solver;
  for (const char* material : {"KBBvK", "KQvKR", "KQvKB", "KBNvK", "KRvKN"}) {
    const Chess game = chess_support::make_chess(material);
    const std::vector<std::uint16_t>& values = solver.solve(material).values;
    ListingBuffer buffer;
    const auto likely = depth_streams(game, values, 2, buffer, depth_stream_layout());
    const auto both = depth_streams(game, values, 2, buffer, depth_stream_layout(), DepthSides::Both);
    ASSERT_EQ(likely.size(), 2u) << material;
    ASSERT_EQ(both.size(), 2u) << material;
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_EQ(likely[k].name, both[k].name) << material;
      EXPECT_TRUE(likely[k].bytes == both[k].bytes)
          << material << " " << likely[k].name << ": " << likely[k].bytes.size()
          << " bytes, the smaller side " << both[k].bytes.size();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtz, ChessDepthStream,
                         ::testing::Combine(::testing::Values("KQvK", "KPvK", "KQvKR", "KRvKR", "KBNvK",
                                                              "KRvKP"),
                                            ::testing::Values("dtz")));
INSTANTIATE_TEST_SUITE_P(DtmDtc, ChessDepthStream,
                         ::testing::Combine(::testing::Values("KQvK", "KPvK", "KQvKR", "KRvKR"),
                                            ::testing::Values("dtm", "dtc")));

}  // namespace
}  // namespace rtb
