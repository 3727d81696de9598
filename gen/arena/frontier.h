// The layers of an attractor (gen/arena/solve.h). Every position that joins at
// depth d+1 is found while depth d is propagated, so only two layers live at
// a time: the one being propagated and the one being filled. Layers
// (gen/core/layers.h) keeps a bucket per depth for the win/loss pass, whose known
// values can land far ahead, and stops at 32766 plies; an attractor has no
// such jumps and can be as deep as the arena is large.
//
// As in Layers, memory is capped: a layer that would list more than `cap`
// positions is not listed, and its positions are found again by scanning the
// distances, so the queue never costs more than about a byte per index.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "games/game.h"

namespace rtb {

class ArenaFrontier {
 public:
  ArenaFrontier(std::uint64_t cap, unsigned workers)
      : cap_per_worker_(std::max<std::uint64_t>(cap / workers, 1)), staged_(workers) {}

  // Safe from many workers at once, each with its own `worker` number.
  void push(unsigned worker, Index i) {
    Staged& s = staged_[worker];
    ++s.pushes;
    if (overflow_.load(std::memory_order_relaxed)) return;
    if (s.list.size() == cap_per_worker_) {
      overflow_.store(true, std::memory_order_relaxed);
      return;
    }
    s.list.push_back(i);
  }

  // The staged layer becomes the current one. Between layers only.
  void advance() {
    list_.clear();
    scan_ = overflow_.exchange(false);
    size_ = 0;
    for (Staged& s : staged_) {
      if (!scan_) list_.insert(list_.end(), s.list.begin(), s.list.end());
      s.list.clear();
      size_ += s.pushes;
      s.pushes = 0;
    }
  }

  // Positions in the current layer, listed or not (for progress).
  std::uint64_t size() const { return size_; }

  // No position in the current layer. A scan layer is never empty: it was
  // made by more pushes than fit.
  bool empty() const { return !scan_ && list_.empty(); }
  // The current layer must be found by scanning for its depth.
  bool scan() const { return scan_; }
  const std::vector<Index>& list() const { return list_; }

 private:
  std::uint64_t cap_per_worker_;
  std::atomic<bool> overflow_{false};
  bool scan_ = false;
  struct alignas(64) Staged {  // per worker, a cache line apart: workers push at once
    std::vector<Index> list;
    std::uint64_t pushes = 0;
  };

  std::uint64_t size_ = 0;
  std::vector<Index> list_;
  std::vector<Staged> staged_;
};

}  // namespace rtb
