// The order in which a table's class stream lists its positions. The index
// (index.h) has digits: side to move, white-king slot, then one 6-bit
// field per other piece; the class stream may list the same indices with
// those digits in another order, the one that compresses best for the
// table (tbgen tries them; some compress four times better than the
// index's own order). A probe maps the index it computes with to_stream().
// A pawn's digit may run over ranks 2-7 alone (48 values), which leaves
// out of the stream the indices with a pawn on rank 1 or 8, none of them
// a position: KPvKP lists 9.4 M places where its index has 16.8 M. Tables
// with pawns are written so; streams written before keep 64 values a pawn
// (their tag says which).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <optional>
#include <vector>

#include "games/chess/index.h"

namespace rtb::chess {

class StreamOrder {
 public:
  static constexpr int kMaxDigits = 8;
  // The squares a pawn's digit runs over.
  enum class PawnSquares { All, Ranks2To7 };
  // Ranks2To7 needs room for its flag in the tag: up to 5 pieces.
  static constexpr int kMaxDigitsRanks2To7 = 6;

  // `places[p]` is the digit at place p of the stream index, outermost
  // first (0 side to move, 1 white-king slot, 2.. the fields in index
  // order); nullopt unless it is a permutation of the layout's digits, and
  // for Ranks2To7 unless the layout has pawns and at most
  // kMaxDigitsRanks2To7 digits.
  static std::optional<StreamOrder> make(const Layout& layout, const std::vector<int>& places,
                                         PawnSquares pawns = PawnSquares::All);
  // The same, from tag(); nullopt for a tag that is no order of this layout.
  static std::optional<StreamOrder> from_tag(const Layout& layout, std::uint32_t tag);
  // Every order of the layout's digits, the index's own first; with pawns,
  // their digits over ranks 2-7 where the tag has room (as tables are
  // written), or as `pawns` says.
  static std::vector<StreamOrder> all(const Layout& layout);
  static std::vector<StreamOrder> all(const Layout& layout, PawnSquares pawns);

  // Four bits per place, outermost in the lowest bits, the count of digits
  // in the top four, and bit 27 for Ranks2To7: what the stream's header
  // keeps.
  std::uint32_t tag() const;
  // The places listed: the stream's size.
  Index size() const { return 2 * per_side_; }

  // The place of index i, which has no pawn on rank 1 or 8.
  Index to_stream(Index i) const {
    const Index stm = i >= layout_per_side_ ? 1 : 0;
    const Index rest = i - stm * layout_per_side_;
    Index y = stm * weight_[0] + (rest >> (6 * fields_)) * weight_[1];
    for (int f = 0; f < fields_; ++f)
      y += (((rest >> (6 * (fields_ - 1 - f))) & 63) - first_square_[2 + f]) * weight_[2 + f];
    return y;
  }
  Index from_stream(Index y) const;

  // Calls f(y, from_stream(y)) for y = lo .. hi - 1: the digits count up
  // like an odometer, so a step costs an addition, not a division per digit,
  // and the innermost digit runs through its values in one loop.
  template <class F>
  void walk(Index lo, Index hi, F&& f) const {
    if (lo >= hi) return;
    std::array<Index, kMaxDigits> radix{}, step{}, digit{};  // per place, innermost last
    const int last = digits() - 1;
    Index rest = lo;
    for (int p = last; p >= 0; --p) {
      radix[p] = this->radix(places_[p]);
      step[p] = index_weight(places_[p]);
      digit[p] = rest % radix[p];
      rest /= radix[p];
    }
    const Index inner_radix = radix[last], inner_step = step[last];
    Index i = from_stream(lo);
    for (Index y = lo;;) {
      const Index run = std::min(inner_radix - digit[last], hi - y);
      for (Index k = 0; k < run; ++k, i += inner_step) f(y + k, i);
      y += run;
      if (y == hi) return;
      digit[last] = 0;  // past its last value: back to 0, and a carry
      i -= inner_radix * inner_step;
      int p = last - 1;
      for (; ++digit[p] == radix[p]; --p) {  // y < hi: place 0 never overflows
        digit[p] = 0;
        i -= (radix[p] - 1) * step[p];
      }
      i += step[p];
    }
  }

 private:
  static constexpr std::uint32_t kRanks2To7Bit = std::uint32_t{1} << 27;

  // What one step of a digit adds to the index (index.h's layout).
  Index index_weight(int digit) const {
    return digit == 0 ? layout_per_side_
                      : Index{1} << (6 * (digit == 1 ? fields_ : fields_ - 1 - (digit - 2)));
  }
  int digits() const { return fields_ + 2; }
  Index radix(int digit) const {
    return digit == 0 ? 2 : digit == 1 ? king_slots_ : 64 - 2 * first_square_[digit];
  }

  int fields_ = 0;
  PawnSquares pawns_ = PawnSquares::All;
  Index per_side_ = 0, layout_per_side_ = 0, king_slots_ = 0;
  std::array<int, kMaxDigits> places_{};    // digit at each place
  std::array<Index, kMaxDigits> weight_{};  // of each digit in the stream index
  // Each digit's first square: 8 for a pawn's over ranks 2-7 (radix 48), else 0.
  std::array<Index, kMaxDigits> first_square_{};
};

}  // namespace rtb::chess
