// What tbgen shows of a generation's progress: the strings (percentage,
// rate, ETA, bar, "table 6 of 20: KRPvK") and the printer that redraws one
// line on a terminal or writes plain periodic lines elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "gen/core/progress.h"

namespace rtb::cli {

// "54.1%": rounded down, so 100.0% means all of it; 100.0% when total is 0.
std::string percent_text(std::uint64_t done, std::uint64_t total);
// "850", "12.3 k", "9.06 M", "1.20 G".
std::string count_text(std::uint64_t n);
// "2.31 M/s".
std::string rate_text(double per_second);
// "0:07", "12:05", "1:02:03"; "--:--" when unknown (negative or not finite).
std::string duration_text(double seconds);
// "[#####-----]" with `width` cells between the brackets.
std::string bar_text(std::uint64_t done, std::uint64_t total, std::size_t width);
// "table 6 of 20: KRPvK, tier 3 of 25", or "KRPvK" when its place is unknown.
std::string place_text(const TablePlace& table, const std::string& label);
// One report as a line (no bar when bar_width is 0):
// "table 6 of 20: KRPvK  depth 23  [###---] 54.1%  9.06 M of 16.7 M positions  2.10 M/s  ETA 0:04".
std::string progress_line(const ProgressReport& r, std::size_t bar_width);

struct ProgressStyle {
  bool terminal = false;     // redraw one line in place, clear it at the end
  double interval = 5;       // seconds between lines (a terminal: between redraws)
  std::size_t columns = 80;  // a terminal's width: a longer line would wrap and not redraw
  std::size_t bar_width = 24;
};

// Turns reports into output, at most one per style.interval seconds of
// `clock`. A terminal: the first at once. Not a terminal: the first after
// an interval, and a last line (100%) for a table any line was written for.
class ProgressPrinter {
 public:
  using Write = std::function<void(std::string_view)>;
  using Clock = std::function<double()>;
  ProgressPrinter(ProgressStyle style, Write write, Clock clock);

  void report(const ProgressReport& r);
  // Erases the line being redrawn, before someone else writes (a note).
  void clear();

 private:
  ProgressStyle style_;
  Write write_;
  Clock clock_;
  double last_ = 0;
  bool drawn_ = false;    // a terminal line is on screen
  bool written_ = false;  // a plain line was written for the current table
};

}  // namespace rtb::cli
