// The left-counter pass of retrograde analysis, over an implicit game. For every
// position keep `left`, its moves not yet shown to lead to a position won for
// the opponent. Positions are finalised in depth order: a LOSS in d makes
// every predecessor a WIN in d+1 (the first one found is the shortest); a WIN
// in d decrements each predecessor's `left`, and one that reaches zero is a
// LOSS one ply deeper than its longest-resisting move. What is never reached
// is a DRAW. Each position is finalised once and each unmove followed once.
//
// Memory per index, with WideCodes: one 2-byte code, the value once known
// and `left` until then (gen/depth/position_code.h), plus at most about one
// byte of queue and an eighth of a byte to order it (see Layers). With
// RingCodes: one byte (gen/depth/ring_codes.h), a queue of an index in
// 1,024 and no bitmap (a large layer is found by a scan), and the depths
// of layers worked long ago on disk; the values are put together as the
// table is written (run(write)).
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
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "games/game.h"
#include "gen/core/checkpoint.h"
#include "gen/core/layers.h"
#include "gen/core/options.h"
#include "gen/core/owned_updates.h"
#include "gen/core/progress.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/gen_stats.h"
#include "gen/depth/position_code.h"
#include "gen/depth/ring_codes.h"
#include "gen/depth/ring_state.h"
#include "gen/depth/value_rules.h"

namespace rtb {

struct GenResult {
  std::unique_ptr<std::uint16_t[]> values;  // Value codes; 0 at illegal indices
  Index size = 0;
  GenStats stats;
};

template <Game G, class Codes = WideCodes>
class Retrograde {
  using Code = typename Codes::Code;

 public:
  Retrograde(const G& game, const GenOptions& options)
      : game_(game),
        options_(options),
        size_(game.size()),
        pool_(options.threads),
        entries32_(size_ <= (Index{1} << 32) && !options.wide_queue),
        layers32_(entries32_ ? size_ : 0, pool_.size(), position_code::kMaxDepth, queue_cap(), !Codes::kRing),
        layers64_(entries32_ ? 0 : size_, pool_.size(), position_code::kMaxDepth, queue_cap(), !Codes::kRing),
        progress_(options.progress, size_, options.table, options.label, options.progress_interval),
        ring_(options.spill_prefix) {
    if constexpr (Codes::kRing) codes_ = RingCodes(options.ring_depths);
  }

  // WideCodes: the values, held whole.
  GenResult run() requires(!Codes::kRing) {
    solve();
    const GenStats stats = finish();
    GenResult result{std::move(code_), size_, stats};
    progress_.done(result.stats.max_depth);
    return result;
  }

  // RingCodes: the values handed to `write` in index order, a block at a time.
  GenStats run(const std::function<void(std::span<const std::uint16_t>)>& write) requires(Codes::kRing) {
    solve();
    updates_.release();  // the values are written beside the bytes: nothing else is held
    const GenStats stats = ring_.write(game_, codes_, std::span<const Code>(code_.get(), size_), write);
    progress_.done(stats.max_depth);
    return stats;
  }

 private:
  // An update filed for a predecessor is marked when its successor was
  // lost (the predecessor wins), unmarked when it was won.
  static constexpr Index kLost = OwnedUpdates::kMark;
  struct alignas(64) WorkerState {  // per worker, a cache line apart: workers write them at once
    std::uint64_t resolved = 0;     // positions visited, for the progress line
  };

  static constexpr Code kIllegal = Codes::kIllegal;
  static constexpr std::uint64_t kChunk = 1 << 14;
  struct NoRing {
    explicit NoRing(const std::string&) {}
  };

  // RingCodes queue an index in 1,024 at most: their scans pass over other
  // layers' codes eight at a time (visit_scanned).
  std::uint64_t queue_cap() const {
    if (options_.queue_cap || !Codes::kRing) return options_.queue_cap;
    return std::max<std::uint64_t>(size_ / 1024, 1u << 16);
  }

  void solve() {
    code_ = std::make_unique_for_overwrite<Code[]>(size_);
    std::uint32_t first_depth = 0;
    resume(first_depth);
    initialise();
    if (progress_.wanted()) progress_.propagating(count_legal());
    propagate(first_depth);
  }

  struct CheckpointHeader {
    std::uint64_t size = 0;
    std::uint64_t initialised = 0;  // the first pass is done below this index
    std::uint64_t resolved = 0;
    std::uint32_t next_depth = 0;  // the layer to work next
    std::uint32_t entry_bytes = 0;
  };

  // Each code is written by one worker at a time (OwnedUpdates), but
  // another may read it meanwhile (open_moves): relaxed atomics, plain
  // moves on the machines we build for.
  Code load(Index i) const { return std::atomic_ref<Code>(code_[i]).load(std::memory_order_relaxed); }
  void store(Index i, Code c) { std::atomic_ref<Code>(code_[i]).store(c, std::memory_order_relaxed); }

