// The dense index of Dobutsu shogi positions (Sente to move, up to the
// left-right mirror).
//
//   index = lion_pair * per_lion + class_offset[class] + placement
//
// lion_pair: the 21 placements of the two lions, up to the mirror, where
// the game is not over by the lions alone: ours not on rank 1 (no game
// reaches that: the opponent would have had to move with a completed try
// on the board), theirs not on rank 4 (our completed try is lost in 0) and
// not next to ours (capturable: won in 1). Those positions are not in the
// table; a move into them has a known value.
// class: for each of chicks, elephants, giraffes, how many are on the
// board and how the others are split between the hands (6 states each:
// 216 classes).
// placement: the squares of each kind among the 10 squares the lions
// leave free (combinations, so two pieces of a kind are never told
// apart), then one owner bit per piece on the board, then one promotion
// bit per chick on the board.
// Where both lions stand on file B the mirror can map a position to
// another of the same lion pair: the smaller index is the position, the
// other is not legal. 21 * 11,878,227 = 249,442,767 indices.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/dobutsu/board.h"
#include "games/dobutsu/masks.h"

namespace rtb::dobutsu {

class Index {
 public:
  static constexpr int kLionPairs = 21;
  static constexpr int kClasses = 216;

  Index();

  std::uint64_t size() const { return static_cast<std::uint64_t>(kLionPairs) * per_lion_; }
  // -1 where the lions alone end the game (or no game gets there, as a
  // board without one of its lions), else the lion pair of the board.
  int lion_pair(const Board& b) const { return lion_pair(masks_of(b)); }
  int lion_pair(const Masks& x) const {
    const int ours = lion_square(x, 0), theirs = lion_square(x, 1);
    return ours < 0 || theirs < 0 ? -1 : pair_of(ours, theirs);
  }
  // The same from the lions' squares.
  int pair_of(int ours, int theirs) const { return pair_of_[ours][theirs]; }
  // The index of a board whose lion_pair() is not -1, folded by the mirror.
  std::uint64_t encode(const Board& b) const { return encode(masks_of(b), b.hand[0]); }
  // The same from the board's masks and our hand.
  std::uint64_t encode(const Masks& x, const Hand& our_hand) const;
  // The board of an index below size() (one of a mirror pair).
  Board decode(std::uint64_t i) const { return board_of(decode_position(i)); }
  Position decode_position(std::uint64_t i) const;
  // Whether the board's lion pair has both lions on file B (the mirror can
  // map a board to another of its own pair).
  bool self_mirror_pair(int pair) const { return self_mirror_[pair]; }

  // A wider index over every placement of the lions (144 * per_lion, most
  // of it unused), folded by the mirror: names the positions the lions
  // alone decide, which are outside the table (the reachable count).
  std::uint64_t wide_size() const { return static_cast<std::uint64_t>(kSquares * kSquares) * per_lion_; }
  std::uint64_t wide_encode(const Board& b) const { return wide_encode(masks_of(b), b.hand[0]); }
  std::uint64_t wide_encode(const Masks& x, const Hand& our_hand) const;

 private:
  // The class and placement of the pieces other than the lions on m and o.
  std::uint64_t placement_code(const Masks& x, const Hand& our_hand, int m, int o) const;

  std::array<std::array<std::int16_t, kSquares>, kSquares> pair_of_{};
  std::array<std::array<bool, kSquares>, kSquares> flip_{};  // mirror the board first
  std::array<std::array<std::int16_t, 2>, kLionPairs> lions_{};
  std::array<bool, kLionPairs> self_mirror_{};
  std::array<std::uint32_t, kClasses + 1> class_offset_{};
  // The class holding offset j << kClassShift within a lion pair: decode
  // starts there and steps forward, instead of a binary search.
  static constexpr int kClassShift = 12;
  std::vector<std::uint8_t> class_at_;
  std::uint64_t per_lion_ = 0;
};

}  // namespace rtb::dobutsu
