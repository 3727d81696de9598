// The index of a table: side to move x white-king slot x 6 bits per other
// piece. The 8 board symmetries are folded in without pawns (the white king
// in the a1-d1-d4 triangle, 10 slots) and the left-right mirror with pawns
// (the white king on files a-d, 32 slots). When the white king is on the
// a1-h8 diagonal, the position and its transpose both have it in the
// triangle; the smaller of their two indices is the canonical one. Pieces
// of one kind take consecutive slots with their squares ascending, so a set
// of identical pieces has one index; the other orders are broken indices.
//
// Slot order after the white king: the black king, then the white pieces,
// then the black ones, each side strongest first.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "games/chess/material.h"
#include "games/chess/position.h"
#include "games/game.h"

namespace rtb::chess {

namespace index_tables {
constexpr bool in_triangle(Square s) {
  return file_of(s) <= 3 && rank_of(s) <= file_of(s);
}
constexpr bool on_diagonal(Square s) {
  return file_of(s) == rank_of(s);
}

struct Tables {
  std::array<std::array<std::uint8_t, 64>, 8> map{};  // [symmetry][square]
  std::array<int, 64> sym{};        // without pawns: a symmetry taking the square into the triangle
  std::array<int, 64> slot{};       // without pawns: the triangle slot, or -1
  std::array<int, 64> pawn_slot{};  // with pawns: the a-d half slot, or -1
  std::array<Square, 10> square{};  // slot -> square, without pawns
  std::array<Square, 32> pawn_square{};
};

constexpr Tables make_tables() {
  Tables t;
  int n = 0;
  for (Square s = 0; s < 64; ++s) {
    for (int sym = 0; sym < 8; ++sym) t.map[sym][s] = static_cast<std::uint8_t>(transform(s, sym));
    t.slot[s] = in_triangle(s) ? n : -1;
    if (in_triangle(s)) t.square[n++] = s;
    t.pawn_slot[s] = file_of(s) <= 3 ? rank_of(s) * 4 + file_of(s) : -1;
    if (file_of(s) <= 3) t.pawn_square[rank_of(s) * 4 + file_of(s)] = s;
    for (int sym = 7; sym >= 0; --sym)  // the lowest symmetry that works
      if (in_triangle(transform(s, sym))) t.sym[s] = sym;
  }
  return t;
}
inline constexpr Tables kTables = make_tables();
}  // namespace index_tables

// Insertion sort for the few squares of a group of identical pieces.
inline void sort_squares(Square* a, int n) {
  for (int k = 1; k < n; ++k)
    for (int j = k; j > 0 && a[j - 1] > a[j]; --j) std::swap(a[j - 1], a[j]);
}

class Layout {
 public:
  explicit Layout(const Material& m);  // m in canonical orientation

  const Material& material() const { return material_; }
  bool pawns() const { return pawns_; }
  Index size() const { return 2 * per_side_; }
  Color side_to_move(Index i) const { return i >= per_side_ ? kBlack : kWhite; }

  // The canonical index of b, which must have this material in this
  // orientation (legal or not). With `stabilizer`, also how many of the
  // symmetries map b onto itself (1 or 2).
  Index index(const Board& b, int* stabilizer = nullptr) const {
    std::array<Square, 8> squares;
    int n = 0;
    for (const Slot& slot : std::span(slot_.data(), n_slots_))  // a group's squares come out ascending
      if (slot.group_first == n)
        for (Bitboard set = b.pieces[slot.color][slot.type]; set;) squares[n++] = pop_lsb(set);
    return from_squares(squares.data(), b.stm, stabilizer);
  }
  // The same, from each slot's square (index order: the white king, the
  // black king, then the others; a group's squares ascending).
  Index index(const Square* squares, Color stm) const { return from_squares(squares, stm, nullptr); }
  // The symmetry index(squares, stm) turns these squares by; `transposed`:
  // it also compares the position turned by sym ^ 4, the a1-h8 transpose
  // (a table without pawns, its white king turned onto that diagonal), and
  // the index is the smaller of oriented() by the two.
  int symmetry(const Square* squares, bool& transposed) const {
    using index_tables::kTables;
    transposed = false;
    if (pawns_) return file_of(squares[0]) >= 4 ? 1 : 0;
    const int sym = kTables.sym[squares[0]];
    transposed = index_tables::on_diagonal(kTables.map[sym][squares[0]]);
    return sym;
  }
  // The index of the squares turned by `sym`, whether canonical or not.
  Index oriented(const Square* squares, Color stm, int sym) const {
    return encode_squares(squares, stm, sym);
  }
  // What oriented(squares, stm, sym) gains when the piece of slot k > 0,
  // alone in its group, moves from `from` to the empty square `to`
  // (modulo 2^64).
  Index moved(int k, int sym, Square from, Square to) const {
    const auto& map = index_tables::kTables.map[sym];
    return (Index(map[to]) - Index(map[from])) << slot_[k].shift;
  }
  // The board of index i; false for a broken index (two pieces on a
  // square, identical pieces out of order, a pawn on rank 1 or 8).
  bool decode(Index i, Board& b) const { return decode(i, b, nullptr); }

