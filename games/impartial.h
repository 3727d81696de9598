// Impartial games, for the Sprague-Grundy solver (gen/grundy/solve.h): a
// Game whose moves do not depend on who is to move; positions without moves
// lose (normal play). The members that make one (split_moves(), unsplit(),
// kImpartial) are declared with the rest of the contract in games/game.h;
// here, what the solvers ask of them.
#pragma once

#include "games/game.h"

namespace rtb {

template <class G>
concept ImpartialGame = Game<G> && declared_impartial<G>();

// Whether the win/draw/loss pass (rtb::generate) can solve G: it knows
// nothing of sums, so a game with split moves must be generated with the
// Grundy solver.
template <class G>
constexpr bool depth_solvable() {
  return !SplitGame<G>;
}

// Split moves of i, or none for a game without them.
template <class G, class F>
void for_each_split(const G& game, Index i, F&& f) {
  if constexpr (SplitGame<G>) game.split_moves(i, f);
}

// Positions with a split move that has q as a part, or none.
template <class G, class F>
void for_each_unsplit(const G& game, Index q, F&& f) {
  if constexpr (SplitGame<G>) game.unsplit(q, f);
}

}  // namespace rtb
