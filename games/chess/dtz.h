// metric=dtz: Syzygy's DTZ50'' in a Value. A table stores, for the side to
// move, WIN or LOSS in the plies to the next zeroing move (a capture or a
// pawn move) or mate, counted across the 50-move rule's limit: a win of
// more than 100 plies is a cursed win, a loss of more than 100 a blessed
// loss. A zeroing move into a cursed win or a blessed loss of the next
// table starts the count at 100 (loss(100), win(100) for the side to move
// after it), so the engine's shortest win and longest defence order the
// five classes as Syzygy does: a real win before a cursed win before a
// draw, a draw before a blessed loss before a loss.
#pragma once

#include <cstdint>
#include <string>

#include "games/value.h"

namespace rtb::chess {

inline constexpr std::uint32_t kDrawRule = 100;  // plies without a zeroing move

// Syzygy's WDL classes, in its numbers (tb_probe_wdl: 0 loss .. 4 win, minus 2).
enum class Wdl50 : int { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

inline Wdl50 wdl50(Value v) {
  if (v.is_draw()) return Wdl50::Draw;
  const bool within = v.depth() <= kDrawRule;
  if (v.is_win()) return within ? Wdl50::Win : Wdl50::CursedWin;
  return within ? Wdl50::Loss : Wdl50::BlessedLoss;
}

// The class of a position reached by a zeroing move, for its side to move,
// as a known value whose depth restarts at the zeroing move.
inline Value zeroed(Wdl50 c) {
  switch (c) {
    case Wdl50::Win:
      return Value::win(0);
    case Wdl50::CursedWin:
      return Value::win(kDrawRule);
    case Wdl50::Draw:
      return Value::draw();
    case Wdl50::BlessedLoss:
      return Value::loss(kDrawRule);
    case Wdl50::Loss:
      return Value::loss(0);
  }
  return Value::draw();
}

// The signed DTZ a Syzygy probe (Fathom, Stockfish) reports: positive for
// the winner, negative for the loser, 0 for a draw and for a mated side.
inline int signed_dtz(Value v) {
  if (v.is_draw()) return 0;
  const int d = static_cast<int>(v.depth());
  return v.is_win() ? d : -d;
}

// The class under the 50-move rule with `halfmove` plies already played
// since the last zeroing move: a win or loss that needs more plies than
// are left is a cursed win or a blessed loss (a mate is a mate).
inline Wdl50 wdl50_with_clock(Value v, std::uint32_t halfmove) {
  const Wdl50 c = wdl50(v);
  if (v.is_draw() || v.depth() == 0 || v.depth() + halfmove <= kDrawRule) return c;
  if (c == Wdl50::Win) return Wdl50::CursedWin;
  if (c == Wdl50::Loss) return Wdl50::BlessedLoss;
  return c;
}

// What Fathom reads from rtbgen's default files (without -p), which halve
// DTZ: on the side a .rtbz stores, an even distance reads one less; the
// other side is found by one ply of search over the stored side, where an
// odd distance reads one less. A best move that zeroes reads exactly (1 or
// 101), and a table with a DTZ of exactly 100 keeps its values exact.
inline int down_to_odd(int x) {
  return x % 2 ? x : x - 1;
}
inline int syzygy_default_dtz(Value v, bool stored_side) {
  const int exact = signed_dtz(v);
  const int sign = exact < 0 ? -1 : 1, d = exact * sign;
  if (d <= 1) return exact;
  return sign * (stored_side ? down_to_odd(d) : 1 + down_to_odd(d - 1));
}

inline const char* wdl50_name(Wdl50 c) {
  switch (c) {
    case Wdl50::Win:
      return "WIN";
    case Wdl50::CursedWin:
      return "CURSED WIN";
    case Wdl50::Draw:
      return "DRAW";
    case Wdl50::BlessedLoss:
      return "BLESSED LOSS";
    case Wdl50::Loss:
      return "LOSS";
  }
  return "?";
}

}  // namespace rtb::chess
