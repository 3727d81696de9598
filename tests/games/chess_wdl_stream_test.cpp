// The class streams of chess tables (Chess::stream_class,
// storage/class_stream.h) against the values they are made from: through
// rtb_chess_probe_wdl, every legal position of each table, in both colour
// orientations, has the class of its stored value, for metric=dtz (the five
// classes) and metric=dtm (win, draw, loss).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <random>
#include <type_traits>

#include "games/chess/chess.h"
#include "gen/depth/build.h"
#include "gen/depth/class_stream.h"
#include "gen/instances/instances.h"
#include "probe/rtb_chess.h"
#include "storage/class_stream.h"
#include "storage/table_reader.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;

int probe_wdl(const rtb_chess* tb, const chess::Board& b) {
  std::uint64_t by_type[6];
  for (int t = 0; t < 6; ++t) by_type[t] = b.pieces[0][t] | b.pieces[1][t];
  return rtb_chess_probe_wdl(tb, b.color[0], b.color[1], by_type[0], by_type[1], by_type[2], by_type[3],
                             by_type[4], by_type[5], 0, 0, 0, b.stm == chess::kWhite);
}

class ChessWdlStream : public ::testing::TestWithParam<const char*> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("rtb_wdl_stream_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static inline fs::path dir_;
};

// Chess as tables with pawns were written before their pawns' digits ran
// over ranks 2-7 alone: 64 values a pawn. Such tables must still read right.
struct AllSquaresChess : Chess {
  using Chess::Chess;
  std::vector<chess::Listing> stream_orders() const {
    std::vector<chess::Listing> out;
    for (const chess::StreamOrder& o :
         chess::StreamOrder::all(layout(), chess::StreamOrder::PawnSquares::All))
      out.emplace_back(o);
    return out;
  }
};

