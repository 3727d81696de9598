// Connect Four against published results and a plain minimax over boards
// written without the index, the mirror or the tier machinery.
#include "games/connect4/connect4.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>

#include "gen/depth/tiers.h"

namespace rtb {
namespace {

ConnectFour board(int width, int height) {
  Params p;
  p.set("width", std::to_string(width));
  p.set("height", std::to_string(height));
  return ConnectFour(p);
}

// The table's values; with `window`, the tiers paged to disk and the tier
// before read that many bytes at a time (gen/depth/paged_tier.h).
std::vector<std::uint16_t> solve(const ConnectFour& game, unsigned threads = 2, std::uint64_t window = 0) {
  std::vector<std::uint16_t> values;
  GenOptions options;
  options.threads = threads;
  options.tier_window_bytes = window;
  options.spill_prefix = (std::filesystem::temp_directory_path() /
                          ("rtb-connect4-test-" + std::to_string(::getpid()) + "-" + std::to_string(window)))
                             .string();
  generate_tiers(game, options, [&](std::span<const std::uint16_t> tier) {
    values.insert(values.end(), tier.begin(), tier.end());
  });
  return values;
}

// Positions reachable from the empty board, counted over the full board
// (a position and its mirror image count twice). Moves only go to smaller
// indices, so one sweep down the index finds them all.
std::uint64_t reachable(const ConnectFour& game) {
  std::vector<bool> reached(game.size(), false);
  reached[game.parse("")] = true;
  std::uint64_t count = 0;
  for (Index i = game.size(); i-- > 0;) {
    if (!reached[i]) continue;
    count += game.class_size(i);
    game.moves(i, [&](Successor s) { reached[s.index] = true; });
  }
  return count;
}

TEST(ConnectFour, ReachablePositionsMatchPublishedCounts) {
  EXPECT_EQ(reachable(board(4, 4)), 161029u);
  EXPECT_EQ(reachable(board(5, 4)), 3945711u);
}

// Minimax over move sequences' boards: the value for the side to move.
class Minimax {
 public:
  Minimax(int width, int height) : width_(width), height_(height) {}

  Value solve(const std::string& columns) {  // columns[c]: the discs of column c, bottom up
    if (auto it = memo_.find(columns); it != memo_.end()) return it->second;
    Value result;
    const int discs = count(columns);
    if (four(columns, discs % 2 ? 'x' : 'o')) {
      result = Value::loss(0);
    } else if (discs == width_ * height_) {
      result = Value::draw();
    } else {
      std::optional<std::uint32_t> fastest_win, slowest_loss;
      bool draw = false;
      for (int c = 0; c < width_; ++c) {
        std::string next = columns;
        if (!drop(next, c, discs % 2 ? 'o' : 'x')) continue;
        const Value v = solve(next);
        if (v.is_loss()) fastest_win = std::min(fastest_win.value_or(999), v.depth() + 1);
        if (v.is_draw()) draw = true;
        if (v.is_win()) slowest_loss = std::max(slowest_loss.value_or(0), v.depth() + 1);
      }
      result = fastest_win ? Value::win(*fastest_win) : draw ? Value::draw() : Value::loss(*slowest_loss);
    }
    return memo_[columns] = result;
  }

  std::string empty() const { return std::string(width_, '\0') + std::string(width_ * height_, '.'); }
  // "xo/x//o" as ConnectFour::text writes it.
  std::string text(const std::string& columns) const {
    std::string s;
    for (int c = 0; c < width_; ++c) {
      if (c) s += '/';
      for (int r = 0; r < columns[c]; ++r) s += at(columns, c, r);
    }
    return s;
  }
  const std::unordered_map<std::string, Value>& memo() const { return memo_; }

 private:
  char at(const std::string& s, int c, int r) const { return s[width_ + c * height_ + r]; }
  int count(const std::string& s) const {
    int n = 0;
    for (int c = 0; c < width_; ++c) n += s[c];
    return n;
  }
  bool drop(std::string& s, int c, char who) const {
    if (s[c] == height_) return false;
    s[width_ + c * height_ + s[c]] = who;
    ++s[c];
    return true;
  }
  bool four(const std::string& s, char who) const {
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int c = 0; c < width_; ++c)
      for (int r = 0; r < height_; ++r)
        for (const auto& d : dirs) {
          int k = 0;
          while (k < 4) {
            const int cc = c + d[0] * k, rr = r + d[1] * k;
            if (cc < 0 || cc >= width_ || rr < 0 || rr >= height_ || rr >= s[cc] || at(s, cc, rr) != who)
              break;
            ++k;
          }
          if (k == 4) return true;
        }
    return false;
  }

  int width_, height_;
  std::unordered_map<std::string, Value> memo_;
};

TEST(ConnectFour, TableEqualsMinimaxOnEveryReachableBoard) {
  for (auto [w, h] : {std::pair{4, 4}, {5, 3}, {3, 5}}) {
    const ConnectFour game = board(w, h);
    const auto values = solve(game);
    Minimax minimax(w, h);
    minimax.solve(minimax.empty());
    for (const auto& [columns, expected] : minimax.memo()) {
      const std::string text = minimax.text(columns);
      ASSERT_EQ(to_string(Value::from_code(values[game.parse(text)])), to_string(expected))
          << w << "x" << h << " " << text;
    }
  }
}

TEST(ConnectFour, PublishedResults) {
  const ConnectFour four_by_four = board(4, 4);
  EXPECT_TRUE(Value::from_code(solve(four_by_four)[four_by_four.parse("")]).is_draw());
  const ConnectFour five_by_four = board(5, 4);
  EXPECT_TRUE(Value::from_code(solve(five_by_four)[five_by_four.parse("")]).is_draw());
}

TEST(ConnectFour, SameTableForEveryThreadCount) {
  const ConnectFour game = board(4, 4);
  EXPECT_EQ(solve(game, 1), solve(game, 3));
}

// Paged to disk (gen/depth/paged_tier.h), the tier before read in windows
// of a few to a dozen a tier (4x4), or two or three (5x4, 5.7 M indices):
// every value as in memory.
TEST(ConnectFour, PagedTiersGiveTheSameTable) {
  const ConnectFour small = board(4, 4);
  EXPECT_EQ(solve(small, 2, 1024), solve(small));
  const ConnectFour game = board(5, 4);
  EXPECT_EQ(solve(game, 2, 256 << 10), solve(game));
}

TEST(ConnectFour, TextForms) {
  const ConnectFour game = board(4, 4);
  EXPECT_EQ(game.parse("1213"), game.parse("xx/o/o/"));
  EXPECT_EQ(game.parse("12"), game.parse("43"));  // mirror images share an index
  EXPECT_EQ(game.text(game.parse("")), "///");
  EXPECT_THROW(game.parse("5"), GameError);
  EXPECT_THROW(game.parse("11111"), GameError);     // column 1 is full
  EXPECT_THROW(game.parse("12121212"), GameError);  // x has four before the last move
  EXPECT_NO_THROW(game.parse("1212121"));           // x has just made four
  EXPECT_THROW(game.parse("xx///"), GameError);
  EXPECT_THROW(game.parse("x/y//"), GameError);
}

}  // namespace
}  // namespace rtb
