// Some of a table's indices, each with its rank among them: what a game
// keeps of a table it reads at a few indices alone (game.h,
// ReadsDependenciesInPart), so that it holds the values there and nowhere
// else. A bitmap in blocks of one cache line: a 64-bit count of the
// members before the block, then 7 words of bits, 1.14 bits an index.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace rtb {

class IndexSubset {
 public:
  IndexSubset() = default;
  // No index of [0, size) yet.
  explicit IndexSubset(std::uint64_t size) : size_(size), blocks_((size + kBits - 1) / kBits) {}

  std::uint64_t size() const { return size_; }
  std::uint64_t count() const { return count_; }

  // Every index of [first, last): before count_members(), from one thread.
  void insert_range(std::uint64_t first, std::uint64_t last) {
    assert(first <= last && last <= size_);
    for (std::uint64_t i = first; i < last;) {
      const std::uint64_t bit = i % 64, n = std::min<std::uint64_t>(64 - bit, last - i);
      const std::uint64_t ones = n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1) << bit;
      blocks_[i / kBits].words[i % kBits / 64] |= ones;
      i += n;
    }
  }
  // Counts the members once every one is inserted.
  void count_members() {
    count_ = 0;
    for (Block& b : blocks_) {
      b.before = count_;
      for (const std::uint64_t w : b.words) count_ += static_cast<std::uint64_t>(std::popcount(w));
    }
  }

  bool contains(std::uint64_t i) const { return blocks_[i / kBits].words[i % kBits / 64] >> (i % 64) & 1; }
  // The number of members below member i.
  std::uint64_t rank(std::uint64_t i) const {
    assert(i < size_ && contains(i));
    const Block& b = blocks_[i / kBits];
    const std::uint64_t bit = i % kBits;
    std::uint64_t r = b.before;
    for (std::uint64_t w = 0; w < bit / 64; ++w) r += static_cast<std::uint64_t>(std::popcount(b.words[w]));
    return r + static_cast<std::uint64_t>(
                   std::popcount(b.words[bit / 64] & ((std::uint64_t{1} << (bit % 64)) - 1)));
  }
  // Whether [first, last) holds a member.
  bool any_in(std::uint64_t first, std::uint64_t last) const {
    for (std::uint64_t base = first / 64 * 64; base < last; base += 64)
      if (word_in(base, first, last)) return true;
    return false;
  }
  // Calls f(i) for every member of [first, last), ascending.
  template <class F>
  void for_each_in(std::uint64_t first, std::uint64_t last, F&& f) const {
    for (std::uint64_t base = first / 64 * 64; base < last; base += 64)
      for (std::uint64_t w = word_in(base, first, last); w; w &= w - 1)
        f(base + static_cast<std::uint64_t>(std::countr_zero(w)));
  }
  // The codes of indices [first, first + codes.size()) that are members,
  // into `kept` (cleared first); returns the rank of the first of them.
  std::uint64_t gather(std::uint64_t first, std::span<const std::uint16_t> codes,
                       std::vector<std::uint16_t>& kept) const {
    kept.clear();
    std::uint64_t first_rank = 0;
    for_each_in(first, first + codes.size(), [&](std::uint64_t i) {
      if (kept.empty()) first_rank = rank(i);
      kept.push_back(codes[i - first]);
    });
    return first_rank;
  }

 private:
  static constexpr std::uint64_t kWords = 7;
  static constexpr std::uint64_t kBits = 64 * kWords;
  struct alignas(64) Block {
    std::uint64_t before = 0;
    std::array<std::uint64_t, kWords> words{};
  };

  // The members of [first, last) among the 64 indices from `base`, a
  // multiple of 64, as bits.
  std::uint64_t word_in(std::uint64_t base, std::uint64_t first, std::uint64_t last) const {
    std::uint64_t w = blocks_[base / kBits].words[base % kBits / 64];
    if (base < first) w &= ~std::uint64_t{0} << (first - base);
    if (last - base < 64) w &= (std::uint64_t{1} << (last - base)) - 1;
    return w;
  }

  std::uint64_t size_ = 0, count_ = 0;
  std::vector<Block> blocks_;
};

}  // namespace rtb
