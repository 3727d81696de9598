// Games split into tiers, and the values of the tier before as the tier
// being solved reads them (gen/depth/tiers.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>

#include "games/game.h"

namespace rtb {

// The values of tier k-1 as a TierView reads them, by offset into that
// tier: here all of them, in one byte each where every code fits in one
// (gen/mpi/split_tiers.h has those a rank fetched).
class DenseBefore {
 public:
  DenseBefore(std::span<const std::uint16_t> wide, std::span<const std::uint8_t> narrow)
      : wide_(wide), narrow_(narrow) {}
  std::uint16_t operator()(Index offset) const { return narrow_.empty() ? wide_[offset] : narrow_[offset]; }
  void prefetch(Index offset) const {
    if (narrow_.empty())
      __builtin_prefetch(wide_.data() + offset);
    else
      __builtin_prefetch(narrow_.data() + offset);
  }

 private:
  std::span<const std::uint16_t> wide_;
  std::span<const std::uint8_t> narrow_;
};

// The last tier solved, kept while the next is solved. Its codes go into
// one byte each while they fit, as Connect Four's do (depths under 127
// plies): a 6x5 board's largest tiers then need 3 bytes per index at most,
// not 4, and 2 where the tier streams (gen/depth/leaving_tier.h).
class LastTier {
 public:
  // Room for a tier of `size` codes, after freeing the tier kept before.
  void start(std::size_t size) {
    wide_.reset();
    narrow_.reset();
    size_ = size;
    narrow_ = std::make_unique_for_overwrite<std::uint8_t[]>(size_);
  }
  // Codes [first, first + codes.size()) of the tier, none above `max_code`.
  // Earlier codes are set; one that needs two bytes widens the copy.
  void set(std::size_t first, std::span<const std::uint16_t> codes, std::uint16_t max_code) {
    if (narrow_ && max_code > 0xFF) {
      wide_ = std::make_unique_for_overwrite<std::uint16_t[]>(size_);
      std::copy(narrow_.get(), narrow_.get() + first, wide_.get());
      narrow_.reset();
    }
    if (narrow_)
      std::ranges::transform(codes, narrow_.get() + first,
                             [](std::uint16_t c) { return static_cast<std::uint8_t>(c); });
    else
      std::ranges::copy(codes, wide_.get() + first);
  }
  // A whole tier at once.
  void keep(std::span<const std::uint16_t> codes, std::uint16_t max_code) {
    start(codes.size());
    set(0, codes, max_code);
  }
  DenseBefore view() const {
    return DenseBefore({wide_.get(), wide_ ? size_ : 0}, {narrow_.get(), narrow_ ? size_ : 0});
  }

 private:
  std::unique_ptr<std::uint16_t[]> wide_;
  std::unique_ptr<std::uint8_t[]> narrow_;
  std::size_t size_ = 0;
};

}  // namespace rtb
