// The contract of impartial games, for the Sprague-Grundy solver
// (gen/grundy/solve.h). An impartial game is a Game whose moves do not depend on
// who is to move; positions without moves lose (normal play).
//
// Moves that lead to a SUM of positions. An octal game splits a heap into
// two heaps; the position reached is the sum of two positions of the same
// table, never a position of its own (a table of heap lists would be
// exponential). A plugin says so with two more functions:
//
//   split_moves(i, f)  calls f(a, b) once per move of i to the sum a + b;
//   unsplit(q, f)      calls f(p) once per (split move of p, part) whose part
//                      is q: a move p -> a + b is listed once in unsplit(a)
//                      and once in unsplit(b), twice in unsplit(a) if a == b.
//
// unsplit is to split_moves what unmoves is to moves: it lets the counter
// machinery run backwards. A position's counter counts its plain inside
// moves plus two per split move (one per part); each part becoming known
// decrements it once, and the value is the mex of the successors' values,
// a sum being worth the XOR of its parts (Sprague-Grundy theorem). The
// solver stays O(V + E) with E counting split moves twice.
//
// The parts of a split move must get FINITE values from the acyclic
// counter pass: the value of a sum with a loopy part is not a function of
// the parts' values the solver can use. Octal games meet this trivially
// (both parts are smaller heaps, solved before the heap itself); a game
// that breaks it is refused at generation time with an error.
//
// A plain Game with no split moves is an impartial game for this solver
// unless it declares `static constexpr bool kImpartial = false` (a
// partizan game such as chess, whose moves depend on the side to move).
#pragma once

#include "games/game.h"

namespace rtb {

namespace contract {
// Stand-in for the callback passed to split_moves().
struct PairSink {
  void operator()(Index, Index) const {}
};
}  // namespace contract

template <class G>
concept SplitGame = Game<G> &&
    requires(const G& g, Index i, contract::PairSink pairs, contract::IndexSink predecessors) {
  g.split_moves(i, pairs);
  g.unsplit(i, predecessors);
};

template <class G>
constexpr bool declared_impartial() {
  if constexpr (requires { G::kImpartial; })
    return G::kImpartial;
  else
    return true;
}

template <class G>
concept ImpartialGame = Game<G> && declared_impartial<G>();

// Whether the win/draw/loss pass (rtb::generate) can solve G: it knows
// nothing of sums, so a game with split moves must be generated with the
// Grundy solver.
template <class G>
constexpr bool wdl_solvable() {
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
