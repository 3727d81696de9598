// rtb_chess_probe_wdl from many threads at once on a handle just opened:
// the tables are opened, and their entries published to the lock-free
// slots, while other threads probe (the THREADS label runs this under
// ThreadSanitizer). Every answer must be the one a single thread gets.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <random>
#include <thread>

#include "games/chess/chess.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/rtb_chess.h"

namespace rtb {
namespace {

struct Bits {
  std::uint64_t white, black, by_type[6];
  int white_to_move;
};

int probe_wdl(const rtb_chess* tb, const Bits& p) {
  return rtb_chess_probe_wdl(tb, p.white, p.black, p.by_type[0], p.by_type[1], p.by_type[2], p.by_type[3],
                             p.by_type[4], p.by_type[5], 0, 0, 0, p.white_to_move);
}

TEST(ChessWdlThreads, ProbesFromManyThreadsAgreeWithOne) {
  const auto dir = std::filesystem::temp_directory_path() / ("rtb_wdl_threads_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::vector<Bits> positions;
  std::mt19937_64 rng(5);
  for (const char* material : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}) {
    Params p;
    p.set("material", material);
    p.set("metric", "dtz");
    Chess game(p);
    BuildOptions options;
    options.out_dir = dir;
    build_table(game, options);
    for (int n = 0; n < 2000;) {
      chess::Board b;
      if (!game.layout().decode_legal(rng() % game.size(), b)) continue;
      if (rng() & 1) b = chess::swap_colors(b, true);
      Bits bits{b.color[0], b.color[1], {}, b.stm == chess::kWhite};
      for (int t = 0; t < 6; ++t) bits.by_type[t] = b.pieces[0][t] | b.pieces[1][t];
      positions.push_back(bits);
      ++n;
    }
  }
  std::shuffle(positions.begin(), positions.end(), rng);
  rtb_chess* one = rtb_chess_open(dir.c_str(), "dtz", 0);
  ASSERT_NE(one, nullptr) << rtb_chess_last_error();
  std::vector<int> expected;
  for (const Bits& p : positions) expected.push_back(probe_wdl(one, p));
  rtb_chess_close(one);
  ASSERT_TRUE(std::ranges::all_of(expected, [](int c) { return c >= 0; }));

  rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtz", 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t k = 0; k < positions.size(); ++k) {
        const std::size_t at = (k * 7 + static_cast<std::size_t>(t) * 1999) % positions.size();
        if (probe_wdl(tb, positions[at]) != expected[at]) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  rtb_chess_close(tb);
  EXPECT_EQ(wrong.load(), 0);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace rtb
