// Retro moves inside one material: the side that just moved takes one of
// its pieces back to an empty square it could have come from. No uncaptures
// and no unpromotions: the moves they undo lead out of the table, so their
// predecessors belong to other tables.
#pragma once

#include "games/chess/position.h"

namespace rtb::chess {

namespace detail {
inline Bitboard pawn_origins(Color mover, Square s, Bitboard empty) {
  const int step = mover == kWhite ? -8 : 8;
  const int rank = rank_of(s), relative = mover == kWhite ? rank : 7 - rank;
  if (relative < 2) return 0;  // a pawn on its second rank has not moved
  const Square one = s + step;
  if (!(empty & bit(one))) return 0;
  Bitboard origins = bit(one);
  if (relative == 3 && (empty & bit(one + step))) origins |= bit(one + step);  // a double step
  return origins;
}
}  // namespace detail

// Calls f(Board before) for every position `before`, with the other side to
// move, that has a legal non-capturing, non-promoting move to b. b must be
// legal; each such move is reported once. The generator's unmoves work on
// the index (table_moves.h); this board-built form is what the tests check
// them against.
template <class F>
void retro_moves(const Board& b, F&& f) {
  const Color mover = opponent(b.stm);
  const Bitboard occ = b.occupied(), empty = ~occ;
  for (int t = kKing; t <= kPawn; ++t) {
    const PieceType piece = static_cast<PieceType>(t);
    for (Bitboard at = b.pieces[mover][t]; at;) {
      const Square s = pop_lsb(at);
      Bitboard origins =
          piece == kPawn ? detail::pawn_origins(mover, s, empty) : attacks(piece, mover, s, occ) & empty;
      while (origins) {
        const Square o = pop_lsb(origins);
        Board before = b;
        before.remove(mover, piece, s);
        before.put(mover, piece, o);
        before.stm = mover;
        // The side that moves next in b must not stand in check before it.
        if (!in_check(before, b.stm)) f(before);
      }
    }
  }
}

}  // namespace rtb::chess
