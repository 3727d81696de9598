// A tier of a game whose moves all leave their tier (G::kMovesLeaveTier:
// a Connect Four move adds a disc). Every move of such a tier leads into
// the tier before, solved already, so each position's value follows at
// once from its moves' values: no counters, no queue, no second pass. The
// tier is solved in segments, each handed to `write` as soon as it is done
// and kept for the next tier in a byte per index (LastTier), so the tier
// costs its kept copy plus one segment in memory, not two bytes per index.
//
// Each worker decodes a batch of positions ahead of reading their
// children's values, and prefetches those: the children of consecutive
// positions lie in runs on their own side of the mirror but are scattered
// on the other, and the tier before is far larger than the cache.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "gen/core/options.h"
#include "gen/core/progress.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/gen_stats.h"
#include "gen/depth/position_code.h"
#include "gen/depth/tier_values.h"
#include "gen/depth/value_rules.h"

namespace rtb {

namespace leaving_tier {

// legal() and moves() of index i, in one decode where the game can.
template <Game G, class F>
bool moves_if_legal(const G& game, Index i, F&& f) {
  if constexpr (MovesIfLegal<G>) {
    return game.moves_if_legal(i, f);
  } else {
    if (!game.legal(i)) return false;
    game.moves(i, f);
    return true;
  }
}

template <Game G>
[[noreturn, gnu::cold, gnu::noinline]] void not_into_tier_before(Index to) {
  throw GenError(std::string(G::kName) + ": a move to index " + std::to_string(to) +
                 " does not lead into the tier before, though the game says every move leaves its tier");
}

}  // namespace leaving_tier

// What the two solvers of such a tier share (LeavingTier here, and
// PagedLeavingTier: gen/depth/paged_tier.h): the tier's place in the index,
// the workers, and a batch of positions whose moves are made before any of
// their values is read, so that those reads can be prefetched.
template <Tiered G>
requires MovesLeaveTier<G>
class LeavingTierWork {
 protected:
  static constexpr unsigned kBatch = 16;
  // A move into the tier before is its offset there; one that leaves the
  // table (any game may have them) is kKnown | its value's code.
  static constexpr std::uint64_t kKnown = std::uint64_t{1} << 63;

  struct alignas(64) Worker {
    GenStats stats;
    std::vector<std::uint64_t> moves;  // a batch's moves, position after position
  };
  // Positions [first, first + n) of the tier: position k's moves are
  // w.moves[start[k], start[k + 1]).
  struct Batch {
    unsigned n = 0;
    std::array<std::uint32_t, kBatch + 1> start{};
    std::array<bool, kBatch> legal{};
  };

  LeavingTierWork(const G& game, std::uint32_t tier, ThreadPool& pool)
      : game_(game),
        before_begin_(tier == 0 ? 0 : game.tier_begin(tier - 1)),
        begin_(game.tier_begin(tier)),
        size_(game.tier_begin(tier + 1) - begin_),
        pool_(pool),
        workers_(pool.size()) {}

  GenStats stats() const {
    GenStats total;
    for (const Worker& w : workers_) total.add(w.stats);
    return total;
  }

  // Makes the moves of positions [first, first + n) into w.moves, n at
  // most kBatch: those out of the table where `known`, those into the tier
  // before where `keep(offset)` says so (it prefetches what it keeps).
  template <class Keep>
  Batch make_moves(Worker& w, Index first, unsigned n, bool known, Keep&& keep) const {
    Batch b;
    b.n = n;
    w.moves.clear();
    for (unsigned k = 0; k < n; ++k) {
      b.start[k] = static_cast<std::uint32_t>(w.moves.size());
      b.legal[k] = leaving_tier::moves_if_legal(game_, begin_ + first + k, [&](Successor s) {
        if (!s.inside) {
          if (known) w.moves.push_back(kKnown | s.value.code());
          return;
        }
        const Index offset = s.index - before_begin_;
        if (offset >= begin_ - before_begin_) [[unlikely]]
          leaving_tier::not_into_tier_before<G>(s.index);
        if (keep(offset)) w.moves.push_back(offset);
      });
    }
    b.start[n] = static_cast<std::uint32_t>(w.moves.size());
    return b;
  }

  const G& game_;
  Index before_begin_, begin_, size_;
  ThreadPool& pool_;
  std::vector<Worker> workers_;
};

template <Tiered G>
requires MovesLeaveTier<G>
class LeavingTier : LeavingTierWork<G> {
  using Work = LeavingTierWork<G>;
  using typename Work::Batch;
  using typename Work::Worker;
  using Work::before_begin_, Work::begin_, Work::game_, Work::kBatch, Work::kKnown, Work::pool_, Work::size_,
      Work::stats, Work::workers_;

 public:
  static constexpr Index kSegment = Index{1} << 24;  // 32 MiB of values in flight, by default
  static constexpr Index kChunk = 1 << 14;

  LeavingTier(const G& game, std::uint32_t tier, DenseBefore before, ThreadPool& pool)
      : Work(game, tier, pool), before_(before) {}

  // Solves the tier into `write` (in index order) and `next`.
  GenStats run(const GenOptions& options, const std::function<void(std::span<const std::uint16_t>)>& write,
               LastTier& next) {
    Progress progress(options.progress, size_, options.table, options.label, options.progress_interval);
    const Index per = options.tier_segment ? options.tier_segment : kSegment;
    std::vector<std::uint16_t> segment(std::min(size_, per));
    next.start(size_);
    for (Index first = 0; first < size_; first += per) {
      const Index n = std::min(per, size_ - first);
      pool_.parallel_for(n, kChunk, [&](unsigned worker, Index lo, Index hi) {
        solve(workers_[worker], first + lo, first + hi, segment.data() + lo);
        if (worker == 0) progress.initialising(first + hi);
      });
      const std::span<const std::uint16_t> values(segment.data(), n);
      write(values);
      next.set(first, values, Value::loss(stats().max_depth).code());
    }
    const GenStats total = stats();
    progress.first_pass_over(total.legal);
    progress.done(total.max_depth);
    return total;
  }

 private:
  // The values of offsets [lo, hi) of the tier into out[0, hi - lo).
  void solve(Worker& w, Index lo, Index hi, std::uint16_t* out) {
    for (Index first = lo; first < hi; first += kBatch) {
      const auto n = static_cast<unsigned>(std::min<Index>(kBatch, hi - first));
      const Batch b = this->make_moves(w, first, n, true, [&](Index offset) {
        before_.prefetch(offset);
        return true;
      });
      for (unsigned k = 0; k < n; ++k)
        out[first - lo + k] = b.legal[k] ? value(w, first + k, b.start[k], b.start[k + 1]) : 0;
    }
  }

  std::uint16_t value(Worker& w, Index i, std::uint32_t from, std::uint32_t to) const {
    KnownMoves m;
    for (std::uint32_t j = from; j < to; ++j) {
      const std::uint64_t e = w.moves[j];
      m.known(Value::from_code(static_cast<std::uint16_t>(e & kKnown ? e : before_(e))));
    }
    const Value v = m.value([&] { return game_.terminal(begin_ + i); });
    position_code::check_depth(v.depth());
    w.stats.add(v);
    return v.code();
  }

  DenseBefore before_;
};

}  // namespace rtb
