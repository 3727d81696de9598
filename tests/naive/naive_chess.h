// A plain chess move generator for cross-checking games/chess: a 64-square
// mailbox, pieces stepped square by square with (file, rank) deltas, and a
// king "in check" when some enemy piece's pseudo move lands on it. Written
// without bitboards, tables or anything from games/chess.
#pragma once

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

namespace naive_chess {

// 0 empty; 1..6 white K Q R B N P; -1..-6 black. Square = rank * 8 + file.
struct Position {
  std::array<int, 64> sq{};
  int side = 1;  // 1 white to move, -1 black
  std::string key() const {
    std::string k(65, '.');
    for (int s = 0; s < 64; ++s) k[s] = static_cast<char>('A' + sq[s] + 6);
    k[64] = side > 0 ? 'w' : 'b';
    return k;
  }
};

inline bool inside(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

// Squares the piece on `from` attacks or may move to, captures included
// (pawn pushes excluded: see pawn_pushes).
inline std::vector<int> reach(const Position& p, int from) {
  static const int kdir[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  static const int ndir[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
  const int piece = std::abs(p.sq[from]), color = p.sq[from] > 0 ? 1 : -1;
  const int f0 = from % 8, r0 = from / 8;
  std::vector<int> out;
  auto slide = [&](int first, int last) {
    for (int d = first; d < last; ++d)
      for (int f = f0 + kdir[d][0], r = r0 + kdir[d][1]; inside(f, r); f += kdir[d][0], r += kdir[d][1]) {
        out.push_back(r * 8 + f);
        if (p.sq[r * 8 + f]) break;
      }
  };
  if (piece == 1 || piece == 5)
    for (const auto& d : piece == 1 ? kdir : ndir)
      if (inside(f0 + d[0], r0 + d[1])) out.push_back((r0 + d[1]) * 8 + f0 + d[0]);
  if (piece == 2) slide(0, 8);
  if (piece == 3) slide(0, 4);
  if (piece == 4) slide(4, 8);
  if (piece == 6)
    for (int df : {-1, 1})
      if (inside(f0 + df, r0 + color)) out.push_back((r0 + color) * 8 + f0 + df);
  return out;
}

inline bool king_attacked(const Position& p, int color) {
  int king = -1;
  for (int s = 0; s < 64; ++s)
    if (p.sq[s] == color) king = s;
  for (int s = 0; s < 64; ++s)
    if (p.sq[s] * color < 0)
      for (int t : reach(p, s))
        if (t == king) return true;
  return false;
}

// Every legal position after a move of p.side (promotions to Q, R, B, N).
inline std::vector<Position> successors(const Position& p) {
  std::vector<Position> out;
  auto add = [&](int from, int to, int piece) {
    Position q = p;
    q.sq[to] = piece;
    q.sq[from] = 0;
    q.side = -p.side;
    if (!king_attacked(q, p.side)) out.push_back(q);
  };
  auto add_pawn = [&](int from, int to) {
    if (to / 8 == 0 || to / 8 == 7)
      for (int promo : {2, 3, 4, 5}) add(from, to, promo * p.side);
    else
      add(from, to, 6 * p.side);
  };
  for (int s = 0; s < 64; ++s) {
    if (p.sq[s] * p.side <= 0) continue;
    const bool pawn = std::abs(p.sq[s]) == 6;
    for (int t : reach(p, s)) {
      if (p.sq[t] * p.side > 0) continue;  // own piece
      if (pawn && p.sq[t] == 0) continue;  // a pawn takes diagonally only
      if (pawn)
        add_pawn(s, t);
      else
        add(s, t, p.sq[s]);
    }
    if (!pawn) continue;
    const int one = s + 8 * p.side;
    if (one < 0 || one > 63 || p.sq[one]) continue;
    add_pawn(s, one);
    const int start = p.side > 0 ? 1 : 6;
    if (s / 8 == start && !p.sq[one + 8 * p.side]) add_pawn(s, one + 8 * p.side);
  }
  return out;
}

}  // namespace naive_chess
