// A fixed set of worker threads for the generator's parallel loops. The
// calling thread is worker 0 and takes part, so `threads` = 1 runs inline.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gen/core/options.h"

namespace rtb {

class ThreadPool {
 public:
  // How a worker thread is started: std::thread's constructor, or in tests
  // one that fails the way the system does when it is out of threads.
  using StartThread = std::function<std::thread(std::function<void()>)>;

  explicit ThreadPool(unsigned threads) : ThreadPool(threads, start_std_thread) {}

  // Throws GenError if a worker cannot be started (no memory for its stack,
  // a process limit): the workers started so far are stopped and joined
  // first, as a joinable std::thread must never be destroyed.
  ThreadPool(unsigned threads, const StartThread& start) {
    const unsigned wanted = std::max(1u, threads) - 1;
    try {
      workers_.reserve(wanted);
      for (unsigned id = 1; id <= wanted; ++id) workers_.push_back(start([this, id] { serve(id); }));
    } catch (const std::exception& e) {
      stop_and_join();
      throw GenError("cannot start " + std::to_string(wanted) + " worker threads: " + e.what());
    }
  }
  ~ThreadPool() { stop_and_join(); }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Calls job(worker) once on every worker, the caller's included, and
  // returns when all are done; the first exception is rethrown here.
  template <class Job>
  void each_worker(Job&& job) {
    run([&](unsigned worker) { job(worker); });
  }

  // Calls body(worker, begin, end) on chunks of [0, n) until all are done.
  // The first exception thrown by any worker is rethrown here.
  template <class Body>
  void parallel_for(std::uint64_t n, std::uint64_t chunk, Body&& body) {
    std::atomic<std::uint64_t> next{0};
    run([&](unsigned worker) {
      for (std::uint64_t lo; (lo = next.fetch_add(chunk, std::memory_order_relaxed)) < n;)
        body(worker, lo, std::min(n, lo + chunk));
    });
  }

 private:
  static std::thread start_std_thread(std::function<void()> serve) { return std::thread(std::move(serve)); }

  void stop_and_join() noexcept {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    start_.notify_all();
    for (auto& t : workers_) t.join();
  }

  void run(const std::function<void(unsigned)>& job) {
    {
      std::lock_guard lock(mutex_);
      job_ = &job;
      error_ = nullptr;
      busy_ = static_cast<unsigned>(workers_.size());
      ++generation_;
    }
    start_.notify_all();
    guarded(job, 0);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    if (error_) std::rethrow_exception(error_);
  }

  void guarded(const std::function<void(unsigned)>& job, unsigned worker) {
    try {
      job(worker);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
  }

  void serve(unsigned id) {
    std::uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    while (true) {
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      const auto* job = job_;
      lock.unlock();
      guarded(*job, id);
      lock.lock();
      if (--busy_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  std::exception_ptr error_;
  std::uint64_t generation_ = 0;
  unsigned busy_ = 0;
  bool stop_ = false;
};

}  // namespace rtb
