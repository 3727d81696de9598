// Chess::dependency_reads(): the part of each table a promotion leads into
// that the table can read, so that the generator holds that part alone.
#include "games/chess/chess.h"

namespace rtb {

using namespace chess;

namespace {

// The squares a piece just promoted to stands on, in the orientation of a
// table's index: the promoting side's last rank, which a table with pawns
// keeps (its symmetry is the mirror between files); without pawns the
// symmetries take it to any edge.
Bitboard promoted_on(const Layout& target, Color promoter) {
  if (target.pawns()) return promoter == kWhite ? kRank8 : kRank1;
  constexpr Bitboard kFileH = kFileA << 7;
  return kRank1 | kRank8 | kFileA | kFileH;
}

}  // namespace

std::vector<std::optional<IndexSubset>> Chess::dependency_reads() const {
  const std::vector<Target> targets = unread_targets();
  std::vector<std::optional<IndexSubset>> reads(targets.size());
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const Target& t = targets[k];
    if (t.layout.material().pieces() != material_.pieces()) continue;  // a capture reaches it
    IndexSubset& part = reads[k].emplace(t.layout.size());
    for (const Color c : {kWhite, kBlack})
      for (const PieceType p : kPromotions) {
        const std::uint64_t key = key_ + key_unit(c, p) - key_unit(c, kPawn);
        if (key != t.key && key != t.swapped_key) continue;
        // As index_in() reads it: the colours swapped unless the key is t's.
        const Color promoter = key == t.key ? c : opponent(c);
        for (int slot = 1; slot < t.layout.slots(); ++slot)
          if (t.layout.slot_color(slot) == promoter && t.layout.slot_type(slot) == p)
            t.layout.for_each_range_on(opponent(promoter), slot, promoted_on(t.layout, promoter),
                                       [&](Index first, Index last) { part.insert_range(first, last); });
      }
    part.count_members();
  }
  return reads;
}

}  // namespace rtb