  // A decoded index with what after_move() needs.
  struct Decoded {
    Board board;
    std::array<Square, 8> square;  // by slot: the white king, the black king, the others in index order
    Index flipped;                 // the index with the other side to move
    Index flipped_transposed;  // the same, transposed (a table without pawns, its white king on the diagonal)
    bool diagonal;             // without pawns, the white king on the a1-h8 diagonal
  };
  bool decode(Index i, Decoded& d) const;

  // Calls f(first, last) for ranges of indices, `stm` to move, that hold
  // together every index whose slot k > 0 stands on one of `squares` (in
  // the index's own orientation): below each value of the fields above
  // slot k's, a run of squares is a run of indices.
  template <class F>
  void for_each_range_on(Color stm, int k, Bitboard squares, F&& f) const {
    const int shift = slot_[k].shift;
    const Index base = stm == kWhite ? 0 : per_side_;
    for (Index high = 0; high < per_side_ >> (shift + 6); ++high) {
      const Index first = base + (high << (shift + 6));
      for (Bitboard run = squares; run;) {
        const int lo = std::countr_zero(run);
        const int hi = lo + std::countr_one(run >> lo);
        f(first + (Index(lo) << shift), first + (Index(hi) << shift));
        run = hi == 64 ? 0 : run & (~Bitboard{0} << hi);
      }
    }
  }

  // The slots of the index, for generating moves on indices directly.
  int slots() const { return n_slots_; }
  Color slot_color(int k) const { return slot_[k].color; }
  PieceType slot_type(int k) const { return slot_[k].type; }

  // The index after the piece in slot k of d moves to the empty square
  // `to`, the other side then to move. Most moves change one 6-bit field;
  // with the white king on the a1-h8 diagonal of a table without pawns the
  // transposed position's index changes one field too, and the smaller
  // wins; a white-king move changes its slot, unless it leaves the king's
  // region or steps onto the diagonal: then it goes through the
  // symmetries. With `stabilizer`, as index().
  [[gnu::always_inline]] Index after_move(const Decoded& d, int k, Square to,
                                          int* stabilizer = nullptr) const {
    using index_tables::kTables;
    const Slot& slot = slot_[k];
    if (d.diagonal || slot.group_size > 1) return after_move_slow(d, k, to, stabilizer);
    if (k == 0) {  // a white king staying in its region (off the diagonal) changes its slot only
      const int to_slot = pawns_ ? kTables.pawn_slot[to] : kTables.slot[to];
      if (to_slot < 0 || (!pawns_ && index_tables::on_diagonal(to)))
        return after_move_slow(d, k, to, stabilizer);
      const int from_slot = pawns_ ? kTables.pawn_slot[d.square[0]] : kTables.slot[d.square[0]];
      if (stabilizer) *stabilizer = 1;
      return d.flipped + ((Index(to_slot) - Index(from_slot)) << shift_);
    }
    if (stabilizer) *stabilizer = 1;
    return d.flipped + ((Index(to) - Index(d.square[k])) << slot.shift);  // modulo 2^64, exact
  }

