// Re-checks a table with moves() alone: every legal position's stored value
// must equal derive() of its successors' stored values. By induction on
// depth this proves every WIN and LOSS with its exact depth, and a DRAW has
// no move to a LOSS and some move to a DRAW.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <span>
#include <stdexcept>
#include <vector>

#include "games/derive.h"
#include "games/game.h"
#include "gen/thread_pool.h"

namespace rtb {

struct VerifyFailure {
  Index index;
  Value stored, expected;
};

struct VerifyReport {
  std::uint64_t checked = 0;
  std::vector<VerifyFailure> failures;  // the first ones, by index
};

template <Game G>
VerifyReport verify(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                    std::size_t max_failures = 10) {
  VerifyReport report;
  if (values.size() != game.size()) throw std::invalid_argument("the table's size is not the game's");
  std::mutex mutex;
  std::atomic<std::uint64_t> checked{0};
  ThreadPool pool(threads);
  pool.parallel_for(values.size(), 1 << 14, [&](unsigned, Index lo, Index hi) {
    std::uint64_t local = 0;
    for (Index i = lo; i < hi; ++i) {
      if (!game.legal(i)) continue;
      ++local;
      const Value stored = Value::from_code(values[i]);
      const Value expected = derive(game, i, [&](Index j) { return Value::from_code(values[j]); });
      if (stored == expected) continue;
      std::lock_guard lock(mutex);
      report.failures.push_back({i, stored, expected});
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
