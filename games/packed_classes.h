// A class below 16 for every index of a table, at 4 bits an index: what a
// game keeps of a table it depends on when it reads that table only through
// a class of each value (game.h, AttachesClasses), a quarter of the room of
// the 16-bit values; where the game reads only some indices (game.h,
// ReadsDependenciesInPart), at those alone.
#pragma once

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

#include "games/index_subset.h"

namespace rtb {

class PackedClasses {
 public:
  PackedClasses() = default;
  explicit PackedClasses(std::uint64_t size) : held_(size), bytes_((size + 1) / 2) {}
  // The classes of `part`'s members alone.
  explicit PackedClasses(IndexSubset part) : PackedClasses(part.count()) {
    part_ = std::move(part);
    partial_ = true;
  }

  std::uint64_t size() const { return partial_ ? part_.size() : held_; }
  // The indices held, nullptr where all are.
  const IndexSubset* part() const { return partial_ ? &part_ : nullptr; }

  // Index i of the table (a member of the part, where one is kept).
  std::uint8_t operator[](std::uint64_t i) const {
    const std::uint64_t at = partial_ ? part_.rank(i) : i;
    assert(at < held_);
    return static_cast<std::uint8_t>(bytes_[at / 2] >> (at % 2 * 4) & 15);
  }

  // Sets the classes of indices [first, first + codes.size()) to
  // class_of(code), a number below 16. Ranges are filled in index order
  // (the last class of one may share a byte with the first of the next).
  template <class ClassOf>
  void fill(std::uint64_t first, std::span<const std::uint16_t> codes, ClassOf&& class_of) {
    if (!partial_) return fill_held(first, codes, class_of);
    std::vector<std::uint16_t> kept;
    const std::uint64_t at = part_.gather(first, codes, kept);
    fill_held(at, kept, class_of);
  }

 private:
  template <class ClassOf>
  void fill_held(std::uint64_t first, std::span<const std::uint16_t> codes, ClassOf& class_of) {
    assert(first + codes.size() <= held_);
    std::size_t k = 0;
    if (first % 2 && k < codes.size()) set_high(first / 2, class_of(codes[k++]));
    std::uint8_t* out = bytes_.data() + (first + k) / 2;
    for (; k + 1 < codes.size(); k += 2) *out++ = packed(class_of(codes[k]), class_of(codes[k + 1]));
    if (k < codes.size()) *out = packed(class_of(codes[k]), 0);
  }
  void set_high(std::uint64_t byte, std::uint8_t high) {
    bytes_[byte] = packed(static_cast<std::uint8_t>(bytes_[byte] & 15), high);
  }
  static std::uint8_t packed(std::uint8_t low, std::uint8_t high) {
    assert(low < 16 && high < 16);
    return static_cast<std::uint8_t>(low | high << 4);
  }

  std::uint64_t held_ = 0;  // classes held
  std::vector<std::uint8_t> bytes_;
  IndexSubset part_;      // the indices held, where partial_
  bool partial_ = false;  // held at part_'s members alone
};

}  // namespace rtb