  // A real position in canonical form, with the side not to move not in check.
  bool legal(Index i) const {
    Board b;
    return decode_legal(i, b);
  }
  // decode() and legal() at once: the board of i if i is legal.
  bool decode_legal(Index i, Board& b) const;
  bool decode_legal(Index i, Decoded& d) const;
  class Scan;

  // The slot of the piece on square s of d.
  int slot_on(const Decoded& d, Square s) const {
    int k = 0;
    while (d.square[k] != s) ++k;
    return k;
  }
  // The positions over the full board that index i stands for (legal i).
  int class_size(Index i) const;
  // How many symmetries map a canonical board onto itself (1 or 2).
  int stabilizer(const Board& canonical) const;

 private:
  struct Slot {
    Color color;
    PieceType type;
    int shift;                    // of its 6-bit field; the white king's slot number sits above the others
    int group_first, group_size;  // the run of identical pieces it belongs to
    Bitboard refused;             // squares the piece never stands on (a pawn's first and last ranks)
  };
  bool decode(Index i, Board& b, Square* squares) const;
  // Puts the white king of index i, with `rest` its index past the side to
  // move, on an empty b; returns its square.
  Square place_white_king(Index rest, Board& b) const;
  // Puts the pieces of slots [first, last) of `rest` on b, as decode() does,
  // squares[k] each one's square and `occupied` the squares taken; false
  // where the index is broken (b is then part-filled).
  bool place_slots(Index rest, int first, int last, Board& b, Square* squares, Bitboard& occupied) const;
  // Kings on one square or side by side, pawns on the first or last rank.
  bool refused_early(Index i) const;
  // Kings on one square or side by side, `rest` the index past the side to move.
  bool kings_clash(Index rest) const;
  // The rest of legal(): the side not to move is not in check, and a
  // position symmetric in the a1-h8 diagonal has the smaller index.
  bool legal_decoded(Index i, const Board& b, const Square* squares) const;
  // The same, transposed() giving the index of the position turned by the
  // a1-h8 transpose (asked only with the white king on that diagonal).
  template <class Transposed>
  bool legal_decoded_with(Index i, const Board& b, const Transposed& transposed) const {
    if (in_check(b, opponent(b.stm))) return false;
    if (!pawns_ && index_tables::on_diagonal(b.king(kWhite))) return transposed() >= i;
    return true;
  }
  Index after_move_slow(const Decoded& d, int k, Square to, int* stabilizer) const;
  // The canonical index of a position given slot by slot (see Decoded).
  Index from_squares(const Square* squares, Color stm, int* stabilizer) const;
  Index encode_squares(const Square* squares, Color stm, int sym) const;

  Material material_;
  bool pawns_;
  std::array<Slot, 8> slot_{};
  int n_slots_ = 0;
  bool all_distinct_;  // no two pieces alike: no group needs sorting
  int shift_;          // 6 bits per slot after the white king
  int king_slots_;
  Index per_side_;
};

// Decodes indices asked in increasing order, as Layout::decode_legal()
// does: where an index differs from the one before only in its last slot's
// square (63 steps in 64 of a scan in index order), the other pieces stay
// on the board and that piece alone is moved. Any order is answered right;
// other steps cost a full decode. For one thread.
class Layout::Scan {
 public:
  explicit Scan(const Layout& layout) : layout_(layout) {}
  // The decoded index i, or nullptr where i is not legal; valid until the
  // next call.
  const Decoded* decode_legal(Index i);

 private:
  // The pieces before the last slot, for the 64 indices of `prefix`.
  void place_prefix(Index prefix);

  const Layout& layout_;
  Decoded d_{};
  Index prefix_ = kNoIndex;    // i >> 6 of the indices whose other pieces are placed
  bool prefix_fits_ = false;   // those pieces make no broken index
  Bitboard last_refused_ = 0;  // squares the last slot's piece cannot take after them
  Bitboard last_ = 0;          // the last slot's piece, if on d_.board
  // Without pawns, the white king on the a1-h8 diagonal and no two pieces
  // alike: the transposed indices (Decoded) but for the last slot's field.
  Index transposed_ = 0, flipped_transposed_ = 0;
};

}  // namespace rtb::chess
