// Updates of a per-index array shared by the workers, made without a locked
// instruction: the index is cut into parts, each worker files the updates
// it finds under their part, and then each part's updates are applied by
// one worker alone. Filing and applying alternate in rounds of about kRound
// updates per worker, so what waits costs a few MiB, not memory per
// index; and a part's updates are applied from blocks of a few thousand,
// in which the applier can prefetch far ahead, so that the cache misses of
// random indices overlap instead of stalling one after another.
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
  // Updates a block holds (16 KiB).
  static constexpr std::size_t kBlock = 2048;

  class alignas(64) Outbox {  // a cache line apart: workers file at once
   public:
    // Inlined whole into a plugin's unmoves, where a call per predecessor
    // would cost a tenth of a chess table's generation.
    [[gnu::always_inline]] void file(Index entry) {
      Part& part = parts_[(entry & ~kMark) >> shift_];
      if (part.size == kBlock) [[unlikely]]
        next_block(part);
      part.block[part.size++] = entry;
      ++filed_;
    }

   private:
    friend class OwnedUpdates;
    // A part's updates: blocks filled before, in order, then the one being
    // filled. Blocks come from the outbox's free list and go back to it
    // once applied, so that a round costs its updates' blocks wherever
    // they fall, not each part's largest share of any round.
    struct Part {
      Index* block = nullptr;
      std::size_t size = 0;
      std::vector<Index*> full;
    };
    [[gnu::noinline]] void next_block(Part& part) {
      part.full.push_back(part.block);
      part.block = take_block();
      part.size = 0;
    }
    Index* take_block() {
      if (free_.empty()) {
        owned_.push_back(std::make_unique_for_overwrite<Index[]>(kBlock));  // written before it is read
        return owned_.back().get();
      }
      Index* b = free_.back();
      free_.pop_back();
      return b;
    }
    // After the parts are applied: their filled blocks are free again.
    void recycle() {
      for (Part& part : parts_) {
        free_.insert(free_.end(), part.full.begin(), part.full.end());
        part.full.clear();
        part.size = 0;
      }
    }

    std::vector<Part> parts_;
    std::vector<std::unique_ptr<Index[]>> owned_;
    std::vector<Index*> free_;
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
    for (Outbox& o : outboxes_) {
      o.parts_.resize(parts);
      o.shift_ = shift;
      for (Outbox::Part& part : o.parts_) part.block = o.take_block();
    }
  }

  // Frees every block once no more updates will be made (a solver about
  // to write its table keeps what it needs for that alone).
  void release() { std::vector<Outbox>().swap(outboxes_); }

  // Visits [0, n) in chunks, visit(worker, lo, hi, outbox) filing updates
  // into the outbox, and has apply(worker, updates) make them, each part's
  // by one worker, a block at a time. `parallel` false runs it all on the
  // calling thread. Every update filed in a round is applied before the
  // next round visits.
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
          const Outbox::Part& filed = o.parts_[part];
          for (const Index* block : filed.full) apply(worker, std::span<const Index>(block, kBlock));
          apply(worker, std::span<const Index>(filed.block, filed.size));
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
      for (Outbox& o : outboxes_) o.recycle();
    }
  }

 private:
  std::size_t round_;
  std::vector<Outbox> outboxes_;
};

}  // namespace rtb
