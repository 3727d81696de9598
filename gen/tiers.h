// Games split into tiers (Connect Four by number of discs): every move from
// tier t stays in t or goes to t+1, so the tiers are solved from the last to
// the first, each by the left-counter pass with the moves into tier t+1 as
// known values. Only two tiers are in memory at once; each is written to
// the table as soon as it is solved.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "games/game.h"
#include "gen/retrograde.h"

namespace rtb {

template <class G>
concept Tiered = Game<G> && requires(const G& g, std::uint32_t t) {
  { g.tier_count() } -> std::same_as<std::uint32_t>;
  { g.tier_begin(t) } -> std::same_as<Index>;
};

// One tier of G seen as a game of its own: indices are offsets into the
// tier, and a move into the next tier is a value known in advance.
template <Tiered G>
class TierView {
 public:
  static constexpr std::string_view kName = G::kName;
  static constexpr std::string_view kSummary = G::kSummary;
  static constexpr bool kHasKnownMoves = true;
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit TierView(const Params&) { throw GameError("a tier is made from its game"); }
  TierView(const G& game, std::uint32_t tier, std::span<const std::uint16_t> next)
      : game_(&game), begin_(game.tier_begin(tier)), end_(game.tier_begin(tier + 1)), next_(next) {}

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
      else if (s.index < end_)
        f(Successor::to(s.index - begin_));
      else
        f(Successor::known(Value::from_code(next_[s.index - end_])));
    });
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    if constexpr (requires { G::kMovesLeaveTier; }) {
      if (G::kMovesLeaveTier) return;  // no predecessor inside the tier
    }
    game_->unmoves(begin_ + i, [&](Index p) {
      if (p >= begin_ && p < end_) f(p - begin_);
    });
  }

 private:
  const G* game_;
  Index begin_, end_;
  std::span<const std::uint16_t> next_;  // values of tier t+1, from its begin
};

// Solves every tier of `game`, last first, and hands each tier's values to
// `write(first_index, values)` as soon as they are final.
template <Tiered G>
GenStats generate_tiers(const G& game, const GenOptions& options,
                        const std::function<void(Index, std::span<const std::uint16_t>)>& write) {
  GenStats total;
  std::unique_ptr<std::uint16_t[]> next;
  Index next_size = 0;
  for (std::uint32_t t = game.tier_count(); t-- > 0;) {
    const TierView<G> view(game, t, std::span<const std::uint16_t>(next.get(), next_size));
    GenResult tier = generate(view, options);
    write(game.tier_begin(t), std::span<const std::uint16_t>(tier.values.get(), tier.size));
    total.legal += tier.stats.legal;
    total.wins += tier.stats.wins;
    total.draws += tier.stats.draws;
    total.losses += tier.stats.losses;
    total.max_depth = std::max(total.max_depth, tier.stats.max_depth);
    next = std::move(tier.values);
    next_size = tier.size;
  }
  return total;
}

}  // namespace rtb
