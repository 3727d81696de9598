// Deterministic random graphs for checking the generator against
// naive::solve_wdl. A 64-bit seed picks a GraphSpec (family, size, options);
// the spec and its seed then build the graph, so a failing test can print
// describe(spec) and the case can be rebuilt exactly with make_graph(spec).
//
// Only std::mt19937_64 is used, and its raw output: std::uniform_int_distribution
// and std::shuffle are not specified exactly and would give different graphs
// with another standard library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/value.h"
#include "tests/naive/naive_wdl.h"

namespace rtb::naive {

enum class Family : std::uint8_t {
  kSparse,           // out-degree 0..3 to random vertices
  kDense,            // up to ~n*n/4 edges (at most 20000), some vertices without moves
  kChain,            // path 0 -> 1 -> ... -> n-1, maybe closed into a cycle, plus back edges
  kCyclesWithTails,  // disjoint cycles (length 1..20) with in-trees hanging off them
  kSelfLoops,        // sparse, and about half the vertices have 1-2 self-loops
  kRepeatedEdges,    // sparse, most edges present 2-5 times
  kDag,              // edges only to higher-numbered vertices
};
inline constexpr int kFamilyCount = 7;

inline const char* family_name(Family f) {
  switch (f) {
    case Family::kSparse:
      return "sparse";
    case Family::kDense:
      return "dense";
    case Family::kChain:
      return "chain";
    case Family::kCyclesWithTails:
      return "cycles_with_tails";
    case Family::kSelfLoops:
      return "self_loops";
    case Family::kRepeatedEdges:
      return "repeated_edges";
    case Family::kDag:
      return "dag";
  }
  return "?";
}

struct GraphSpec {
  Family family = Family::kSparse;
  std::uint32_t n = 1;  // vertex count, >= 1
  // Add edges to known values (random WIN/LOSS 0..20 or DRAW) to about a
  // third of the vertices.
  bool known_edges = false;
  // Vertices without moves are WIN 0 instead of LOSS 0.
  bool misere = false;
  // Vertex target_vertex loses for the player to move there: all its moves
  // (inside and known) are removed and its terminal value is LOSS 0, also
  // in misere and with random terminals.
  bool target = false;
  std::uint32_t target_vertex = 0;
  // kChain only: add the edge n-1 -> 0.
  bool closed_chain = false;
  // Renumber the vertices by a random permutation after building, so that
  // structure does not follow index order. Never for kDag, whose edges must
  // go to higher numbers.
  bool relabel = false;
  // Each vertex without moves gets a random terminal value (WIN/LOSS 0..20
  // or DRAW) with probability 1/2. Never chosen by random_spec(): the normal
  // and misere games only need LOSS 0 / WIN 0; set it by hand to exercise
  // solvers that accept arbitrary terminal values.
  bool random_terminals = false;
  // Drives every random choice made by make_graph().
  std::uint64_t seed = 0;
};

// A small wrapper giving portable uniform integers from mt19937_64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound); bound must be > 0. Rejection sampling removes the
  // bias of a plain modulo.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t max = std::mt19937_64::max();             // 2^64 - 1
    const std::uint64_t limit = max - (max % bound + 1) % bound;  // last value of a whole bucket
    std::uint64_t x;
    do {
      x = engine_();
    } while (x > limit);
    return x % bound;
  }
  // Uniform in [lo, hi], lo <= hi.
  std::uint64_t between(std::uint64_t lo, std::uint64_t hi) { return lo + below(hi - lo + 1); }
  std::uint32_t between32(std::uint32_t lo, std::uint32_t hi) {
    return static_cast<std::uint32_t>(between(lo, hi));
  }
  // True with probability num/den.
  bool chance(std::uint64_t num, std::uint64_t den) { return below(den) < num; }

  // Fisher-Yates, written out because std::shuffle's exact sequence is
  // unspecified.
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[below(i)]);
    }
  }

 private:
  std::mt19937_64 engine_;
};

