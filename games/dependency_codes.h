// The value codes of a table a game depends on, as the generator holds them
// while the game is built (game.h, AttachesCodes): at 1 byte an index,
// through a dictionary, where the table has at most 256 distinct codes (a
// chess table under metric=dtm: a win's plies are odd, a loss's even, so up
// to 254 plies fit), else at 2 bytes, as stored.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace rtb {

class DependencyCodes {
 public:
  static constexpr std::size_t kNarrowCodes = 256;

  DependencyCodes() = default;

  std::uint64_t size() const { return wide_ ? codes_.size() : bytes_.size(); }
  bool narrow() const { return !wide_; }
  std::uint16_t operator[](std::uint64_t i) const { return wide_ ? codes_[i] : dictionary_[bytes_[i]]; }

  // Takes a table's codes a block at a time, in index order, narrow until
  // a 257th distinct code turns them wide.
  class Builder;

 private:
  bool wide_ = false;
  std::vector<std::uint8_t> bytes_;   // narrow: a place in dictionary_ per index
  std::vector<std::uint16_t> codes_;  // wide: the codes themselves
  std::array<std::uint16_t, kNarrowCodes> dictionary_{};
};

class DependencyCodes::Builder {
 public:
  explicit Builder(std::uint64_t size) : size_(size), slot_(1 << 16, kNoSlot) { built_.bytes_.reserve(size); }
  void append(std::span<const std::uint16_t> codes) {
    for (const std::uint16_t code : codes) {
      if (!built_.wide_ && slot_[code] == kNoSlot && distinct_ == kNarrowCodes) widen();
      if (built_.wide_) {
        built_.codes_.push_back(code);
        continue;
      }
      if (slot_[code] == kNoSlot) {
        slot_[code] = static_cast<std::uint16_t>(distinct_);
        built_.dictionary_[distinct_++] = code;
      }
      built_.bytes_.push_back(static_cast<std::uint8_t>(slot_[code]));
    }
  }
  DependencyCodes finish() && { return std::move(built_); }

 private:
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
};

}  // namespace rtb
