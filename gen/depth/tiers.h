// Games split into tiers (Connect Four by number of discs). Tiers are
// numbered in the order they are solved, and lie in that order in the index:
// tier k is [tier_begin(k), tier_begin(k+1)), and every move from tier k
// stays in k or goes to tier k-1, solved just before. Each tier is solved by
// the left-counter pass with the moves into tier k-1 as known values, so
// only two tiers are in memory at once, and the table is written in index
// order as the tiers come. Where no move stays in its tier (Connect Four),
// a tier streams instead (gen/depth/leaving_tier.h), and in a memory budget
// the tiers lie on disk, read a window at a time (gen/depth/paged_tier.h).
//
// With options.checkpoint, finished tiers go to a TierLog too, and every
// checkpoint (at a tier boundary, or one the left-counter pass makes inside a tier)
// says which tier is next and how much of the log is final; a resumed run
// replays the log into `write` and goes on from that tier.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "gen/core/checkpoint.h"
#include "gen/depth/leaving_tier.h"
#include "gen/depth/paged_tier.h"
#include "gen/depth/retrograde.h"
#include "gen/depth/tier_log.h"
#include "gen/depth/tier_values.h"

namespace rtb {

// One tier of G seen as a game of its own: indices are offsets into the
// tier, and a move into the tier before is a value known in advance.
template <Tiered G, class Before = DenseBefore>
class TierView {
 public:
  static constexpr std::string_view kName = G::kName;
  static constexpr std::string_view kSummary = G::kSummary;
  static constexpr bool kHasKnownMoves = true;
  static constexpr bool kNoUnmoves = MovesLeaveTier<G>;  // every move goes to the tier before
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit TierView(const Params&) { throw GameError("a tier is made from its game"); }
  TierView(const G& game, std::uint32_t tier, Before before)
      : game_(&game),
        before_begin_(tier == 0 ? 0 : game.tier_begin(tier - 1)),
        begin_(game.tier_begin(tier)),
        end_(game.tier_begin(tier + 1)),
        before_(before) {}

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
        f(Successor::known(Value::from_code(before_(s.index - before_begin_))));
    });
  }
  // legal() and moves() in one decode where the game can (the first pass).
  template <class F>
  requires MovesIfLegal<G> std::optional<std::uint32_t> count_moves(Index i, F&& known)
  const {
    std::uint32_t inside = 0;
    const bool legal = game_->moves_if_legal(begin_ + i, [&](Successor s) {
      if (!s.inside)
        known(s.value);
      else if (s.index >= begin_)
        ++inside;
      else
        known(Value::from_code(before_(s.index - before_begin_)));
    });
    return legal ? std::optional<std::uint32_t>(inside) : std::nullopt;
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
  Index before_begin_, begin_, end_;  // tier k-1 is [before_begin_, begin_)
  Before before_;
};

// The tier to go on from, with the statistics and the values of the tiers
// before it (replayed into `write`, and the last of them into `keep`), if
// the checkpoint to resume from has them.
template <Tiered G>
std::uint32_t resume_tiers(const G& game, Checkpointer& cp, TierLog& log, GenStats& total,
                           const std::function<void(std::span<const std::uint16_t>)>& keep,
                           const std::function<void(std::span<const std::uint16_t>)>& write) {
  TierCheckpoint h;
  if (cp.resume() == nullptr) return 0;
  if (!read_section(*cp.resume(), "tiers", h) || h.next_tier >= game.tier_count() ||
      h.logged != game.tier_begin(h.next_tier)) {
    cp.note("the tiers in " + cp.file().string() + " do not fit this table; starting over");
    cp.set_resume(nullptr);
    return 0;
  }
  const Index last_begin = h.next_tier == 0 ? h.logged : game.tier_begin(h.next_tier - 1);
  Index at = 0;
  const bool replayed = log.replay(h.logged, h.digest, [&](std::span<const std::uint16_t> part) {
    write(part);
    if (at + part.size() > last_begin) keep(part.subspan(at >= last_begin ? 0 : last_begin - at));
    at += part.size();
  });
  if (!replayed) {
    cp.note("the finished tiers beside " + cp.file().string() + " are damaged; starting over");
    cp.set_resume(nullptr);
    return 0;
  }
  total = {h.legal, h.wins, h.draws, h.losses, static_cast<std::uint32_t>(h.max_depth)};
  if (!cp.resume()->has("wdl.header"))
    cp.note("resuming from " + cp.file().string() + ": " + std::to_string(h.next_tier) + " of " +
            std::to_string(game.tier_count()) + " tiers finished");
  return h.next_tier;
}