namespace detail {

inline Edge inside_edge(std::uint32_t to) {
  return Edge{true, to, rtb::Value::draw()};
}
inline Edge known_edge(rtb::Value v) {
  return Edge{false, 0, v};
}

// DRAW with probability 1/5, else WIN or LOSS with depth 0..20.
inline rtb::Value random_value(Rng& rng) {
  if (rng.chance(1, 5)) return rtb::Value::draw();
  const auto depth = rng.between32(0, 20);
  return rng.chance(1, 2) ? rtb::Value::win(depth) : rtb::Value::loss(depth);
}

// Out-degree 0..3 to uniformly random vertices (self-loops possible).
inline void add_sparse_edges(Graph& g, Rng& rng) {
  for (std::uint32_t v = 0; v < g.n; ++v) {
    const auto degree = rng.between32(0, 3);
    for (std::uint32_t i = 0; i < degree; ++i) {
      g.out[v].push_back(inside_edge(static_cast<std::uint32_t>(rng.below(g.n))));
    }
  }
}

inline void build_dense(Graph& g, Rng& rng) {
  // Without vertices that have no moves a dense graph is nearly all DRAW, so
  // some vertices are kept move-less.
  static constexpr std::uint64_t kSinkPercent[] = {0, 5, 15, 30};
  const std::uint64_t sink_percent = kSinkPercent[rng.below(4)];
  std::vector<std::uint32_t> movers;
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (!rng.chance(sink_percent, 100)) movers.push_back(v);
  }
  if (movers.empty()) return;
  const std::uint64_t max_edges = std::min<std::uint64_t>(std::uint64_t{g.n} * g.n / 4, 20000);
  const std::uint64_t edges = rng.between(std::min<std::uint64_t>(movers.size(), max_edges), max_edges);
  for (std::uint64_t i = 0; i < edges; ++i) {
    const std::uint32_t from = movers[rng.below(movers.size())];
    g.out[from].push_back(inside_edge(static_cast<std::uint32_t>(rng.below(g.n))));
  }
}

inline void build_chain(Graph& g, Rng& rng, bool closed) {
  for (std::uint32_t v = 0; v + 1 < g.n; ++v) g.out[v].push_back(inside_edge(v + 1));
  if (closed) g.out[g.n - 1].push_back(inside_edge(0));  // n == 1: a self-loop
  // Back edges u -> w with w <= u: they create cycles and alternative
  // defences along the path. A third of the chains get none, to keep values
  // as deep as the path is long.
  const auto back_edges = rng.chance(1, 3) ? 0 : rng.below(g.n / 8 + 2);
  for (std::uint64_t i = 0; i < back_edges; ++i) {
    const auto from = static_cast<std::uint32_t>(rng.below(g.n));
    g.out[from].push_back(inside_edge(rng.between32(0, from)));
  }
}

inline void build_cycles_with_tails(Graph& g, Rng& rng) {
  std::uint32_t next = 0;
  while (next < g.n) {
    const std::uint32_t first = next;
    const std::uint32_t length = rng.between32(1, std::min<std::uint32_t>(g.n - next, 20));
    for (std::uint32_t i = 0; i < length; ++i) {
      const std::uint32_t v = first + i;
      g.out[v].push_back(inside_edge(i + 1 < length ? v + 1 : first));
    }
    next += length;
    // Each tail vertex has exactly one move, into this component's cycle or
    // an earlier tail vertex: trees feeding into the cycle.
    const std::uint32_t tails = rng.between32(0, std::min<std::uint32_t>(g.n - next, 3 * length));
    for (std::uint32_t i = 0; i < tails; ++i, ++next) {
      g.out[next].push_back(inside_edge(rng.between32(first, next - 1)));
    }
  }
}

inline void build_self_loops(Graph& g, Rng& rng) {
  add_sparse_edges(g, rng);
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (!rng.chance(1, 2)) continue;
    const auto loops = rng.between32(1, 2);
    for (std::uint32_t i = 0; i < loops; ++i) g.out[v].push_back(inside_edge(v));
    rng.shuffle(g.out[v]);
  }
}

