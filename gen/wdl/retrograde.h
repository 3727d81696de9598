// The left-counter pass of retrograde analysis, over an implicit game. For every
// position keep `left`, its moves not yet shown to lead to a position won for
// the opponent. Positions are finalised in depth order: a LOSS in d makes
// every predecessor a WIN in d+1 (the first one found is the shortest); a WIN
// in d decrements each predecessor's `left`, and one that reaches zero is a
// LOSS one ply deeper than its longest-resisting move. What is never reached
// is a DRAW. Each position is finalised once and each unmove followed once.
//
// Memory per index: the 2-byte value and the 1-byte counter, plus at most
// about one byte of queue and an eighth of a byte to order it (see
// Layers). A counter saturates at 255; such a position recounts its open
// moves with moves() whenever a successor is won.
//
// With options.checkpoint the state is saved at layer boundaries (and
// between segments of the first pass) when the checkpointer says it is
// due, and a run resumes from the state an earlier one saved: values,
// counters and the queue at a boundary are all the pass needs to go on, and
// it ends with the same values as a run never stopped.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "games/game.h"
#include "gen/core/checkpoint.h"
#include "gen/core/layers.h"
#include "gen/core/options.h"
#include "gen/core/progress.h"
#include "gen/core/thread_pool.h"
#include "gen/wdl/value_rules.h"

namespace rtb {

struct GenStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  std::uint32_t max_depth = 0;

  // Counts one legal position of value v.
  void add(Value v) {
    ++legal;
    wins += v.is_win();
    losses += v.is_loss();
    draws += v.is_draw();
    max_depth = std::max(max_depth, v.depth());
  }
};

struct GenResult {
  std::unique_ptr<std::uint16_t[]> values;  // Value codes; 0 at illegal indices
  Index size = 0;
  GenStats stats;
};

template <Game G>
class Retrograde {
 public:
  Retrograde(const G& game, const GenOptions& options)
      : game_(game),
        options_(options),
        size_(game.size()),
        pool_(options.threads),
        entries32_(size_ <= (Index{1} << 32) && !options.wide_queue),
        layers32_(entries32_ ? size_ : 0, pool_.size(), Value::kMaxDepth, options.queue_cap),
        layers64_(entries32_ ? 0 : size_, pool_.size(), Value::kMaxDepth, options.queue_cap),
        progress_(options.progress, size_, options.table, options.label, options.progress_interval) {}

  GenResult run() {
    value_ = std::make_unique_for_overwrite<std::uint16_t[]>(size_);
    left_ = std::make_unique_for_overwrite<std::uint8_t[]>(size_);
    std::uint32_t first_depth = 0;
    resume(first_depth);
    initialise();
    if (progress_.wanted()) progress_.propagating(count_legal());
    propagate(first_depth);
    left_.reset();
    const GenStats stats = finish();
    GenResult result{std::move(value_), size_, stats};
    progress_.done(result.stats.max_depth);
    return result;
  }

 private:
  struct PendingUpdate {              // a visited position's predecessors
    std::vector<Index> predecessors;  // the first `count` of them
    std::size_t count = 0;
    bool loss = false;  // the position was lost (else won) in `depth`
    std::uint32_t depth = 0;
  };
  struct alignas(64) WorkerState {  // per worker, a cache line apart: workers write them at once
    std::array<PendingUpdate, 2> pending;
    int waiting = 0;             // pending[waiting] is updated next
    std::uint64_t resolved = 0;  // positions visited, for the progress line
  };

  static constexpr std::uint16_t kIllegal = 0xFFFF;  // no Value has this code
  static constexpr std::uint8_t kSaturated = 0xFF;
  static constexpr std::uint64_t kChunk = 1 << 14;

  struct CheckpointHeader {
    std::uint64_t size = 0;
    std::uint64_t initialised = 0;  // the first pass is done below this index
    std::uint64_t resolved = 0;
    std::uint32_t next_depth = 0;  // the layer to work next
    std::uint32_t entry_bytes = 0;
  };

