// Pieces of gen/check/plugin_check.h that know nothing of games.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb::plugin_check_detail {

// The splitmix64 finaliser: every input bit moves every output bit.
constexpr std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Two multisets of pairs (p, q), each summed as two independent 64-bit
// hashes per pair: equal multisets give equal sums, and different ones
// collide with probability about 2^-128, with no memory per pair. Sums
// commute, so each worker keeps its own and they are added at the end.
class Fingerprint {
 public:
  void forward(Index p, Index q) { add(forward_, p, q); }
  void backward(Index p, Index q) { add(backward_, p, q); }
  void add(const Fingerprint& other) {
    for (int k = 0; k < 2; ++k) {
      forward_[k] += other.forward_[k];
      backward_[k] += other.backward_[k];
    }
  }
  bool same() const { return forward_[0] == backward_[0] && forward_[1] == backward_[1]; }

 private:
  static void add(std::uint64_t* sums, Index p, Index q) {
    const std::uint64_t h = mix(p * 0x9E3779B97F4A7C15ull ^ mix(q));
    sums[0] += h;
    sums[1] += mix(h ^ 0xD6E8FEB86659FD93ull);
  }
  std::uint64_t forward_[2] = {}, backward_[2] = {};
};

// Calls f(value, times it occurs) for each distinct value, in order.
template <class F>
void for_each_run(std::vector<Index>& values, F&& f) {
  std::sort(values.begin(), values.end());
  for (std::size_t k = 0; k < values.size();) {
    std::size_t end = k;
    while (end < values.size() && values[end] == values[k]) ++end;
    f(values[k], end - k);
    k = end;
  }
}

// "1 time", "2 times".
inline std::string times(std::uint64_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace rtb::plugin_check_detail
