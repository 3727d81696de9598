// A random game in tiers, as Connect Four is split by discs but with moves
// inside a tier too (cycles, self-loops, repeats) besides those into the
// tier before and to known values: tier k is [begins[k], begins[k+1]).
#pragma once

#include <utility>
#include <vector>

#include "gen/depth/tiers.h"
#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"

namespace rtb::testing {

class TieredGame : public ExplicitGame {
 public:
  explicit TieredGame(const Params& p) : ExplicitGame(p) {}
  TieredGame(naive::Graph g, std::vector<Index> begins)
      : ExplicitGame(std::move(g)), begins_(std::move(begins)) {}
  std::uint32_t tier_count() const { return static_cast<std::uint32_t>(begins_.size() - 1); }
  Index tier_begin(std::uint32_t t) const { return begins_[t]; }

 private:
  std::vector<Index> begins_;
};
static_assert(Tiered<TieredGame>);

// A TieredGame whose moves all leave their tier, as Connect Four's do
// (random_tiered(seed, true) makes its graphs).
class LeavingTieredGame : public TieredGame {
 public:
  using TieredGame::TieredGame;
  static constexpr bool kMovesLeaveTier = true;
};

struct TieredCase {
  naive::Graph graph;
  std::vector<Index> begins;
};

// Up to 6 tiers of up to 60 positions; with `leaving`, no move stays in
// its tier. One case in four has known values deeper than 126 plies, whose
// codes need two bytes.
inline TieredCase random_tiered(std::uint64_t seed, bool leaving = false) {
  naive::Rng rng(seed);
  const bool deep = rng.chance(1, 4);
  std::vector<Index> begins{0};
  const std::uint32_t tiers = rng.between32(1, 6);
  for (std::uint32_t t = 0; t < tiers; ++t) begins.push_back(begins.back() + rng.between32(1, 60));
  naive::Graph g;
  g.n = static_cast<std::uint32_t>(begins.back());
  g.out.resize(g.n);
  g.terminal.assign(g.n, Value::loss(0));
  auto known = [&] {
    const Value v = naive::detail::random_value(rng);
    if (!deep || v.is_draw()) return v;
    const std::uint32_t depth = v.depth() + 120;
    return v.is_win() ? Value::win(depth) : Value::loss(depth);
  };
  for (std::uint32_t t = 0; t < tiers; ++t)
    for (auto v = static_cast<std::uint32_t>(begins[t]); v < begins[t + 1]; ++v) {
      auto pick = [&](std::uint32_t tier) {
        return static_cast<std::uint32_t>(rng.between(begins[tier], begins[tier + 1] - 1));
      };
      const std::uint32_t inside = leaving ? 0 : rng.between32(0, 3), down = t > 0 ? rng.between32(0, 3) : 0;
      for (std::uint32_t k = 0; k < inside; ++k) g.out[v].push_back(naive::detail::inside_edge(pick(t)));
      for (std::uint32_t k = 0; k < down; ++k) g.out[v].push_back(naive::detail::inside_edge(pick(t - 1)));
      if (rng.chance(1, 4)) g.out[v].push_back(naive::detail::known_edge(known()));
      if (rng.chance(1, 5)) g.terminal[v] = known();
    }
  return {std::move(g), std::move(begins)};
}

}  // namespace rtb::testing
