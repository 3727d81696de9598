// Pieces shared by the two passes of the Grundy solver (gen/grundy/solve.h and
// gen/grundy/loopy.h): the working codes, the mex of a set of values, the
// values a position's moves lead to, and the round-by-round work loop.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "games/grundy_value.h"
#include "games/impartial.h"
#include "gen/core/options.h"
#include "gen/core/thread_pool.h"

namespace rtb::grundy {

// Working codes in the value array next to the finite values (< 0x8000).
inline constexpr std::uint16_t kUnknown = 0xFFFF;  // not (yet) finite
inline constexpr std::uint16_t kIllegal = 0xFFFE;  // no position; 0 in the table

inline bool is_finite(std::uint16_t code) {
  return code <= kGrundyMaxFinite;
}

// A set of finite values with its mex. One per worker: clearing touches
// only what was added, so a position costs O(its moves), not O(32768).
class MexSet {
 public:
  void add(std::uint16_t v) {  // v <= kGrundyMaxFinite
    std::uint64_t& word = bits_[v >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if (word & bit) return;
    word |= bit;
    members_.push_back(v);
  }
  // The smallest value not in the set (at most 0x8000), and clears it.
  std::uint32_t take_mex() {
    std::size_t w = 0;
    while (bits_[w] == ~std::uint64_t{0}) ++w;  // the last word is never full
    const auto mex = static_cast<std::uint32_t>(64 * w + std::countr_one(bits_[w]));
    clear();
    return mex;
  }
  // The members, sorted, into `out`; clears the set.
  void take_sorted(InfSet& out) {
    out.assign(members_.begin(), members_.end());
    std::sort(out.begin(), out.end());
    clear();
  }
  const std::vector<std::uint16_t>& members() const { return members_; }
  void clear() {
    for (std::uint16_t v : members_) bits_[v >> 6] = 0;
    members_.clear();
  }

 private:
  std::array<std::uint64_t, (kGrundyMaxFinite + 1) / 64 + 1> bits_{};
  std::vector<std::uint16_t> members_;
};

// Calls f(code) once per move of i with the code of where it leads: the
// stored code of an inside successor, 0 for a move to a known loss (the
// only known value the solver accepts, checked when it starts), and the XOR
// of the parts for a move to a sum, or kUnknown if a part is not finite.
template <Game G, class F>
void for_each_follower_code(const G& game, const std::uint16_t* value, Index i, F&& f) {
  game.moves(i, [&](Successor s) { f(s.inside ? value[s.index] : std::uint16_t{0}); });
  for_each_split(game, i, [&](Index a, Index b) {
    const std::uint16_t va = value[a], vb = value[b];
    f(is_finite(va) && is_finite(vb) ? static_cast<std::uint16_t>(va ^ vb) : kUnknown);
  });
}

// Runs rounds of work until none is left: process(worker, item, out,
// shared) handles one item and appends the items it creates to `out`; they
// form the next round. A small round runs on the calling thread alone
// (shared == false: no other thread touches the arrays, so plain memory
// operations are enough); a large one is split over the pool. After each
// round, round_done(n) is told the size n of the next one (for progress).
template <class Item, class Process, class RoundDone>
void drain(ThreadPool& pool, std::uint64_t threshold, std::vector<Item>& items, Process&& process,
           RoundDone&& round_done) {
  std::vector<std::vector<Item>> out(pool.size());
  while (!items.empty()) {
    if (items.size() < threshold || pool.size() == 1) {
      for (const Item& item : items) process(0u, item, out[0], false);
    } else {
      const std::uint64_t chunk = std::clamp<std::uint64_t>(items.size() / (8 * pool.size()), 1, 1024);
      pool.parallel_for(items.size(), chunk, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
        for (std::uint64_t k = lo; k < hi; ++k) process(worker, items[k], out[worker], true);
      });
    }
    items.clear();
    for (auto& o : out) {
      items.insert(items.end(), o.begin(), o.end());
      o.clear();
    }
    round_done(items.size());
  }
}

template <class Item, class Process>
void drain(ThreadPool& pool, std::uint64_t threshold, std::vector<Item>& items, Process&& process) {
  drain(pool, threshold, items, process, [](std::size_t) {});
}

// Decrements the counter in the low half of `word` and ORs `bits` into the
// high half, atomically when other threads may touch the word too; returns
// the new word.
inline std::uint64_t take(std::uint64_t& word, std::uint64_t bits, bool shared) {
  if (!shared) return word = (word - 1) | bits;
  std::atomic_ref<std::uint64_t> w(word);
  std::uint64_t cur = w.load(std::memory_order_relaxed);
  while (!w.compare_exchange_weak(cur, (cur - 1) | bits, std::memory_order_relaxed)) {
  }
  return (cur - 1) | bits;
}

}  // namespace rtb::grundy
