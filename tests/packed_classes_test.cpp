// PackedClasses against a plain byte per index: ranges of every parity and
// length, filled in index order, read back class for class.
#include "games/packed_classes.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace rtb {
namespace {

TEST(PackedClasses, RangesOfAnyParityReadBackAsFilled) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t size = rng() % 300;
    std::vector<std::uint16_t> codes(size);
    for (std::uint16_t& c : codes) c = static_cast<std::uint16_t>(rng());
    auto class_of = [](std::uint16_t code) { return static_cast<std::uint8_t>(code % 13 + code / 4096 % 3); };
    PackedClasses packed(size);
    ASSERT_EQ(packed.size(), size);
    for (std::uint64_t first = 0; first < size;) {
      const std::uint64_t length = std::min<std::uint64_t>(rng() % 9, size - first);
      packed.fill(first, std::span(codes).subspan(first, length), class_of);
      first += length;
    }
    for (std::uint64_t i = 0; i < size; ++i)
      ASSERT_EQ(packed[i], class_of(codes[i])) << "index " << i << " of " << size << ", trial " << trial;
  }
}

TEST(PackedClasses, EveryClassBelowSixteenFitsBesideEveryOther) {
  PackedClasses packed(2 * 16 * 16);
  std::vector<std::uint16_t> codes;
  for (std::uint16_t low = 0; low < 16; ++low)
    for (std::uint16_t high = 0; high < 16; ++high) codes.insert(codes.end(), {low, high});
  packed.fill(0, codes, [](std::uint16_t c) { return static_cast<std::uint8_t>(c); });
  for (std::uint64_t i = 0; i < codes.size(); ++i) ASSERT_EQ(packed[i], codes[i]) << i;
}

}  // namespace
}  // namespace rtb
