// A table with pawns in slices of pawn placements (gen/depth/slices.h). A
// pawn move cannot be undone and takes a pawn forward; every other move
// leaves every pawn where it is, up to the mirror image the index applies
// when the white king crosses to the e-h files. So the advancement of a
// placement (the ranks its white pawns have gone up plus those its black
// pawns have gone down) grows with every pawn move and with no other move:
// slice s holds the placements of advancement `most - s`, solved in that
// order, and a pawn move always leads into a slice solved before.
//
// An offset in a slice is the position's index without its pawn fields,
// then the number of its placement in the slice (placements in ascending
// order of their pawn fields, padded to a power of two with broken ones):
// consecutive offsets differ in their pawns only, as consecutive indices
// mostly do, so the tables a capture or a promotion reads are read in the
// order of their own indices. The index is all bit fields when the table
// has pawns (side to move, 5 bits of white-king slot, 6 bits per other
// piece), so a position's offset takes a few shifts and one table lookup.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "games/chess/index.h"

namespace rtb::chess {

class PawnSlices {
 public:
  PawnSlices() = default;
  explicit PawnSlices(const Layout& layout);  // no slices for a table without pawns

  std::uint32_t count() const { return static_cast<std::uint32_t>(placements_.size()); }
  Index size(std::uint32_t s) const { return Index(placements_[s].size()) << rest_bits_; }
  // The table index of position `offset` of slice s (a broken one where
  // the placement is padding).
  Index index(std::uint32_t s, Index offset) const {
    const int bits = place_bits_[s];
    const std::uint32_t pawns = placements_[s][offset & ((Index{1} << bits) - 1)];
    const Index rest = offset >> bits;
    Index i = 0;
    int taken = 0, at = 0;  // bits of rest used; the next bit of i
    for (std::size_t k = 0; k < pawn_shift_.size(); ++k) {
      const int below = pawn_shift_[k] - at;
      i |= ((rest >> taken) & ((Index{1} << below) - 1)) << at;
      i |= Index((pawns >> (6 * k)) & 63) << pawn_shift_[k];
      taken += below;
      at = pawn_shift_[k] + 6;
    }
    return i | (rest >> taken) << at;
  }
  // The slice of table index i and its offset there; {count(), 0} for a
  // broken placement (two pawns on a square, a pawn on rank 1 or 8,
  // identical pawns out of order), which no move reaches.
  std::pair<std::uint32_t, Index> slice_of(Index i) const {
    std::uint32_t pawns = 0;
    Index rest = 0;
    int taken = 0, at = 0;
    for (std::size_t k = 0; k < pawn_shift_.size(); ++k) {
      const int below = pawn_shift_[k] - at;
      rest |= ((i >> at) & ((Index{1} << below) - 1)) << taken;
      pawns |= static_cast<std::uint32_t>((i >> pawn_shift_[k]) & 63) << (6 * k);
      taken += below;
      at = pawn_shift_[k] + 6;
    }
    rest |= (i >> at) << taken;
    const std::uint32_t where = where_[pawns];
    if (where == kBroken) return {count(), 0};
    const std::uint32_t slice = where >> kPlacementBits;
    return {slice, rest << place_bits_[slice] | (where & ((1u << kPlacementBits) - 1))};
  }

 private:
  static constexpr int kPlacementBits = 26;  // 48^4 placements of 4 pawns fit
  static constexpr std::uint32_t kBroken = ~std::uint32_t{0};

  std::vector<int> pawn_shift_;                         // each pawn's field in the index, lowest first
  int rest_bits_ = 0;                                   // the index's bits besides the pawns'
  std::vector<std::uint32_t> where_;                    // by pawn fields: slice << kPlacementBits | placement
  std::vector<std::vector<std::uint32_t>> placements_;  // each slice's pawn fields, ascending, then 0s
  std::vector<int> place_bits_;                         // log2 of placements_[s].size()
};

}  // namespace rtb::chess
