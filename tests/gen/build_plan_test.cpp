// The scheduler that builds a plan's tables several at once
// (gen/depth/build_plan.h): each table after the tables it reads, each once,
// at most `threads` threads in use, tables that do not read each other side
// by side within the memory budget, and the first failure stopping the rest.
#include "gen/depth/build_plan.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace rtb {
namespace {

// A plan of n tables where table k reads each earlier table with
// probability p (a random DAG in build order).
std::vector<PlannedTable> random_plan(std::size_t n, double p, std::mt19937& rng) {
  std::vector<PlannedTable> plan(n);
  std::bernoulli_distribution reads(p);
  for (std::size_t k = 0; k < n; ++k) {
    plan[k].name = "t" + std::to_string(k);
    for (std::size_t j = 0; j < k; ++j)
      if (reads(rng)) plan[k].reads.push_back(plan[j].name);
  }
  link_plan(plan);
  return plan;
}

// What the builds saw: per table its start and end (a global step count),
// and the most threads in use at once.
struct Log {
  std::mutex mutex;
  std::map<std::string, std::pair<int, int>> span;
  std::map<std::string, int> builds;
  unsigned in_use = 0, most_in_use = 0;
  int step = 0;

  void start(const PlannedTable& t, unsigned threads) {
    const std::lock_guard lock(mutex);
    ++builds[t.name];
    span[t.name].first = ++step;
    in_use += threads;
    most_in_use = std::max(most_in_use, in_use);
  }
  void end(const PlannedTable& t, unsigned threads) {
    const std::lock_guard lock(mutex);
    span[t.name].second = ++step;
    in_use -= threads;
  }
};

TEST(BuildPlan, EachTableOnceAfterWhatItReadsWithinTheThreads) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    const auto plan = random_plan(1 + rng() % 12, round % 2 ? 0.2 : 0.5, rng);
    const unsigned threads = 1 + rng() % 4;
    Log log;
    build_plan(plan, threads, [&](const PlannedTable& t, unsigned share) {
      ASSERT_GE(share, 1u);
      log.start(t, share);
      std::this_thread::sleep_for(std::chrono::microseconds(std::hash<std::string>{}(t.name) % 200));
      log.end(t, share);
    });
    ASSERT_EQ(log.builds.size(), plan.size());
    for (const PlannedTable& t : plan) {
      EXPECT_EQ(log.builds[t.name], 1) << t.name;
      for (std::size_t n : t.needs)
        EXPECT_LT(log.span[plan[n].name].second, log.span[t.name].first)
            << t.name << " reads " << plan[n].name;
    }
    EXPECT_LE(log.most_in_use, threads);
  }
}

// Two tables that do not read each other run at once with two threads:
// each waits (up to a minute) for the other to start.
TEST(BuildPlan, IndependentTablesRunSideBySide) {
  auto plan = std::vector<PlannedTable>(2);
  plan[0].name = "a", plan[1].name = "b";
  std::mutex mutex;
  std::condition_variable both;
  int started = 0;
  bool met = true;
  std::vector<unsigned> shares;
  build_plan(plan, 2, [&](const PlannedTable&, unsigned share) {
    std::unique_lock lock(mutex);
    shares.push_back(share);
    ++started;
    both.notify_all();
    met &= both.wait_for(lock, std::chrono::minutes(1), [&] { return started == 2; });
  });
  EXPECT_TRUE(met);
  EXPECT_EQ(shares, (std::vector<unsigned>{1, 1}));
}

TEST(BuildPlan, ALoneReadyTableTakesEveryThread) {
  auto plan = std::vector<PlannedTable>(3);
  plan[0].name = "a", plan[1].name = "b", plan[2].name = "c";
  plan[1].reads = {"a"}, plan[2].reads = {"b"};  // a chain: one table ready at a time
  link_plan(plan);
  std::vector<unsigned> shares;
  build_plan(plan, 3, [&](const PlannedTable&, unsigned share) { shares.push_back(share); });
  EXPECT_EQ(shares, (std::vector<unsigned>{3, 3, 3}));
}

