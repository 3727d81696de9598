// Updates of a per-index array shared by the workers, made without a locked
// instruction: the index is cut into parts, each worker files the updates
// it finds under their part, and then each part's updates are applied by
// one worker alone. Filing and applying alternate in rounds of about kRound
// updates per worker, so what waits costs a few MiB, not memory per
// index; and a part's updates are applied from one list, in which the
// applier can prefetch far ahead, so that the cache misses of random
// indices overlap instead of stalling one after another.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"

namespace rtb {

class OwnedUpdates {
 public:
  // A bit of an entry the caller may use as a mark; the rest is the index.
  static constexpr Index kMark = Index{1} << 63;
  // Rounds long enough that waking the workers twice a round costs little
  // (2 MiB of updates a worker).
  static constexpr std::size_t kRound = std::size_t{1} << 18;

  class alignas(64) Outbox {  // a cache line apart: workers file at once
   public:
    // Inlined whole into a plugin's unmoves, where a call per predecessor
    // would cost a tenth of a chess table's generation.
    [[gnu::always_inline]] void file(Index entry) {
      Part& part = parts_[(entry & ~kMark) >> shift_];
      if (part.size == part.capacity) [[unlikely]]
        grow(part);
      part.entries[part.size++] = entry;
      ++filed_;
    }

   private:
    friend class OwnedUpdates;
    struct Part {
      std::unique_ptr<Index[]> entries;  // the first `size` are filed
      std::size_t size = 0, capacity = 0;
    };
    // Not zeroed: a part is written before it is read.
    [[gnu::noinline]] static void grow(Part& part) {
      part.capacity = std::max<std::size_t>(64, 2 * part.capacity);
      auto bigger = std::make_unique_for_overwrite<Index[]>(part.capacity);
      std::copy_n(part.entries.get(), part.size, bigger.get());
      part.entries = std::move(bigger);
    }

    std::vector<Part> parts_;
    unsigned shift_ = 0;
    std::size_t filed_ = 0;  // in this round
  };

  // Parts enough for `workers` to share the applying evenly; `round`
  // updates per worker and round (0: kRound).
  OwnedUpdates(Index size, unsigned workers, std::size_t round = 0)
      : round_(round ? round : kRound), outboxes_(workers) {
    const Index last = std::max<Index>(size, 1) - 1, target = Index{16} * workers;
    const unsigned shift = workers == 1 ? 63 : static_cast<unsigned>(std::bit_width(last / target));
    const std::size_t parts = workers == 1 ? 1 : static_cast<std::size_t>((last >> shift) + 1);
    // A part starts with room for its share of a round and a quarter
    // more (a round ends only after the chunk that passes it), so that one
    // part, as with one worker, holds a round without doubling: doubling
    // it would copy into twice the room and hold both at once. Pages not
    // written stay out of the resident set.
    const std::size_t share = round_ / parts + round_ / (4 * parts) + 64;
    for (Outbox& o : outboxes_) {
      o.parts_.resize(parts);
      o.shift_ = shift;
      for (Outbox::Part& part : o.parts_) {
        part.entries = std::make_unique_for_overwrite<Index[]>(share);
        part.capacity = share;
      }
    }
  }

  // Visits [0, n) in chunks, visit(worker, lo, hi, outbox) filing updates
  // into the outbox, and has apply(worker, updates) make them, each part's
  // by one worker. `parallel` false runs it all on the calling thread.
  // Every update filed in a round is applied before the next round visits.
  template <class Visit, class Apply>
  void run(ThreadPool& pool, bool parallel, std::uint64_t n, std::uint64_t chunk, Visit&& visit,
           Apply&& apply) {
    std::atomic<std::uint64_t> next{0};
    auto file_round = [&](unsigned worker) {
      Outbox& out = outboxes_[worker];
      out.filed_ = 0;
      for (std::uint64_t lo;
           out.filed_ < round_ && (lo = next.fetch_add(chunk, std::memory_order_relaxed)) < n;)
        visit(worker, lo, std::min(n, lo + chunk), out);
    };
    auto apply_parts = [&](unsigned worker, std::uint64_t first, std::uint64_t last) {
      for (std::uint64_t part = first; part < last; ++part)
        for (Outbox& o : outboxes_) {
          Outbox::Part& filed = o.parts_[part];
          apply(worker, std::span<const Index>(filed.entries.get(), filed.size));
          filed.size = 0;
        }
    };
    const std::size_t parts = outboxes_[0].parts_.size();
    while (next.load(std::memory_order_relaxed) < n) {
      if (parallel) {
        pool.each_worker(file_round);
        pool.parallel_for(parts, 1, apply_parts);
      } else {
        file_round(0);
        apply_parts(0, 0, parts);
      }
    }
  }

 private:
  std::size_t round_;
  std::vector<Outbox> outboxes_;
};

}  // namespace rtb
