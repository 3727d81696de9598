// The second pass of the Grundy solver: positions the acyclic pass left
// open (they reach a cycle) get the generalised Sprague-Grundy function of
// Smith (1966) and Fraenkel-Yesha (1986), computed as in Fraenkel-Yesha's
// algorithm, level by level:
//
//   for i = 0, 1, ...:
//     while some unlabelled u has no follower labelled i, and every follower
//       of u that is unlabelled or labelled infinity has a follower
//       labelled i: label u with i;
//     label infinity every unlabelled u without a follower labelled i.
//
// Each level is a left-counter pass. A non-finite position with a follower
// labelled i is REFUTED at level i (it cannot take i, and it is a move its
// predecessors may ignore). open[u] counts u's moves to non-finite
// positions when the level starts, ref[u] those among them refuted so far;
// u is labelled i when ref[u] reaches open[u] while u itself is not
// refuted. Labelling makes predecessors refuted, refuting raises their
// predecessors' ref: the same two steps as LOSS -> WIN and WIN -> left--.
// The labelled set of a level is the least fixpoint of these monotone
// steps, so it does not depend on order or threads. A position is
// "refuted" or "labelled" by one compare-and-swap on one word, so no
// position is ever both.
//
// Positions valued by the first pass keep their values: their finite
// values among a position's followers are known from the start, so that
// position is refuted at every level i in that set (bucket[i]) without
// waiting. A position whose followers all became finite (open == 0) gets
// its mex m at once and is labelled when level m starts (pending[m]).
//
// Cost: each level follows the unmoves of the positions it labels or
// refutes; a position is refuted at most once per finite value among its
// followers, so the pass is O(E * (1 + largest value)) in the worst case
// and about O(E) on sparse graphs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "gen/grundy/support.h"

namespace rtb::grundy {

template <Game G>
class LoopyPass {
 public:
  // value: the first pass's codes (kUnknown where open); slot_of: the first
  // pass's counters, overwritten with slot + 1 for open positions, else 0.
  LoopyPass(const G& game, ThreadPool& pool, const GenOptions& options, std::uint16_t* value,
            std::uint64_t* slot_of, std::vector<MexSet>& scratch)
      : game_(game), pool_(pool), options_(options), value_(value), slot_of_(slot_of), scratch_(scratch) {}

  struct Stats {
    std::uint64_t positions = 0;  // positions this pass had to value
    std::uint32_t levels = 0;
  };

  // level_done(level, settled) after each level: `settled` of the
  // positions this pass values are final (for progress).
  template <class LevelDone>
  Stats run(Index size, LevelDone&& level_done) {
    collect(size);
    if (index_.empty()) return {};
    initialise();
    std::uint32_t level = 0;
    for (; live_ > 0; ++level) {
      if (level > kGrundyMaxFinite) throw GenError("a Grundy value above 32767 cannot be stored");
      run_level(level);
      level_done(level, index_.size() - live_);
    }
    return {index_.size(), level};
  }

 private:
  static constexpr std::uint32_t kLabelled = 1u << 31;  // state: labelled; low 16 bits: refuted level + 1
  struct Work {
    Index index;
    bool labelled;  // else refuted
  };

  // Slots for the open positions, in index order.
  void collect(Index size) {
    for (Index i = 0; i < size; ++i) {
      slot_of_[i] = 0;
      if (value_[i] != kUnknown) continue;
      if (index_.size() == 0xFFFFFFFEull) throw GenError("more than 2^32 - 2 positions on cycles");
      index_.push_back(i);
      slot_of_[i] = static_cast<std::uint32_t>(index_.size());
    }
  }

