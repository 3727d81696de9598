// Material signatures, named as Syzygy names them: the white pieces, 'v',
// the black pieces, each side strongest first (KQRvKB). The canonical
// orientation puts the side with more pieces first, and on equal numbers
// the one with more queens, then rooks, bishops, knights, pawns; a table is
// always built in that orientation, and a position whose material is the
// other way round is read with its colours swapped.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/position.h"

namespace rtb::chess {

struct Material {
  std::array<std::array<int, 6>, 2> count{};  // [colour][piece type], kings included

  // Throws GameError for a name that is no material ("KQvKR", "kqvkr").
  static Material parse(std::string_view name);
  static Material of(const Board& b);

  std::string name() const;
  int pieces() const;
  bool has_pawns() const { return count[0][kPawn] + count[1][kPawn] > 0; }
  bool kings_only() const { return pieces() == 2; }
  Material swapped() const { return {{count[1], count[0]}}; }
  // Whether this orientation is the one tables are built in.
  bool is_canonical() const;
  Material canonical() const { return is_canonical() ? *this : swapped(); }
  // Four bits per count: equal keys, equal material (and orientation).
  std::uint64_t key() const;

  // Every canonical material one capture or promotion away, KvK excluded.
  std::vector<Material> successors() const;
  // Every canonical material of 3 to `pieces` pieces, fewer pieces first.
  static std::vector<Material> all_up_to(int pieces);

  friend bool operator==(const Material&, const Material&) = default;
};

// What one piece of colour c and type t adds to a material key.
constexpr std::uint64_t key_unit(Color c, PieceType t) {
  return std::uint64_t{1} << 4 * (11 - (6 * c + t));
}
inline constexpr std::uint64_t kKingsOnlyKey = key_unit(kWhite, kKing) + key_unit(kBlack, kKing);

// The key of the material after move m of side `us` from material `key`:
// the move generator knows what it captured and promoted, which is
// cheaper than counting the pieces again.
inline std::uint64_t key_after(std::uint64_t key, const Move& m, Color us) {
  if (m.captured != kNoPiece) key -= key_unit(opponent(us), m.captured);
  if (m.promotion != kNoPiece) key += key_unit(us, m.promotion) - key_unit(us, kPawn);
  return key;
}

}  // namespace rtb::chess
