// What the left-counter pass keeps per index: one 16-bit code that is the
// position's Value once known and, until then, its count of open moves
// (`left`). An unmove's update then touches one cache line, not a value's
// and a counter's, and the pass needs two bytes per index, not three.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/value.h"
#include "gen/core/options.h"

namespace rtb::position_code {

inline constexpr std::uint16_t kIllegal = 0xFFFF;  // no Value has this code
// kOpen + k: not known yet, k moves open. A count of kSaturated - kOpen or
// more stays there, and such a position recounts its open moves whenever a
// successor is won.
inline constexpr std::uint16_t kOpen = 0xFF00;
inline constexpr std::uint16_t kSaturated = 0xFFFE;
// kFloored + k: the same, where a move leaving the table leads to a known
// win, which may be slower than the inside ones: a loss here reads the
// game again for its plies (loss_plies). Elsewhere a loss takes one ply
// more than the win found last, and the game is not asked.
inline constexpr std::uint16_t kFloored = 0xFE00;
inline constexpr std::uint16_t kSaturatedCount = kSaturated - kOpen;
// Names these codes in a checkpoint's identity.
inline constexpr std::string_view kForm = "codes floored";
// The deepest Value whose code stays below the open codes.
inline constexpr std::uint32_t kMaxDepth = (kFloored - 3) / 2;
static_assert(Value::loss(kMaxDepth).code() < kFloored && kMaxDepth <= Value::kMaxDepth);

// Throws GenError for a depth whose code would not stay below the open codes.
[[noreturn, gnu::cold, gnu::noinline]] inline void too_deep() {
  throw GenError("a depth of more than " + std::to_string(kMaxDepth) +
                 " plies cannot be generated in a wdl16 table");
}
inline void check_depth(std::uint32_t depth) {
  if (depth > kMaxDepth) [[unlikely]]
    too_deep();
}

constexpr bool is_open(std::uint16_t code) {
  return code >= kFloored && code != kIllegal;
}
// An open position: its count, and whether a move leaving the table leads to a known win.
constexpr std::uint16_t open(std::uint32_t moves, bool floored = false) {
  return static_cast<std::uint16_t>((floored ? kFloored : kOpen) +
                                    std::min<std::uint32_t>(moves, kSaturatedCount));
}
// An open code's count of open moves (kSaturatedCount: it saturated).
constexpr std::uint32_t open_count(std::uint16_t code) {
  return code & 0xFF;
}
// Whether an open code is one of kFloored's.
constexpr bool floored(std::uint16_t code) {
  return code < kOpen;
}
// A win of at most `depth` plies: a move to it is shown not to be open.
constexpr bool is_win_within(std::uint16_t code, std::uint32_t depth) {
  if (code >= kFloored) return false;
  const Value v = Value::from_code(code);
  return v.is_win() && v.depth() <= depth;
}

// Open, or a candidate win slower than `depth` plies: a win in `depth`
// improves it.
constexpr bool improved_by_win(std::uint16_t code, std::uint32_t depth) {
  if (code >= kFloored) return code != kIllegal;
  const Value v = Value::from_code(code);
  return v.is_win() && v.depth() > depth;
}

}  // namespace rtb::position_code
