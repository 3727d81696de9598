// A chess position as bitboards by colour and piece type, with the side to
// move. No castling rights and no en-passant square: tables hold neither
// (an en-passant capture is handled by the probing path, one ply ahead).
#pragma once

#include <array>
#include <cstdint>

#include "games/chess/bitboard.h"

namespace rtb::chess {

struct Board {
  std::array<std::array<Bitboard, 6>, 2> pieces;  // [colour][piece type]
  std::array<Bitboard, 2> color;
  Color stm;

  // An empty board, White to move. Cleared by explicit stores: zeroing
  // the members by initialisers compiles to `rep stos`, whose start-up
  // cost was a quarter of decoding an index.
  Board() { clear(); }
  void clear() {
    for (auto& side : pieces)
      for (Bitboard& set : side) set = 0;
    color[0] = color[1] = 0;
    stm = kWhite;
  }
  Bitboard occupied() const { return color[0] | color[1]; }
  Square king(Color c) const { return lsb(pieces[c][kKing]); }
  void put(Color c, PieceType t, Square s) {
    pieces[c][t] |= bit(s);
    color[c] |= bit(s);
  }
  void remove(Color c, PieceType t, Square s) {
    pieces[c][t] &= ~bit(s);
    color[c] &= ~bit(s);
  }
  PieceType piece_on(Color c, Square s) const {
    for (int t = 0; t < 6; ++t)
      if (pieces[c][t] & bit(s)) return static_cast<PieceType>(t);
    return kNoPiece;
  }
  friend bool operator==(const Board&, const Board&) = default;
};

struct Move {
  std::uint8_t from = 0, to = 0;
  PieceType piece = kNoPiece, captured = kNoPiece, promotion = kNoPiece;
  // Moves that leave the table: its material changes.
  bool converts() const { return captured != kNoPiece || promotion != kNoPiece; }
};

inline Color opponent(Color c) {
  return static_cast<Color>(c ^ 1);
}

// Whether square s is attacked by colour `by`, whose pieces are p, with
// the given occupancy.
[[gnu::always_inline]] inline bool attacked_by(const std::array<Bitboard, 6>& p, Color by, Square s,
                                               Bitboard occ) {
  if ((kAttacks.knight[s] & p[kKnight]) || (kAttacks.king[s] & p[kKing]) ||
      (kAttacks.pawn[opponent(by)][s] & p[kPawn]))
    return true;
  // Endings have few sliders: test each one in line with s for blockers
  // rather than casting rays from s.
  const Bitboard straight = p[kRook] | p[kQueen], diagonal = p[kBishop] | p[kQueen];
  for (Bitboard aligned = (kAttacks.rook_empty[s] & straight) | (kAttacks.bishop_empty[s] & diagonal);
       aligned;)
    if (!(kAttacks.between[s][pop_lsb(aligned)] & occ)) return true;
  return false;
}

inline bool attacked(const Board& b, Square s, Color by, Bitboard occ) {
  return attacked_by(b.pieces[by], by, s, occ);
}

inline bool in_check(const Board& b, Color c) {
  return attacked(b, b.king(c), opponent(c), b.occupied());
}

// The position after move m (which must be pseudo-legal in b).
inline Board make_move(Board b, const Move& m) {
  const Color us = b.stm, them = opponent(us);
  b.remove(us, m.piece, m.from);
  if (m.captured != kNoPiece) b.remove(them, m.captured, m.to);
  b.put(us, m.promotion != kNoPiece ? m.promotion : m.piece, m.to);
  b.stm = them;
  return b;
}

// The same position with colours swapped; pawns then run the other way,
// so with pawns the board is also flipped top to bottom.
inline Board swap_colors(const Board& b, bool flip) {
  Board out;
  for (int c = 0; c < 2; ++c) {
    for (int t = 0; t < 6; ++t) out.pieces[c][t] = flip ? flip_ranks(b.pieces[c ^ 1][t]) : b.pieces[c ^ 1][t];
    out.color[c] = flip ? flip_ranks(b.color[c ^ 1]) : b.color[c ^ 1];
  }
  out.stm = opponent(b.stm);
  return out;
}

inline Board transform(const Board& b, int sym) {
  Board out;
  for (int c = 0; c < 2; ++c) {
    for (int t = 0; t < 6; ++t) out.pieces[c][t] = transform(b.pieces[c][t], sym);
    out.color[c] = transform(b.color[c], sym);
  }
  out.stm = b.stm;
  return out;
}

}  // namespace rtb::chess
