// Connect Four's column rank against its definition: every tuple of column
// states listed and sorted by a plain enumeration, the rank of a board its
// place among those with as many discs, t / 2 of them the second player's.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "games/connect4/column_rank.h"

namespace rtb {
namespace {

using Tuple = std::vector<std::uint32_t>;

int discs(const Tuple& t) {
  int d = 0;
  for (std::uint32_t s : t) d += ColumnRank::height_of(s);
  return d;
}

int seconds(const Tuple& t) {
  int k = 0;
  for (std::uint32_t s : t) k += std::popcount(ColumnRank::mask_of(s));
  return k;
}

// Every board of the given size, by disc count, each list in lexicographic order.
std::map<int, std::vector<Tuple>> all_boards(int width, int height) {
  const std::uint32_t states = (1u << (height + 1)) - 1;
  std::map<int, std::vector<Tuple>> boards;
  Tuple t(width, 0);
  while (true) {
    if (seconds(t) == discs(t) / 2) boards[discs(t)].push_back(t);
    int c = width - 1;  // the odometer's last digit turns fastest: lexicographic order
    while (c >= 0 && ++t[c] == states) t[c--] = 0;
    if (c < 0) break;
  }
  return boards;
}

void expect_ranks_match_definition(int width, int height, std::size_t max_table_bytes) {
  const ColumnRank rank(width, height, max_table_bytes);
  const auto boards = all_boards(width, height);
  for (int d = 0; d <= width * height; ++d) {
    const auto it = boards.find(d);
    ASSERT_NE(it, boards.end());
    const std::vector<Tuple>& list = it->second;
    ASSERT_EQ(rank.boards(d), list.size()) << width << "x" << height << " with " << d << " discs";
    for (std::size_t r = 0; r < list.size(); ++r) {
      ASSERT_EQ(rank.rank(list[r].data(), d), r) << width << "x" << height << " with " << d << " discs";
      Tuple back(width);
      rank.unrank(r, d, back.data());
      ASSERT_EQ(back, list[r]);
    }
    for (std::size_t r = list.size(); r-- > 0;) {  // unrank remembers its last board: out of order too
      Tuple back(width);
      rank.unrank(r, d, back.data());
      ASSERT_EQ(back, list[r]);
      rank.unrank(r / 2, d, back.data());
      ASSERT_EQ(back, list[r / 2]);
    }
  }
}

TEST(ColumnRank, RanksAreThePlacesInTheSortedListOfBoards) {
  for (auto [w, h] : {std::pair{3, 3}, {4, 3}, {3, 4}, {2, 5}, {1, 7}}) {
    expect_ranks_match_definition(w, h, std::size_t{16} << 20);
    expect_ranks_match_definition(w, h, 0);  // the terms computed, not tabled
  }
}

TEST(ColumnRank, TallBoardsComputeTheirTerms) {
  const ColumnRank tall(4, 15);
  EXPECT_FALSE(tall.tabled());
  EXPECT_TRUE(ColumnRank(7, 6).tabled());
  expect_ranks_match_definition(1, 15, std::size_t{16} << 20);
}

// Each child's rank from the parent's terms equals the child's rank from scratch.
TEST(ColumnRank, ChildRanksAreOneTermFromTheParents) {
  for (auto [w, h] : {std::pair{4, 3}, {3, 4}, {5, 2}}) {
    for (const std::size_t bytes : {std::size_t{16} << 20, std::size_t{0}}) {
      const ColumnRank rank(w, h, bytes);
      for (const auto& [d, list] : all_boards(w, h)) {
        if (d == w * h) continue;
        const bool second = d % 2 == 1;  // who drops the next disc
        for (const Tuple& board : list) {
          const ChildRanks children(rank, board.data(), w, second);
          ASSERT_EQ(children.rank(), rank.rank(board.data(), d));
          for (int c = 0; c < w; ++c) {
            const int height = ColumnRank::height_of(board[c]);
            if (height == h) continue;
            Tuple child = board;
            child[c] = ColumnRank::state(height + 1,
                                         ColumnRank::mask_of(board[c]) | std::uint64_t{second} << height);
            ASSERT_EQ(children.child(c), rank.rank(child.data(), d + 1)) << w << "x" << h << " column " << c;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace rtb
