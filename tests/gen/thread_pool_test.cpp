// The thread pool when the system refuses a thread: the constructor throws
// one clear error after stopping the workers it started, instead of hanging
// or terminating in the destructor of a joinable std::thread.
#include "gen/core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <string>
#include <system_error>

namespace rtb {
namespace {

// Starts `allowed` real threads, then fails as pthread_create does when a
// thread's stack cannot be mapped (EAGAIN).
struct FailingStarts {
  unsigned allowed;
  std::atomic<unsigned> started{0}, finished{0};

  ThreadPool::StartThread start() {
    return [this](std::function<void()> serve) {
      if (started == allowed) throw std::system_error(EAGAIN, std::generic_category(), "pthread_create");
      ++started;
      return std::thread([this, serve = std::move(serve)] {
        serve();
        ++finished;
      });
    };
  }
};

TEST(ThreadPool, FailedStartStopsTheStartedWorkersAndSaysWhy) {
  FailingStarts starts{3};
  try {
    ThreadPool pool(8, starts.start());
    FAIL() << "the pool started although thread 4 could not";
  } catch (const GenError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("cannot start 7 worker threads: ", 0), 0u) << message;
    EXPECT_NE(message.find(std::generic_category().message(EAGAIN)), std::string::npos) << message;
  }
  EXPECT_EQ(starts.started, 3u);
  EXPECT_EQ(starts.finished, 3u) << "a started worker was not stopped and joined";
}

TEST(ThreadPool, FailedFirstStartLeavesNothingRunning) {
  FailingStarts starts{0};
  EXPECT_THROW(ThreadPool(4, starts.start()), GenError);
  EXPECT_EQ(starts.finished, 0u);
}

TEST(ThreadPool, InjectedStartsRunTheWork) {
  FailingStarts starts{3};
  ThreadPool pool(4, starts.start());
  ASSERT_EQ(pool.size(), 4u);
  std::atomic<std::uint64_t> sum{0};
  pool.parallel_for(1000, 7, [&](unsigned, std::uint64_t lo, std::uint64_t hi) {
    for (std::uint64_t i = lo; i < hi; ++i) sum += i;
  });
  EXPECT_EQ(sum, 999u * 1000 / 2);
}

}  // namespace
}  // namespace rtb
