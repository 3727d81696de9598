// A Dobutsu board as bit masks (a bit per square, as Board's squares):
// the squares of each kind and those of the other side. The index and the
// unmoves work on masks: turning the board, mirroring it, finding the
// lions and asking whether a lion is attacked are then a few table
// lookups instead of loops over the twelve cells.
#pragma once

#include <array>
#include <cstdint>

#include "games/dobutsu/board.h"

namespace rtb::dobutsu {

constexpr std::uint16_t kAllSquares = (1u << kSquares) - 1;

struct Masks {
  std::array<std::uint16_t, 6> kind{};  // by Kind; kind[kEmpty] holds the empty squares
  std::uint16_t theirs = 0;             // the other side's pieces
  friend bool operator==(const Masks&, const Masks&) = default;
};

using Hand = std::array<std::uint8_t, kHandKinds>;  // [kind - 1]

// A board as masks with both hands: what the index decodes to.
struct Position {
  Masks x;
  std::array<Hand, 2> hand{};  // [owner]
};

inline Masks masks_of(const Board& b) {
  Masks x;
  for (int s = 0; s < kSquares; ++s) {
    const std::uint8_t c = b.cell[s];
    x.kind[kind_of(c)] |= static_cast<std::uint16_t>(1u << s);
    x.theirs |= static_cast<std::uint16_t>(owner_of(c) << s);
  }
  return x;
}

// Per 12-bit mask: the board turned by 180 degrees (square s to 11 - s),
// and mirrored left-right (files A and C swapped).
struct SquareMaps {
  std::array<std::uint16_t, 1u << kSquares> turned{}, mirrored{};
  constexpr SquareMaps() {
    for (unsigned m = 0; m <= kAllSquares; ++m)
      for (int s = 0; s < kSquares; ++s) {
        if (!(m >> s & 1)) continue;
        turned[m] |= static_cast<std::uint16_t>(1u << (kSquares - 1 - s));
        mirrored[m] |= static_cast<std::uint16_t>(1u << (s / 3 * 3 + 2 - s % 3));
      }
  }
};
inline constexpr SquareMaps kSquareMaps{};

// The board seen by the other side, as turned(Board) sees it.
inline Masks turned(const Masks& x) {
  Masks t;
  for (int k = 0; k < 6; ++k) t.kind[k] = kSquareMaps.turned[x.kind[k]];
  t.theirs = kSquareMaps.turned[~(x.theirs | x.kind[kEmpty]) & kAllSquares];
  return t;
}

inline Masks mirrored(const Masks& x) {
  Masks m;
  for (int k = 0; k < 6; ++k) m.kind[k] = kSquareMaps.mirrored[x.kind[k]];
  m.theirs = kSquareMaps.mirrored[x.theirs];
  return m;
}

// The square of `owner`'s lion (0 ours, 1 theirs), or -1 if it has none.
inline int lion_square(const Masks& x, int owner) {
  const unsigned lions = x.kind[kLion] & (owner ? x.theirs : ~x.theirs & kAllSquares);
  return lions ? __builtin_ctz(lions) : -1;
}

// Per side, kind and square t: the squares from which a piece of that
// kind of that side attacks t.
struct Attackers {
  std::array<std::array<std::array<std::uint16_t, kSquares>, 6>, 2> from{};  // [owner][kind][t]
  constexpr Attackers() {
    for (int k = 1; k < 6; ++k)
      for (int s = 0; s < kSquares; ++s)
        for (int t = 0; t < kSquares; ++t) {
          if (kAttacks.ours[k][s] >> t & 1) from[0][k][t] |= static_cast<std::uint16_t>(1u << s);
          if (kAttacks.theirs[k][s] >> t & 1) from[1][k][t] |= static_cast<std::uint16_t>(1u << s);
        }
  }
};
inline constexpr Attackers kAttackers{};

// Whether `side`'s pieces (0 ours, 1 theirs) attack the other side's lion
// (which must be there).
inline bool attacks_lion(const Masks& x, int side) {
  const int lion = lion_square(x, 1 - side);
  unsigned hit = 0;
  for (int k = kChick; k <= kHen; ++k) hit |= x.kind[k] & kAttackers.from[side][k][lion];
  return (hit & (side ? x.theirs : ~x.theirs)) != 0;
}

// The board of a position (for text, moves and the rare paths).
inline Board board_of(const Position& p) {
  Board b;
  for (int k = kChick; k <= kHen; ++k)
    for (unsigned m = p.x.kind[k]; m; m &= m - 1) {
      const int s = __builtin_ctz(m);
      b.cell[s] = static_cast<std::uint8_t>(k | ((p.x.theirs >> s & 1) ? kTheirs : 0));
    }
  b.hand = p.hand;
  return b;
}

// Calls f(masks after the move) for every move of ours, in for_each_move's
// order on boards (by square, then target; then drops by kind and square),
// still seen from our side. Our hand after a move is not needed: the
// index takes the next mover's hand, which is their hand, unchanged. The
// caller checks first that the game is not over.
template <class F>
void for_each_move(const Position& p, F&& f) {
  const Masks& x = p.x;
  const unsigned empty = x.kind[kEmpty];
  const unsigned ours = ~(x.theirs | empty) & kAllSquares;
  for (unsigned pieces = ours; pieces; pieces &= pieces - 1) {
    const int s = __builtin_ctz(pieces);
    const auto bs = static_cast<std::uint16_t>(1u << s);
    int k = kChick;
    while (!(x.kind[k] & bs)) ++k;
    for (unsigned targets = kAttacks.ours[k][s] & ~ours; targets; targets &= targets - 1) {
      const int t = __builtin_ctz(targets);
      const auto bt = static_cast<std::uint16_t>(1u << t);
      Masks a = x;
      for (int v = kEmpty; v <= kHen; ++v)
        a.kind[v] &= static_cast<std::uint16_t>(~bt);  // the victim, if any
      a.theirs &= static_cast<std::uint16_t>(~bt);
      a.kind[k] &= static_cast<std::uint16_t>(~bs);
      a.kind[kEmpty] |= bs;
      a.kind[k == kChick && t < 3 ? kHen : k] |= bt;
      f(a);
    }
  }
  for (int h = 0; h < kHandKinds; ++h) {
    if (!p.hand[0][h]) continue;
    for (unsigned targets = empty; targets; targets &= targets - 1) {
      const auto bt = static_cast<std::uint16_t>(targets & (0u - targets));
      Masks a = x;
      a.kind[kEmpty] &= static_cast<std::uint16_t>(~bt);
      a.kind[h + 1] |= bt;
      f(a);
    }
  }
}

// The unmoves of their piece of kind k on t (for_each_unmove).
template <class F>
void unmoves_of_piece(const Masks& x, const Hand& hand, Kind k, int t, F& f) {
  const auto bt = static_cast<std::uint16_t>(1u << t);
  Masks off = x;  // the piece lifted from t
  off.kind[k] &= static_cast<std::uint16_t>(~bt);
  off.theirs &= static_cast<std::uint16_t>(~bt);
  off.kind[kEmpty] |= bt;
  if (k == kChick || k == kElephant || k == kGiraffe) {
    Hand h = hand;
    ++h[k - 1];
    f(off, h);
  }
  const bool far_rank = t >= 9;         // their far rank
  if (k == kChick && far_rank) return;  // only a drop puts a chick there
  for (int variant = 0; variant < 2; ++variant) {
    Kind before = k;
    if (variant == 1) {
      if (k != kHen || !far_rank) break;
      before = kChick;  // the move promoted it
    }
    for (unsigned from = kAttackers.from[1][before][t] & x.kind[kEmpty]; from; from &= from - 1) {
      const auto bs = static_cast<std::uint16_t>(from & (0u - from));
      Masks p = off;
      p.kind[before] |= bs;
      p.theirs |= bs;
      p.kind[kEmpty] &= static_cast<std::uint16_t>(~bs);
      f(p, hand);
      for (int h = 0; h < kHandKinds; ++h) {
        if (!hand[h]) continue;
        Masks q = p;  // one of ours was taken on t
        q.kind[kEmpty] &= static_cast<std::uint16_t>(~bt);
        q.kind[h + 1] |= bt;
        Hand qh = hand;
        --qh[h];
        f(q, qh);
        if (h == kChick - 1) {
          q.kind[kChick] &= static_cast<std::uint16_t>(~bt);
          q.kind[kHen] |= bt;
          f(q, qh);
        }
      }
    }
  }
}

// Calls f(p, their hand in p) for the masks of every board p (the other
// side to move, seen from our side) from which one of their moves gives
// the position: un-drops, moves back, un-promotions, and un-captures that
// return a piece from their hand to us (a chick in hand may have been a
// hen). Each p is the position's masks with a few bits changed.
template <class F>
void for_each_unmove(const Position& position, F&& f) {
  const Masks& x = position.x;
  const Hand& hand = position.hand[1];
  for (int k = kChick; k <= kHen; ++k)
    for (unsigned pieces = x.kind[k] & x.theirs; pieces; pieces &= pieces - 1) {
      const int t = __builtin_ctz(pieces);
      unmoves_of_piece(x, hand, static_cast<Kind>(k), t, f);
    }
}

}  // namespace rtb::dobutsu
