// The value a position must have, given the values its moves lead to: the
// rule the generator's pass converges to, applied one position at a time.
// `tbgen verify` checks every stored value with it, and the prober uses it to
// name the moves that keep the value.
#pragma once

#include <algorithm>
#include <cstdint>

#include "games/game.h"

namespace rtb {

// value_of(index) gives the stored value of a position of the same table.
template <Game G, class ValueOf>
Value derive(const G& game, Index i, ValueOf&& value_of) {
  std::uint32_t moves = 0, best_loss = UINT32_MAX, worst_win = 0;
  bool all_wins = true;
  game.moves(i, [&](Successor s) {
    const Value v = s.inside ? value_of(s.index) : s.value;
    ++moves;
    if (v.is_loss())
      best_loss = std::min(best_loss, v.depth());
    else if (v.is_win())
      worst_win = std::max(worst_win, v.depth());
    else
      all_wins = false;
  });
  if (moves == 0) return game.terminal(i);
  if (best_loss != UINT32_MAX) return Value::win(best_loss + 1);
  if (all_wins) return Value::loss(worst_win + 1);
  return Value::draw();
}

}  // namespace rtb