// Every legal index of a table of up to 3 pieces, 200,000 random ones of a
// larger one (a whole 4-piece table is a benchmark-length run under the
// sanitizers); the stream must exist (tbgen wrote it) and agree.
template <class G = Chess>
void expect_streams_agree(const fs::path& dir, const char* material, const char* metric) {
  Params p;
  p.set("material", material);
  p.set("metric", metric);
  G game(p);
  BuildOptions options;
  options.out_dir = dir;
  build_table(game, options);
  const storage::TableReader reader(dir / (game.table_name() + ".rtb"));
  ASSERT_TRUE(reader.stream(Chess::kClassStream)) << material << " has no class stream";
  const std::uint32_t tag = storage::ClassStream(*reader.stream(Chess::kClassStream), material).tag();
  if (game.layout().pawns()) {  // which listing the stream's tag names: its size
    const auto listing = chess::Listing::from_tag(game.layout(), tag);
    ASSERT_TRUE(listing) << material << " tag " << std::hex << tag;
    const bool all_squares = listing->size() == game.size();
    EXPECT_EQ(all_squares, (std::is_same_v<G, AllSquaresChess>)) << material << " tag " << std::hex << tag;
  }
  const std::vector<std::uint16_t> values = reader.read_all();
  rtb_chess* tb = rtb_chess_open(dir.c_str(), metric, 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  const bool pawns = game.layout().pawns();
  std::uint64_t checked = 0, wrong = 0;
  const bool every = game.size() < (Index{1} << 20);
  std::mt19937_64 rng(game.size());
  for (Index k = 0; k < (every ? game.size() : 200000); ++k) {
    const Index i = every ? k : rng() % game.size();
    chess::Board b;
    if (!game.layout().decode_legal(i, b)) continue;
    const int expected = game.wdl_class(Value::from_code(values[i]));
    for (const chess::Board& seen : {b, chess::swap_colors(b, pawns)}) {
      const int got = probe_wdl(tb, seen);
      if (got != expected && ++wrong <= 10)
        ADD_FAILURE() << material << " " << metric << " index " << i << ": stream class " << got
                      << ", value class " << expected << " (" << rtb_chess_last_error() << ")";
    }
    ++checked;
  }
  rtb_chess_close(tb);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(checked, (every ? game.size() : 200000) / 4);
}

TEST_P(ChessWdlStream, Dtz) {
  expect_streams_agree(dir_, GetParam(), "dtz");
}
TEST_P(ChessWdlStream, Dtm) {
  expect_streams_agree(dir_, GetParam(), "dtm");
}

TEST(ChessWdlStreamAllSquares, PawnTablesWrittenBeforeRanks2To7StillRead) {
  const fs::path dir = fs::temp_directory_path() / ("rtb_wdl_all_squares_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  expect_streams_agree<AllSquaresChess>(dir, "KPvK", "dtz");
  fs::remove_all(dir);
}

// Every stream order of a pawnless and a pawn table (its pawns' digits
// over all squares, as streams were written before, and over ranks 2-7):
// walk() lists what from_stream() computes place by place, and to_stream()
// inverts it, over ranges that cross every digit's carry.
TEST(ChessStreamOrder, WalkMatchesFromStreamAndToStreamInverts) {
  using chess::StreamOrder;
  for (const char* material : {"KQvKR", "KRPvK"}) {
    Params p;
    p.set("material", material);
    const Chess chess(p);
    std::vector<StreamOrder> orders = StreamOrder::all(chess.layout());
    if (chess.layout().pawns())
      std::ranges::copy(StreamOrder::all(chess.layout(), StreamOrder::PawnSquares::All),
                        std::back_inserter(orders));
    std::mt19937_64 rng(11);
    for (const StreamOrder& order : orders) {
      const Index n = order.size();
      for (int range = 0; range < 4; ++range) {
        const Index lo = range == 0 ? 0 : rng() % n, hi = std::min(n, lo + 100000);
        Index expected_y = lo;
        order.walk(lo, hi, [&](Index y, Index i) {
          ASSERT_EQ(y, expected_y++);
          ASSERT_EQ(i, order.from_stream(y)) << material << " order " << order.tag();
          ASSERT_EQ(order.to_stream(i), y) << material << " order " << order.tag();
        });
        ASSERT_EQ(expected_y, hi) << material;
      }
    }
  }
}

// With pawns, every order's digits run over ranks 2-7 (the tag says so),
// and a walk of the whole stream lists every legal index once: none has a
// pawn on rank 1 or 8.
TEST(ChessStreamOrder, PawnDigitsOverRanks2To7ListEveryPosition) {
  using chess::StreamOrder;
  Params p;
  p.set("material", "KPvKP");
  const Chess chess(p);
  const chess::Layout& layout = chess.layout();
  const std::vector<StreamOrder> orders = StreamOrder::all(layout);
  ASSERT_EQ(orders.size(), 120u);
  std::mt19937_64 rng(5);
  for (int k = 0; k < 3; ++k) {
    const StreamOrder& order = orders[k == 0 ? 0 : rng() % orders.size()];
    EXPECT_EQ(order.size(), 2u * 32 * 64 * 48 * 48);
    const auto back = StreamOrder::from_tag(layout, order.tag());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->tag(), order.tag());
    std::vector<std::uint8_t> seen(layout.size(), 0);
    order.walk(0, order.size(), [&](Index, Index i) { ++seen[i]; });
    for (Index i = 0; i < layout.size(); ++i) {
      if (layout.legal(i)) {
        ASSERT_EQ(seen[i], 1) << "index " << i << " order " << std::hex << order.tag();
      }
    }
  }
  // Without pawns there is no such order; a tag that claims one is refused.
  Params q;
  q.set("material", "KQvKR");
  const chess::Layout pawnless = Chess(q).layout();
  EXPECT_FALSE(StreamOrder::make(pawnless, {0, 1, 2, 3, 4}, StreamOrder::PawnSquares::Ranks2To7));
  EXPECT_FALSE(StreamOrder::from_tag(pawnless, orders[0].tag()));
  const std::uint32_t plain = orders[0].tag() & ~(std::uint32_t{1} << 27);
  ASSERT_TRUE(StreamOrder::from_tag(layout, plain));
  EXPECT_EQ(StreamOrder::from_tag(layout, plain)->size(), layout.size());
}

// The sampled windows that rank a table's orders must see real places. In
// a digit order the index space is a power of two, and windows at the
// start of power-of-two strides held pieces stacked on a1 (all broken):
// every order of a table with pawns then counted one run per window, a
// tie that left the ranking to chance.
TEST(ChessStreamOrder, SampledWindowsSeeLegalPlacesInEveryOrder) {
  Params p;
  p.set("material", "KRvKP");
  const Chess chess(p);
  const auto orders = chess.stream_orders();
  const Index windows = class_stream_detail::kWindows;  // 16.8 M places fill every window
  ASSERT_GE(chess.size() / class_stream_detail::kWindow, windows);
  for (const auto& order : orders) {
    const Index runs = class_stream_detail::sampled_runs(order, 0, order.size(), [&](Index i) {
      return chess.layout().legal(i) ? StreamClass{0, true} : StreamClass{};
    });
    EXPECT_GT(runs, windows) << "order " << order.tag() << " sampled only broken places";
  }
}

// The ranking counts every order over a few windows and only its shortlist
// over all: it must pick what that plain two-step count picks, whatever
// the threads, though orders stop counting once they cannot be among the
// best. A class is a hash of the index without its lowest `shift` bits:
// the orders that walk those bits innermost have few runs, and among them
// the counts are close, so that a few windows and all of them rank them
// apart.
TEST(ChessStreamOrder, RankingPicksAsThePlainShortlistedCount) {
  using namespace class_stream_detail;
  Params p;
  p.set("material", "KRvKP");
  const Chess chess(p);
  const auto orders = chess.stream_orders();
  ASSERT_GT(orders.size(), kShortlist);
  for (int shift : {6, 12, 18}) {
    const auto class_at = [&](Index i) {
      return StreamClass{static_cast<std::uint8_t>(((i >> shift) * 0x9E3779B97F4A7C15ull) >> 62), true};
    };
    auto counts = [&](const std::vector<std::size_t>& which, Index windows) {
      std::vector<std::uint64_t> runs(orders.size(), kNoRuns);
      for (std::size_t k : which)
        runs[k] = sampled_runs(
            orders[k], 0, orders[k].size(), class_at, [] { return kNoRuns; }, windows);
      return runs;
    };
    auto fewest = [](const std::vector<std::uint64_t>& runs, std::size_t keep) {  // ties to the first listed
      std::vector<std::pair<std::uint64_t, std::size_t>> by_runs;
      for (std::size_t k = 0; k < runs.size(); ++k)
        if (runs[k] != kNoRuns) by_runs.emplace_back(runs[k], k);
      std::ranges::sort(by_runs);
      std::vector<std::size_t> out;
      for (std::size_t n = 0; n < std::min(keep, by_runs.size()); ++n) out.push_back(by_runs[n].second);
      return out;
    };
    std::vector<std::size_t> all(orders.size());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = k;
    const std::vector<std::size_t> shortlist = fewest(counts(all, kFirstWindows), kShortlist);
    const std::vector<std::uint64_t> full = counts(shortlist, kWindows);
    const std::vector<std::size_t> best = fewest(full, kStreamTries);
    for (unsigned threads : {1u, 2u}) {
      ThreadPool pool(threads);
      const StreamRanking ranking = rank(pool, orders, class_at, StreamLayout{});
      EXPECT_EQ(ranking.orders, best) << "shift " << shift << ", threads " << threads;
      EXPECT_EQ(ranking.fewest_runs, full[best[0]]) << "shift " << shift << ", threads " << threads;
    }
  }
}

// Captures into every kind of smaller table, a pawn, and equal material on
// both sides (where the stream holds White to move only).
INSTANTIATE_TEST_SUITE_P(Tables, ChessWdlStream,
                         ::testing::Values("KQvK", "KPvK", "KQvKR", "KRvKR", "KBNvK"));

}  // namespace
}  // namespace rtb
