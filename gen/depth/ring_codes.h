// What the left-counter pass keeps per index, in a byte or in two: the
// code of a position's Value once known and, until then, its count of open
// moves. The pass (gen/depth/retrograde.h) is written once over either.
//
// WideCodes are Values' own 16-bit codes (gen/depth/position_code.h): the
// array is the table's values when the pass ends.
//
// RingCodes take a byte. Depths are worked in order, and the pass only
// asks a known value's exact depth while its layer is near: a ring of
// kRingDepths depths from `base` names the wins and losses of those
// depths; a value deeper than the ring is "far" (a win or a loss whose
// depth the game gives again: first_look), and one whose layer was worked
// long ago is "done" once a reduction (retrograde.h) has written its depth
// to disk (gen/depth/spill_runs.h). The table's values are put together
// from the bytes and those runs as they are written.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "games/game.h"
#include "games/value.h"
#include "gen/core/output.h"
#include "gen/depth/position_code.h"

namespace rtb {

struct WideCodes {
  using Code = std::uint16_t;
  static constexpr bool kRing = false;
  static constexpr Code kIllegal = position_code::kIllegal;
  static constexpr std::uint32_t kSaturatedCount = position_code::kSaturatedCount;
  static constexpr std::string_view kForm = position_code::kForm;

  static constexpr bool is_open(Code c) { return position_code::is_open(c); }
  static constexpr Code open(std::uint32_t moves, bool floored) {
    return position_code::open(moves, floored);
  }
  static constexpr std::uint32_t open_count(Code c) { return position_code::open_count(c); }
  static constexpr bool floored(Code c) { return position_code::floored(c); }
  static constexpr bool is_win_within(Code c, std::uint32_t depth) {
    return position_code::is_win_within(c, depth);
  }
  static constexpr bool improved_by_win(Code c, std::uint32_t depth) {
    return position_code::improved_by_win(c, depth);
  }
  // A known value's code, and whether its layer is queued (always).
  static constexpr Code of(Value v) { return v.code(); }
  static constexpr bool queued(Code) { return true; }
};

class RingCodes {
 public:
  using Code = std::uint8_t;
  static constexpr bool kRing = true;
  static constexpr std::uint32_t kMaxRingDepths = 32;
  static constexpr std::uint32_t kNoFar = UINT32_MAX;
  // Codes below kOpen are the ring's: (depth % depths) * 2, plus 1 for a
  // loss. Open counts from kOpen, floored ones from kFloored (see
  // position_code.h), then far, done and illegal.
  static constexpr Code kOpen = 2 * kMaxRingDepths;
  static constexpr std::uint32_t kCounts = 93;
  static constexpr Code kFloored = kOpen + kCounts;
  static constexpr Code kFarLoss = 0xFB, kFarWin = 0xFC, kDoneLoss = 0xFD, kDoneWin = 0xFE, kIllegal = 0xFF;
  static constexpr std::uint32_t kSaturatedCount = kCounts - 1;
  static constexpr std::string_view kForm = "ring bytes";
  static_assert(kFloored + kCounts <= kFarLoss);

  static constexpr bool is_open(Code c) { return c >= kOpen && c < kFloored + kCounts; }
  static constexpr Code open(std::uint32_t moves, bool floored) {
    return static_cast<Code>((floored ? kFloored : kOpen) + std::min(moves, kSaturatedCount));
  }
  static constexpr std::uint32_t open_count(Code c) { return c < kFloored ? c - kOpen : c - kFloored; }
  static constexpr bool floored(Code c) { return c >= kFloored; }
  static constexpr bool in_ring(Code c) { return c < kOpen; }
  static constexpr bool is_loss(Code c) { return c & 1; }

  // A ring of `depths` (2 to kMaxRingDepths; 0: the most; tests make it small).
  explicit RingCodes(std::uint32_t depths = 0)
      : depths_(depths == 0 ? kMaxRingDepths : std::clamp<std::uint32_t>(depths, 2, kMaxRingDepths)) {}

  // A reduction is due when the layer to work is this far past base: the
  // ring then still holds the next layer and the floored losses near it.
  std::uint32_t reduce_after() const { return depths_ / 2; }
  std::uint32_t base() const { return base_; }
  void set_base(std::uint32_t base) { base_ = base; }
  bool in_window(std::uint32_t depth) const { return depth >= base_ && depth - base_ < depths_; }
  // A ring code's depth.
  std::uint32_t depth(Code c) const { return base_ + ((c >> 1) + depths_ - base_ % depths_) % depths_; }
  Code ring(Value v) const { return static_cast<Code>((v.depth() % depths_) << 1 | (v.is_loss() ? 1 : 0)); }
  Code of(Value v) const {
    if (in_window(v.depth())) return ring(v);
    return v.is_loss() ? kFarLoss : kFarWin;
  }
  static constexpr bool queued(Code c) { return in_ring(c); }

  // Wins of at most `depth` plies: in the ring, or done (worked already).
  bool is_win_within(Code c, std::uint32_t d) const {
    if (in_ring(c)) return !is_loss(c) && depth(c) <= d;
    return c == kDoneWin;
  }
  // Open, or a win slower than `d` (a far one is).
  bool improved_by_win(Code c, std::uint32_t d) const {
    if (in_ring(c)) return !is_loss(c) && depth(c) > d;
    return is_open(c) || c == kFarWin;
  }
  // The Value of a code that is neither done nor far (0 where illegal, a
  // draw where open), as the table stores it.
  std::uint16_t value_code(Code c) const {
    if (c == kIllegal) return 0;
    if (is_open(c)) return Value::draw().code();
    return (is_loss(c) ? Value::loss(depth(c)) : Value::win(depth(c))).code();
  }

 private:
  std::uint32_t depths_;
  std::uint32_t base_ = 0;  // the shallowest depth the ring names
};

// Whether `game` is solved in a byte an index (RingCodes): a game whose
// values are put together as they are written, one whole table (not tiers
// or slices that read each other's values) with no streams made from its
// values at random. The rest keep two bytes.
template <Game G>
bool solves_in_bytes(const G& game, const BuildOptions& options) {
  if constexpr (Tiered<G> || StoresClasses<G>) {
    return false;
  } else {
    if constexpr (Sliced<G>)
      if (game.slice_count() > 0 && game.moves_read_solved()) return false;
    return options.code_width != BuildOptions::CodeWidth::TwoBytes;
  }
}

}  // namespace rtb