inline void build_repeated_edges(Graph& g, Rng& rng) {
  add_sparse_edges(g, rng);
  for (std::uint32_t v = 0; v < g.n; ++v) {
    std::vector<Edge> repeated;
    for (const Edge& e : g.out[v]) {
      const auto copies = rng.chance(3, 4) ? rng.between32(2, 5) : 1;
      for (std::uint32_t i = 0; i < copies; ++i) repeated.push_back(e);
    }
    rng.shuffle(repeated);
    g.out[v] = std::move(repeated);
  }
}

inline void build_dag(Graph& g, Rng& rng) {
  for (std::uint32_t v = 0; v + 1 < g.n; ++v) {
    const auto degree = rng.between32(0, 4);
    for (std::uint32_t i = 0; i < degree; ++i) g.out[v].push_back(inside_edge(rng.between32(v + 1, g.n - 1)));
  }
}

inline void add_known_edges(Graph& g, Rng& rng) {
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (!rng.chance(1, 3)) continue;
    const auto count = rng.between32(1, 2);
    for (std::uint32_t i = 0; i < count; ++i) {
      auto& edges = g.out[v];
      const auto at = static_cast<std::ptrdiff_t>(rng.below(edges.size() + 1));
      edges.insert(edges.begin() + at, known_edge(random_value(rng)));
    }
  }
}

// Vertex v becomes new_label[v]; edge order within a vertex is kept.
inline void relabel_vertices(Graph& g, Rng& rng) {
  std::vector<std::uint32_t> new_label(g.n);
  for (std::uint32_t v = 0; v < g.n; ++v) new_label[v] = v;
  rng.shuffle(new_label);
  Graph h;
  h.n = g.n;
  h.out.resize(g.n);
  h.terminal.resize(g.n);
  for (std::uint32_t v = 0; v < g.n; ++v) {
    for (Edge e : g.out[v]) {
      if (e.inside) e.to = new_label[e.to];
      h.out[new_label[v]].push_back(e);
    }
    h.terminal[new_label[v]] = g.terminal[v];
  }
  g = std::move(h);
}

}  // namespace detail

// Picks a family, a size and options from the seed.
inline GraphSpec random_spec(std::uint64_t seed) {
  Rng rng(seed);
  GraphSpec spec;
  spec.seed = seed;
  spec.family = static_cast<Family>(rng.below(kFamilyCount));
  // Small graphs are where off-by-one mistakes show and are easiest to read,
  // so half the cases have at most 10 vertices.
  const auto size_class = rng.below(4);
  const std::uint32_t max_n = size_class < 2 ? 10 : size_class == 2 ? 60 : 500;
  spec.n = rng.between32(1, max_n);
  spec.known_edges = rng.chance(1, 2);
  spec.misere = rng.chance(1, 4);
  spec.target = rng.chance(1, 3);
  spec.target_vertex = static_cast<std::uint32_t>(rng.below(spec.n));
  spec.closed_chain = spec.family == Family::kChain && rng.chance(1, 2);
  spec.relabel = spec.family != Family::kDag && rng.chance(1, 2);
  return spec;
}

inline Graph make_graph(const GraphSpec& spec) {
  // A different stream from random_spec's, though seeded by the same number.
  Rng rng(spec.seed ^ 0x9E3779B97F4A7C15ULL);
  Graph g;
  g.n = std::max<std::uint32_t>(spec.n, 1);
  g.out.resize(g.n);
  g.terminal.assign(g.n, spec.misere ? rtb::Value::win(0) : rtb::Value::loss(0));

  switch (spec.family) {
    case Family::kSparse:
      detail::add_sparse_edges(g, rng);
      break;
    case Family::kDense:
      detail::build_dense(g, rng);
      break;
    case Family::kChain:
      detail::build_chain(g, rng, spec.closed_chain);
      break;
    case Family::kCyclesWithTails:
      detail::build_cycles_with_tails(g, rng);
      break;
    case Family::kSelfLoops:
      detail::build_self_loops(g, rng);
      break;
    case Family::kRepeatedEdges:
      detail::build_repeated_edges(g, rng);
      break;
    case Family::kDag:
      detail::build_dag(g, rng);
      break;
  }
  if (spec.known_edges) detail::add_known_edges(g, rng);
  if (spec.random_terminals) {
    for (std::uint32_t v = 0; v < g.n; ++v) {
      if (rng.chance(1, 2)) g.terminal[v] = detail::random_value(rng);
    }
  }
  if (spec.relabel && spec.family != Family::kDag) detail::relabel_vertices(g, rng);
  // Last, so that it holds whatever the options above did. The target is
  // named after relabelling.
  if (spec.target) {
    const std::uint32_t t = spec.target_vertex % g.n;
    g.out[t].clear();
    g.terminal[t] = rtb::Value::loss(0);
  }
  return g;
}

