// The rank of a Connect Four board among the boards with as many discs.
//
// A column of at most H discs is in one of 2^(H+1) - 1 states: its height h
// and which of its discs are the second player's (bit r of `mask`: row r),
// numbered (1 << h | mask) - 1. A board with t discs, t / 2 of them the
// second player's, is the tuple of its column states; its rank is its place
// in the lexicographic order of such tuples,
//   rank = sum over columns c of term(c, d_c, k_c, s_c),
// where d_c and k_c count all discs and the second player's discs in columns
// c.., s_c is column c's state, and term(c, d, k, s) counts the tuples of
// columns c.. holding d discs, k of them the second's, whose column c is in
// a state below s. A move changes one column's state and the counts of the
// columns up to it, so once a board's terms are known each child's rank
// costs one more term (ChildRanks).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "games/game.h"

namespace rtb {

class ColumnRank {
 public:
  static constexpr int kMaxWidth = 16;

  // The terms are tabled where the table takes at most `max_table_bytes`
  // (a board of up to 7 rows); taller boards compute them.
  ColumnRank(int width, int height, std::size_t max_table_bytes = std::size_t{16} << 20);

  static std::uint32_t state(int height, std::uint64_t mask) { return ((1u << height) | mask) - 1; }
  static int height_of(std::uint32_t s) { return std::bit_width(s + 1) - 1; }
  static std::uint64_t mask_of(std::uint32_t s) { return (s + 1) ^ (1u << height_of(s)); }

  // Boards of `discs` discs, discs / 2 of them the second player's.
  Index boards(int discs) const { return count(0, discs, discs / 2); }
  Index term(int c, int d, int k, std::uint32_t s) const {
    if (!terms_.empty()) return terms_[row(c, d, k) + s];
    return computed_term(c, d, k, s);
  }
  Index rank(const std::uint32_t* states, int discs) const;
  // The column states of the board of rank r among those of `discs` discs.
  void unrank(Index r, int discs, std::uint32_t* states) const;
  bool tabled() const { return !terms_.empty(); }

 private:
  Index count(int c, int d, int k) const {  // tuples of columns c.. with d discs, k the second's
    if (d < 0 || k < 0 || d > cells_ || k > max_k_) return 0;
    return counts_[cell(c, d, k)];
  }
  std::size_t cell(int c, int d, int k) const {  // where (c, d, k) is in the tables
    return (static_cast<std::size_t>(c) * (cells_ + 1) + d) * (max_k_ + 1) + k;
  }
  std::size_t row(int c, int d, int k) const { return cell(c, d, k) << (height_ + 1); }
  Index computed_term(int c, int d, int k, std::uint32_t s) const;
  bool forward(int c, int d, int k, Index r, std::uint32_t& s, Index& first, Index& end) const;

  int width_, height_, cells_, max_k_;
  std::uint64_t serial_;             // one per table of terms (unrank's per-thread memory)
  std::vector<Index> counts_;        // count(c, d, k), c up to width
  std::vector<Index> below_height_;  // per (c, d, k): the states of each height below h
  std::vector<Index> terms_;         // per (c, d, k): term(s) for s up to 2^(H+1) - 1; empty: computed
};

// The ranks of the boards one disc above a board, from the board's terms:
// dropping a disc into column c adds one disc (and one of the second
// player's, if theirs) to the counts of columns 0..c and changes state s_c.
class ChildRanks {
 public:
  // states[0..width): the board's columns; `second`: the new disc is the second player's.
  ChildRanks(const ColumnRank& rank, const std::uint32_t* states, int width, bool second);
  Index rank() const { return rank_; }  // the board's own
  // The child with a disc dropped into column c (not full).
  Index child(int c) const {
    const std::uint32_t s = states_[c];
    const std::uint32_t above = s + ((1u << ColumnRank::height_of(s)) << second_);
    return prefix_[c] + rank_of_->term(c, d_[c] + 1, k_[c] + second_, above) + suffix_[c];
  }

 private:
  const ColumnRank* rank_of_;
  Index rank_ = 0;
  int second_;
  const std::uint32_t* states_;
  int d_[ColumnRank::kMaxWidth], k_[ColumnRank::kMaxWidth];
  Index prefix_[ColumnRank::kMaxWidth];  // the child's terms of columns before c
  Index suffix_[ColumnRank::kMaxWidth];  // the board's terms of columns after c
};

}  // namespace rtb
