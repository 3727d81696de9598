#include "games/chess/bitboard.h"

#include <cstdlib>

namespace rtb::chess {
namespace {

bool on_board(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

Bitboard steps(Square s, const int (*d)[2], int n) {
  Bitboard b = 0;
  for (int k = 0; k < n; ++k) {
    const int f = file_of(s) + d[k][0], r = rank_of(s) + d[k][1];
    if (on_board(f, r)) b |= bit(make_square(f, r));
  }
  return b;
}

AttackTables build() {
  AttackTables t;
  static const int king[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int white_pawn[2][2] = {{-1, 1}, {1, 1}}, black_pawn[2][2] = {{-1, -1}, {1, -1}};
  // N, E, NE, NW increase the square; S, W, SW, SE decrease it.
  static const int dirs[8][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    t.king[s] = steps(s, king, 8);
    t.knight[s] = steps(s, knight, 8);
    t.pawn[kWhite][s] = steps(s, white_pawn, 2);
    t.pawn[kBlack][s] = steps(s, black_pawn, 2);
    for (int d = 0; d < 8; ++d) {
      Bitboard ray = 0;
      for (int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1]; on_board(f, r);
           f += dirs[d][0], r += dirs[d][1])
        ray |= bit(make_square(f, r));
      t.ray[s][d] = ray;
      (d == 0 || d == 1 || d == 4 || d == 5 ? t.rook_empty[s] : t.bishop_empty[s]) |= ray;
    }
  }
  for (Square a = 0; a < 64; ++a)
    for (int d = 0; d < 8; ++d)
      for (Bitboard r = t.ray[a][d]; r;) {
        const Square b = pop_lsb(r);
        t.between[a][b] = t.ray[a][d] & t.ray[b][(d + 4) % 8];
      }
  return t;
}

}  // namespace

const AttackTables kAttacks = build();

}  // namespace rtb::chess
