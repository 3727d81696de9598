// Builds the tables of a plan (gen/depth/table_plan.h) in one process,
// several at once where they do not read each other: a set such as chess
// material=all4 is mostly small tables, on which a second thread inside
// one table gains little, while two tables side by side gain almost 2x.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "gen/depth/build.h"
#include "gen/depth/table_plan.h"

namespace rtb {

// Builds one table of the plan with `threads` threads.
using BuildPlanned = std::function<void(const PlannedTable& table, unsigned threads)>;

// The size of each table plus the largest of the tables that read it,
// recursively: the longest chain of work that waits on it.
inline std::vector<Index> chain_after(const std::vector<PlannedTable>& plan) {
  std::vector<Index> chain(plan.size(), 0);
  for (std::size_t k = plan.size(); k-- > 0;) {  // a table comes after those it reads
    chain[k] += plan[k].size;
    for (std::size_t n : plan[k].needs) chain[n] = std::max(chain[n], chain[k]);
  }
  return chain;
}

// Calls build for every table of `plan`, a table once every table of the
// plan it reads is built, sharing `threads` threads: each table starts
// with the threads no running table holds, split evenly over the tables
// ready then (all of them for a table ready alone, one each where more
// tables are ready than threads are free), the longest chain of work
// first. A table starts beside others only while the memory they hold
// at most (their estimate's in_core) stays within `memory` bytes (0: no
// limit); alone, it starts whatever it needs (the run checks that up
// front). After the first failure no table starts; those running finish,
// and the failure is rethrown.
inline void build_plan(const std::vector<PlannedTable>& plan, unsigned threads, const BuildPlanned& build,
                       std::uint64_t memory = 0) {
  const std::vector<Index> chain = chain_after(plan);
  enum class State { kWaiting, kRunning, kDone };
  std::vector<State> state(plan.size(), State::kWaiting);
  std::mutex mutex;
  std::condition_variable changed;
  unsigned free = std::max(1u, threads);
  std::size_t running = 0;
  std::uint64_t held = 0;  // the running tables' in_core
  std::exception_ptr failure;
  std::vector<std::jthread> workers;
  auto ready = [&](std::size_t k) {
    return state[k] == State::kWaiting &&
           std::ranges::all_of(plan[k].needs, [&](std::size_t n) { return state[n] == State::kDone; });
  };
  std::unique_lock lock(mutex);
  for (;;) {
    std::vector<std::size_t> now;
    for (std::size_t k = 0; k < plan.size() && !failure; ++k)
      if (ready(k)) now.push_back(k);
    std::ranges::stable_sort(now, [&](std::size_t a, std::size_t b) { return chain[a] > chain[b]; });
    if (now.empty() && running == 0) break;  // all built, or the rest reads a failed table
    // The first tables by chain that fit beside those running, a thread each at least.
    std::vector<std::size_t> starting;
    std::uint64_t adding = 0;
    for (const std::size_t k : now) {
      if (starting.size() == free) break;
      const std::uint64_t cost = plan[k].estimate.in_core;
      if (running + starting.size() > 0 && memory > 0 && held + adding + cost > memory) continue;
      starting.push_back(k);
      adding += cost;
    }
    for (std::size_t j = 0; j < starting.size(); ++j) {
      const auto left = static_cast<unsigned>(starting.size() - j);
      const unsigned share = left >= free ? 1 : free / left;
      free -= share;
      ++running;
      held += plan[starting[j]].estimate.in_core;
      state[starting[j]] = State::kRunning;
      workers.emplace_back([&, k = starting[j], share] {
        std::exception_ptr error;
        try {
          build(plan[k], share);
        } catch (...) {
          error = std::current_exception();
        }
        const std::lock_guard done(mutex);
        state[k] = State::kDone;
        free += share;
        --running;
        held -= plan[k].estimate.in_core;
        if (error && !failure) failure = error;
        changed.notify_all();
      });
    }
    changed.wait(lock);
  }
  lock.unlock();
  workers.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

// Builds one table of a plan of `G` (plan_run<G>) into options.out_dir.
template <Game G>
void build_planned(const PlannedTable& t, const BuildOptions& options) {
  G game(t.params);  // not const: build_table attaches the tables it reads
  build_table(game, options);
}

// Builds the tables of a plan of `G`, several at once within
// options.memory, each one's progress placed in the plan.
template <Game G>
void build_tables(const std::vector<PlannedTable>& plan, BuildOptions options) {
  for (const PlannedTable& t : plan) options.plan.push_back(t.name);
  build_plan(
      plan, options.gen.threads,
      [&](const PlannedTable& t, unsigned threads) {
        BuildOptions one = options;
        one.gen.threads = threads;
        build_planned<G>(t, one);
      },
      options.memory);
}

}  // namespace rtb
