#include "games/chess/pawn_slices.h"

#include <algorithm>
#include <bit>

namespace rtb::chess {

PawnSlices::PawnSlices(const Layout& layout) {
  if (!layout.pawns()) return;
  std::vector<Color> color;   // of each pawn, lowest field first
  std::vector<bool> follows;  // the pawn below it is its twin: its square must be larger
  for (int k = layout.slots() - 1; k >= 1; --k) {
    if (layout.slot_type(k) != kPawn) continue;
    const int shift = 6 * (layout.slots() - 1 - k);  // Layout: slot k's field
    follows.push_back(!color.empty() && color.back() == layout.slot_color(k) &&
                      pawn_shift_.back() == shift - 6);
    pawn_shift_.push_back(shift);
    color.push_back(layout.slot_color(k));
  }
  const int pawns = static_cast<int>(pawn_shift_.size());
  rest_bits_ = 6 * (layout.slots() - 1 - pawns) + 6;  // the other pieces, the king slot and the side to move
  const int most = 6 * pawns;                         // every pawn on its seventh rank
  const int levels = most - pawns + 1;  // advancements from `pawns` (all on their second rank) to `most`
  placements_.resize(static_cast<std::size_t>(levels));
  where_.assign(std::size_t{1} << (6 * pawns), kBroken);
  for (std::uint32_t code = 0; code < where_.size(); ++code) {  // ascending: so is each slice
    int advanced = 0;
    bool whole = true;
    for (int k = 0; k < pawns && whole; ++k) {
      const Square s = static_cast<Square>((code >> (6 * k)) & 63);
      const int rank = rank_of(s);
      whole = rank >= 1 && rank <= 6;
      if (k > 0 && follows[k]) whole &= s < static_cast<Square>((code >> (6 * (k - 1))) & 63);
      for (int j = 0; j < k; ++j) whole &= s != static_cast<Square>((code >> (6 * j)) & 63);
      advanced += color[k] == kWhite ? rank : 7 - rank;
    }
    if (!whole) continue;
    auto& slice = placements_[static_cast<std::size_t>(most - advanced)];
    where_[code] = static_cast<std::uint32_t>(most - advanced) << kPlacementBits |
                   static_cast<std::uint32_t>(slice.size());
    slice.push_back(code);
  }
  for (auto& slice : placements_) {  // padded with all pawns on a1: broken
    place_bits_.push_back(std::bit_width(slice.size() - 1));
    slice.resize(std::size_t{1} << place_bits_.back(), 0);
  }
}

}  // namespace rtb::chess
