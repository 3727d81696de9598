// Connect Four on any board: discs drop into `width` columns of `height`
// cells, four in a row (any direction) ends the game, a full board is a
// draw. The game is split into tiers by the number of discs: tier k holds
// the positions with cells - k discs, so every move goes from tier k to tier
// k-1 and the tiers are solved in order, two in memory at a time.
//
// Index of a position with t discs: tier_begin(cells - t) + its rank among
// the boards of t discs as a tuple of column states (column_rank.h), which
// a move changes by one term. The left-right mirror is folded in: only the
// smaller index of a position and its mirror image is legal.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/connect4/column_rank.h"
#include "games/game.h"

namespace rtb {

class ConnectFour {
 public:
  static constexpr std::string_view kName = "connect4";
  static constexpr std::string_view kSummary =
      "Connect Four: drop discs into width columns of height cells, four in a row wins";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit ConnectFour(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return tier_begin_.back(); }
  bool legal(Index i) const {
    Board b;
    std::uint32_t states[kMaxWidth];
    return legal_board(i, b, states);
  }
  Value terminal(Index i) const;
  template <class F>
  void moves(Index i, F&& f) const {
    std::uint32_t states[kMaxWidth];
    moves_of(board_in_tier(i, discs_of(i), states), states, f);
  }
  // legal(i) and, where legal, moves(i, f), in one decode (the first pass).
  template <class F>
  bool moves_if_legal(Index i, F&& f) const;
  template <class F>
  void unmoves(Index i, F&& f) const;
  std::string text(Index i) const;
  Index parse(std::string_view s) const;
  // The board after each move of position s, in its own orientation.
  std::vector<std::string> successor_texts(std::string_view s) const;
  int class_size(Index i) const;
  Index start() const { return tier_begin_[cells_]; }  // the empty board, alone in the last tier

  // Tier k holds the positions with cells - k discs, [tier_begin(k), tier_begin(k+1)).
  std::uint32_t tier_count() const { return cells_ + 1; }
  Index tier_begin(std::uint32_t k) const { return tier_begin_[k]; }
  static constexpr bool kMovesLeaveTier = true;  // no move stays in its tier

  // A position as column heights and one bit per cell of each player.
  struct Board {
    std::uint32_t discs = 0;
    std::array<std::uint8_t, 16> heights{};  // 16 = kMaxWidth
    std::uint64_t first = 0, second = 0;     // bit (column * (height + 1) + row)
    bool first_to_move() const { return discs % 2 == 0; }
  };
  Board board(Index i) const {
    std::uint32_t states[kMaxWidth];
    return board_in_tier(i, discs_of(i), states);
  }
  Index index(const Board& b) const;  // canonical: the smaller of the board and its mirror

 private:
  // The board of i, which holds `discs` discs, and its column states.
  Board board_in_tier(Index i, std::uint32_t discs, std::uint32_t* states) const;
  bool legal_board(Index i, Board& b, std::uint32_t* states) const;  // legal(i), and the board of i
  void column_states(const Board& b, std::uint32_t* states) const;
  template <class F>
  void moves_of(const Board& b, const std::uint32_t* states, F& f) const;
  Board parse_board(std::string_view s) const;  // checked, but neither canonical nor known legal
  std::string text_of(const Board& b) const;
  Board dropped(Board b, int column,
                bool first) const;  // a disc of the first (or second) player, column not full
  bool has_four(std::uint64_t discs) const;
  std::uint32_t discs_of(Index i) const;
  static constexpr int kMaxWidth = ColumnRank::kMaxWidth;

  Params params_;
  int width_, height_, cells_;
  std::vector<Index> tier_begin_;
  ColumnRank rank_;
  std::vector<int> line_shifts_;  // bit distances of the four directions
};

template <class F>
bool ConnectFour::moves_if_legal(Index i, F&& f) const {
  Board b;
  std::uint32_t states[kMaxWidth];
  if (!legal_board(i, b, states)) return false;
  moves_of(b, states, f);
  return true;
}

// Each child's rank and its mirror image's are one term away from the
// parent's (ChildRanks), so a position's moves cost two sets of terms.
template <class F>
void ConnectFour::moves_of(const Board& b, const std::uint32_t* states, F& f) const {
  const std::uint64_t last = b.first_to_move() ? b.second : b.first;
  if (has_four(last) || static_cast<int>(b.discs) == cells_) return;
  std::uint32_t mirror[kMaxWidth];
  std::reverse_copy(states, states + width_, mirror);
  const bool second = !b.first_to_move();
  const ChildRanks own(rank_, states, width_, second), image(rank_, mirror, width_, second);
  const Index begin = tier_begin_[cells_ - b.discs - 1];
  for (int c = 0; c < width_; ++c)
    if (b.heights[c] < height_) f(Successor::to(begin + std::min(own.child(c), image.child(width_ - 1 - c))));
}

// Unmoves lift the top disc of a column that holds the last mover's disc;
// each predecessor class is reported as often as it has moves into i.
template <class F>
void ConnectFour::unmoves(Index i, F&& f) const {
  Board b = board(i);
  if (b.discs == 0) return;
  std::uint64_t& theirs = b.first_to_move() ? b.second : b.first;
  const std::uint64_t before = theirs;
  --b.discs;
  Index seen[kMaxWidth];
  int n_seen = 0;
  for (int c = 0; c < width_; ++c) {
    if (b.heights[c] == 0) continue;
    const std::uint64_t bit = std::uint64_t{1} << (c * (height_ + 1) + b.heights[c] - 1);
    if (!(before & bit)) continue;
    theirs = before & ~bit;
    --b.heights[c];
    const Index p = index(b);
    ++b.heights[c];
    if (!legal(p) || std::find(seen, seen + n_seen, p) != seen + n_seen) continue;
    seen[n_seen++] = p;
    int count = 0;
    moves(p, [&](Successor s) { count += s.index == i; });
    for (int k = 0; k < count; ++k) f(p);
  }
}

}  // namespace rtb
