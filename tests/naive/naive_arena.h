// A deliberately naive solver for arenas, used only by the tests to check
// gen/arena/solve.h. It shares no code with gen/: every objective is its textbook
// fixpoint formula, evaluated round by round by recomputing every position
// from scratch, with no counters, queues or threads.
//
// CPre(X), the positions from which A can force the next position into X:
// an A position with some move into X, a B position with every move into X
// (so a B position without moves is in every CPre, an A position without
// moves in none: the player who cannot move loses).
//
//   reach    mu X. T | CPre(X)
//   safety   nu Y. T & CPre(Y)
//   buchi    nu Z. mu X. (T & CPre(Z)) | CPre(X)
//   cobuchi  mu Z. nu X. (T | CPre(Z)) & CPre(X)
//
// The details are the iteration counts of these formulas, which is what
// gen/arena/solve.h documents: for a least fixpoint the iteration that first holds
// a position (from 0), for a greatest one the iteration that first drops it
// (from 0), and for the outer fixpoint of buchi and cobuchi the outer
// iteration (from 1) that changes the position. The inner details are those
// of the last inner fixpoint, computed with the final outer set.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/arena.h"

namespace rtb::naive {

struct Arena {
  std::uint32_t n = 0;
  std::vector<Player> owner;
  std::vector<std::uint8_t> target;
  // Moves per station; repeated moves and self-loops allowed, and a station
  // may have none.
  std::vector<std::vector<std::uint32_t>> out;
};

struct ArenaAnswer {
  std::vector<std::uint8_t> a_wins;
  std::vector<std::uint32_t> detail;
};

namespace detail {

using Set = std::vector<std::uint8_t>;

inline bool cpre(const Arena& a, std::uint32_t i, const Set& x) {
  bool some = false, all = true;
  for (auto j : a.out[i]) {
    some = some || x[j];
    all = all && x[j];
  }
  return a.owner[i] == Player::A ? some : all;
}

// Iterates x := step(x) from `start` until nothing changes. `step` must be
// monotone and the start the bottom or the top, so the sets only grow or
// only shrink; `first_change[i]` gets the iteration (from 0) in which i
// changed, untouched where it never did.
template <class Step>
Set iterate(const Arena& a, Set x, Step step, std::vector<std::uint32_t>& first_change) {
  for (std::uint32_t k = 0;; ++k) {
    Set next(a.n);
    for (std::uint32_t i = 0; i < a.n; ++i) next[i] = step(i, x);
    bool changed = false;
    for (std::uint32_t i = 0; i < a.n; ++i)
      if (next[i] != x[i]) {
        first_change[i] = k;
        changed = true;
      }
    if (!changed) return x;
    x = std::move(next);
  }
}

inline ArenaAnswer reach(const Arena& a) {
  ArenaAnswer r{Set(a.n), std::vector<std::uint32_t>(a.n, 0)};
  r.a_wins = iterate(
      a, Set(a.n, 0), [&](std::uint32_t i, const Set& x) { return a.target[i] || cpre(a, i, x); }, r.detail);
  for (std::uint32_t i = 0; i < a.n; ++i)
    if (!r.a_wins[i]) r.detail[i] = 0;
  return r;
}

inline ArenaAnswer safety(const Arena& a) {
  ArenaAnswer r{Set(a.n), std::vector<std::uint32_t>(a.n, 0)};
  r.a_wins = iterate(
      a, Set(a.n, 1), [&](std::uint32_t i, const Set& y) { return a.target[i] && cpre(a, i, y); }, r.detail);
  for (std::uint32_t i = 0; i < a.n; ++i)
    if (r.a_wins[i]) r.detail[i] = 0;
  return r;
}

inline ArenaAnswer buchi(const Arena& a) {
  ArenaAnswer r{Set(a.n), std::vector<std::uint32_t>(a.n, 0)};
  std::vector<std::uint32_t> inner(a.n, 0);
  Set z(a.n, 1);
  for (std::uint32_t round = 1;; ++round) {
    const Set x = iterate(
        a, Set(a.n, 0),
        [&](std::uint32_t i, const Set& s) { return (a.target[i] && cpre(a, i, z)) || cpre(a, i, s); },
        inner);
    bool changed = false;
    for (std::uint32_t i = 0; i < a.n; ++i) {
      if (x[i] && !z[i]) throw std::logic_error("naive buchi: the outer fixpoint grew");
      if (z[i] && !x[i]) {
        r.detail[i] = round;
        changed = true;
      }
    }
    if (!changed) break;
    z = x;
  }
  for (std::uint32_t i = 0; i < a.n; ++i)
    if (z[i]) r.detail[i] = inner[i];
  r.a_wins = z;
  return r;
}

inline ArenaAnswer cobuchi(const Arena& a) {
  ArenaAnswer r{Set(a.n), std::vector<std::uint32_t>(a.n, 0)};
  std::vector<std::uint32_t> inner(a.n, 0);
  Set z(a.n, 0);
  for (std::uint32_t round = 1;; ++round) {
    const Set x = iterate(
        a, Set(a.n, 1),
        [&](std::uint32_t i, const Set& s) { return (a.target[i] || cpre(a, i, z)) && cpre(a, i, s); },
        inner);
    bool changed = false;
    for (std::uint32_t i = 0; i < a.n; ++i) {
      if (z[i] && !x[i]) throw std::logic_error("naive cobuchi: the outer fixpoint shrank");
      if (x[i] && !z[i]) {
        r.detail[i] = round;
        changed = true;
      }
    }
    if (!changed) break;
    z = x;
  }
  for (std::uint32_t i = 0; i < a.n; ++i)
    if (!z[i]) r.detail[i] = inner[i];
  r.a_wins = z;
  return r;
}

}  // namespace detail

inline ArenaAnswer solve_arena(const Arena& a, Objective objective) {
  switch (objective) {
    case Objective::Reach:
      return detail::reach(a);
    case Objective::Safety:
      return detail::safety(a);
    case Objective::Buchi:
      return detail::buchi(a);
    case Objective::CoBuchi:
      return detail::cobuchi(a);
  }
  throw std::logic_error("naive: unknown objective");
}

}  // namespace rtb::naive