  std::atomic_ref<std::uint16_t> value(Index i) { return std::atomic_ref<std::uint16_t>(value_[i]); }

  void check_depth(std::uint32_t depth) const {
    if (depth > Value::kMaxDepth)
      throw GenError("a depth of more than " + std::to_string(Value::kMaxDepth) +
                     " plies cannot be stored in a wdl16 table");
  }

  // Terminal outcomes, immediate known values, and the first counters; in
  // segments when checkpointing, so a long first pass is saved too.
  void initialise() {
    const Index segment = options_.checkpoint ? std::max<Index>(options_.checkpoint_segment, 1) : size_;
    std::atomic<std::uint64_t> done{initialised_};
    while (initialised_ < size_) {
      const Index begin = initialised_, end = begin + std::min(segment, size_ - begin);
      pool_.parallel_for(end - begin, kChunk, [&](unsigned worker, Index lo, Index hi) {
        for (Index i = begin + lo; i < begin + hi; ++i) initialise_one(worker, i);
        done.fetch_add(hi - lo, std::memory_order_relaxed);
        if (worker == 0) progress_.initialising(done.load(std::memory_order_relaxed));
      });
      entries32_ ? layers32_.flush() : layers64_.flush();
      initialised_ = end;
      if (end < size_ && checkpoint_due()) save_checkpoint(0);
    }
    entries32_ ? layers32_.flush() : layers64_.flush();
    progress_.initialising(size_);  // worker 0 may have had no chunk to report from
  }

  bool checkpoint_due() const { return options_.checkpoint != nullptr && options_.checkpoint->due(); }

  // At a layer boundary: the layers are flushed and nothing is in flight.
  void save_checkpoint(std::uint32_t next_depth) {
    const CheckpointHeader header{size_, initialised_, resolved(), next_depth, entries32_ ? 4u : 8u};
    const std::vector<std::byte> queue = entries32_ ? layers32_.save() : layers64_.save();
    const std::string& scope = options_.checkpoint->scope();
    options_.checkpoint->save({
        {"wdl.scope", std::as_bytes(std::span(scope))},
        {"wdl.header", bytes_of(header)},
        {"wdl.values", std::as_bytes(std::span<const std::uint16_t>(value_.get(), initialised_))},
        {"wdl.left", std::as_bytes(std::span<const std::uint8_t>(left_.get(), initialised_))},
        {"wdl.queue", queue},
    });
  }

  // Takes the state of the checkpoint to resume from, if it is this pass's;
  // one that does not fit is ignored with a note, and the pass starts over.
  void resume(std::uint32_t& first_depth) {
    const Checkpointer* cp = options_.checkpoint;
    if (cp == nullptr || cp->resume() == nullptr || !cp->resume()->has("wdl.header")) return;
    const storage::CheckpointFile& file = *cp->resume();
    const std::span<const std::byte> scope = file.section("wdl.scope");
    if (!std::ranges::equal(scope, std::as_bytes(std::span(cp->scope())))) return;  // another tier's
    CheckpointHeader h;
    const bool fits =
        read_section(file, "wdl.header", h) && h.size == size_ && h.initialised <= size_ &&
        h.entry_bytes == (entries32_ ? 4u : 8u) &&
        read_section(file, "wdl.values", std::span<std::uint16_t>(value_.get(), h.initialised)) &&
        read_section(file, "wdl.left", std::span<std::uint8_t>(left_.get(), h.initialised)) &&
        (entries32_ ? layers32_.restore(file.section("wdl.queue"))
                    : layers64_.restore(file.section("wdl.queue")));
    if (!fits) {
      cp->note("the state in " + cp->file().string() + " does not fit this table; starting over");
      return;
    }
    initialised_ = h.initialised;
    workers_[0].resolved = h.resolved;
    first_depth = h.next_depth;
    working_depth_ = static_cast<std::int64_t>(h.next_depth) - 1;
    const std::string where = cp->scope().empty() ? "" : " (" + cp->scope() + ")";
    if (h.initialised < size_)
      cp->note("resuming from " + cp->file().string() + where + ": first pass at index " +
               std::to_string(h.initialised) + " of " + std::to_string(size_));
    else
      cp->note("resuming from " + cp->file().string() + where + ": layer " + std::to_string(h.next_depth) +
               ", " + std::to_string(h.resolved) + " positions resolved");
  }