// Solves every tier of `game` in order and hands each tier's values to
// `write` (in index order) as soon as they are final.
template <Tiered G>
GenStats generate_tiers(const G& game, const GenOptions& options,
                        const std::function<void(std::span<const std::uint16_t>)>& write) {
  GenStats total;
  LastTier before;
  std::optional<PagedTiers> paged;  // the tiers on disk, where a window is set
  if constexpr (MovesLeaveTier<G>)
    if (options.tier_window_bytes > 0) paged.emplace(options.spill_prefix, options.tier_window_bytes);
  Checkpointer* cp = options.checkpoint;
  std::optional<TierLog> log;
  std::uint32_t first = 0;
  TierCheckpoint h;
  if (cp) {
    log.emplace(std::filesystem::path(cp->file().string() + ".tiers"));
    std::vector<std::uint16_t> resumed;
    if (paged) paged->before->start();
    first = resume_tiers(
        game, *cp, *log, total,
        [&](std::span<const std::uint16_t> part) {
          if (paged)
            paged->before->append(part);
          else
            resumed.insert(resumed.end(), part.begin(), part.end());
        },
        write);
    if (first == 0) {  // nothing to resume, or a damaged log: no tier is kept
      resumed.clear();
      if (paged) paged->before->start();
    }
    before.keep(resumed, resumed.empty() ? 0 : std::ranges::max(resumed));
    cp->set_outer([&](Sections& sections) { sections.push_back({"tiers", bytes_of(h)}); });
  }
  LastTier next;
  std::optional<ThreadPool> pool;
  if constexpr (MovesLeaveTier<G>) pool.emplace(options.threads);
  auto emit = [&](std::span<const std::uint16_t> values) {
    write(values);
    if (cp) log->append(values);
  };
  for (std::uint32_t k = first; k < game.tier_count(); ++k) {
    GenOptions tier_options = options;
    tier_options.label = "tier " + std::to_string(k + 1) + " of " + std::to_string(game.tier_count());
    if (cp) {
      h = {k,          0,           log->logged(), log->digest(),  total.legal,
           total.wins, total.draws, total.losses,  total.max_depth};
      cp->set_scope(tier_options.label);
    }
    if constexpr (MovesLeaveTier<G>) {
      if (paged) {
        PagedLeavingTier<G> tier(game, k, *pool);
        total.add(tier.run(tier_options, emit, *paged->before, paged->window, *paged->next, paged->gathered));
        std::swap(paged->before, paged->next);
      } else {
        total.add(LeavingTier<G>(game, k, before.view(), *pool).run(tier_options, emit, next));
        std::swap(before, next);
      }
    } else {
      const GenResult tier = generate(TierView<G>(game, k, before.view()), tier_options);
      const std::span<const std::uint16_t> values(tier.values.get(), tier.size);
      emit(values);
      total.add(tier.stats);
      if (k + 1 < game.tier_count()) before.keep(values, Value::loss(tier.stats.max_depth).code());
    }
    if (cp) {
      cp->set_resume(nullptr);  // its state was this tier's, if any
      h = {k + 1,      0,           log->logged(), log->digest(),  total.legal,
           total.wins, total.draws, total.losses,  total.max_depth};
      cp->set_scope("");
      if (k + 1 < game.tier_count() && cp->due()) cp->save({});
    }
  }
  if (cp) {
    cp->set_outer({});
    log->remove();
  }
  return total;
}

}  // namespace rtb
