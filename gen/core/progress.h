// Progress of a long generation, reported to whoever asked for it (the
// front end prints it; the library never does): at most once a second and
// only after the first second, so short runs stay silent.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace rtb {

struct ProgressReport {
  enum class Phase { FirstPass, Propagation, Done };
  Phase phase;
  const std::string& label;  // what the run is about, e.g. "tier 3 of 25"; may be empty
  std::uint64_t done;        // indices scanned (first pass) or resolved (propagation)
  std::uint64_t total;       // the index space
  std::uint32_t depth;       // the layer being worked, or the deepest when Done
  double seconds;            // since the run started
};

// Called from one thread at a time.
using ProgressSink = std::function<void(const ProgressReport&)>;

class Progress {
 public:
  Progress(ProgressSink sink, std::uint64_t total, std::string label)
      : sink_(std::move(sink)), total_(total), label_(std::move(label)) {}

  // From one thread only: the initial pass over every index.
  void initialising(std::uint64_t done) {
    if (due()) report(ProgressReport::Phase::FirstPass, done, 0);
  }
  void update(std::uint32_t depth, std::uint64_t resolved) {
    if (due()) report(ProgressReport::Phase::Propagation, resolved, depth);
  }
  // Reported only when something was reported before.
  void done(std::uint32_t max_depth) {
    if (sink_ && reported_) report(ProgressReport::Phase::Done, total_, max_depth);
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Whether a report is due: someone listens, after the first second, once a second.
  bool due() {
    if (!sink_) return false;
    const double now = seconds();
    if (now < 1.0 || now - last_ < 1.0) return false;
    last_ = now;
    reported_ = true;
    return true;
  }
  void report(ProgressReport::Phase phase, std::uint64_t done, std::uint32_t depth) const {
    sink_(ProgressReport{phase, label_, done, total_, depth, seconds()});
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  ProgressSink sink_;
  std::uint64_t total_;
  std::string label_;
  Clock::time_point start_ = Clock::now();
  double last_ = 0;
  bool reported_ = false;
};

}  // namespace rtb
