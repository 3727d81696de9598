// The Sprague-Grundy solver: the value of every position of an impartial
// game, by the same left-counter machinery as the win/loss pass.
//
// Pass 1 (acyclic): left[p] counts p's moves whose value is not known yet
// (two per move to a sum, one per part). A position whose counter reaches
// zero gets the mex of its successors' values, a sum being worth the XOR of
// its parts, and its unmoves and unsplits decrement their counters in turn.
// Every position that cannot reach a cycle is valued this way in
// O(V + E): each is valued once, each unmove followed once. For an octal
// game this values heaps in increasing size, since both parts of a split
// are smaller than the heap.
//
// The counter shares a 64-bit word with a mask of the successor values
// below 32 seen so far (set by the same update that decrements), so in a
// game without sums the mex is usually read off the mask when the counter
// reaches zero, without a second pass over the moves: on a large random
// graph the pass is bound by memory latency, and this halves the random
// reads. A full mask, or a game with sums (whose value is only known from
// both parts), falls back to scanning the moves.
//
// There is no depth to keep exact, so the work goes in plain rounds of a
// frontier (grundy::drain) rather than through Layers, whose depth limit a
// long chain would exceed. Memory in pass 1: 2 bytes of value and the
// 8-byte counter word per index, plus the current round's list (8 bytes a
// position); pass 2 adds about 26 bytes per position it has to value.
//
// Pass 2 (loopy, gen/grundy/loopy.h): only when positions are left, i.e.
// the game has cycles. It computes the generalised Sprague-Grundy function
// of Smith and Fraenkel: a natural number, or infinity(K) with K the set of
// finite values among the followers. Finite 0 is a loss, finite non-zero or
// infinity(K) with 0 in K a win, infinity(K) without 0 a draw; this agrees
// with rtb::generate on every graph.
//
// The result does not depend on the number of threads: every value is the
// unique fixpoint of its rules, and the infinity sets are numbered in
// sorted order, not in the order threads found them.
//
// Contract checks (GenError): a position without moves must be a loss
// (normal play; misere play has no Grundy theory of this kind); a move may
// leave the table only to a known LOSS (value 0): other known values carry
// no Grundy value.
#pragma once

#include <atomic>
#include <bit>
#include <map>
#include <memory>
#include <numeric>
#include <vector>

#include "gen/grundy/loopy.h"
#include "gen/grundy/support.h"

namespace rtb {

struct GrundyStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  std::uint64_t infinite = 0;      // positions valued infinity(K)
  std::uint32_t max_value = 0;     // largest finite value
  std::uint64_t loopy = 0;         // positions the loopy pass had to value
  std::uint32_t loopy_levels = 0;  // levels of the loopy pass
};

struct GrundyResult {
  std::unique_ptr<std::uint16_t[]> values;  // codes (games/grundy_value.h); 0 at illegal indices
  Index size = 0;
  std::vector<InfSet> inf_sets;  // the K of code 0x8000 | k, sorted
  GrundyStats stats;
};

template <ImpartialGame G>
class GrundySolver {
 public:
  GrundySolver(const G& game, const GenOptions& options)
      : game_(game),
        options_(options),
        size_(game.size()),
        pool_(options.threads),
        scratch_(pool_.size()),
        keys_(pool_.size()),
        progress_(options.progress, size_, options.table, options.label, options.progress_interval,
                  ProgressReport::Summary::LargestValue) {}

  GrundyResult run() {
    value_ = std::make_unique_for_overwrite<std::uint16_t[]>(size_);
    count_ = std::make_unique_for_overwrite<std::uint64_t[]>(size_);
    std::vector<Index> known = initialise();
    // Progress counts valued positions: by rounds of the frontier, then by
    // levels of the loopy pass.
    std::uint64_t valued = known.size();
    std::uint32_t round = 0;
    grundy::drain(
        pool_, options_.parallel_threshold, known,
        [&](unsigned worker, Index q, std::vector<Index>& out, bool shared) {
          resolved(worker, q, out, shared);
        },
        [&](std::size_t next) { progress_.update(++round, valued += next, "round"); });
    grundy::LoopyPass<G> loopy(game_, pool_, options_, value_.get(), count_.get(), scratch_);
    const auto loopy_stats = loopy.run(size_, [&](std::uint32_t level, std::uint64_t settled) {
      progress_.update(level, valued + settled, "loopy level");
    });
    count_.reset();
    std::vector<InfSet> sets = name_infinities();
    GrundyStats stats = finish(sets);
    stats.loopy = loopy_stats.positions;
    stats.loopy_levels = loopy_stats.levels;
    progress_.done(stats.max_value);
    return {std::move(value_), size_, std::move(sets), stats};
  }