  void initialise() {
    const std::size_t n = index_.size();
    state_ = std::make_unique<std::uint32_t[]>(n);
    ref_ = std::make_unique<std::uint32_t[]>(n);
    gain_ = std::make_unique<std::uint32_t[]>(n);
    open_ = std::make_unique<std::uint32_t[]>(n);
    alive_ = std::make_unique<std::uint16_t[]>(n);
    refuted_.assign(pool_.size(), {});
    std::vector<std::vector<std::pair<std::uint16_t, std::uint32_t>>> staged(pool_.size());
    pool_.parallel_for(n, 4096, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t s = lo; s < hi; ++s)
        initialise_one(worker, static_cast<std::uint32_t>(s), staged[worker]);
    });
    for (const auto& part : staged)
      for (const auto& [v, s] : part) {
        if (bucket_.size() <= v) bucket_.resize(v + 1);
        bucket_[v].push_back(s);
      }
    live_ = n;
  }

  // open_[s]: moves to open positions; the finite values among the other
  // followers go to their buckets.
  void initialise_one(unsigned worker, std::uint32_t s,
                      std::vector<std::pair<std::uint16_t, std::uint32_t>>& out) {
    const Index x = index_[s];
    MexSet& finite = scratch_[worker];
    std::uint32_t open = 0;
    game_.moves(x, [&](Successor m) {
      if (m.inside && value_[m.index] == kUnknown)
        ++open;
      else
        finite.add(m.inside ? value_[m.index] : 0);
    });
    for_each_split(game_, x, [&](Index a, Index b) {
      if (!is_finite(value_[a]) || !is_finite(value_[b]))
        throw GenError("position " + game_.text(x) + " has a move to the sum " + game_.text(a) + " + " +
                       game_.text(b) +
                       " whose parts are not both finitely valued; the Grundy solver values a "
                       "sum only from finite parts (see games/impartial.h)");
      finite.add(static_cast<std::uint16_t>(value_[a] ^ value_[b]));
    });
    open_[s] = open;
    for (std::uint16_t v : finite.members()) out.emplace_back(v, s);
    finite.clear();
  }

  void run_level(std::uint32_t level) {
    std::vector<Work> work;
    if (level < bucket_.size()) {
      for (std::uint32_t s : bucket_[level])
        if (try_refute(s, level)) work.push_back({index_[s], false}), refuted_[0].push_back(s);
      std::vector<std::uint32_t>().swap(bucket_[level]);
    }
    if (level < pending_.size()) {
      for (std::uint32_t s : pending_[level])
        if (try_label(s, level)) work.push_back({index_[s], true});
      std::vector<std::uint32_t>().swap(pending_[level]);
    }
    drain(pool_, options_.parallel_threshold, work, [&](unsigned worker, const Work& w, auto& out, bool) {
      if (w.labelled)
        after_label(worker, w.index, level, out);
      else
        after_refute(worker, w.index, level, out);
    });
    advance(level);
  }

  std::atomic_ref<std::uint32_t> state(std::uint32_t s) { return std::atomic_ref<std::uint32_t>(state_[s]); }

  // Marks slot s refuted at `level`; false if it already was, or is labelled.
  bool try_refute(std::uint32_t s, std::uint32_t level) {
    const std::uint32_t stamp = level + 1;
    std::uint32_t cur = state(s).load(std::memory_order_relaxed);
    do {
      if ((cur & kLabelled) || (cur & 0xFFFF) == stamp) return false;
    } while (!state(s).compare_exchange_weak(cur, (cur & ~0xFFFFu) | stamp, std::memory_order_relaxed));
    return true;
  }

  // Labels slot s with `level` unless it is refuted at this level.
  bool try_label(std::uint32_t s, std::uint32_t level) {
    std::uint32_t cur = state(s).load(std::memory_order_relaxed);
    do {
      if ((cur & kLabelled) || (cur & 0xFFFF) == level + 1) return false;
    } while (!state(s).compare_exchange_weak(cur, cur | kLabelled, std::memory_order_relaxed));
    value_[index_[s]] = static_cast<std::uint16_t>(level);  // read only after this level
    return true;
  }

  // x was labelled: its open predecessors are refuted, and those still in
  // the running lose a move to a non-finite position (counted in gain_,
  // applied when the level ends so open_ stays fixed during the level).
  void after_label(unsigned worker, Index x, std::uint32_t level, std::vector<Work>& out) {
    game_.unmoves(x, [&](Index p) {
      const auto id = static_cast<std::uint32_t>(slot_of_[p]);
      if (id == 0) return;
      const std::uint32_t s = id - 1;
      if (try_refute(s, level)) out.push_back({p, false}), refuted_[worker].push_back(s);
      if (alive_[s] == level)
        std::atomic_ref<std::uint32_t>(gain_[s]).fetch_add(1, std::memory_order_relaxed);
    });
  }

  // v was refuted: each predecessor still in the running has one more
  // move answered, and takes the level when all its open moves are.
  void after_refute(unsigned, Index v, std::uint32_t level, std::vector<Work>& out) {
    game_.unmoves(v, [&](Index u) {
      const auto id = static_cast<std::uint32_t>(slot_of_[u]);
      if (id == 0 || alive_[id - 1] != level) return;
      const std::uint32_t s = id - 1;
      const std::uint32_t r =
          std::atomic_ref<std::uint32_t>(ref_[s]).fetch_add(1, std::memory_order_relaxed) + 1;
      if (r == open_[s] && try_label(s, level)) out.push_back({u, true});
    });
  }

  // The unlabelled positions refuted at this level go on to the next one;
  // the others in the running are infinite for good.
  void advance(std::uint32_t level) {
    std::vector<std::uint32_t> refuted;
    for (auto& part : refuted_) {
      refuted.insert(refuted.end(), part.begin(), part.end());
      part.clear();
    }
    std::vector<std::uint64_t> live(pool_.size(), 0);
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> staged(pool_.size());
    pool_.parallel_for(refuted.size(), 1024, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t k = lo; k < hi; ++k) {
        const std::uint32_t s = refuted[k];
        if (alive_[s] != level) continue;
        alive_[s] = static_cast<std::uint16_t>(level + 1);
        ref_[s] = 0;
        open_[s] -= gain_[s];
        gain_[s] = 0;
        ++live[worker];
        if (open_[s] == 0) staged[worker].emplace_back(mex_of(worker, index_[s]), s);
      }
    });
    live_ = 0;
    for (auto n : live) live_ += n;
    for (const auto& part : staged)
      for (const auto& [m, s] : part) {
        if (pending_.size() <= m) pending_.resize(m + 1);
        pending_[m].push_back(s);
      }
  }

  // The mex of a position whose followers are all finite now.
  std::uint32_t mex_of(unsigned worker, Index x) {
    MexSet& set = scratch_[worker];
    for_each_follower_code(game_, value_, x, [&](std::uint16_t c) {
      if (!is_finite(c)) throw GenError("position " + game_.text(x) + ": moves() and unmoves() disagree");
      set.add(c);
    });
    const std::uint32_t m = set.take_mex();
    if (m > kGrundyMaxFinite) throw GenError("a Grundy value above 32767 cannot be stored");
    return m;
  }

  const G& game_;
  ThreadPool& pool_;
  const GenOptions& options_;
  std::uint16_t* value_;
  std::uint64_t* slot_of_;
  std::vector<MexSet>& scratch_;

  std::vector<Index> index_;  // slot -> index
  std::unique_ptr<std::uint32_t[]> state_, ref_, gain_, open_;
  std::unique_ptr<std::uint16_t[]> alive_;           // the level a slot is in the running for
  std::vector<std::vector<std::uint32_t>> bucket_;   // value -> slots with a finite follower of that value
  std::vector<std::vector<std::uint32_t>> pending_;  // level -> slots whose followers are all finite
  std::vector<std::vector<std::uint32_t>> refuted_;  // per worker: slots refuted at this level
  std::uint64_t live_ = 0;                           // slots in the running for the current level
};

}  // namespace rtb::grundy
