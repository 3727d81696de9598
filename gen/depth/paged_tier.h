// A tier whose moves all leave it (gen/depth/leaving_tier.h), solved in a
// memory budget: the tier before lies on disk (TierFile) and is read a
// window at a time, in order, into a buffer the budget sizes. A window
// smaller than the tier before takes one pass over the tier's positions
// per window: each pass makes every position's moves again and gathers
// the values of those that land in the window, as the value the position
// would have if those were all its moves (KnownMoves' rule, one move at a
// time, which gives the same value in any order). What a position has
// gathered waits on disk between passes, two bytes a position, read and
// written a segment at a time; the last pass writes the tier's values to
// the table and to the file the next tier reads.
//
// In memory: the window, one segment of codes, and each worker's batch.
// The tier's moves are made once per window: the price of the budget.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gen/core/options.h"
#include "gen/core/progress.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/gen_stats.h"
#include "gen/depth/leaving_tier.h"
#include "gen/depth/position_code.h"
#include "gen/depth/tier_file.h"
#include "gen/depth/value_rules.h"

namespace rtb {

// A part of the tier before in memory, in a byte a code where every code
// of the tier fits in one, else in two.
class TierWindow {
 public:
  static constexpr Index kStaged = Index{1} << 17;  // codes read at a time to be narrowed: 256 KiB

  // Room for `bytes` bytes of codes.
  explicit TierWindow(std::uint64_t bytes)
      : room_(std::max<std::uint64_t>(bytes / 2, 1)),
        codes_(std::make_unique_for_overwrite<std::uint16_t[]>(room_)) {}

  // The codes a window of `before` holds at most.
  Index capacity(const TierFile& before) const { return narrow(before) ? room_ * 2 : room_; }

  // Reads codes [lo, hi) of `before`, at most capacity() of them.
  void load(const TierFile& before, Index lo, Index hi) {
    lo_ = lo;
    narrow_ = narrow(before);
    if (!narrow_) return before.read(lo, {codes_.get(), hi - lo});
    // A byte a code: read a stretch at a time, and narrowed.
    staged_.resize(kStaged);
    auto* bytes = reinterpret_cast<std::uint8_t*>(codes_.get());
    for (Index at = lo; at < hi; at += kStaged) {
      const Index n = std::min(kStaged, hi - at);
      before.read(at, {staged_.data(), n});
      std::transform(staged_.begin(), staged_.begin() + static_cast<std::ptrdiff_t>(n), bytes + (at - lo),
                     [](std::uint16_t c) { return static_cast<std::uint8_t>(c); });
    }
  }
  // The code at offset `at` of the tier before, inside the window.
  std::uint16_t operator()(Index at) const {
    return narrow_ ? reinterpret_cast<const std::uint8_t*>(codes_.get())[at - lo_] : codes_[at - lo_];
  }
  void prefetch(Index at) const {
    if (narrow_)
      __builtin_prefetch(reinterpret_cast<const std::uint8_t*>(codes_.get()) + (at - lo_));
    else
      __builtin_prefetch(codes_.get() + (at - lo_));
  }

 private:
  static bool narrow(const TierFile& before) { return before.max_code() <= 0xFF; }

  Index room_;  // in two-byte codes
  std::unique_ptr<std::uint16_t[]> codes_;
  std::vector<std::uint16_t> staged_;
  Index lo_ = 0;
  bool narrow_ = false;
};

struct PagedTierSizes {
  static constexpr Index kSegment = Index{1} << 20;  // positions whose codes are in memory: 2 MiB
};

template <Tiered G>
requires MovesLeaveTier<G>
class PagedLeavingTier : public PagedTierSizes, LeavingTierWork<G> {
  using Work = LeavingTierWork<G>;
  using typename Work::Worker;
  using Work::begin_, Work::game_, Work::kBatch, Work::kKnown, Work::pool_, Work::size_, Work::stats,
      Work::workers_;

 public:
  static constexpr Index kChunk = 1 << 12;

  PagedLeavingTier(const G& game, std::uint32_t tier, ThreadPool& pool) : Work(game, tier, pool) {}