  void initialise_one(unsigned worker, Index i) {
    const FirstLook look = first_look(game_, i);
    if (!look.legal) {
      value_[i] = kIllegal;
      left_[i] = 0;
      return;
    }
    left_[i] = static_cast<std::uint8_t>(std::min<std::uint32_t>(look.open, kSaturated));
    value_[i] = look.value.code();
    if (!look.value.is_draw()) {
      check_depth(look.value.depth());
      if constexpr (has_unmoves<G>()) push(worker, look.value.depth(), i);
    }
  }

  // With one thread on a layer (kConcurrent false) the counters and values
  // take plain stores: no other thread can see them, so locked
  // instructions would buy nothing.
  void propagate(std::uint32_t first_depth) {
    if (entries32_)
      propagate(layers32_, first_depth);
    else
      propagate(layers64_, first_depth);
  }

  template <class L>
  void propagate(L& layers, std::uint32_t first_depth) {
    for (std::uint32_t depth = first_depth; layers.next(depth); ++depth) {
      working_depth_ = depth;
      typename L::Layer layer = layers.take(depth);
      const bool one_thread = pool_.size() == 1;
      if (layer.scan) {
        pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
          if (one_thread)
            visit_range<false>(worker, lo, hi, depth, [](Index p) { return p; });
          else
            visit_range<true>(worker, lo, hi, depth, [](Index p) { return p; });
        });
      } else if (!layer.bits.empty()) {
        pool_.parallel_for(layer.bits.size(), kChunk / 64, [&](unsigned worker, Index lo, Index hi) {
          if (one_thread)
            visit_words<false>(worker, layer.bits.subspan(lo, hi - lo), lo, depth);
          else
            visit_words<true>(worker, layer.bits.subspan(lo, hi - lo), lo, depth);
        });
      } else if (layer.list.size() < options_.parallel_threshold || one_thread) {
        visit_range<false>(0, 0, layer.list.size(), depth, [&](std::uint64_t k) { return layer.list[k]; });
      } else {
        pool_.parallel_for(layer.list.size(), 1024, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
          visit_range<true>(worker, lo, hi, depth, [&](std::uint64_t k) { return layer.list[k]; });
        });
      }
      layers.flush();
      progress_.update(depth, resolved());
      if (checkpoint_due()) save_checkpoint(depth + 1);
    }
  }

  // Visits the positions at(lo) .. at(hi - 1). Each position's
  // predecessors are pending and their values prefetched, but updated
  // only after the next position's have been pending: the cache misses
  // then overlap with that work instead of stalling on it. Updates of one
  // layer never touch a position of that layer, so the delay is safe.
  template <bool kConcurrent, class At>
  void visit_range(unsigned worker, std::uint64_t lo, std::uint64_t hi, std::uint32_t depth, At&& at) {
    WorkerState& state = workers_[worker];
    for (std::uint64_t k = lo; k < hi; ++k) {
      if (k + 8 < hi) __builtin_prefetch(&value_[at(k + 8)]);
      visit(state, at(k), depth);
      update_predecessors<kConcurrent>(worker, state);
      state.waiting ^= 1;
    }
    update_predecessors<kConcurrent>(worker, state);
  }

  // Visits the positions whose bits are set in `words` (the layer's bitmap
  // from word `first` on), clearing them, a batch at a time.
  template <bool kConcurrent>
  void visit_words(unsigned worker, std::span<std::uint64_t> words, Index first, std::uint32_t depth) {
    std::array<Index, 256> batch;
    std::size_t n = 0;
    auto visit_batch = [&] {
      visit_range<kConcurrent>(worker, 0, n, depth, [&](std::uint64_t k) { return batch[k]; });
      n = 0;
    };
    for (std::size_t w = 0; w < words.size(); ++w) {
      for (std::uint64_t bits = words[w]; bits; bits &= bits - 1) {
        batch[n++] = (first + w) * 64 + static_cast<Index>(std::countr_zero(bits));
        if (n == batch.size()) visit_batch();
      }
      words[w] = 0;
    }
    visit_batch();
  }

  // Gathers p's predecessors into the buffer not waiting to be updated.
  void visit(WorkerState& state, Index p, std::uint32_t depth) {
    PendingUpdate& g = state.pending[state.waiting ^ 1];
    g.count = 0;
    const std::uint16_t v = value(p).load(std::memory_order_relaxed);
    g.loss = v == Value::loss(depth).code();
    if (!g.loss && v != Value::win(depth).code()) return;
    g.depth = depth;
    // Forced inline: a plugin that calls f from many places (chess) would
    // otherwise pay a call per predecessor.
    auto gather = [&](Index q) __attribute__((always_inline)) {
      __builtin_prefetch(&value_[q]);
      if (!g.loss) __builtin_prefetch(&left_[q]);
      if (g.count == g.predecessors.size()) g.predecessors.resize(2 * g.count + 64);
      g.predecessors[g.count++] = q;
    };
    game_.unmoves(p, gather);
    ++state.resolved;
  }

  // Updates the predecessors pending for the position before.
  template <bool kConcurrent>
  void update_predecessors(unsigned worker, WorkerState& state) {
    PendingUpdate& g = state.pending[state.waiting];
    const std::span<const Index> preds(g.predecessors.data(), g.count);
    g.count = 0;
    if (g.loss)
      for (Index q : preds) make_win<kConcurrent>(worker, q, g.depth + 1);
    else
      for (Index q : preds) successor_won<kConcurrent>(worker, q, g.depth);
  }

  void push(unsigned worker, std::uint32_t depth, Index i) {
    // Depth order: a value found while working a layer is deeper than it.
    assert(static_cast<std::int64_t>(depth) > working_depth_);
    assert(value(i).load(std::memory_order_relaxed) != 0 &&
           value(i).load(std::memory_order_relaxed) != kIllegal);
    if (entries32_)
      layers32_.push(worker, depth, static_cast<std::uint32_t>(i));
    else
      layers64_.push(worker, depth, i);
  }

  std::uint64_t resolved() const {
    std::uint64_t sum = 0;
    for (const WorkerState& s : workers_) sum += s.resolved;
    return sum;
  }

  template <bool kConcurrent>
  void make_win(unsigned worker, Index q, std::uint32_t depth) {
    const std::uint16_t target = Value::win(depth).code();
    // Unknown (a draw until shown otherwise), or a candidate win through a
    // known value that is slower.
    auto improves = [&](std::uint16_t c) {
      if (c == kIllegal) return false;
      const Value v = Value::from_code(c);
      return v.is_draw() || (v.is_win() && v.depth() > depth);
    };
    if constexpr (kConcurrent) {
      auto v = value(q);
      std::uint16_t current = v.load(std::memory_order_relaxed);
      do {
        if (!improves(current)) return;
      } while (!v.compare_exchange_weak(current, target, std::memory_order_relaxed));
    } else {
      if (!improves(value_[q])) return;
      value_[q] = target;
    }
    check_depth(depth);
    push(worker, depth, q);
  }

  template <bool kConcurrent>
  void successor_won(unsigned worker, Index q, std::uint32_t depth) {
    assert(value(q).load(std::memory_order_relaxed) != kIllegal);  // unmoves yield legal positions
    if constexpr (kConcurrent) {
      if (value(q).load(std::memory_order_relaxed) != 0) return;
      std::atomic_ref<std::uint8_t> left(left_[q]);
      if (left.load(std::memory_order_relaxed) == kSaturated
              ? open_moves(q, depth) == 0
              : left.fetch_sub(1, std::memory_order_relaxed) == 1)
        make_loss<true>(worker, q, depth);
    } else {
      if (value_[q] != 0) return;
      if (left_[q] == kSaturated ? open_moves(q, depth) == 0 : --left_[q] == 0)
        make_loss<false>(worker, q, depth);
    }
  }

  // Moves of q not yet shown to lead to a win for the opponent, when every
  // win up to `depth` counts as shown (wins of that depth are final).
  std::uint32_t open_moves(Index q, std::uint32_t depth) {
    std::uint32_t open = 0;
    game_.moves(q, [&](Successor s) {
      if (s.inside) {
        const std::uint16_t c = value(s.index).load(std::memory_order_relaxed);
        assert(c != kIllegal);  // moves inside lead to legal positions
        const Value v = Value::from_code(c);
        open += !(v.is_win() && v.depth() <= depth);
      } else {
        open += !s.value.is_win();
      }
    });
    return open;
  }

  // Every inside move of q leads to a win of at most `depth` plies; the loser
  // also counts the moves that leave the table to a known win.
  template <bool kConcurrent>
  void make_loss(unsigned worker, Index q, std::uint32_t depth) {
    const std::uint32_t plies = loss_plies(game_, q, depth);
    check_depth(plies);
    const std::uint16_t loss = Value::loss(plies).code();
    if constexpr (kConcurrent) {
      std::uint16_t unknown = 0;
      if (!value(q).compare_exchange_strong(unknown, loss, std::memory_order_relaxed)) return;
    } else {
      if (value_[q] != 0) return;
      value_[q] = loss;
    }
    push(worker, plies, q);
  }

  // For the progress reports: what the propagation will resolve (a resumed
  // run knows no count of the part it restored).
  std::uint64_t count_legal() {
    std::vector<std::uint64_t> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      std::uint64_t n = 0;
      for (Index i = lo; i < hi; ++i) n += value_[i] != kIllegal;
      part[worker] += n;
    });
    std::uint64_t sum = 0;
    for (std::uint64_t n : part) sum += n;
    return sum;
  }

  // Counts the outcomes and clears the marks of illegal indices.
  GenStats finish() {
    std::vector<GenStats> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      GenStats& s = part[worker];
      for (Index i = lo; i < hi; ++i) {
        std::uint16_t& code = value_[i];
        if (code == kIllegal) {
          code = 0;
          continue;
        }
        s.add(Value::from_code(code));
      }
    });
    GenStats total;
    for (const auto& s : part) {
      total.legal += s.legal;
      total.wins += s.wins;
      total.losses += s.losses;
      total.draws += s.draws;
      total.max_depth = std::max(total.max_depth, s.max_depth);
    }
    return total;
  }

  const G& game_;
  GenOptions options_;
  Index size_;
  ThreadPool pool_;
  std::int64_t working_depth_ = -1;  // the layer being worked; -1 in the first pass
  Index initialised_ = 0;            // the first pass is done below this index
  bool entries32_;                   // at most 2^32 indices: 4-byte queue entries
  Layers<std::uint32_t> layers32_;
  Layers<Index> layers64_;
  Progress progress_;
  std::unique_ptr<std::uint16_t[]> value_;
  std::unique_ptr<std::uint8_t[]> left_;
  std::vector<WorkerState> workers_ = std::vector<WorkerState>(pool_.size());
};

template <Game G>
GenResult generate(const G& game, const GenOptions& options) {
  return Retrograde<G>(game, options).run();
}

}  // namespace rtb
