// Small helpers shared by the heap games (subtraction, octal, nim): heap
// sizes as text, and lists of numbers in parameters.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb::heaps {

// A decimal number in [0, max]; throws GameError naming `game` otherwise.
inline std::uint64_t parse_count(std::string_view s, std::uint64_t max, std::string_view game) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v > max)
    throw GameError(std::string(game) + ": " + quote_input(s) + " is not a heap size 0.." +
                    std::to_string(max));
  return v;
}

// Numbers separated by ',' or '+' ("1,3,4" or "1+3+4"). The canonical form
// of a parameter uses '+', because Params::canonical() separates
// parameters with ',' and could not read "set=1,3,4" back.
inline std::vector<std::uint64_t> parse_list(std::string_view s, std::uint64_t lo, std::uint64_t hi,
                                             std::string_view what) {
  std::vector<std::uint64_t> out;
  while (true) {
    const auto sep = s.find_first_of(",+");
    const std::string_view item = s.substr(0, sep);
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || v < lo || v > hi)
      throw GameError(std::string(what) + ": " + quote_input(item) + " is not a number from " +
                      std::to_string(lo) + " to " + std::to_string(hi));
    out.push_back(v);
    if (sep == std::string_view::npos) return out;
    s.remove_prefix(sep + 1);
  }
}

inline std::string join_plus(const std::vector<std::uint64_t>& values) {
  std::string s;
  for (std::size_t j = 0; j < values.size(); ++j) s += (j ? "+" : "") + std::to_string(values[j]);
  return s;
}

}  // namespace rtb::heaps