inline Graph random_graph(std::uint64_t seed) {
  return make_graph(random_spec(seed));
}

// One line, e.g. "seed=42 family=chain n=37 closed known_edges target=12",
// enough to rebuild the graph with make_graph().
inline std::string describe(const GraphSpec& spec) {
  std::string s = "seed=" + std::to_string(spec.seed) + " family=" + family_name(spec.family) +
                  " n=" + std::to_string(spec.n);
  if (spec.closed_chain) s += " closed";
  if (spec.known_edges) s += " known_edges";
  if (spec.misere) s += " misere";
  if (spec.target) s += " target=" + std::to_string(spec.target_vertex);
  if (spec.relabel) s += " relabel";
  if (spec.random_terminals) s += " random_terminals";
  return s;
}
inline std::string describe_seed(std::uint64_t seed) {
  return describe(random_spec(seed));
}

// The whole graph, one vertex per line: "3: 5 5 [LOSS 4] 3" for moves (a
// bracket is a known value), "7: none, terminal LOSS 0" for a vertex without
// moves. Stops after max_vertices lines.
inline std::string dump(const Graph& g, std::uint32_t max_vertices = 60) {
  std::string s;
  for (std::uint32_t v = 0; v < g.n && v < max_vertices; ++v) {
    s += std::to_string(v) + ":";
    if (g.out[v].empty()) s += " none, terminal " + rtb::to_string(g.terminal[v]);
    for (const Edge& e : g.out[v]) {
      s += e.inside ? " " + std::to_string(e.to) : " [" + rtb::to_string(e.known) + "]";
    }
    s += '\n';
  }
  if (g.n > max_vertices) s += "... (" + std::to_string(g.n - max_vertices) + " more vertices)\n";
  return s;
}

// A few vertices with 200-320 moves each, mostly to winning vertices, so
// many of them are lost and their last open move decides when: more than
// 255 moves saturate the single-process pass's one-byte counter (recounted
// from moves()), and many predecessors land on one vertex at once in the
// split pass.
inline Graph heavy_graph(std::uint64_t seed) {
  Rng rng(seed);
  Graph g;
  const auto sinks = rng.between(1, 3), winners = rng.between(1, 6), heavy = rng.between(1, 8);
  g.n = static_cast<std::uint32_t>(sinks + winners + heavy);
  g.out.resize(g.n);
  g.terminal.assign(g.n, Value::loss(0));
  auto inside = [](std::uint64_t v) { return Edge{true, static_cast<std::uint32_t>(v), Value::draw()}; };
  for (auto w = sinks; w < sinks + winners; ++w) {
    g.out[w].push_back(inside(rng.below(sinks)));  // a win in 1
    for (auto k = rng.below(4); k > 0; --k) g.out[w].push_back(inside(rng.below(g.n)));
  }
  for (auto h = sinks + winners; h < g.n; ++h) {
    for (auto k = rng.between(200, 320); k > 0; --k) {
      if (rng.chance(1, 30))
        g.out[h].push_back({false, 0, Value::win(static_cast<std::uint32_t>(rng.between(0, 9)))});
      else if (h + 1 < g.n && rng.chance(1, 60))
        g.out[h].push_back(inside(rng.between(h + 1, g.n - 1)));  // a later heavy vertex: no cycle
      else
        g.out[h].push_back(inside(sinks + rng.below(winners)));
    }
    if (rng.chance(1, 6)) g.out[h].push_back({false, 0, Value::draw()});
  }
  return g;
}

}  // namespace rtb::naive
