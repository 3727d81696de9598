// What the left-counter pass keeps per index: one 16-bit code that is the
// position's Value once known and, until then, its count of open moves
// (`left`). An unmove's update then touches one cache line, not a value's
// and a counter's, and the pass needs two bytes per index, not three.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "games/value.h"
#include "gen/core/options.h"

namespace rtb::position_code {

inline constexpr std::uint16_t kIllegal = 0xFFFF;  // no Value has this code
// kOpen + k: not known yet, k moves open. A count of kSaturated - kOpen or
// more stays there, and such a position recounts its open moves whenever a
// successor is won.
inline constexpr std::uint16_t kOpen = 0xFF00;
inline constexpr std::uint16_t kSaturated = 0xFFFE;
// The deepest Value whose code stays below kOpen.
inline constexpr std::uint32_t kMaxDepth = (kOpen - 3) / 2;
static_assert(Value::loss(kMaxDepth).code() < kOpen && kMaxDepth <= Value::kMaxDepth);

// Throws GenError for a depth whose code would not stay below kOpen.
[[noreturn, gnu::cold, gnu::noinline]] inline void too_deep() {
  throw GenError("a depth of more than " + std::to_string(kMaxDepth) +
                 " plies cannot be generated in a wdl16 table");
}
inline void check_depth(std::uint32_t depth) {
  if (depth > kMaxDepth) [[unlikely]]
    too_deep();
}

constexpr bool is_open(std::uint16_t code) {
  return code >= kOpen && code != kIllegal;
}
constexpr std::uint16_t open(std::uint32_t moves) {
  return static_cast<std::uint16_t>(kOpen + std::min<std::uint32_t>(moves, kSaturated - kOpen));
}
// A win of at most `depth` plies: a move to it is shown not to be open.
constexpr bool is_win_within(std::uint16_t code, std::uint32_t depth) {
  if (code >= kOpen) return false;
  const Value v = Value::from_code(code);
  return v.is_win() && v.depth() <= depth;
}

// Open, or a candidate win slower than `depth` plies: a win in `depth`
// improves it.
constexpr bool improved_by_win(std::uint16_t code, std::uint32_t depth) {
  if (code >= kOpen) return code != kIllegal;
  const Value v = Value::from_code(code);
  return v.is_win() && v.depth() > depth;
}

}  // namespace rtb::position_code
