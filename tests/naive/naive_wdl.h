// A deliberately naive win/draw/loss solver for a game on a directed graph,
// used only by the tests to check the production generator. It shares no code
// with gen/: it recomputes every vertex from scratch in each round instead of
// keeping counters or a queue, so a bug in the clever bookkeeping of the
// generator cannot be repeated here.
//
// The game: a token sits on a vertex; the player to move follows one of its
// out-edges. Values are for the player to move. A vertex without moves has the
// value given in Graph::terminal (LOSS 0 in the normal game). Otherwise:
//   - WIN in d+1, where d is the smallest depth among successors that are
//     LOSS (the winner takes the shortest win);
//   - else, if every successor is a WIN, LOSS in 1 + the largest of their
//     depths (the loser takes the longest defence);
//   - else DRAW: some successor is never shown won or lost, and the side that
//     would lose keeps moving there forever.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/value.h"

namespace rtb::naive {

// One move. `inside`: it leads to vertex `to` in [0, n). Otherwise it leads
// out of the graph to a position whose value `known` is fixed in advance,
// given for the player to move after the move.
struct Edge {
  bool inside = true;
  std::uint32_t to = 0;
  rtb::Value known;
};

struct Graph {
  std::uint32_t n = 0;
  // The moves of each vertex. Repeated edges and self-loops are allowed and
  // each copy counts as a move of its own.
  std::vector<std::vector<Edge>> out;
  // The value of a vertex that has no moves; ignored for other vertices.
  std::vector<rtb::Value> terminal;
};

// Solves the graph by a round-by-round fixpoint.
//
// Every value that ever becomes known is "resolved" in the round equal to its
// depth: a terminal value T in round depth(T) (a DRAW terminal never), a known
// edge value in round depth(known) (a DRAW never), and an inside vertex in the
// round in which the rules below first fire for it. In round k >= 1 an
// unresolved vertex with moves becomes
//   - WIN(k)  if some successor is a LOSS resolved in round k-1;
//   - LOSS(k) if every successor is a WIN resolved in a round <= k-1.
// A round looks only at what was resolved in earlier rounds.
//
// Why the depths are exact (by induction on k, with "resolved in round r"
// meaning "has depth r"):
//   - WIN(k): a LOSS successor of depth k-1 exists. No LOSS successor has a
//     smaller depth j, since it would have been resolved in round j and the
//     vertex would already have become WIN(j+1). So k = 1 + the smallest
//     LOSS depth: the shortest win.
//   - LOSS(k): every successor is a WIN of depth <= k-1. They were not all of
//     depth <= k-2, or the rule would have fired in round k-1 (for k = 1 the
//     maximum is 0 trivially). So k = 1 + the largest WIN depth: the longest
//     defence. The WIN rule cannot compete: a vertex with a LOSS successor
//     never has all successors WIN.
//   - Never resolved: no successor is ever a LOSS and not all are WINs, so
//     some successor stays unresolved (or is a DRAW known value/terminal):
//     DRAW, as defined above.
// Once resolved a value never changes, so later rounds can only add.
//
// Stopping: if round k resolves nothing and k exceeds every terminal and
// known depth, round k+1 sees exactly what round k saw (no inside vertex has
// depth k, and no terminal or known value has depth k), so it resolves
// nothing either, and so on forever. Quiet rounds before that point are
// expected (e.g. the only move leads to a known LOSS 5: rounds 1..5 are
// quiet, round 6 gives WIN 6), so they do not stop the loop.
//
// Cost: O(rounds * (n + edges)), rounds <= (largest given depth) + n + 2.
//
// Throws std::invalid_argument for a malformed graph and std::overflow_error
// if a depth would exceed Value::kMaxDepth.
inline std::vector<rtb::Value> solve_wdl(const Graph& g) {
  using rtb::Value;
  const std::uint32_t n = g.n;
  if (g.out.size() != n || g.terminal.size() != n) {
    throw std::invalid_argument("naive::solve_wdl: out and terminal must have n entries");
  }

  // Largest depth of any value given in advance: until this round has
  // passed, a quiet round does not mean the end.
  std::uint32_t last_given_depth = 0;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (g.out[v].empty() && !g.terminal[v].is_draw()) {
      last_given_depth = std::max(last_given_depth, g.terminal[v].depth());
    }
    for (const Edge& e : g.out[v]) {
      if (e.inside && e.to >= n) {
        throw std::invalid_argument("naive::solve_wdl: edge from " + std::to_string(v) + " to " +
                                    std::to_string(e.to) + " is outside the graph");
      }
      if (!e.inside && !e.known.is_draw()) last_given_depth = std::max(last_given_depth, e.known.depth());
    }
  }

  constexpr std::uint32_t kNever = std::numeric_limits<std::uint32_t>::max();
  std::vector<Value> value(n, Value::draw());
  // The round in which value[v] became final; kNever while unresolved.
  std::vector<std::uint32_t> resolved_in(n, kNever);

  for (std::uint32_t round = 0;; ++round) {
    bool changed = false;

    // Terminal vertices: fixed values, resolved in the round of their depth
    // (round 0 for the usual LOSS 0 / WIN 0).
    for (std::uint32_t v = 0; v < n; ++v) {
      const Value t = g.terminal[v];
      if (g.out[v].empty() && !t.is_draw() && t.depth() == round) {
        value[v] = t;
        resolved_in[v] = round;
        changed = true;
      }
    }

    // Vertices with moves; none can be decided in round 0. A vertex decided
    // in this round gets resolved_in == round, which the checks below treat
    // as not yet known, so the order of the loop does not matter.
    if (round > 0) {
      for (std::uint32_t v = 0; v < n; ++v) {
        if (resolved_in[v] != kNever || g.out[v].empty()) continue;
        bool has_loss_from_last_round = false;
        bool all_wins_known = true;
        for (const Edge& e : g.out[v]) {
          Value succ;
          bool known_before_this_round;
          if (e.inside) {
            known_before_this_round = resolved_in[e.to] < round;
            succ = value[e.to];
          } else {
            succ = e.known;
            known_before_this_round = !succ.is_draw() && succ.depth() < round;
          }
          if (known_before_this_round && succ.is_loss() && succ.depth() == round - 1) {
            has_loss_from_last_round = true;
          }
          if (!(known_before_this_round && succ.is_win())) all_wins_known = false;
        }
        if (!has_loss_from_last_round && !all_wins_known) continue;
        if (round > Value::kMaxDepth) throw std::overflow_error("naive::solve_wdl: depth too large");
        value[v] = has_loss_from_last_round ? Value::win(round) : Value::loss(round);
        resolved_in[v] = round;
        changed = true;
      }
    }

    if (!changed && round > last_given_depth) break;
  }
  // Unresolved vertices keep Value::draw().
  return value;
}

}  // namespace rtb::naive
