// The loop every table check shares: a per-position check over every legal
// index, in parallel, keeping the first failures by index.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"

namespace rtb {

template <class Failure>
struct CheckReport {
  std::uint64_t checked = 0;      // legal positions checked
  std::vector<Failure> failures;  // the first ones, by index
};

// check(worker, i) returns a Failure for a position that fails, or nothing.
template <class Failure, class G, class Check>
CheckReport<Failure> check_positions(const G& game, ThreadPool& pool, std::uint64_t chunk,
                                     std::size_t max_failures, Check&& check) {
  CheckReport<Failure> report;
  std::mutex mutex;
  std::atomic<std::uint64_t> checked{0};
  pool.parallel_for(game.size(), chunk, [&](unsigned worker, Index lo, Index hi) {
    std::uint64_t local = 0;
    for (Index i = lo; i < hi; ++i) {
      if (!game.legal(i)) continue;
      ++local;
      std::optional<Failure> failure = check(worker, i);
      if (!failure) continue;
      std::lock_guard lock(mutex);
      report.failures.push_back(std::move(*failure));
    }
    checked += local;
  });
  std::sort(report.failures.begin(), report.failures.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  if (report.failures.size() > max_failures) report.failures.resize(max_failures);
  report.checked = checked;
  return report;
}

}  // namespace rtb
