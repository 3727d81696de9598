// Forward move generation: every legal move of the side to move, with the
// position it leads to. Promotion is to queen, rook, bishop or knight; there
// is no castling and no en passant (see position.h).
#pragma once

#include <bit>
#include <cstdint>

#include "games/chess/position.h"

namespace rtb::chess {

inline constexpr PieceType kPromotions[4] = {kQueen, kRook, kBishop, kKnight};

namespace detail {
// Pieces of the side to move that stand alone between their king and an
// enemy slider: only they (and the king, and any piece when in check) can
// make a pseudo-legal move that is illegal.
inline Bitboard pinned(const Board& b) {
  const Color us = b.stm, them = opponent(us);
  const Square k = b.king(us);
  const auto& p = b.pieces[them];
  const Bitboard snipers = (kAttacks.rook_empty[k] & (p[kRook] | p[kQueen])) |
                           (kAttacks.bishop_empty[k] & (p[kBishop] | p[kQueen]));
  Bitboard out = 0;
  for (Bitboard s = snipers; s;) {
    const Bitboard between = kAttacks.between[k][pop_lsb(s)] & b.occupied();
    if (between && !(between & (between - 1)) && (between & b.color[us])) out |= between;
  }
  return out;
}

// Calls f(move, after) for a pseudo-legal move that keeps the mover's king
// safe; `safe` says the move cannot expose it, so no test is needed.
template <class F>
inline void emit_if_legal(const Board& b, const Move& m, bool safe, F& f) {
  const Board after = make_move(b, m);
  if (safe || !in_check(after, b.stm)) f(m, after);
}

template <class F>
inline void emit_to(const Board& b, PieceType piece, Square from, Bitboard targets, bool safe, F& f) {
  const Color them = opponent(b.stm);
  while (targets) {
    Move m;
    m.from = static_cast<std::uint8_t>(from);
    m.to = static_cast<std::uint8_t>(pop_lsb(targets));
    m.piece = piece;
    if (b.color[them] & bit(m.to)) m.captured = b.piece_on(them, m.to);
    if (piece == kPawn && (bit(m.to) & (kRank1 | kRank8))) {
      for (PieceType p : kPromotions) {
        m.promotion = p;
        emit_if_legal(b, m, safe, f);
      }
    } else {
      emit_if_legal(b, m, safe, f);
    }
  }
}

inline Bitboard pawn_targets(const Board& b, Square from) {
  const Color us = b.stm;
  const Bitboard empty = ~b.occupied();
  const int step = us == kWhite ? 8 : -8;
  Bitboard targets = kAttacks.pawn[us][from] & b.color[opponent(us)];
  const Square one = from + step;
  if (empty & bit(one)) {
    targets |= bit(one);
    const int start_rank = us == kWhite ? 1 : 6;
    if (rank_of(from) == start_rank && (empty & bit(one + step))) targets |= bit(one + step);
  }
  return targets;
}
// Calls f(piece, from, targets) for every piece of b.stm from type `first`
// on, in the order K Q R B N P and squares ascending; targets are the
// squares it reaches that hold no piece of its own (for a pawn: pushes and
// captures).
template <class F>
inline void for_each_piece(const Board& b, PieceType first, F&& f) {
  const Color us = b.stm;
  const Bitboard own = b.color[us], occ = b.occupied();
  for (int t = first; t <= kPawn; ++t) {
    const PieceType piece = static_cast<PieceType>(t);
    for (Bitboard from_set = b.pieces[us][t]; from_set;) {
      const Square from = pop_lsb(from_set);
      f(piece, from, piece == kPawn ? pawn_targets(b, from) : attacks(piece, us, from, occ) & ~own);
    }
  }
}

// Calls f(Move, Board after) for every legal move of b.stm onto `onto`.
template <class F>
void legal_moves_onto(const Board& b, Bitboard onto, F& f) {
  const Bitboard unsafe = in_check(b, b.stm) ? ~Bitboard{0} : pinned(b) | b.pieces[b.stm][kKing];
  for_each_piece(b, kKing, [&](PieceType piece, Square from, Bitboard targets) {
    emit_to(b, piece, from, targets & onto, !(unsafe & bit(from)), f);
  });
}
}  // namespace detail

// Calls f(Move, Board after) for every legal move of b.stm, pieces in the
// order K Q R B N P and squares ascending: moves() and move_names() rely on
// this order being the same every time.
template <class F>
void legal_moves(const Board& b, F&& f) {
  detail::legal_moves_onto(b, ~Bitboard{0}, f);
}

// The captures among legal_moves(b), in their order.
template <class F>
void legal_captures(const Board& b, F&& f) {
  detail::legal_moves_onto(b, b.color[opponent(b.stm)], f);
}

// Whether f(Move, Board after) holds for a capture of legal_captures(b);
// f is not called after the first that holds.
template <class F>
bool any_legal_capture(const Board& b, F&& f) {
  bool found = false;
  legal_captures(b, [&](const Move& m, const Board& after) { found = found || f(m, after); });
  return found;
}

// The squares colour c attacks with occupancy occ.
inline Bitboard attacked_squares(const Board& b, Color c, Bitboard occ) {
  Bitboard out = 0;
  for (int t = kKing; t <= kPawn; ++t)
    for (Bitboard s = b.pieces[c][t]; s;) out |= attacks(static_cast<PieceType>(t), c, pop_lsb(s), occ);
  return out;
}

// The number of legal moves of b.stm that neither capture nor promote (the
// moves that keep a table's material), counted without making them;
// leaves(move, after) is called for every legal capture and promotion, in
// the order of legal_moves(). A piece that is neither pinned nor moving
// out of check adds the popcount of its targets.
template <class Leaves>
std::uint32_t count_quiet_moves(const Board& b, Leaves&& leaves) {
  const Color us = b.stm, them = opponent(us);
  const Bitboard own = b.color[us], enemy = b.color[them], occ = b.occupied();
  const Square king = b.king(us);
  // The king may not step where it would be attacked once it has left its
  // square; the same map says whether it is in check.
  const Bitboard danger = attacked_squares(b, them, occ ^ bit(king));
  const Bitboard king_targets = kAttacks.king[king] & ~own & ~danger;
  std::uint32_t quiet = static_cast<std::uint32_t>(std::popcount(king_targets & ~occ));
  detail::emit_to(b, kKing, king, king_targets & enemy, true, leaves);
  const Bitboard unsafe = (danger & bit(king)) ? ~Bitboard{0} : detail::pinned(b);
  detail::for_each_piece(b, kQueen, [&](PieceType piece, Square from, Bitboard targets) {
    const Bitboard converting = targets & (piece == kPawn ? enemy | kRank1 | kRank8 : enemy);
    const bool safe = !(unsafe & bit(from));
    if (safe) {
      quiet += static_cast<std::uint32_t>(std::popcount(targets & ~converting));
    } else {
      for (Bitboard to = targets & ~converting; to;) {
        const Square s = pop_lsb(to);
        quiet += !attacked(b, king, them, occ ^ bit(from) ^ bit(s));
      }
    }
    detail::emit_to(b, piece, from, converting, safe, leaves);
  });
  return quiet;
}

// Calls f(from, to) for every legal pawn move that neither captures nor
// promotes (those count_quiet_moves() counts among the quiet moves).
template <class F>
void pawn_pushes(const Board& b, F&& f) {
  const Color us = b.stm, them = opponent(us);
  const Bitboard occ = b.occupied();
  const Square king = b.king(us);
  const Bitboard unsafe = in_check(b, us) ? ~Bitboard{0} : detail::pinned(b);
  for (Bitboard pawns = b.pieces[us][kPawn]; pawns;) {
    const Square from = pop_lsb(pawns);
    for (Bitboard to = detail::pawn_targets(b, from) & ~b.color[them] & ~(kRank1 | kRank8); to;) {
      const Square s = pop_lsb(to);
      if ((unsafe & bit(from)) && attacked(b, king, them, occ ^ bit(from) ^ bit(s))) continue;
      f(from, s);
    }
  }
}

// Calls f(Board after) for every legal en-passant capture onto `ep` (the
// square a pawn just skipped). Tables hold no en-passant rights, so only the
// probing path of a FEN with an en-passant square needs these.
template <class F>
void en_passant_captures(const Board& b, Square ep, F&& f) {
  const Color us = b.stm, them = opponent(us);
  const Square victim = us == kWhite ? ep - 8 : ep + 8;
  if (ep < 0 || ep > 63 || (b.occupied() & bit(ep)) || !(b.pieces[them][kPawn] & bit(victim))) return;
  for (Bitboard takers = kAttacks.pawn[them][ep] & b.pieces[us][kPawn]; takers;) {
    Board after = b;
    after.remove(us, kPawn, pop_lsb(takers));
    after.put(us, kPawn, ep);
    after.remove(them, kPawn, victim);
    after.stm = them;
    if (!in_check(after, us)) f(after);
  }
}

inline int count_legal_moves(const Board& b) {
  int n = 0;
  legal_moves(b, [&](const Move&, const Board&) { ++n; });
  return n;
}

}  // namespace rtb::chess
