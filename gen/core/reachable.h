// The positions reachable from a start position: a breadth-first sweep by
// moves(), one ply at a time, in parallel over the frontier. Each index
// found sets one bit of a table-sized bitmap, and the fetch_or that sets it
// tells which worker found it first, so every position is expanded once.
// Positions whose move ends the game outside the table (contract::outside_keys)
// are counted once each through a second bitmap over their keys, with the
// value their move brings. Memory: one bit per index and per key, and two
// frontiers of 8 bytes per position.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"

namespace rtb {

// A bitmap that many threads set at once.
class AtomicBits {
 public:
  explicit AtomicBits(std::uint64_t size) : words_((size + 63) / 64, 0) {}

  // Sets bit i; true if this call set it (it was clear).
  bool set(std::uint64_t i) {
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    std::atomic_ref<std::uint64_t> word(words_[i / 64]);
    if (word.load(std::memory_order_relaxed) & bit) return false;  // most tests find it set
    return !(word.fetch_or(bit, std::memory_order_relaxed) & bit);
  }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&words_[i / 64]); }
  bool test(std::uint64_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  std::span<const std::uint64_t> words() const { return words_; }

 private:
  std::vector<std::uint64_t> words_;
};

// What the sweep counts besides the bitmap.
struct ReachedTally {
  std::uint64_t ended_inside = 0;        // positions in the table with no moves
  std::uint64_t outside[3] = {0, 0, 0};  // game-ending positions outside the table, canonical, by Outcome
  std::uint64_t outside_full[3] = {0, 0, 0};  // the same over the full board

  std::uint64_t outside_count() const { return outside[0] + outside[1] + outside[2]; }
  void add(const ReachedTally& o) {
    ended_inside += o.ended_inside;
    for (int k = 0; k < 3; ++k) outside[k] += o.outside[k], outside_full[k] += o.outside_full[k];
  }
};

struct Reached {
  AtomicBits inside;  // by index
  ReachedTally tally;
  std::uint32_t plies = 0;  // the longest shortest path from the start
};

// Called after each ply of the sweep with the ply and the positions found
// so far inside the table, from one thread.
using ReachedProgress = std::function<void(std::uint32_t ply, std::uint64_t found)>;

namespace detail {

// A move of the position being expanded that leaves the table.
struct Leaving {
  Value value;
  std::uint64_t key;  // contract::outside_keys
};

// The moves of i, as inside indices and leaving moves with their keys
// (where the game has keys).
template <Game G>
void moves_of(const G& game, Index i, bool keyed, std::vector<Index>& inside, std::vector<Leaving>& leaving) {
  inside.clear();
  leaving.clear();
  if constexpr (KeysMoves<G>) {
    if (keyed)
      return game.keyed_moves(i, [&](const Successor& s, std::uint64_t key) {
        s.inside ? inside.push_back(s.index) : leaving.push_back({s.value, key});
      });
  }
  game.moves(i, [&](const Successor& s) {
    s.inside ? inside.push_back(s.index) : leaving.push_back({s.value, 0});
  });
  if (!keyed || leaving.empty()) return;
  const std::vector<std::uint64_t> keys = contract::outside_keys(game, i);
  if (keys.size() != leaving.size())
    throw std::logic_error("the game's outside_keys() does not name every move that leaves the table");
  for (std::size_t k = 0; k < keys.size(); ++k) leaving[k].key = keys[k];
}

// Expands position i: new inside successors go to `next`, the rest is
// counted in `tally`. The bits are tested only after all of i's moves are
// made and their words prefetched, as each test is likely a cache miss.
// `inside_found` and `leaving` are scratch space.
template <Game G>
void expand(const G& game, Index i, AtomicBits& inside, AtomicBits* outside_keys, std::vector<Index>& next,
            std::vector<Index>& inside_found, std::vector<Leaving>& leaving, ReachedTally& tally) {
  moves_of(game, i, outside_keys != nullptr, inside_found, leaving);
  tally.ended_inside += inside_found.empty() && leaving.empty();
  for (Index j : inside_found) inside.prefetch(j);
  if (outside_keys)
    for (const Leaving& m : leaving) outside_keys->prefetch(m.key);
  for (Index j : inside_found)
    if (inside.set(j)) next.push_back(j);
  if (!outside_keys) return;
  for (const Leaving& m : leaving) {
    if (!outside_keys->set(m.key)) continue;
    ++tally.outside[static_cast<int>(m.value.outcome())];
    tally.outside_full[static_cast<int>(m.value.outcome())] += 2 - (m.key & 1);
  }
}

}  // namespace detail

template <Game G>
Reached reachable(const G& game, Index start, ThreadPool& pool, const ReachedProgress& progress = {}) {
  Reached out{AtomicBits(game.size()), {}, 0};
  const std::uint64_t key_space = contract::outside_size(game);
  AtomicBits outside_keys(key_space);
  AtomicBits* keys = key_space > 0 ? &outside_keys : nullptr;
  std::vector<Index> frontier{start};
  out.inside.set(start);
  std::uint64_t found = 1;
  std::vector<std::vector<Index>> next(pool.size());
  std::vector<ReachedTally> tally(pool.size());
  std::vector<std::vector<Index>> inside_found(pool.size());
  std::vector<std::vector<detail::Leaving>> leaving(pool.size());
  while (!frontier.empty()) {
    pool.parallel_for(frontier.size(), 1 << 12, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t k = lo; k < hi; ++k)
        detail::expand(game, frontier[k], out.inside, keys, next[worker], inside_found[worker],
                       leaving[worker], tally[worker]);
    });
    frontier.clear();
    for (auto& part : next) {
      frontier.insert(frontier.end(), part.begin(), part.end());
      std::vector<Index>().swap(part);
    }
    found += frontier.size();
    if (!frontier.empty()) ++out.plies;
    if (progress) progress(out.plies, found);
  }
  for (const ReachedTally& t : tally) out.tally.add(t);
  return out;
}

}  // namespace rtb