  // Terminal outcomes, immediate known values, and the first counters; in
  // segments when checkpointing, so a long first pass is saved too.
  void initialise() {
    const Index segment = options_.checkpoint ? std::max<Index>(options_.checkpoint_segment, 1) : size_;
    std::atomic<std::uint64_t> done{initialised_};
    while (initialised_ < size_) {
      const Index begin = initialised_, end = begin + std::min(segment, size_ - begin);
      pool_.parallel_for(end - begin, kChunk, [&](unsigned worker, Index lo, Index hi) {
        if constexpr (ScansMoves<G>) {
          auto scanner = game_.scanner();
          for (Index i = begin + lo; i < begin + hi; ++i) initialise_one(worker, i, scanner);
        } else {
          for (Index i = begin + lo; i < begin + hi; ++i) initialise_one(worker, i, game_);
        }
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
    Sections sections{
        {"wdl.scope", std::as_bytes(std::span(scope))},
        {"wdl.header", bytes_of(header)},
        {"wdl.codes", std::as_bytes(std::span<const Code>(code_.get(), initialised_))},
        {"wdl.queue", queue},
    };
    std::vector<std::uint64_t> ring;
    if constexpr (Codes::kRing) {
      ring = ring_.save(codes_);
      sections.push_back({"ring.state", std::as_bytes(std::span(ring))});
    }
    options_.checkpoint->save(sections);
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
    const bool fits = read_section(file, "wdl.header", h) && h.size == size_ && h.initialised <= size_ &&
                      h.entry_bytes == (entries32_ ? 4u : 8u) &&
                      read_section(file, "wdl.codes", std::span<Code>(code_.get(), h.initialised)) &&
                      (entries32_ ? layers32_.restore(file.section("wdl.queue"))
                                  : layers64_.restore(file.section("wdl.queue"))) &&
                      resume_ring(file, h.size);
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

  // The ring's base, far depth and runs (RingCodes only).
  bool resume_ring(const storage::CheckpointFile& file, Index size) {
    if constexpr (!Codes::kRing) {
      return true;
    } else {
      const std::span<const std::byte> state = file.section("ring.state");
      if (state.size() % sizeof(std::uint64_t) != 0) return false;
      std::vector<std::uint64_t> words(state.size() / sizeof(std::uint64_t));
      std::memcpy(words.data(), state.data(), state.size());
      return ring_.restore(codes_, words, size);
    }
  }

  template <class Counter>
  void initialise_one(unsigned worker, Index i, Counter& counter) {
    const FirstLook look = first_look(game_, i, counter);
    if (!look.legal) {
      code_[i] = kIllegal;
      return;
    }
    if (look.value.is_draw())
      code_[i] = Codes::open(look.open, look.loss_floor > 0);
    else
      set_value(worker, i, look.value);
  }

  // q's value is known: its code, and its layer queued (a far one's is
  // queued when the ring reaches it). A game without unmoves has no
  // layers to work: its values are all known after the first pass.
  void set_value(unsigned worker, Index q, Value v) {
    position_code::check_depth(v.depth());
    const Code c = codes_.of(v);
    store(q, c);
    if (!Codes::queued(c)) {
      if constexpr (Codes::kRing) ring_.note_far(v.depth());
    } else if constexpr (has_unmoves<G>()) {
      push(worker, v.depth(), q);
    }
  }

  // Works the layers in depth order. A layer's positions are visited in
  // index order (a scan of the table, its bitmap, or its sorted list); the
  // unmoves they lead to are filed and made by OwnedUpdates, so that no
  // two workers ever write one code.
  void propagate(std::uint32_t first_depth) {
    if (entries32_)
      propagate(layers32_, first_depth);
    else
      propagate(layers64_, first_depth);
  }

  template <class L>
  void propagate(L& layers, std::uint32_t first_depth) {
    for (std::uint32_t depth = first_depth; next_layer(layers, depth); ++depth) {
      working_depth_ = depth;
      typename L::Layer layer = layers.take(depth);
      auto apply = [&](unsigned worker, std::span<const Index> filed) { update(worker, filed, depth); };
      const bool parallel = pool_.size() > 1;
      if (layer.scan) {
        updates_.run(
            pool_, parallel, size_, kChunk,
            [&](unsigned worker, Index lo, Index hi, auto& out) {
              visit_scanned(worker, lo, hi, depth, out);
            },
            apply);
      } else if (!layer.bits.empty()) {
        updates_.run(
            pool_, parallel, layer.bits.size(), kChunk / 64,
            [&](unsigned worker, Index lo, Index hi, auto& out) {
              visit_words(worker, layer.bits.subspan(lo, hi - lo), lo, depth, out);
            },
            apply);
      } else {
        const bool large = layer.list.size() >= options_.parallel_threshold;
        updates_.run(
            pool_, parallel && large, layer.list.size(), 1024,
            [&](unsigned worker, std::uint64_t lo, std::uint64_t hi, auto& out) {
              visit_range(
                  worker, lo, hi, depth, [&](std::uint64_t k) { return layer.list[k]; }, out);
            },
            apply);
      }
      layers.flush();
      progress_.update(depth, resolved());
      if (checkpoint_due()) save_checkpoint(depth + 1);
    }
  }

  // The next layer to work, from `depth` on; false if none is left. With
  // RingCodes, first the layers worked long ago are reduced to disk when
  // the ring needs room, and far values the ring reaches are brought in.
  template <class L>
  bool next_layer(L& layers, std::uint32_t& depth) {
    if constexpr (!Codes::kRing) {
      return layers.next(depth);
    } else {
      for (;;) {
        std::uint32_t next = depth;
        const bool queued = layers.next(next);
        const std::uint32_t far = ring_.far_min();
        if (!queued && far == RingState::kNoFar) return false;
        if (!queued) next = far;  // a far depth is past every queued one
        if (next - codes_.base() >= codes_.reduce_after())
          ring_.reduce(codes_, std::span<Code>(code_.get(), size_), pool_, next);
        if (far == RingState::kNoFar || !codes_.in_window(far)) {
          depth = next;
          return true;
        }
        ring_.promote(game_, codes_, std::span<Code>(code_.get(), size_), pool_,
                      [&](unsigned worker, std::uint32_t d, Index i) { push(worker, d, i); });
        layers.flush();
      }
    }
  }

  // Visits the positions at(lo) .. at(hi - 1), filing an update for each
  // predecessor of those lost or won in `depth`. The updates are made
  // later; they never touch a position of this layer, so that is safe.
  template <class At>
  void visit_range(unsigned worker, std::uint64_t lo, std::uint64_t hi, std::uint32_t depth, At&& at,
                   OwnedUpdates::Outbox& out) {
    const Code lost_code = codes_.of(Value::loss(depth)), won_code = codes_.of(Value::win(depth));
    for (std::uint64_t k = lo; k < hi; ++k) {
      if (k + 8 < hi) __builtin_prefetch(&code_[at(k + 8)]);
      if constexpr (PrefetchesUnmoves<G>)
        if (k + 4 < hi) game_.prefetch_unmoves(at(k + 4));
      const Index p = at(k);
      const Code c = load(p);
      const bool lost = c == lost_code;
      if (!lost && c != won_code) continue;
      const Index mark = lost ? kLost : 0;
      // Forced inline: a plugin that calls f from many places (chess) would
      // otherwise pay a call per predecessor.
      game_.unmoves(
          p, [&](Index q) __attribute__((always_inline)) { out.file(q | mark); });
      ++workers_[worker].resolved;
    }
  }

  // Visits the positions lo .. hi - 1 that are of this layer. A byte's
  // codes are read eight at a time and a word with neither of the layer's
  // two codes is passed over: most of a scan is of other layers.
  void visit_scanned(unsigned worker, Index lo, Index hi, std::uint32_t depth, OwnedUpdates::Outbox& out) {
    auto at = [](Index p) { return p; };
    if constexpr (Codes::kRing) {
      constexpr std::uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
      auto has_zero_byte = [](std::uint64_t w) { return ((w - kOnes) & ~w & kHighs) != 0; };
      const std::uint64_t lost = kOnes * codes_.of(Value::loss(depth)),
                          won = kOnes * codes_.of(Value::win(depth));
      Index k = lo;
      for (; k + 8 <= hi; k += 8) {
        std::uint64_t w;
        std::memcpy(&w, &code_[k], sizeof w);  // no code changes while a layer is visited
        if (has_zero_byte(w ^ lost) || has_zero_byte(w ^ won)) visit_range(worker, k, k + 8, depth, at, out);
      }
      visit_range(worker, k, hi, depth, at, out);
    } else {
      visit_range(worker, lo, hi, depth, at, out);
    }
  }

  // Visits the positions whose bits are set in `words` (the layer's bitmap
  // from word `first` on), clearing them, a batch at a time.
  void visit_words(unsigned worker, std::span<std::uint64_t> words, Index first, std::uint32_t depth,
                   OwnedUpdates::Outbox& out) {
    std::array<Index, 256> batch;
    std::size_t n = 0;
    auto visit_batch = [&] {
      visit_range(
          worker, 0, n, depth, [&](std::uint64_t k) { return batch[k]; }, out);
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

  // Makes filed updates, prefetching the codes of those kAhead further on.
  // make_win() and successor_won() are inlined, as they run once per
  // unmove; what runs once per position (make_loss, push) stays a call.
  void update(unsigned worker, std::span<const Index> filed, std::uint32_t depth) {
    constexpr std::size_t kAhead = 16;
    for (std::size_t k = 0; k < filed.size(); ++k) {
      if (k + kAhead < filed.size()) __builtin_prefetch(&code_[filed[k + kAhead] & ~kLost], 1);
      const Index e = filed[k];
      if (e & kLost)
        make_win(worker, e & ~kLost, depth + 1);
      else
        successor_won(worker, e, depth);
    }
  }

  [[gnu::noinline]] void push(unsigned worker, std::uint32_t depth, Index i) {
    // Depth order: a value found while working a layer is deeper than it.
    assert(static_cast<std::int64_t>(depth) > working_depth_);
    assert(load(i) != kIllegal && !Codes::is_open(load(i)) && Codes::queued(load(i)));
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

  // q has a move to a loss: a win in `depth` unless it has a faster one.
  [[gnu::always_inline]] void make_win(unsigned worker, Index q, std::uint32_t depth) {
    if (codes_.improved_by_win(load(q), depth)) set_value(worker, q, Value::win(depth));
  }

  // One of q's moves leads to a win in `depth`: one move fewer is open.
  [[gnu::always_inline]] void successor_won(unsigned worker, Index q, std::uint32_t depth) {
    const Code c = load(q);
    assert(c != kIllegal);  // unmoves yield legal positions
    if (!Codes::is_open(c)) return;
    const std::uint32_t left = Codes::open_count(c);
    if (left == Codes::kSaturatedCount) {
      if (open_moves(q, depth) == 0) make_loss(worker, q, depth, Codes::floored(c));
    } else if (left == 1) {
      make_loss(worker, q, depth, Codes::floored(c));
    } else {
      store(q, static_cast<Code>(c - 1));
    }
  }

  // Moves of q not yet shown to lead to a win for the opponent, when every
  // win up to `depth` counts as shown (wins of that depth are final).
  std::uint32_t open_moves(Index q, std::uint32_t depth) {
    std::uint32_t open = 0;
    game_.moves(q, [&](Successor s) {
      if (s.inside) {
        const Code c = load(s.index);
        assert(c != kIllegal);  // moves inside lead to legal positions
        open += !codes_.is_win_within(c, depth);
      } else {
        open += !s.value.is_win();
      }
    });
    return open;
  }

  // Every inside move of q leads to a win of at most `depth` plies, the last
  // found of exactly `depth`; where `floored`, a move that leaves the table
  // leads to a known win, and the loser counts those too.
  [[gnu::noinline]] void make_loss(unsigned worker, Index q, std::uint32_t depth, bool floored) {
    set_value(worker, q, Value::loss(floored ? loss_plies(game_, q, depth) : depth + 1));
  }

  // For the progress reports: what the propagation will resolve (a resumed
  // run knows no count of the part it restored).
  std::uint64_t count_legal() {
    std::vector<std::uint64_t> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      std::uint64_t n = 0;
      for (Index i = lo; i < hi; ++i) n += code_[i] != kIllegal;
      part[worker] += n;
    });
    std::uint64_t sum = 0;
    for (std::uint64_t n : part) sum += n;
    return sum;
  }

  // Counts the outcomes; illegal indices and open positions become 0, a draw.
  GenStats finish() requires(!Codes::kRing) {
    std::vector<GenStats> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      GenStats& s = part[worker];
      for (Index i = lo; i < hi; ++i) {
        Code& c = code_[i];
        if (c == kIllegal) {
          c = 0;
          continue;
        }
        if (Codes::is_open(c)) c = Value::draw().code();  // never decided
        s.add(Value::from_code(c));
      }
    });
    GenStats total;
    for (const auto& s : part) total.add(s);
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
  std::conditional_t<Codes::kRing, RingState, NoRing> ring_;
  Codes codes_;
  std::unique_ptr<Code[]> code_;
  OwnedUpdates updates_{size_, pool_.size(), options_.update_round};
  std::vector<WorkerState> workers_ = std::vector<WorkerState>(pool_.size());
};

template <Game G>
GenResult generate(const G& game, const GenOptions& options) {
  return Retrograde<G>(game, options).run();
}

// The same in a byte an index (RingCodes), the values handed to `write`
// in index order as they are put together; their counts.
template <Game G>
GenStats generate_in_bytes(const G& game, const GenOptions& options,
                           const std::function<void(std::span<const std::uint16_t>)>& write) {
  return Retrograde<G, RingCodes>(game, options).run(write);
}

}  // namespace rtb
