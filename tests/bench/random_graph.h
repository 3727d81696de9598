// The random graphs the generator benchmarks run on, built in memory.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "games/graph/graph.h"

namespace rtb::bench {

// n vertices and m edges drawn with a fixed seed; with `dag` every edge
// goes to a higher vertex, so the graph is acyclic.
inline Graph random_graph(std::uint32_t n, std::uint64_t m, bool dag) {
  std::mt19937_64 rng(2024);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(m);
  for (auto& e : edges) {
    e = {static_cast<std::uint32_t>(rng() % n + 1), static_cast<std::uint32_t>(rng() % n + 1)};
    if (dag && e.first > e.second) std::swap(e.first, e.second);
    if (dag && e.first == e.second) e.second = e.first == n ? n : e.first + 1;
    if (dag && e.first == e.second) e.first = n - 1;  // the last vertex: keep the edge, acyclic
  }
  return Graph(n, edges, {});
}

}  // namespace rtb::bench
