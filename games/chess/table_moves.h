// Moves and retro moves on table indices. A decoded index keeps each
// piece's slot, so a move that stays in the table changes one 6-bit field
// of the index (Layout::after_move) instead of building the next board
// and canonicalising it; only captures and promotions, which leave the
// table, build the board after the move.
#pragma once

#include <algorithm>
#include <array>

#include "games/chess/index.h"
#include "games/chess/movegen.h"
#include "games/chess/retro.h"

namespace rtb::chess {

// For every legal move of index i, in the order of legal_moves(): calls
// stays(Index, const Board& b, PieceType, Square from, Square to) for a
// move inside the table (b is i's board) and leaves(const Move&, const
// Board& after) for a capture or promotion.
template <class Stays, class Leaves>
void table_moves(const Layout& layout, Index i, Stays&& stays, Leaves&& leaves) {
  Layout::Decoded d;
  layout.decode(i, d);
  const Board& b = d.board;
  const auto& sq = d.square;
  const Color us = b.stm, them = opponent(us);
  const Bitboard own = b.color[us], occ = b.occupied();
  const Square king = b.king(us);
  const Bitboard unsafe = in_check(b, us) ? ~Bitboard{0} : detail::pinned(b) | bit(king);
  for (int k = 0; k < layout.slots(); ++k) {
    if (layout.slot_color(k) != us) continue;
    const PieceType piece = layout.slot_type(k);
    const Square from = sq[k];
    Bitboard targets = piece == kPawn ? detail::pawn_targets(b, from) : attacks(piece, us, from, occ) & ~own;
    const bool safe = !(unsafe & bit(from));
    while (targets) {
      const Square to = pop_lsb(targets);
      const bool promotes = piece == kPawn && (bit(to) & (kRank1 | kRank8));
      if ((b.color[them] & bit(to)) || promotes) {
        detail::emit_to(b, piece, from, bit(to), safe, leaves);
        continue;
      }
      if (!safe && attacked(b, piece == kKing ? to : king, them, occ ^ bit(from) ^ bit(to))) continue;
      stays(layout.after_move(d, k, to), b, piece, from, to);
    }
  }
}

// Calls f(q) for every index q with a legal move into p that stays in the
// table, as often as q has such moves. Predecessors are found by retro
// moves of p's board, which are one-to-one with the moves into p unless a
// symmetry maps p (or a predecessor) onto itself or two predecessors onto
// each other. Any such symmetry fixes the square of the king that did not
// move, so it is a reflection in a long diagonal holding that king: only
// then are predecessors counted by class. Without `pawns`, pawn moves are
// left out (under metric=dtz a pawn move zeroes: its value is known).
template <class F>
void table_unmoves(const Layout& layout, Index p, F&& f, bool pawns = true) {
  Layout::Decoded d;
  layout.decode(p, d);
  const Board& b = d.board;
  const auto& sq = d.square;
  const Color mover = opponent(b.stm);
  const Square victim = b.king(b.stm);  // must not have stood in check
  const Bitboard occ = b.occupied(), empty = ~occ;
  const bool by_class = !layout.pawns() && (bit(victim) & (kDiagonalA1H8 | kDiagonalA8H1));
  // The mover's pieces giving check in p, and its pieces standing alone
  // between one of its sliders and the victim (with that slider's line):
  // a piece taken back must land on the line of every other checker and
  // of the slider it alone shields, or q would have the victim in check.
  const auto& own = b.pieces[mover];
  Bitboard checkers = (kAttacks.knight[victim] & own[kKnight]) | (kAttacks.king[victim] & own[kKing]) |
                      (kAttacks.pawn[b.stm][victim] & own[kPawn]);
  struct Shield {
    Square blocker;
    Bitboard line;
  };
  std::array<Shield, 8> shields;
  int n_shields = 0;
  const Bitboard straight = own[kRook] | own[kQueen], diagonal = own[kBishop] | own[kQueen];
  for (Bitboard sliders =
           (kAttacks.rook_empty[victim] & straight) | (kAttacks.bishop_empty[victim] & diagonal);
       sliders;) {
    const Square x = pop_lsb(sliders);
    const Bitboard line = kAttacks.between[victim][x], between = line & occ;
    if (!between)
      checkers |= bit(x);
    else if (!(between & (between - 1)) && (between & b.color[mover]))
      shields[n_shields++] = {lsb(between), line};
  }
  struct Found {
    Index q;
    int stab;
  };
  std::array<Found, 256> found;  // predecessors fewer than once per retro move
  int n = 0;
  const int stab_p = by_class ? layout.stabilizer(b) : 1;
  for (int k = 0; k < layout.slots(); ++k) {
    if (layout.slot_color(k) != mover) continue;
    const PieceType piece = layout.slot_type(k);
    if (piece == kPawn && !pawns) continue;
    const Square s = sq[k];
    Bitboard origins =
        piece == kPawn ? detail::pawn_origins(mover, s, empty) : attacks(piece, mover, s, occ) & empty;
    // Out too: the origins from which the piece itself would give check,
    // the squares the same piece of the other colour reaches from the
    // victim (a knight, king or pawn checker has no line: nothing is left).
    Bitboard keep = ~attacks(piece, opponent(mover), victim, occ ^ bit(s));
    for (Bitboard c = checkers & ~bit(s); c;) keep &= kAttacks.between[victim][pop_lsb(c)];
    for (int j = 0; j < n_shields; ++j)
      if (shields[j].blocker == s) keep &= shields[j].line;
    origins &= keep;
    while (origins) {
      const Square o = pop_lsb(origins);
      if (!by_class) {
        f(layout.after_move(d, k, o));
        continue;
      }
      int stab = 1;
      const Index q = layout.after_move(d, k, o, &stab);
      if (stab >= stab_p) {
        f(q);
        if (stab > stab_p) f(q);
      } else {
        found[n++] = {q, stab};
      }
    }
  }
  if (!n) return;
  // A class of q reached by U retro moves has U * stab(q) / stab(p) moves
  // into p's class: |class(q)| * moves = |class(p)| * retro moves. Where
  // stab(q) >= stab(p) each retro move stands for stab(q) / stab(p) moves
  // (emitted above); the rest are counted by class.
  std::sort(found.begin(), found.begin() + n, [](const Found& x, const Found& y) { return x.q < y.q; });
  for (int first = 0, last = 0; first < n; first = last) {
    while (last < n && found[last].q == found[first].q) ++last;
    for (int m = (last - first) * found[first].stab / stab_p; m > 0; --m) f(found[first].q);
  }
}

}  // namespace rtb::chess