  // Solves the tier into `write` (in index order) and `next`, reading
  // `before` through `window`; `gathered` keeps what positions gathered
  // between windows.
  GenStats run(const GenOptions& options, const std::function<void(std::span<const std::uint16_t>)>& write,
               const TierFile& before, TierWindow& window, TierFile& next, TierFile& gathered) {
    const Index capacity = window.capacity(before);
    const Index windows = std::max<Index>((before.size() + capacity - 1) / capacity, 1);
    Progress progress(options.progress, size_ * windows, options.table, options.label,
                      options.progress_interval);
    std::vector<std::uint16_t> segment(
        std::min(size_, options.tier_segment ? options.tier_segment : kSegment));
    next.start();
    if (windows > 1) gathered.start();
    for (Index w = 0; w < windows; ++w) {
      const Pass pass{w * capacity, std::min((w + 1) * capacity, before.size()), w == 0, w + 1 == windows};
      window.load(before, pass.lo, pass.hi);
      pass_over(pass, window, segment, write, next, gathered,
                [&](Index done) { progress.initialising(w * size_ + done); });
    }
    const GenStats total = stats();
    progress.first_pass_over(total.legal);
    progress.done(total.max_depth);
    return total;
  }

 private:
  // What a position has gathered before any move: no code a value takes.
  static constexpr std::uint16_t kNothing = 0xFFFF;

  struct Pass {
    Index lo, hi;      // the window: offsets [lo, hi) of the tier before
    bool first, last;  // the first pass also takes the moves out of the table
  };
  // One pass over the tier, a segment at a time: what each position has
  // gathered, from the gathered file or from nothing, and the moves that
  // land in the window, back to the file or, on the last pass, out as the
  // tier's values.
  template <class Done>
  void pass_over(const Pass& pass, const TierWindow& window, std::vector<std::uint16_t>& segment,
                 const std::function<void(std::span<const std::uint16_t>)>& write, TierFile& next,
                 TierFile& gathered, const Done& done) {
    const Index per = segment.size();
    for (Index first = 0; first < size_; first += per) {
      const std::span<std::uint16_t> codes(segment.data(), std::min(per, size_ - first));
      if (pass.first)
        std::ranges::fill(codes, kNothing);
      else
        gathered.read(first, codes);
      pool_.parallel_for(codes.size(), kChunk, [&](unsigned worker, Index lo, Index hi) {
        gather(workers_[worker], pass, window, first + lo, first + hi, codes.data() + lo);
        if (worker == 0) done(first + hi);
      });
      if (!pass.last) {
        gathered.write(first, codes);
      } else {
        write(codes);
        next.append(codes);
      }
    }
  }

  // Gathers into codes[0, hi - lo) the moves of offsets [lo, hi) of the
  // tier that `pass` reads; on the last pass, makes them the values.
  void gather(Worker& w, const Pass& pass, const TierWindow& window, Index lo, Index hi,
              std::uint16_t* codes) {
    for (Index first = lo; first < hi; first += kBatch) {
      const auto n = static_cast<unsigned>(std::min<Index>(kBatch, hi - first));
      const auto b = this->make_moves(w, first, n, pass.first, [&](Index offset) {
        if (offset < pass.lo || offset >= pass.hi) return false;
        window.prefetch(offset);
        return true;
      });
      for (unsigned k = 0; k < n; ++k) {
        std::uint16_t& code = codes[first - lo + k];
        for (std::uint32_t j = b.start[k]; j < b.start[k + 1]; ++j) {
          const std::uint64_t e = w.moves[j];
          code = better(
              code, Value::from_code(static_cast<std::uint16_t>(e & kKnown ? e : window(e))).after_move());
        }
        if (pass.last) code = b.legal[k] ? value(w, first + k, code) : 0;
      }
    }
  }

  // The better for the side to move of what it has gathered and a move's
  // value: the quickest win, else a draw, else the slowest loss.
  static std::uint16_t better(std::uint16_t gathered, Value move) {
    if (gathered == kNothing) return move.code();
    const Value g = Value::from_code(gathered);
    return rank(move) > rank(g) ? move.code() : gathered;
  }
  static std::int64_t rank(Value v) {
    const auto depth = static_cast<std::int64_t>(v.depth());
    if (v.is_win()) return 2 * (std::int64_t{1} << 16) - depth;
    if (v.is_draw()) return 0;
    return depth - (std::int64_t{1} << 16);
  }

  std::uint16_t value(Worker& w, Index i, std::uint16_t gathered) const {
    const Value v = gathered == kNothing ? game_.terminal(begin_ + i) : Value::from_code(gathered);
    position_code::check_depth(v.depth());
    w.stats.add(v);
    return v.code();
  }
};

// What a run of paged tiers holds: two files that take turns as the tier
// before and the tier being solved, the gathered codes, and the window.
struct PagedTiers {
  PagedTiers(const std::string& prefix, std::uint64_t window_bytes)
      : a(prefix + ".tier-a"),
        b(prefix + ".tier-b"),
        gathered(prefix + ".tier-gathered"),
        window(window_bytes) {}
  TierFile a, b, gathered;
  TierWindow window;
  TierFile* before = &a;
  TierFile* next = &b;
};

}  // namespace rtb
