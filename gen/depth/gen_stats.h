// What a solved table (or part of one) holds: its legal positions by value
// and the longest depth.
#pragma once

#include <algorithm>
#include <cstdint>

#include "games/value.h"

namespace rtb {

struct GenStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  std::uint32_t max_depth = 0;

  // Counts one legal position of value v.
  void add(Value v) {
    ++legal;
    wins += v.is_win();
    losses += v.is_loss();
    draws += v.is_draw();
    max_depth = std::max(max_depth, v.depth());
  }
  // Counts the positions of another part.
  void add(const GenStats& part) {
    legal += part.legal;
    wins += part.wins;
    draws += part.draws;
    losses += part.losses;
    max_depth = std::max(max_depth, part.max_depth);
  }
};

}  // namespace rtb
