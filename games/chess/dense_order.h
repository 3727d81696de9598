// A denser listing of a table without pawns for its class and depth
// streams than the index's digits (stream_order.h). The pieces are listed
// group by group (a group: the identical pieces of one kind), in an order
// the table chooses. The first group is a single piece, the symmetry
// piece: the board is turned so that it stands in the a1-d1-d4 triangle
// (10 places). Each later group is the combination of its squares among
// those the groups before it left free, so no place lists two pieces on a
// square or identical pieces twice. Where the symmetry piece stands on
// the a1-h8 diagonal, a position and its transpose both list; the smaller
// place is the position's, the other is a duplicate that the stream may
// fill as it likes. Which piece leads matters: the defending king, say,
// often gives the most regular sequence of depths, as Syzygy's files also
// find. The 35 tables' depth streams are a sixth smaller than in the
// index's digits (KQvKR's by 30%).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "games/chess/index.h"

namespace rtb::chess {

class DenseOrder {
 public:
  static constexpr int kMaxGroups = 7;
  // `groups[k]` is the group listed k-th, groups numbered in the layout's
  // slot order (index.h). nullopt with pawns, where `groups` is not a
  // permutation of the layout's groups, or where the first is not one piece.
  static std::optional<DenseOrder> make(const Layout& layout, const std::vector<int>& groups);
  // The same, from tag(); nullopt for a tag that is no dense order of this layout.
  static std::optional<DenseOrder> from_tag(const Layout& layout, std::uint32_t tag);
  // Every dense order of the layout (none with pawns).
  static std::vector<DenseOrder> all(const Layout& layout);

  // 0xF in the top four bits (no digit order has as many digits), the
  // count of groups in the next four, then three bits per place.
  std::uint32_t tag() const;
  static bool is_dense(std::uint32_t tag) { return tag >> 28 == 0xF; }

  // Places per side to move, times two (White to move first).
  Index size() const { return 2 * per_side_; }
  // The places of the positions with `side` to move (0 White, 1 Black).
  std::pair<Index, Index> side_places(int side) const {
    return side == 0 ? std::pair{Index{0}, per_side_} : std::pair{per_side_, 2 * per_side_};
  }
  // The place of b, which has the layout's material in its orientation
  // (any of the 8 symmetries, legal or not).
  Index place(const Board& b) const;

  // Calls f(y, i) for y = lo .. hi - 1: i is the canonical index of the
  // position listed at y, or kNoIndex at a duplicate place. The places
  // count up like an odometer: a step moves the last group's pieces.
  template <class F>
  void walk(Index lo, Index hi, F&& f) const {
    if (lo >= hi) return;
    const int last = groups_ - 1;
    if (group_[last].size == 1 && group_[last].first_slot != 0)
      walk_lone_last(lo, hi, f);
    else
      walk_any(lo, hi, f);
  }

 private:
  struct Group {
    Color color;
    PieceType type;
    int size;
    int first_slot;  // in the layout's slot order
    Index radix;     // the symmetry piece's 10 places, or the combinations of its squares among the free ones
  };
  using Sets = std::array<Bitboard, kMaxGroups>;  // squares of each listed group
  // A place being walked: its digits (one per listed group) and board.
  struct Cursor {
    Color stm;
    Index own;  // the place among its side's
    std::array<Index, kMaxGroups> digit;
    Sets sets;
    std::array<Square, 8> squares;  // by slot, for Layout::index
    Bitboard below_last;            // the squares of the groups before the last
  };

  // A walked place's index, in the orientation the layout turns it to
  // and, where it compares the transpose too, in that one.
  struct Oriented {
    int sym;
    bool transposed;
    Index plain, turned;
    Index index() const { return transposed ? std::min(plain, turned) : plain; }
  };

  // Step by step: the last group is the white king or more than one piece.
  template <class F>
  void walk_any(Index lo, Index hi, F& f) const {
    const int last = groups_ - 1;
    Cursor c = cursor(lo);
    int before = duplicate_before_last(c);
    for (Index y = lo;; ++y) {
      const bool duplicate = before != 0 ? before > 0 : duplicate_by_last(c.sets[last], c.digit[last], c);
      f(y, duplicate ? kNoIndex : oriented(c).index());
      if (y + 1 == hi) return;
      if (advance(c) < last) before = duplicate_before_last(c);
    }
  }

  // Most orders end in a lone piece other than the white king (a sweep of
  // it over the free squares lists most places): through a sweep the
  // index changes in that piece's field alone (in both orientations the
  // index compares), and only that piece can still decide whether a place
  // is a duplicate.
  template <class F>
  void walk_lone_last(Index lo, Index hi, F& f) const {
    const int last = groups_ - 1, slot = group_[last].first_slot;
    Cursor c = cursor(lo);
    for (Index y = lo;;) {
      const Oriented at = oriented(c);
      const int before = duplicate_before_last(c);
      const Square start = c.squares[slot];
      const Index count = std::min(group_[last].radix - c.digit[last], hi - y);
      Bitboard free = ~c.below_last & (~Bitboard{0} << start);
      for (Index k = 0; k < count; ++k, free &= free - 1) {
        const Square s = lsb(free);
        Index i = at.plain + layout_.moved(slot, at.sym, start, s);
        if (at.transposed) i = std::min(i, at.turned + layout_.moved(slot, at.sym ^ 4, start, s));
        const bool duplicate = before != 0 ? before > 0 : duplicate_by_last(bit(s), c.digit[last] + k, c);
        f(y + k, duplicate ? kNoIndex : i);
      }
      y += count;
      if (y == hi) return;
      // To the sweep's last place, then on to the next sweep.
      c.own += count - 1;
      c.digit[last] += count - 1;
      advance(c);
    }
  }

  explicit DenseOrder(const Layout& layout) : layout_(layout) {}
  Oriented oriented(const Cursor& c) const {
    Oriented o{};
    o.sym = layout_.symmetry(c.squares.data(), o.transposed);
    o.plain = layout_.oriented(c.squares.data(), c.stm, o.sym);
    if (o.transposed) o.turned = layout_.oriented(c.squares.data(), c.stm, o.sym ^ 4);
    return o;
  }
  // The layout's groups of identical pieces, in slot order (no radix yet).
  static std::vector<Group> groups_in(const Layout& layout);
  Cursor cursor(Index y) const;
  // Steps to the next place; returns the first listed group that moved.
  int advance(Cursor& c) const;
  // Sets the squares of the groups listed from p on from the digits.
  void place_groups(Cursor& c, int p) const;
  // Whether a place's transpose (the symmetry piece on the diagonal) comes
  // first, as far as the groups before the last decide: 1 yes, -1 no, 0
  // the last group decides, then duplicate_by_last().
  int duplicate_before_last(const Cursor& c) const;
  // The same for the last group: on `set` as the place's `digit`.
  bool duplicate_by_last(Bitboard set, Index digit, const Cursor& c) const;
  // The place among its side's of the groups' squares, turned already.
  Index place_of(const Sets& sets) const;
  // The rank of a group's squares among the combinations of the squares
  // not taken by the groups before it, and back.
  static Index combination(Bitboard set, Bitboard taken);
  static Bitboard squares_of(Index combination, int size, Bitboard taken);

  Layout layout_;
  int groups_ = 0;
  std::array<Group, kMaxGroups> group_{};  // in listing order
  std::array<int, kMaxGroups> number_{};   // each listed group's number in slot order
  Index per_side_ = 0;
};

}  // namespace rtb::chess