// With one thread the order follows the longest chain of work left: a
// small table that a large one waits on comes before a mid-sized one.
TEST(BuildPlan, TheLongestChainOfWorkFirst) {
  auto plan = std::vector<PlannedTable>(3);
  plan[0].name = "small", plan[0].size = 1;
  plan[1].name = "mid", plan[1].size = 10;
  plan[2].name = "large", plan[2].size = 100, plan[2].reads = {"small"};
  link_plan(plan);
  std::vector<std::string> order;
  build_plan(plan, 1, [&](const PlannedTable& t, unsigned) { order.push_back(t.name); });
  EXPECT_EQ(order, (std::vector<std::string>{"small", "large", "mid"}));
}

// Under a memory budget the tables running at once never hold more than it
// by their estimates, and a table larger than the budget runs alone; every
// table is still built once after what it reads.
TEST(BuildPlan, TablesAtOnceStayWithinTheMemoryBudget) {
  std::mt19937 rng(11);
  for (int round = 0; round < 200; ++round) {
    auto plan = random_plan(1 + rng() % 12, round % 2 ? 0.1 : 0.3, rng);
    for (PlannedTable& t : plan) t.estimate.in_core = 1 + rng() % 100;
    const std::uint64_t memory = 50 + rng() % 100;
    std::mutex mutex;
    std::uint64_t held = 0;
    std::size_t running = 0, built = 0;
    bool within = true;
    build_plan(
        plan, 1 + rng() % 4,
        [&](const PlannedTable& t, unsigned) {
          {
            const std::lock_guard lock(mutex);
            held += t.estimate.in_core;
            ++running, ++built;
            within &= running == 1 || held <= memory;
          }
          std::this_thread::sleep_for(std::chrono::microseconds(std::hash<std::string>{}(t.name) % 200));
          const std::lock_guard lock(mutex);
          held -= t.estimate.in_core;
          --running;
        },
        memory);
    EXPECT_TRUE(within) << "round " << round;
    EXPECT_EQ(built, plan.size());
  }
}

// Two tables that fit the budget together run at once; two that do not,
// one after the other, each then with both threads.
TEST(BuildPlan, TablesThatDoNotFitTogetherTakeTurns) {
  auto plan = std::vector<PlannedTable>(2);
  plan[0].name = "a", plan[1].name = "b";
  plan[0].estimate.in_core = plan[1].estimate.in_core = 60;
  std::vector<unsigned> shares;
  std::mutex mutex;
  auto build = [&](const PlannedTable&, unsigned share) {
    const std::lock_guard lock(mutex);
    shares.push_back(share);
  };
  build_plan(plan, 2, build, 100);
  EXPECT_EQ(shares, (std::vector<unsigned>{2, 2}));
  shares.clear();
  build_plan(plan, 2, build, 120);
  EXPECT_EQ(shares, (std::vector<unsigned>{1, 1}));
}

TEST(BuildPlan, AFailureStopsWhatReadsItAndIsRethrown) {
  auto plan = std::vector<PlannedTable>(3);
  plan[0].name = "bad", plan[1].name = "reader", plan[2].name = "late";
  plan[1].reads = {"bad"}, plan[2].reads = {"reader"};
  link_plan(plan);
  std::vector<std::string> built;
  std::mutex mutex;
  EXPECT_THROW(build_plan(plan, 2,
                          [&](const PlannedTable& t, unsigned) {
                            {
                              const std::lock_guard lock(mutex);
                              built.push_back(t.name);
                            }
                            if (t.name == "bad") throw std::runtime_error("bad table");
                          }),
               std::runtime_error);
  EXPECT_EQ(built, (std::vector<std::string>{"bad"}));
}

}  // namespace
}  // namespace rtb
