// Arenas, for games where turns do not simply alternate (IOI 2017 Train):
// a Game whose positions each have an owner, the player who picks the move
// there, and a target flag that the objective speaks about (the members,
// has_owners(), owner() and target(), are declared with the rest of the
// contract in games/game.h). The win/loss game of the core is the special
// case where the owner of a position is its player to move.
//
// Objectives, always from A's side (B wins exactly where A does not):
//   reach    A wins when the play visits a target;
//   safety   A wins when the play never leaves the targets;
//   buchi    A wins when the play visits targets infinitely often (Train);
//   cobuchi  A wins when the play eventually stays in the targets forever.
// A player who cannot move loses: a position without moves is lost by its
// owner, except that reach is already won at a target and safety already
// lost outside the targets.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb {

enum class Objective : std::uint8_t { Reach, Safety, Buchi, CoBuchi };

inline constexpr std::string_view objective_name(Objective o) {
  switch (o) {
    case Objective::Reach:
      return "reach";
    case Objective::Safety:
      return "safety";
    case Objective::Buchi:
      return "buchi";
    case Objective::CoBuchi:
      return "cobuchi";
  }
  return "?";
}

// Throws GameError for a name that is none of the four.
inline Objective parse_objective(std::string_view name) {
  for (Objective o : {Objective::Reach, Objective::Safety, Objective::Buchi, Objective::CoBuchi})
    if (objective_name(o) == name) return o;
  throw GameError("unknown objective " + quote_input(name) + ": use reach, safety, buchi or cobuchi");
}

// The code of one index in a table of value kind "arena16" (two bytes, as
// wdl16): bit 0 is 1 when A wins (0 also at illegal indices), bits 1..15 the
// detail of the objective (gen/arena/solve.h: a number of moves or a round). A
// detail above kMaxDetail is stored as kMaxDetail, read "that many or more";
// the winner is always exact.
struct ArenaCode {
  static constexpr std::uint32_t kMaxDetail = 0x7FFF;

  static constexpr std::uint16_t encode(bool a_wins, std::uint32_t detail) {
    return static_cast<std::uint16_t>((std::min(detail, kMaxDetail) << 1) | (a_wins ? 1u : 0u));
  }
  static constexpr bool a_wins(std::uint16_t code) { return code & 1; }
  static constexpr std::uint32_t detail(std::uint16_t code) { return code >> 1; }
};

inline constexpr std::string_view kArenaKind = "arena16";

}  // namespace rtb
