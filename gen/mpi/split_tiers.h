// The tiers of a game solved one after another, each split over the
// ranks. A move from tier k into tier k-1 reads a value that another rank
// may own. Rather than gather tier k-1 on every rank (size, not size / N,
// per rank), each rank keeps its own part of tier k-1 and, before the
// first pass over a chunk of its part of tier k, asks the owners for the
// values that the chunk's moves reach (one request and one answer per
// owner, in two all-to-all exchanges). So a rank holds its parts of the
// two tiers and one chunk's answers.
//
// The split pass fetches for every chunk, on every rank together, and
// keeps what the first pass learns of each position (FirstLook's
// loss_floor), so it never reads a known value after its chunk.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"
#include "gen/depth/tiers.h"
#include "gen/mpi/comm.h"
#include "gen/mpi/split_retrograde.h"

namespace rtb::mpi {

// The values of tier k-1 fetched for one chunk, by offset into that tier.
struct FetchedValues {
  std::vector<Index> offsets;  // sorted
  std::vector<std::uint16_t> values;
};

// What a TierView reads: a lookup in the current chunk's answers.
class FetchedBefore {
 public:
  explicit FetchedBefore(const FetchedValues& fetched) : fetched_(&fetched) {}
  std::uint16_t operator()(Index offset) const {
    const auto& o = fetched_->offsets;
    const auto at = std::lower_bound(o.begin(), o.end(), offset);
    if (at == o.end() || *at != offset)
      throw std::logic_error("a value of the tier before was read outside its chunk");
    return fetched_->values[static_cast<std::size_t>(at - o.begin())];
  }

 private:
  const FetchedValues* fetched_;
};

// The offsets into tier k-1 that the legal positions at offsets [lo, hi)
// of tier k move to, without repeats, sorted, per owning rank.
template <Tiered G>
std::vector<std::vector<std::uint64_t>> asks_of(const G& game, std::uint32_t tier, Index before_size,
                                                int ranks, Index lo, Index hi) {
  const Index begin = game.tier_begin(tier);
  const Index before_begin = tier == 0 ? 0 : game.tier_begin(tier - 1);
  const Index block = block_of(before_size, ranks);
  std::vector<std::vector<std::uint64_t>> asks(ranks);
  for (Index i = lo; i < hi; ++i) {
    if (!game.legal(begin + i)) continue;
    game.moves(begin + i, [&](Successor s) {
      if (s.inside && s.index < begin) {
        const Index offset = s.index - before_begin;
        asks[static_cast<std::size_t>(offset / block)].push_back(offset);
      }
    });
  }
  for (auto& a : asks) {
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
  }
  return asks;
}

// Fills `fetched` with the values of tier k-1 that the legal positions at
// offsets [lo, hi) of tier k move to. Every rank calls it together (with
// an empty range when it has nothing left); `before` is this rank's part
// of tier k-1, of `before_size` values in all. Returns the bytes this rank
// sent to other ranks.
template <Tiered G>
std::uint64_t fetch_before(const G& game, std::uint32_t tier, const SplitResult& before, Index before_size,
                           const Comm& comm, Index lo, Index hi, FetchedValues& fetched) {
  // Both exchanges happen on every rank whatever fails here, so that no
  // rank waits alone; the error is thrown after them.
  std::string error;
  std::vector<std::vector<std::uint64_t>> asks(comm.size());
  try {
    asks = asks_of(game, tier, before_size, comm.size(), lo, hi);
  } catch (const std::exception& e) {
    error = e.what();
    for (auto& a : asks) a.clear();
  }
  std::vector<std::uint64_t> asked;
  std::vector<int> asked_counts;
  std::uint64_t sent = comm.exchange(asks, asked, &asked_counts);
  std::vector<std::vector<std::uint64_t>> answers(comm.size());
  std::size_t at = 0;
  for (int r = 0; r < comm.size(); ++r)
    for (int k = 0; k < asked_counts[r]; ++k, ++at) {
      const Index offset = asked[at];
      const bool mine = offset >= before.begin && offset < before.end;
      if (!mine) error = "a value of the tier before was asked of the wrong rank";
      answers[r].push_back(mine ? before.values[offset - before.begin] : 0);
    }
  std::vector<std::uint64_t> answered;
  sent += comm.exchange(answers, answered);
  if (!error.empty()) throw MpiError(error);
  // Blocks are contiguous and in rank order, so the asks in rank order are sorted.
  fetched.offsets.clear();
  for (const auto& a : asks) fetched.offsets.insert(fetched.offsets.end(), a.begin(), a.end());
  fetched.values.assign(answered.begin(), answered.end());
  if (fetched.values.size() != fetched.offsets.size())
    throw MpiError("the owners of the tier before answered " + std::to_string(fetched.values.size()) +
                   " of " + std::to_string(fetched.offsets.size()) + " values");
  return sent;
}

// What solving every tier split over the ranks found, for the whole table.
struct SplitTotals {
  GenStats stats;
  ExchangeStats exchange;
};

// Solves every tier of `game` in order, split over every rank of `comm`,
// and streams each tier's values in index order into `write` on rank 0.
template <Tiered G>
SplitTotals solve_tiers_split(const G& game, const Comm& comm,
                              const std::function<void(std::span<const std::uint16_t>)>& write) {
  SplitTotals totals;
  SplitResult before;  // this rank's part of the tier before
  Index before_size = 0;
  for (std::uint32_t k = 0; k < game.tier_count(); ++k) {
    FetchedValues fetched;
    const TierView<G, FetchedBefore> view(game, k, FetchedBefore(fetched));
    std::uint64_t fetch_bytes = 0;
    SplitResult part = solve_split(view, comm, [&](Index lo, Index hi) {
      fetch_bytes += fetch_before(game, k, before, before_size, comm, lo, hi, fetched);
    });
    totals.stats.add(part.stats);
    ExchangeStats& e = totals.exchange;
    e.layers += part.exchange.layers;
    e.rounds += part.exchange.rounds;
    e.bytes_sent += part.exchange.bytes_sent + fetch_bytes;
    e.wait_seconds += part.exchange.wait_seconds;
    e.total_seconds += part.exchange.total_seconds;
    gather_values(comm, part, view.size(), write);
    before = std::move(part);
    before_size = view.size();
  }
  return totals;
}

}  // namespace rtb::mpi
