// The value rules of the left-counter pass that read the game, shared by
// the single-process pass (gen/depth/retrograde.h) and the one split over
// ranks (gen/mpi/split_retrograde.h), so both give the same values: what
// the first pass learns of one index, and the depth of a loss.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "games/game.h"

namespace rtb {

struct FirstLook {
  bool legal = false;
  std::uint32_t open = 0;  // moves not known yet: inside the table, or to a known draw
  // Terminal, or what the known values give at once: a win by the fastest
  // move to a known loss (a candidate: an inside move may win sooner), a
  // loss when every move is to a known win; else draw (nothing yet).
  Value value;
  // The fewest plies a loss here can take: one more than the slowest known
  // win a move leads to (0 if none). loss_plies() reads it again from the
  // game; the split pass keeps it instead, as its known values are fetched
  // once (gen/mpi/split_tiers.h).
  std::uint32_t loss_floor = 0;
};

// What the known values of a position's moves give: a win by the fastest
// move to a loss, a loss when every move is to a win, else nothing yet.
struct KnownMoves {
  std::uint32_t open = 0, moves = 0, best_loss = UINT32_MAX, loss_floor = 0;

  void known(Value v) {
    ++moves;
    if (v.is_draw())
      ++open;
    else if (v.is_loss())
      best_loss = std::min(best_loss, v.depth());
    else
      loss_floor = std::max(loss_floor, v.depth() + 1);
  }
  void inside(std::uint32_t count) {
    open += count;
    moves += count;
  }
  // `terminal` is the game's terminal value, asked only without moves.
  template <class Terminal>
  Value value(Terminal&& terminal) const {
    if (moves == 0) return terminal();
    if (best_loss != UINT32_MAX) return Value::win(best_loss + 1);
    if (open == 0) return Value::loss(loss_floor);
    return Value::draw();
  }
};

// One decode where the game counts its moves (count_moves, asked of
// `counter`: the game or its scanner), else legal() and moves(). Both rules
// are forced inline: they run once per index and per loss in the passes'
// hot loops, where a call costs a few percent.
template <Game G, class Counter>
[[gnu::always_inline]] inline FirstLook first_look(const G& game, Index i, Counter&& counter) {
  KnownMoves m;
  auto known = [&](Value v) { m.known(v); };
  bool legal = true;
  if constexpr (CountsMoves<G>) {
    const std::optional<std::uint32_t> inside = counter.count_moves(i, known);
    legal = inside.has_value();
    m.inside(inside.value_or(0));
  } else {
    legal = game.legal(i);
    if (legal)
      game.moves(i, [&](Successor s) {
        if (s.inside)
          m.inside(1);
        else
          known(s.value);
      });
  }
  if (!legal) return {};
  return {true, m.open, m.value([&] { return game.terminal(i); }), m.loss_floor};
}
template <Game G>
[[gnu::always_inline]] inline FirstLook first_look(const G& game, Index i) {
  return first_look(game, i, game);
}

// The plies of q's loss when its last open move has led to a win in
// `depth`: one more than the slowest win it can move to, the known wins
// of moves that leave the table included.
template <Game G>
[[gnu::always_inline]] inline std::uint32_t loss_plies(const G& game, Index q, std::uint32_t depth) {
  std::uint32_t plies = depth + 1;
  auto known = [&](Value v) {
    if (v.is_win()) plies = std::max(plies, v.depth() + 1);
  };
  if constexpr (has_known_moves<G>()) {
    if constexpr (CountsMoves<G>)
      game.count_moves(q, known);
    else
      game.moves(q, [&](Successor s) {
        if (!s.inside) known(s.value);
      });
  }
  return plies;
}

}  // namespace rtb
