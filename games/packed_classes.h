// A class below 16 for every index of a table, at 4 bits an index: what a
// game keeps of a table it depends on when it reads that table only through
// a class of each value (game.h, AttachesClasses), a quarter of the room of
// the 16-bit values.
#pragma once

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace rtb {

class PackedClasses {
 public:
  PackedClasses() = default;
  explicit PackedClasses(std::uint64_t size) : size_(size), bytes_((size + 1) / 2) {}

  std::uint64_t size() const { return size_; }

  std::uint8_t operator[](std::uint64_t i) const {
    assert(i < size_);
    return static_cast<std::uint8_t>(bytes_[i / 2] >> (i % 2 * 4) & 15);
  }

  // Sets the classes of [first, first + codes.size()) to class_of(code), a
  // number below 16. Ranges are filled in index order (the last class of
  // one may share a byte with the first of the next).
  template <class ClassOf>
  void fill(std::uint64_t first, std::span<const std::uint16_t> codes, ClassOf&& class_of) {
    assert(first + codes.size() <= size_);
    std::size_t k = 0;
    if (first % 2 && k < codes.size()) set_high(first / 2, class_of(codes[k++]));
    std::uint8_t* out = bytes_.data() + (first + k) / 2;
    for (; k + 1 < codes.size(); k += 2) *out++ = packed(class_of(codes[k]), class_of(codes[k + 1]));
    if (k < codes.size()) *out = packed(class_of(codes[k]), 0);
  }

 private:
  void set_high(std::uint64_t byte, std::uint8_t high) {
    bytes_[byte] = packed(static_cast<std::uint8_t>(bytes_[byte] & 15), high);
  }
  static std::uint8_t packed(std::uint8_t low, std::uint8_t high) {
    assert(low < 16 && high < 16);
    return static_cast<std::uint8_t>(low | high << 4);
  }

  std::uint64_t size_ = 0;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace rtb
