// Deliberately naive Sprague-Grundy solvers, used only by the tests to
// check gen/grundy/solve.h. They share no code with gen/: no counters, no queues,
// no unmoves; every step rescans the whole graph.
//
// solve_grundy: the generalised (loopy) Sprague-Grundy function of Smith
// and Fraenkel by the algorithm of Fraenkel and Yesha, followed literally:
//   for i = 0, 1, ...:
//     repeat until nothing changes: label i every unlabelled u such that no
//       follower of u is labelled i, and every follower of u that is
//       unlabelled or labelled infinity has a follower labelled i;
//     label infinity every unlabelled u that has no follower labelled i;
//   stop when nothing is unlabelled.
// An infinite u then gets K(u), the finite labels among its followers.
//
// check_gsg: the defining conditions of the function, checked directly on
// any labelling, as a second opinion on both solvers.
//
// octal_values: an octal game by plain recursion over heap sizes, splitting
// into ORDERED pairs (the plugin lists unordered ones).
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/naive/naive_wdl.h"

namespace rtb::naive {

struct Gsg {
  bool finite = true;
  std::uint32_t n = 0;
  std::vector<std::uint32_t> k;  // sorted, when infinite
  friend bool operator==(const Gsg&, const Gsg&) = default;
};

inline std::string to_string(const Gsg& g) {
  if (g.finite) return std::to_string(g.n);
  std::string s = "inf(";
  for (std::size_t j = 0; j < g.k.size(); ++j) s += (j ? "," : "") + std::to_string(g.k[j]);
  return s + ")";
}

namespace detail {
constexpr std::int64_t kUnlabelled = -1, kInfinite = -2;

// Moves to a known value count as a follower labelled 0, which is only
// right for a known LOSS: anything else is refused.
inline void check_grundy_graph(const Graph& g) {
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (g.out[v].empty() && !g.terminal[v].is_loss())
      throw std::invalid_argument("naive::solve_grundy: a vertex without moves must be a loss");
    for (const Edge& e : g.out[v])
      if (!e.inside && !e.known.is_loss())
        throw std::invalid_argument("naive::solve_grundy: known values must be losses");
  }
}

inline std::int64_t label_of(const std::vector<std::int64_t>& label, const Edge& e) {
  return e.inside ? label[e.to] : 0;
}

inline bool has_follower_labelled(const Graph& g, const std::vector<std::int64_t>& label, std::uint32_t v,
                                  std::int64_t i) {
  for (const Edge& e : g.out[v])
    if (label_of(label, e) == i) return true;
  return false;
}

inline bool can_take(const Graph& g, const std::vector<std::int64_t>& label, std::uint32_t u,
                     std::int64_t i) {
  if (has_follower_labelled(g, label, u, i)) return false;
  for (const Edge& e : g.out[u]) {
    if (!e.inside) continue;
    const std::int64_t l = label[e.to];
    if ((l == kUnlabelled || l == kInfinite) && !has_follower_labelled(g, label, e.to, i)) return false;
  }
  return true;
}
}  // namespace detail

inline std::vector<Gsg> solve_grundy(const Graph& g) {
  using namespace detail;
  check_grundy_graph(g);
  std::vector<std::int64_t> label(g.n, kUnlabelled);
  auto unlabelled = [&] { return std::count(label.begin(), label.end(), kUnlabelled); };
  for (std::int64_t i = 0; unlabelled() > 0; ++i) {
    for (bool changed = true; changed;) {
      changed = false;
      for (std::uint32_t u = 0; u < g.n; ++u)
        if (label[u] == kUnlabelled && can_take(g, label, u, i)) label[u] = i, changed = true;
    }
    for (std::uint32_t u = 0; u < g.n; ++u)
      if (label[u] == kUnlabelled && !has_follower_labelled(g, label, u, i)) label[u] = kInfinite;
  }
  std::vector<Gsg> out(g.n);
  for (std::uint32_t u = 0; u < g.n; ++u) {
    if (label[u] >= 0) {
      out[u] = {true, static_cast<std::uint32_t>(label[u]), {}};
      continue;
    }
    std::set<std::uint32_t> k;
    for (const Edge& e : g.out[u])
      if (label_of(label, e) >= 0) k.insert(static_cast<std::uint32_t>(label_of(label, e)));
    out[u] = {false, 0, std::vector<std::uint32_t>(k.begin(), k.end())};
  }
  return out;
}

// "" if `values` meets the conditions of the generalised Sprague-Grundy
// function at every vertex, else the first violation:
//   finite n: no follower has n, every m < n is at a follower, and every
//     infinite follower has a follower of value n;
//   infinity(K): K is the set of finite follower values, and some infinite
//     follower has no follower of value mex(K).
inline std::string check_gsg(const Graph& g, const std::vector<Gsg>& values) {
  auto value_of = [&](const Edge& e) { return e.inside ? values[e.to] : Gsg{true, 0, {}}; };
  for (std::uint32_t u = 0; u < g.n; ++u) {
    std::set<std::uint32_t> finite;
    std::vector<const Gsg*> infinite;
    for (const Edge& e : g.out[u]) {
      if (!e.inside || values[e.to].finite)
        finite.insert(value_of(e).n);
      else
        infinite.push_back(&values[e.to]);
    }
    std::uint32_t mex = 0;
    while (finite.count(mex)) ++mex;
    auto k_has = [](const Gsg* v, std::uint32_t x) {
      return std::binary_search(v->k.begin(), v->k.end(), x);
    };
    const std::string at = "vertex " + std::to_string(u) + " (" + to_string(values[u]) + "): ";
    if (values[u].finite) {
      if (values[u].n != mex) return at + "not the mex " + std::to_string(mex) + " of its finite followers";
      for (const Gsg* v : infinite)
        if (!k_has(v, mex)) return at + "an infinite follower has no follower of its value";
    } else {
      if (values[u].k != std::vector<std::uint32_t>(finite.begin(), finite.end()))
        return at + "K is not its set of finite follower values";
      if (std::none_of(infinite.begin(), infinite.end(), [&](const Gsg* v) { return !k_has(v, mex); }))
        return at + "no infinite follower avoids mex(K) = " + std::to_string(mex);
    }
  }
  return "";
}

// Grundy values of heaps 0..max of the octal game with digits d[0], d[1],
// ... (d[k]: 1 = may take a whole heap of k, 2 = may leave one heap, 4 = may
// leave two heaps).
inline std::vector<std::uint32_t> octal_values(const std::vector<std::uint8_t>& d, std::uint32_t max) {
  std::vector<std::uint32_t> g(max + 1);
  for (std::uint32_t n = 0; n <= max; ++n) {
    std::set<std::uint32_t> seen;
    for (std::uint32_t k = 0; k < d.size() && k <= n; ++k) {
      if (k > 0 && (d[k] & 1) && n == k) seen.insert(0);
      if (k > 0 && (d[k] & 2) && n > k) seen.insert(g[n - k]);
      if (d[k] & 4)
        for (std::uint32_t a = 1; a + 1 <= n - k; ++a) seen.insert(g[a] ^ g[n - k - a]);
    }
    while (seen.count(g[n])) ++g[n];
  }
  return g;
}

}  // namespace rtb::naive
