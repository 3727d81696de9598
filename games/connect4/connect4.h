// Connect Four on any board: discs drop into `width` columns of `height`
// cells, four in a row (any direction) ends the game, a full board is a
// draw. The game is split into tiers by the number of discs: tier k holds
// the positions with cells - k discs, so every move goes from tier k to tier
// k-1 and the tiers are solved in order, two in memory at a time.
//
// Index of a position with t discs: tier_begin(cells - t) + shape *
// colourings + colouring, where `shape` ranks the column heights (a composition of t)
// and `colouring` ranks which of the t discs, taken column by column bottom
// up, are the second player's. The left-right mirror is folded in: only the
// smaller index of a position and its mirror image is legal.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

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
    return legal_board(i, b);
  }
  Value terminal(Index i) const;
  template <class F>
  void moves(Index i, F&& f) const {
    moves_of(board(i), f);
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
  Board board(Index i) const { return board_in_tier(i, discs_of(i)); }
  Index index(const Board& b) const;  // canonical: the smaller of the board and its mirror

 private:
  Index raw_index(const Board& b) const;
  Board board_in_tier(Index i, std::uint32_t discs) const;  // i holds `discs` discs
  bool legal_board(Index i, Board& b) const;                // legal(i), with the board of i in b
  template <class F>
  void moves_of(Board b, F& f) const;
  Board parse_board(std::string_view s) const;  // checked, but neither canonical nor known legal
  std::string text_of(const Board& b) const;
  Board dropped(Board b, int column,
                bool first) const;  // a disc of the first (or second) player, column not full
  Board mirrored(const Board& b) const;
  bool has_four(std::uint64_t discs) const;
  std::uint32_t discs_of(Index i) const;
  static constexpr int kMaxWidth = 16;

  Params params_;
  int width_, height_, cells_;
  std::vector<Index> tier_begin_;
  Index binomial(int n, int k) const { return binomial_[n * (cells_ + 2) + k]; }
  // Shapes of columns c.. holding s discs that come before column c holding h.
  Index shape_rank(int c, int s, int h) const {
    return shape_rank_[(c * (cells_ + 1) + s) * (height_ + 2) + h];
  }

  // shapes_[c][s]: ways columns c.. can hold s discs.
  std::vector<std::vector<Index>> shapes_;
  std::vector<Index> binomial_, shape_rank_;
  std::vector<int> line_shifts_;  // bit distances of the four directions
};

template <class F>
bool ConnectFour::moves_if_legal(Index i, F&& f) const {
  Board b;
  if (!legal_board(i, b)) return false;
  moves_of(b, f);
  return true;
}

template <class F>
void ConnectFour::moves_of(Board b, F& f) const {
  const std::uint64_t last = b.first_to_move() ? b.second : b.first;
  if (has_four(last) || static_cast<int>(b.discs) == cells_) return;
  // Each child and its mirror image are made from the parent's, one disc
  // added to each: the mirror is built once per position, not per move.
  Board m = mirrored(b);
  std::uint64_t& mine = b.first_to_move() ? b.first : b.second;
  std::uint64_t& mirror_mine = m.first_to_move() ? m.first : m.second;
  ++b.discs;
  ++m.discs;
  for (int c = 0; c < width_; ++c) {
    if (b.heights[c] == height_) continue;
    const int mc = width_ - 1 - c;
    const std::uint64_t bit = std::uint64_t{1} << (c * (height_ + 1) + b.heights[c]);
    const std::uint64_t mirror_bit = std::uint64_t{1} << (mc * (height_ + 1) + m.heights[mc]);
    mine |= bit;
    mirror_mine |= mirror_bit;
    ++b.heights[c];
    ++m.heights[mc];
    f(Successor::to(std::min(raw_index(b), raw_index(m))));
    --b.heights[c];
    --m.heights[mc];
    mine &= ~bit;
    mirror_mine &= ~mirror_bit;
  }
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
