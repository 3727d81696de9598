// Dobutsu shogi (3x4) boards and Tanaka's rules, seen from the side to move.
//
// Squares 0..11 are (rank - 1) * 3 + file, files A..C = 0..2, ranks 1..4:
// the side to move ("ours") plays toward rank 1 (square 0..2 is its far
// rank), exactly as Sente does in the start position. A stored position
// always has Sente to move; a position with Gote to move is turned (board
// rotated by 180 degrees, colours swapped) first. The other side is
// "theirs".
#pragma once

#include <array>
#include <cstdint>

namespace rtb::dobutsu {

enum Kind : std::uint8_t { kEmpty = 0, kChick = 1, kElephant = 2, kGiraffe = 3, kLion = 4, kHen = 5 };
constexpr std::uint8_t kTheirs = 8;  // added to a Kind in a cell: the other side's piece
constexpr int kSquares = 12;
constexpr int kHandKinds = 3;  // chick, elephant, giraffe (Kind - 1)

inline constexpr Kind kind_of(std::uint8_t cell) {
  return static_cast<Kind>(cell & 7);
}
inline constexpr int owner_of(std::uint8_t cell) {
  return cell >> 3;
}  // 0 ours, 1 theirs

struct Board {
  std::array<std::uint8_t, kSquares> cell{};
  std::array<std::array<std::uint8_t, kHandKinds>, 2> hand{};  // [owner][kind - 1]
  friend bool operator==(const Board&, const Board&) = default;
};

// The squares a piece of ours of kind k on square s attacks (a bit per square).
constexpr std::uint16_t our_attacks(int k, int s) {
  const int r = s / 3, f = s % 3;
  std::uint16_t bits = 0;
  auto add = [&](int dr, int df) {
    const int rr = r + dr, ff = f + df;
    if (rr >= 0 && rr < 4 && ff >= 0 && ff < 3) bits |= static_cast<std::uint16_t>(1u << (rr * 3 + ff));
  };
  switch (k) {
    case kChick:
      add(-1, 0);
      break;
    case kElephant:
      add(-1, -1), add(-1, 1), add(1, -1), add(1, 1);
      break;
    case kGiraffe:
      add(-1, 0), add(1, 0), add(0, -1), add(0, 1);
      break;
    case kLion:
      for (int dr = -1; dr <= 1; ++dr)
        for (int df = -1; df <= 1; ++df)
          if (dr || df) add(dr, df);
      break;
    case kHen:
      add(-1, 0), add(1, 0), add(0, -1), add(0, 1), add(-1, -1), add(-1, 1);
      break;
    default:
      break;
  }
  return bits;
}

struct AttackTables {
  std::array<std::array<std::uint16_t, kSquares>, 6> ours{}, theirs{};
  constexpr AttackTables() {
    for (int k = 1; k < 6; ++k)
      for (int s = 0; s < kSquares; ++s) {
        ours[k][s] = our_attacks(k, s);
        const std::uint16_t turned = our_attacks(k, kSquares - 1 - s);
        for (int t = 0; t < kSquares; ++t)
          if (turned >> (kSquares - 1 - t) & 1) theirs[k][s] |= static_cast<std::uint16_t>(1u << t);
      }
  }
};
inline constexpr AttackTables kAttacks{};

// The board seen by the other side: rotated by 180 degrees, colours swapped.
inline Board turned(const Board& b) {
  Board t;
  for (int s = 0; s < kSquares; ++s) {
    const std::uint8_t c = b.cell[s];
    t.cell[kSquares - 1 - s] = static_cast<std::uint8_t>(c == kEmpty ? 0 : c ^ kTheirs);
  }
  t.hand[0] = b.hand[1];
  t.hand[1] = b.hand[0];
  return t;
}

// The left-right mirror image (files A and C swapped).
inline Board mirrored(const Board& b) {
  Board m = b;
  for (int r = 0; r < 4; ++r) std::swap(m.cell[r * 3], m.cell[r * 3 + 2]);
  return m;
}

// One move of ours: from -1 for a drop.
struct Move {
  int from, to;
  Kind kind;      // the piece as it stood (or was dropped)
  Kind captured;  // kEmpty if none
  bool promotes;
};

// Calls f(board after the move, move) for every move of ours, the board
// still seen from our side (turn it for the next player). The caller
// checks first that the game is not over.
template <class F>
void for_each_move(const Board& b, F&& f) {
  for (int s = 0; s < kSquares; ++s) {
    const std::uint8_t c = b.cell[s];
    if (c == kEmpty || owner_of(c) != 0) continue;
    const Kind k = kind_of(c);
    for (std::uint16_t m = kAttacks.ours[k][s]; m; m &= m - 1) {
      const int t = __builtin_ctz(m);
      const std::uint8_t victim = b.cell[t];
      if (victim != kEmpty && owner_of(victim) == 0) continue;
      Board a = b;
      Kind captured = kEmpty;
      if (victim != kEmpty) {
        captured = kind_of(victim);
        const Kind to_hand = captured == kHen ? kChick : captured;
        if (to_hand != kLion) ++a.hand[0][to_hand - 1];
      }
      const bool promotes = k == kChick && t < 3;
      a.cell[t] = promotes ? kHen : k;
      a.cell[s] = kEmpty;
      f(a, Move{s, t, k, captured, promotes});
    }
  }
  for (int h = 0; h < kHandKinds; ++h) {
    if (!b.hand[0][h]) continue;
    const Kind k = static_cast<Kind>(h + 1);
    for (int t = 0; t < kSquares; ++t) {
      if (b.cell[t] != kEmpty) continue;
      Board a = b;
      --a.hand[0][h];
      a.cell[t] = k;
      f(a, Move{-1, t, k, kEmpty, false});
    }
  }
}

}  // namespace rtb::dobutsu
