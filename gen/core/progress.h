// Progress of a long generation, reported to whoever asked for it (the
// front end prints it; the library never does). Each phase counts what it
// can know exactly: the first pass scans every index of the space; the
// propagation resolves legal positions, and what it never reaches is valued
// when it ends (drawn, or lost by the attracting player), so Done reports
// every legal position resolved.
//
// The solvers' layers differ: the win/loss pass works depth by depth, the
// Grundy solver in rounds of a frontier and then levels of its loopy pass,
// the arena solver in attractors, each depth by depth. A report names its
// layer in words ("depth 23", "loopy level 4", "attractor 2, depth 7") and
// says what its final number is (ProgressReport::Summary).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace rtb {

// Where a table sits in a run that builds several (its dependencies, a set
// such as chess material=all4): "table 6 of 20: KRPvK". number 0: unknown.
struct TablePlace {
  std::string name;
  std::uint32_t number = 0, count = 0;
};

struct ProgressReport {
  enum class Phase { FirstPass, Propagation, Done };
  // What `depth` is when Done: the longest win or loss in plies (win/loss),
  // the largest finite Grundy value, the number of attractors computed.
  enum class Summary { LongestPlies, LargestValue, Attractors };
  Phase phase;
  const TablePlace& table;
  const std::string& label;          // the part of the table, e.g. "tier 3 of 25"; may be empty
  std::uint64_t done;                // indices scanned (first pass) or legal positions resolved
  std::uint64_t total;               // the index space (first pass) or the legal positions
  std::uint32_t depth;               // the layer being worked, or the summary's number when Done
  double seconds;                    // since the run started
  double phase_seconds;              // since this phase started
  std::string_view layer = "depth";  // what `depth` counts while propagating
  Summary summary = Summary::LongestPlies;
};

// Called from one thread at a time.
using ProgressSink = std::function<void(const ProgressReport&)>;

class Progress {
 public:
  // Reports at once, then at most once per `interval` seconds, and always at
  // Done: the front end decides what to show.
  Progress(ProgressSink sink, std::uint64_t size, TablePlace table, std::string label, double interval,
           ProgressReport::Summary summary = ProgressReport::Summary::LongestPlies)
      : sink_(std::move(sink)),
        size_(size),
        table_(std::move(table)),
        label_(std::move(label)),
        interval_(interval),
        summary_(summary) {}

  bool wanted() const { return static_cast<bool>(sink_); }

  // From one thread only: the initial pass over every index.
  void initialising(std::uint64_t scanned) {
    if (due()) report(ProgressReport::Phase::FirstPass, scanned, size_, 0, 0);
  }
  // The first pass is over, all of it scanned (reported even when worker 0,
  // which reports the scan, had no chunk), and `legal` positions are to be
  // resolved.
  void first_pass_over(std::uint64_t legal) {
    initialising(size_);
    propagating(legal);
  }
  // The first pass is over: `legal` positions are to be resolved.
  void propagating(std::uint64_t legal) {
    legal_ = legal;
    propagation_start_ = seconds();
  }
  // `resolved` of the legal positions are valued; `layer` names what
  // `depth` counts ("depth", "round", "attractor 2, depth").
  void update(std::uint32_t depth, std::uint64_t resolved, std::string_view layer = "depth") {
    if (due()) report(ProgressReport::Phase::Propagation, resolved, legal_, depth, propagation_start_, layer);
  }
  // `summary`: the number the constructor's Summary names.
  void done(std::uint32_t summary) {
    if (sink_) report(ProgressReport::Phase::Done, legal_, legal_, summary, propagation_start_);
  }

 private:
  using Clock = std::chrono::steady_clock;

  bool due() {
    if (!sink_) return false;
    const double now = seconds();
    if (now - last_ < interval_) return false;
    last_ = now;
    return true;
  }
  void report(ProgressReport::Phase phase, std::uint64_t done, std::uint64_t total, std::uint32_t depth,
              double phase_start, std::string_view layer = "depth") const {
    const double now = seconds();
    sink_(ProgressReport{phase, table_, label_, done, total, depth, now, now - phase_start, layer, summary_});
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  ProgressSink sink_;
  std::uint64_t size_, legal_ = 0;
  TablePlace table_;
  std::string label_;
  double interval_;
  ProgressReport::Summary summary_;
  Clock::time_point start_ = Clock::now();
  double last_ = -1e300, propagation_start_ = 0;
};

}  // namespace rtb
