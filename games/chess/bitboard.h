// Squares, bitboards, attack sets and the 8 board symmetries. Square 0 is
// a1, 7 is h1, 63 is h8. Sliding attacks use rays stopped at the first
// blocker: with at most 5 pieces on the board this is as fast as magics
// and needs no tables beyond 64 x 8 rays.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace rtb::chess {

using Bitboard = std::uint64_t;
using Square = int;

enum Color : int { kWhite = 0, kBlack = 1 };
// The order of strength used in material names (KQRvK) and index slots.
enum PieceType : int { kKing = 0, kQueen, kRook, kBishop, kKnight, kPawn, kNoPiece };

constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Square make_square(int file, int rank) {
  return rank * 8 + file;
}
constexpr Bitboard bit(Square s) {
  return Bitboard{1} << s;
}
inline Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

constexpr Bitboard kRank1 = 0xFFull, kRank8 = kRank1 << 56;
constexpr Bitboard kFileA = 0x0101010101010101ull;
constexpr Bitboard kDiagonalA1H8 = 0x8040201008040201ull;
constexpr Bitboard kDiagonalA8H1 = 0x0102040810204080ull;

struct AttackTables {
  std::array<Bitboard, 64> king{}, knight{};
  std::array<std::array<Bitboard, 64>, 2> pawn{};         // squares a pawn of each colour attacks
  std::array<std::array<Bitboard, 8>, 64> ray{};          // by direction; 0..3 go to higher squares
  std::array<std::array<Bitboard, 64>, 64> between{};     // strictly between two aligned squares
  std::array<Bitboard, 64> rook_empty{}, bishop_empty{};  // attacks on an empty board
};
extern const AttackTables kAttacks;

// Directions 0..3 (N, E, NE, NW) increase the square; 4..7 (S, W, SW, SE)
// decrease it, so the first blocker is the lowest or highest bit.
[[gnu::always_inline]] inline Bitboard ray_attacks(Square s, int dir, Bitboard occupied) {
  const Bitboard ray = kAttacks.ray[s][dir];
  const Bitboard blockers = ray & occupied;
  if (!blockers) return ray;
  const Square b = dir < 4 ? lsb(blockers) : 63 - std::countl_zero(blockers);
  return ray ^ kAttacks.ray[b][dir];
}
[[gnu::always_inline]] inline Bitboard rook_attacks(Square s, Bitboard occ) {
  return ray_attacks(s, 0, occ) | ray_attacks(s, 1, occ) | ray_attacks(s, 4, occ) | ray_attacks(s, 5, occ);
}
[[gnu::always_inline]] inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  return ray_attacks(s, 2, occ) | ray_attacks(s, 3, occ) | ray_attacks(s, 6, occ) | ray_attacks(s, 7, occ);
}
[[gnu::always_inline]] inline Bitboard attacks(PieceType t, Color c, Square s, Bitboard occ) {
  switch (t) {
    case kKing:
      return kAttacks.king[s];
    case kQueen:
      return rook_attacks(s, occ) | bishop_attacks(s, occ);
    case kRook:
      return rook_attacks(s, occ);
    case kBishop:
      return bishop_attacks(s, occ);
    case kKnight:
      return kAttacks.knight[s];
    default:
      return kAttacks.pawn[c][s];
  }
}

// The symmetries of the square: bit 0 mirrors the files (a<->h), bit 1 the
// ranks (1<->8), bit 2 then swaps files and ranks (the a1-h8 flip).
constexpr Square transform(Square s, int sym) {
  int f = file_of(s), r = rank_of(s);
  if (sym & 1) f = 7 - f;
  if (sym & 2) r = 7 - r;
  if (sym & 4) return make_square(r, f);
  return make_square(f, r);
}
constexpr int inverse(int sym) {
  // A flip composed with the swap is undone by the swapped flip.
  return (sym & 4) ? 4 | ((sym & 1) << 1) | ((sym & 2) >> 1) : sym;
}

inline Bitboard mirror_files(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}
inline Bitboard flip_ranks(Bitboard b) {
  return __builtin_bswap64(b);
}
inline Bitboard flip_diagonal(Bitboard b) {  // a1-h8 transpose
  Bitboard t = 0x0F0F0F0F00000000ull & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}
inline Bitboard transform(Bitboard b, int sym) {
  if (sym & 1) b = mirror_files(b);
  if (sym & 2) b = flip_ranks(b);
  if (sym & 4) b = flip_diagonal(b);
  return b;
}

}  // namespace rtb::chess
