// The value a position must have, given the values its moves lead to: the
// rule the generator's pass converges to, applied one position at a time.
// `tbgen verify` checks every stored value with it, and the prober uses it to
// name the moves that keep the value.
#pragma once

#include <algorithm>
#include <cstdint>

#include "games/game.h"

namespace rtb {

// The values moves lead to (each for the player to move after the move),
// folded into the value of the position they leave: a win one ply after the
// fastest loss found, else a loss one ply after the slowest win if every
// move wins for the opponent, else a draw.
class BestOfMoves {
 public:
  void add(Value v) {
    ++moves_;
    if (v.is_loss())
      best_loss_ = std::min(best_loss_, v.depth());
    else if (v.is_win())
      worst_win_ = std::max(worst_win_, v.depth());
    else
      all_wins_ = false;
  }
  bool any() const { return moves_ > 0; }
  // Only when any(): a position without moves has its game's terminal value.
  Value value() const {
    if (best_loss_ != UINT32_MAX) return Value::win(best_loss_ + 1);
    if (all_wins_) return Value::loss(worst_win_ + 1);
    return Value::draw();
  }

 private:
  std::uint32_t moves_ = 0, best_loss_ = UINT32_MAX, worst_win_ = 0;
  bool all_wins_ = true;
};

// value_of(index) gives the stored value of a position of the same table.
template <Game G, class ValueOf>
Value derive(const G& game, Index i, ValueOf&& value_of) {
  BestOfMoves best;
  game.moves(i, [&](Successor s) { best.add(s.inside ? value_of(s.index) : s.value); });
  return best.any() ? best.value() : game.terminal(i);
}

}  // namespace rtb