 private:
  static constexpr std::uint64_t kChunk = 1 << 14;
  static constexpr std::uint64_t kSeenZero = std::uint64_t{1} << 32;  // "a successor has value 0"

  // Counters, and the positions known at once: those without moves, and
  // those whose only moves lead to known losses.
  std::vector<Index> initialise() {
    std::vector<std::vector<Index>> known(pool_.size());
    std::vector<std::uint64_t> legal(pool_.size());
    std::atomic<std::uint64_t> scanned{0};
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i) legal[worker] += initialise_one(i, known[worker]);
      scanned.fetch_add(hi - lo, std::memory_order_relaxed);
      if (worker == 0) progress_.initialising(scanned.load(std::memory_order_relaxed));
    });
    progress_.first_pass_over(std::accumulate(legal.begin(), legal.end(), std::uint64_t{0}));
    std::vector<Index> all;
    for (auto& part : known) all.insert(all.end(), part.begin(), part.end());
    return all;
  }

  // Whether i is a position.
  bool initialise_one(Index i, std::vector<Index>& known) {
    if (!game_.legal(i)) {
      value_[i] = grundy::kIllegal;
      count_[i] = 0;
      return false;
    }
    std::uint64_t open = 0, moves = 0;
    bool to_loss = false;
    game_.moves(i, [&](Successor s) {
      ++moves;
      if (s.inside)
        ++open;
      else if (s.value.is_loss())
        to_loss = true;
      else
        throw GenError("position " + game_.text(i) + " has a move out of the table to a known " +
                       to_string(s.value) + "; Grundy values need every move inside the table or to a loss");
    });
    for_each_split(game_, i, [&](Index, Index) { ++moves, open += 2; });
    if (moves == 0 && !game_.terminal(i).is_loss())
      throw GenError("position " + game_.text(i) + " ends the game as " + to_string(game_.terminal(i)) +
                     "; Grundy values need normal play (a position without moves is a loss)");
    if (open >= 0xFFFFFFFFull) throw GenError("position " + game_.text(i) + " has too many moves");
    count_[i] = open | (to_loss ? kSeenZero : 0);
    value_[i] = grundy::kUnknown;
    if (open == 0) {
      value_[i] = to_loss ? 1 : 0;
      known.push_back(i);
    }
    return true;
  }

  // q's value is known: every position with a move to q, or to a sum with
  // q as a part, has one unknown successor fewer.
  void resolved(unsigned worker, Index q, std::vector<Index>& out, bool shared) {
    const std::uint16_t v = value_[q];
    // A part of a sum says nothing of the sum's value: no bit then.
    const std::uint64_t seen = !SplitGame<G> && v < 32 ? kSeenZero << v : 0;
    auto one_fewer = [&](Index p, std::uint64_t bit) {
      const std::uint64_t now = grundy::take(count_[p], bit, shared);
      if (static_cast<std::uint32_t>(now) != 0) return;
      const auto mask = static_cast<std::uint32_t>(now >> 32);
      value_[p] =
          static_cast<std::uint16_t>(SplitGame<G> || mask == ~0u ? mex_of(worker, p) : std::countr_one(mask));
      out.push_back(p);
    };
    game_.unmoves(q, [&](Index p) { one_fewer(p, seen); });
    for_each_unsplit(game_, q, [&](Index p) { one_fewer(p, 0); });
  }

  std::uint32_t mex_of(unsigned worker, Index p) {
    grundy::MexSet& set = scratch_[worker];
    grundy::for_each_follower_code(game_, value_.get(), p, [&](std::uint16_t c) {
      if (!grundy::is_finite(c))
        throw GenError("position " + game_.text(p) +
                       " was valued before its successors: moves() and unmoves() " +
                       "(or split_moves() and unsplit()) disagree");
      set.add(c);
    });
    const std::uint32_t m = set.take_mex();
    if (m > kGrundyMaxFinite) throw GenError("a Grundy value above 32767 cannot be stored");
    return m;
  }

  // Replaces kUnknown by infinity codes. Each worker numbers the K sets it
  // meets; the union is then sorted and the codes renumbered by rank, so
  // the numbering does not depend on which thread met a set first. The
  // codes are held aside until every set is read: a worker reads the
  // followers of its positions, which other workers' chunks hold.
  std::vector<InfSet> name_infinities() {
    const std::uint64_t chunks = (size_ + kChunk - 1) / kChunk;
    std::vector<unsigned> owner(chunks);
    std::vector<std::vector<std::uint16_t>> codes(chunks);
    std::vector<std::map<InfSet, std::uint32_t>> local(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      owner[lo / kChunk] = worker;
      for (Index i = lo; i < hi; ++i)
        if (value_[i] == grundy::kUnknown) codes[lo / kChunk].push_back(local_code(worker, local[worker], i));
    });
    pool_.parallel_for(size_, kChunk, [&](unsigned, Index lo, Index hi) {
      auto code = codes[lo / kChunk].begin();
      for (Index i = lo; i < hi; ++i)
        if (value_[i] == grundy::kUnknown) value_[i] = *code++;
      std::vector<std::uint16_t>().swap(codes[lo / kChunk]);
    });
    std::map<InfSet, std::uint32_t> rank;
    for (const auto& m : local)
      for (const auto& [set, id] : m) rank.emplace(set, 0);
    if (rank.size() > kGrundyMaxFinite + 1) throw GenError("more than 32768 distinct infinity sets");
    std::vector<InfSet> sets;
    for (auto& [set, r] : rank) r = static_cast<std::uint32_t>(sets.size()), sets.push_back(set);
    std::vector<std::vector<std::uint16_t>> renumber(pool_.size());
    for (unsigned w = 0; w < pool_.size(); ++w) {
      renumber[w].resize(local[w].size());
      for (const auto& [set, id] : local[w]) renumber[w][id] = static_cast<std::uint16_t>(rank[set]);
    }
    if (sets.empty()) return sets;
    pool_.parallel_for(size_, kChunk, [&](unsigned, Index lo, Index hi) {
      const auto& map = renumber[owner[lo / kChunk]];
      for (Index i = lo; i < hi; ++i) {
        std::uint16_t& c = value_[i];
        if (c != grundy::kIllegal && (c & kGrundyInfinite)) c = kGrundyInfinite | map[c & kGrundyMaxFinite];
      }
    });
    return sets;
  }

  std::uint16_t local_code(unsigned worker, std::map<InfSet, std::uint32_t>& ids, Index i) {
    grundy::MexSet& set = scratch_[worker];
    grundy::for_each_follower_code(game_, value_.get(), i, [&](std::uint16_t c) {
      if (grundy::is_finite(c)) set.add(c);
    });
    InfSet& key = keys_[worker];
    set.take_sorted(key);
    auto it = ids.find(key);
    if (it == ids.end()) {
      if (ids.size() > kGrundyMaxFinite) throw GenError("more than 32768 distinct infinity sets");
      it = ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first;
    }
    return static_cast<std::uint16_t>(kGrundyInfinite | it->second);
  }

  // Counts the outcomes and writes 0 at illegal indices.
  GrundyStats finish(const std::vector<InfSet>& sets) {
    std::vector<std::uint8_t> wins(sets.size());  // infinity(K) with 0 in K is a win
    for (std::size_t k = 0; k < sets.size(); ++k) wins[k] = !sets[k].empty() && sets[k][0] == 0;
    std::vector<GrundyStats> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      GrundyStats& s = part[worker];
      for (Index i = lo; i < hi; ++i) {
        std::uint16_t& c = value_[i];
        if (c == grundy::kIllegal) {
          c = 0;
          continue;
        }
        ++s.legal;
        if (grundy::is_finite(c)) {
          (c == 0 ? s.losses : s.wins) += 1;
          s.max_value = std::max<std::uint32_t>(s.max_value, c);
        } else {
          ++s.infinite;
          (wins[c & kGrundyMaxFinite] ? s.wins : s.draws) += 1;
        }
      }
    });
    GrundyStats total;
    for (const auto& s : part) {
      total.legal += s.legal, total.wins += s.wins, total.draws += s.draws, total.losses += s.losses;
      total.infinite += s.infinite;
      total.max_value = std::max(total.max_value, s.max_value);
    }
    return total;
  }

  const G& game_;
  GenOptions options_;
  Index size_;
  ThreadPool pool_;
  std::vector<grundy::MexSet> scratch_;
  std::vector<InfSet> keys_;  // per worker: the K being looked up
  std::unique_ptr<std::uint16_t[]> value_;
  // Low 32 bits: moves whose value is unknown; high 32: successor values < 32 seen.
  std::unique_ptr<std::uint64_t[]> count_;
  Progress progress_;
};

template <ImpartialGame G>
GrundyResult solve_grundy(const G& game, const GenOptions& options) {
  return GrundySolver<G>(game, options).run();
}

}  // namespace rtb
