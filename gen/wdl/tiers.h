// Games split into tiers (Connect Four by number of discs). Tiers are
// numbered in the order they are solved, and lie in that order in the index:
// tier k is [tier_begin(k), tier_begin(k+1)), and every move from tier k
// stays in k or goes to tier k-1, solved just before. Each tier is solved by
// the left-counter pass with the moves into tier k-1 as known values, so
// only two tiers are in memory at once, and the table is written in index
// order as the tiers come.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "games/game.h"
#include "gen/wdl/retrograde.h"

namespace rtb {

template <class G>
concept Tiered = Game<G> && requires(const G& g, std::uint32_t t) {
  { g.tier_count() } -> std::same_as<std::uint32_t>;
  { g.tier_begin(t) } -> std::same_as<Index>;
};

// One tier of G seen as a game of its own: indices are offsets into the
// tier, and a move into the tier before is a value known in advance.
template <Tiered G>
class TierView {
 public:
  static constexpr std::string_view kName = G::kName;
  static constexpr std::string_view kSummary = G::kSummary;
  static constexpr bool kHasKnownMoves = true;
  static constexpr bool kNoUnmoves = [] {
    if constexpr (requires { G::kMovesLeaveTier; })
      return G::kMovesLeaveTier;  // every move goes to the tier before
    else
      return false;
  }();
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit TierView(const Params&) { throw GameError("a tier is made from its game"); }
  TierView(const G& game, std::uint32_t tier, std::span<const std::uint16_t> before)
      : game_(&game), begin_(game.tier_begin(tier)), end_(game.tier_begin(tier + 1)), before_(before) {}

  std::string identity() const { return game_->identity(); }
  std::string table_name() const { return game_->table_name(); }
  Params params() const { return game_->params(); }
  std::vector<Dependency> dependencies() const { return {}; }
  Index size() const { return end_ - begin_; }
  bool legal(Index i) const { return game_->legal(begin_ + i); }
  Value terminal(Index i) const { return game_->terminal(begin_ + i); }
  std::string text(Index i) const { return game_->text(begin_ + i); }
  Index parse(std::string_view s) const { return game_->parse(s) - begin_; }

  template <class F>
  void moves(Index i, F&& f) const {
    game_->moves(begin_ + i, [&](Successor s) {
      if (!s.inside)
        f(s);
      else if (s.index >= begin_)
        f(Successor::to(s.index - begin_));
      else
        f(Successor::known(Value::from_code(before_[s.index - (begin_ - before_.size())])));
    });
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    if constexpr (kNoUnmoves) return;
    game_->unmoves(begin_ + i, [&](Index p) {
      if (p >= begin_ && p < end_) f(p - begin_);
    });
  }

 private:
  const G* game_;
  Index begin_, end_;
  std::span<const std::uint16_t> before_;  // values of tier k-1, which ends at begin_
};

// Solves every tier of `game` in order and hands each tier's values to
// `write` (in index order) as soon as they are final.
template <Tiered G>
GenStats generate_tiers(const G& game, const GenOptions& options,
                        const std::function<void(std::span<const std::uint16_t>)>& write) {
  GenStats total;
  std::unique_ptr<std::uint16_t[]> before;
  Index before_size = 0;
  for (std::uint32_t k = 0; k < game.tier_count(); ++k) {
    const TierView<G> view(game, k, std::span<const std::uint16_t>(before.get(), before_size));
    GenOptions tier_options = options;
    tier_options.label = "tier " + std::to_string(k + 1) + " of " + std::to_string(game.tier_count());
    GenResult tier = generate(view, tier_options);
    write(std::span<const std::uint16_t>(tier.values.get(), tier.size));
    total.legal += tier.stats.legal;
    total.wins += tier.stats.wins;
    total.draws += tier.stats.draws;
    total.losses += tier.stats.losses;
    total.max_depth = std::max(total.max_depth, tier.stats.max_depth);
    before = std::move(tier.values);
    before_size = tier.size;
  }
  return total;
}

}  // namespace rtb
