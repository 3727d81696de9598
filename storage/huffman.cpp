#include "storage/huffman.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace rtb::storage {
namespace {

// Plain Huffman code lengths (unbounded) by merging the two rarest nodes.
std::vector<std::uint8_t> unbounded_lengths(std::span<const std::uint64_t> frequencies) {
  std::vector<std::uint32_t> parent;  // leaves first, in `leaves` order, then merged nodes
  std::vector<std::uint32_t> leaves;
  using Node = std::pair<std::uint64_t, std::uint32_t>;  // weight, node
  std::priority_queue<Node, std::vector<Node>, std::greater<>> rarest;
  for (std::uint32_t s = 0; s < frequencies.size(); ++s)
    if (frequencies[s] > 0) {
      rarest.emplace(frequencies[s], static_cast<std::uint32_t>(leaves.size()));
      leaves.push_back(s);
      parent.push_back(0);
    }
  std::vector<std::uint8_t> lengths(frequencies.size(), 0);
  if (leaves.size() == 1) lengths[leaves[0]] = 1;
  if (leaves.size() < 2) return lengths;
  while (rarest.size() > 1) {
    const Node a = rarest.top();
    rarest.pop();
    const Node b = rarest.top();
    rarest.pop();
    const auto merged = static_cast<std::uint32_t>(parent.size());
    parent.push_back(merged);  // the root is its own parent
    parent[a.second] = parent[b.second] = merged;
    rarest.emplace(a.first + b.first, merged);
  }
  // Parents come after their children, so depths fill from the root down.
  std::vector<std::uint32_t> depth(parent.size(), 0);
  for (std::size_t n = parent.size() - 1; n-- > 0;) depth[n] = depth[parent[n]] + 1;
  for (std::size_t k = 0; k < leaves.size(); ++k)
    lengths[leaves[k]] = static_cast<std::uint8_t>(std::min<std::uint32_t>(depth[k], 255));
  return lengths;
}

}  // namespace

std::vector<std::uint8_t> huffman_lengths(std::span<const std::uint64_t> frequencies, unsigned max_length) {
  if (max_length == 0 || max_length > kMaxCodeLength)
    throw std::invalid_argument("huffman_lengths: bad max_length");
  std::vector<std::uint64_t> weights(frequencies.begin(), frequencies.end());
  for (;;) {
    std::vector<std::uint8_t> lengths = unbounded_lengths(weights);
    if (std::ranges::all_of(lengths, [&](std::uint8_t l) { return l <= max_length; })) return lengths;
    // Flatter weights give shorter longest codes; halving keeps used symbols used.
    for (std::uint64_t& w : weights)
      if (w > 0) w = w / 2 + 1;
  }
}

std::vector<std::uint32_t> canonical_codes(std::span<const std::uint8_t> lengths) {
  std::vector<std::uint32_t> codes(lengths.size(), 0);
  std::uint64_t code = 0;
  unsigned previous = 0;
  for (unsigned l = 1; l <= kMaxCodeLength; ++l)
    for (std::size_t s = 0; s < lengths.size(); ++s)
      if (lengths[s] == l) {
        code <<= l - previous;
        previous = l;
        codes[s] = static_cast<std::uint32_t>(code++);
      }
  return codes;
}

std::optional<CanonicalDecoder> CanonicalDecoder::make(std::span<const std::uint8_t> lengths) {
  std::array<std::uint32_t, kMaxCodeLength + 1> count{};
  CanonicalDecoder d;
  for (std::size_t s = 0; s < lengths.size(); ++s) {
    if (lengths[s] > kMaxCodeLength) return std::nullopt;
    if (lengths[s] > 0) ++count[lengths[s]];
  }
  for (unsigned l = 1; l <= kMaxCodeLength; ++l)
    for (std::size_t s = 0; s < lengths.size(); ++s)
      if (lengths[s] == l) d.sorted_.push_back(static_cast<std::uint16_t>(s));
  if (d.sorted_.empty()) return std::nullopt;
  // Codes of length l start where those of length l-1 end, doubled; in
  // 64-bit left-aligned form that is the same number. Kraft's sum is the
  // left-aligned end of the last length, which must not pass 2^64.
  unsigned __int128 start = 0;
  std::uint32_t offset = 0;
  d.min_length_ = 0;
  for (unsigned l = 1; l <= kMaxCodeLength; ++l) {
    const unsigned __int128 step = static_cast<unsigned __int128>(1) << (64 - l);
    const unsigned __int128 end = start + step * count[l];
    if (end > (static_cast<unsigned __int128>(1) << 64)) return std::nullopt;
    d.base_[l] = static_cast<std::uint64_t>(start);
    d.limit_[l] = end == (static_cast<unsigned __int128>(1) << 64) ? ~std::uint64_t{0}
                                                                   : static_cast<std::uint64_t>(end);
    d.offset_[l] = offset;
    offset += count[l];
    if (count[l] > 0) {
      if (d.min_length_ == 0) d.min_length_ = l;
      d.max_length_ = l;
    }
    start = end;
  }
  d.complete_ = start == (static_cast<unsigned __int128>(1) << 64);
  return d;
}

}  // namespace rtb::storage
