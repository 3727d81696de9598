// The value codes of a table a game depends on, as the generator holds them
// while the game is built (game.h, AttachesCodes): at 1 byte an index,
// through a dictionary, where the table has at most 256 distinct codes (a
// chess table under metric=dtm: a win's plies are odd, a loss's even, so up
// to 254 plies fit), else at 2 bytes, as stored. Where the game reads
// only some indices (game.h, ReadsDependenciesInPart), at those alone.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "games/index_subset.h"

namespace rtb {

class DependencyCodes {
 public:
  static constexpr std::size_t kNarrowCodes = 256;

  DependencyCodes() = default;

  std::uint64_t size() const { return partial_ ? part_.size() : held(); }
  bool narrow() const { return !wide_; }
  // Index i of the table (a member of the part, where one is kept).
  std::uint16_t operator[](std::uint64_t i) const {
    const std::uint64_t at = partial_ ? part_.rank(i) : i;
    return wide_ ? codes_[at] : dictionary_[bytes_[at]];
  }
  // The number of codes held.
  std::uint64_t held() const { return wide_ ? codes_.size() : bytes_.size(); }

  // Takes a table's codes a block at a time, in index order, narrow until
  // a 257th distinct code turns them wide.
  class Builder;

 private:
  IndexSubset part_;      // the indices held, where partial_
  bool partial_ = false;  // held at part_'s members alone
  bool wide_ = false;
  std::vector<std::uint8_t> bytes_;   // narrow: a place in dictionary_ per index
  std::vector<std::uint16_t> codes_;  // wide: the codes themselves
  std::array<std::uint16_t, kNarrowCodes> dictionary_{};
};

class DependencyCodes::Builder {
 public:
  explicit Builder(std::uint64_t size) : size_(size), slot_(1 << 16, kNoSlot) { built_.bytes_.reserve(size); }
  // The codes of `part`'s members alone.
  explicit Builder(IndexSubset part) : Builder(part.count()) {
    built_.part_ = std::move(part);
    built_.partial_ = true;
  }
  // The indices whose codes it keeps, nullptr where all.
  const IndexSubset* part() const { return built_.partial_ ? &built_.part_ : nullptr; }

  // The codes of indices [first, first + codes.size()), after those
  // before first.
  void append(std::uint64_t first, std::span<const std::uint16_t> codes) {
    if (!built_.partial_) return append_held(codes);
    built_.part_.gather(first, codes, kept_);
    append_held(kept_);
  }
  DependencyCodes finish() && { return std::move(built_); }

 private:
  void append_held(std::span<const std::uint16_t> codes) {
    std::size_t k = 0;
    if (!built_.wide_) {
      std::vector<std::uint8_t>& bytes = built_.bytes_;
      const std::size_t at = bytes.size();
      bytes.resize(at + codes.size());
      // Raw pointers: a byte store may alias anything, and would have the
      // vectors' own pointers read again at every code.
      std::uint8_t* const out = bytes.data() + at;
      std::uint16_t* const slots = slot_.data();
      for (; k < codes.size(); ++k) {
        std::uint16_t& slot = slots[codes[k]];
        if (slot == kNoSlot) {
          if (distinct_ == kNarrowCodes) {  // a 257th code: the rest go wide
            bytes.resize(at + k);
            widen();
            break;
          }
          slot = static_cast<std::uint16_t>(distinct_);
          built_.dictionary_[distinct_++] = codes[k];
        }
        out[k] = static_cast<std::uint8_t>(slot);
      }
    }
    if (built_.wide_)
      built_.codes_.insert(built_.codes_.end(), codes.begin() + static_cast<std::ptrdiff_t>(k), codes.end());
  }
  static constexpr std::uint16_t kNoSlot = 0xffff;
  void widen() {
    built_.codes_.reserve(size_);
    for (const std::uint8_t b : built_.bytes_) built_.codes_.push_back(built_.dictionary_[b]);
    built_.bytes_ = {};
    built_.wide_ = true;
  }

  std::uint64_t size_;
  DependencyCodes built_;
  std::size_t distinct_ = 0;
  std::vector<std::uint16_t> slot_;  // a code's place in the dictionary, by code
  std::vector<std::uint16_t> kept_;  // a block's codes at the part's members
};

}  // namespace rtb
