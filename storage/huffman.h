// Canonical Huffman codes over up to 65,536 symbols. Internal to storage/
// (the class stream). A code is given by its lengths alone: symbols of one
// length take consecutive codes in symbol order, shorter lengths first, so
// a decoder needs no tree, only where each length's codes start.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace rtb::storage {

inline constexpr unsigned kMaxCodeLength = 32;

// The code lengths of a Huffman code for `frequencies` (0: an unused symbol,
// given no code), none longer than max_length (<= kMaxCodeLength). A lone
// used symbol gets length 1.
std::vector<std::uint8_t> huffman_lengths(std::span<const std::uint64_t> frequencies, unsigned max_length);

// Each symbol's code, right-aligned in lengths[s] bits.
std::vector<std::uint32_t> canonical_codes(std::span<const std::uint8_t> lengths);

class CanonicalDecoder {
 public:
  struct Decoded {
    std::uint16_t symbol = 0;
    unsigned length = 0;  // 0: the bits start no code
  };

  // nullopt where the lengths cannot be a prefix code (too many codes of
  // some length, or one longer than kMaxCodeLength) or code nothing.
  static std::optional<CanonicalDecoder> make(std::span<const std::uint8_t> lengths);

  // The code at the top of `window` (the next bits, first bit highest);
  // with `at_least`, known to be no shorter than that.
  Decoded decode(std::uint64_t window, unsigned at_least = 0) const {
    unsigned l = std::max(min_length_, std::min(at_least, max_length_));
    while (l < max_length_ && window >= limit_[l]) ++l;
    if (window >= limit_[l] && !(complete_ && l == max_length_)) return {};
    const std::uint64_t rank = (window - base_[l]) >> (64 - l);
    return {sorted_[offset_[l] + rank], l};
  }

 private:
  unsigned min_length_ = 0, max_length_ = 0;
  bool complete_ = false;  // every window starts a code (limit_[max] would be 2^64)
  std::array<std::uint64_t, kMaxCodeLength + 1> base_{};    // first code of each length, left-aligned
  std::array<std::uint64_t, kMaxCodeLength + 1> limit_{};   // one past the last, left-aligned
  std::array<std::uint32_t, kMaxCodeLength + 1> offset_{};  // its first symbol's place in sorted_
  std::vector<std::uint16_t> sorted_;                       // coded symbols by (length, symbol)
};

}  // namespace rtb::storage
