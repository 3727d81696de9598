// Deterministic random arenas for checking gen/arena/solve.h against
// naive::solve_arena. The moves come from the graph families of
// random_graphs.h (chains, cycles with tails, self-loops, repeated moves,
// dense, acyclic ...); owners and targets are drawn on top. As there, a seed
// picks an ArenaSpec and the spec rebuilds the arena exactly.
#pragma once

#include <cstdint>
#include <string>

#include "tests/naive/naive_arena.h"
#include "tests/naive/random_graphs.h"

namespace rtb::naive {

enum class OwnerMode : std::uint8_t { kRandom, kAllA, kAllB, kAlternating };

struct ArenaSpec {
  GraphSpec graph;  // family, n and the seed of the moves
  OwnerMode owners = OwnerMode::kRandom;
  std::uint32_t target_percent = 50;
  // As in IOI Train: a station without a move gets one to a random station.
  bool every_station_moves = false;
  std::uint64_t seed = 0;
};

// n from 1 to max_n, half of the cases at most 10.
inline ArenaSpec random_arena_spec(std::uint64_t seed, std::uint32_t max_n = 60) {
  Rng rng(seed ^ 0xA5E7A5E7A5E7A5E7ULL);
  ArenaSpec spec;
  spec.seed = seed;
  spec.graph = random_spec(seed);
  spec.graph.n = rng.between32(1, rng.chance(1, 2) ? std::min<std::uint32_t>(10, max_n) : max_n);
  spec.graph.target_vertex %= spec.graph.n;
  spec.graph.known_edges = spec.graph.misere = spec.graph.target = spec.graph.random_terminals = false;
  static constexpr OwnerMode kModes[] = {OwnerMode::kRandom, OwnerMode::kRandom, OwnerMode::kAllA,
                                         OwnerMode::kAllB, OwnerMode::kAlternating};
  spec.owners = kModes[rng.below(5)];
  static constexpr std::uint32_t kPercents[] = {0, 10, 30, 50, 80, 100};
  spec.target_percent = kPercents[rng.below(6)];
  spec.every_station_moves = rng.chance(1, 2);
  return spec;
}

inline Arena make_arena(const ArenaSpec& spec) {
  const Graph g = make_graph(spec.graph);
  Rng rng(spec.seed ^ 0x51ED270B27A3C4F1ULL);
  Arena a;
  a.n = g.n;
  a.out.resize(g.n);
  for (std::uint32_t v = 0; v < g.n; ++v) {
    for (const Edge& e : g.out[v]) a.out[v].push_back(e.to);
    if (a.out[v].empty() && spec.every_station_moves)
      a.out[v].push_back(static_cast<std::uint32_t>(rng.below(g.n)));
    switch (spec.owners) {
      case OwnerMode::kRandom:
        a.owner.push_back(rng.chance(1, 2) ? Player::A : Player::B);
        break;
      case OwnerMode::kAllA:
        a.owner.push_back(Player::A);
        break;
      case OwnerMode::kAllB:
        a.owner.push_back(Player::B);
        break;
      case OwnerMode::kAlternating:
        a.owner.push_back(v % 2 ? Player::B : Player::A);
        break;
    }
    a.target.push_back(rng.chance(spec.target_percent, 100));
  }
  return a;
}

inline std::string describe(const ArenaSpec& spec) {
  static constexpr const char* kModeNames[] = {"random", "all_a", "all_b", "alternating"};
  return describe(spec.graph) + " owners=" + kModeNames[static_cast<int>(spec.owners)] +
         " targets=" + std::to_string(spec.target_percent) + "%" + (spec.every_station_moves ? " ioi" : "");
}

// One station per line: "3 A* : 5 5 3" (owner, * for a target, moves).
inline std::string dump(const Arena& a, std::uint32_t max_stations = 60) {
  std::string s;
  for (std::uint32_t v = 0; v < a.n && v < max_stations; ++v) {
    s += std::to_string(v) + (a.owner[v] == Player::A ? " A" : " B") + (a.target[v] ? "*" : "") + " :";
    for (auto w : a.out[v]) s += " " + std::to_string(w);
    s += '\n';
  }
  return s;
}

}  // namespace rtb::naive
