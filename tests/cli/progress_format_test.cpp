// What tbgen shows of a generation's progress (cli/tbgen/progress_format.h): the
// strings, and the printer's pace and shape on a terminal and off one, on a
// fake clock.
#include "cli/tbgen/progress_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rtb::cli {
namespace {

using Phase = ProgressReport::Phase;

TEST(ProgressFormat, PercentRoundsDownAndReachesHundred) {
  EXPECT_EQ(percent_text(0, 200), "0.0%");
  EXPECT_EQ(percent_text(1, 3), "33.3%");
  EXPECT_EQ(percent_text(9999, 10000), "99.9%");  // never 100% before the end
  EXPECT_EQ(percent_text(10000, 10000), "100.0%");
  EXPECT_EQ(percent_text(0, 0), "100.0%");
  EXPECT_EQ(percent_text(UINT64_MAX / 2, UINT64_MAX), "49.9%");  // just under a half
  EXPECT_EQ(percent_text(UINT64_MAX / 2 + 1, UINT64_MAX), "50.0%");
}

TEST(ProgressFormat, CountsRatesAndDurations) {
  EXPECT_EQ(count_text(999), "999");
  EXPECT_EQ(count_text(12345), "12.3 k");
  EXPECT_EQ(count_text(9061234), "9.06 M");
  EXPECT_EQ(count_text(1200000000), "1.20 G");
  EXPECT_EQ(rate_text(2310000), "2.31 M/s");
  EXPECT_EQ(rate_text(-1), "-/s");
  EXPECT_EQ(duration_text(7.4), "0:07");
  EXPECT_EQ(duration_text(725), "12:05");
  EXPECT_EQ(duration_text(3723), "1:02:03");
  EXPECT_EQ(duration_text(-1), "--:--");
}

TEST(ProgressFormat, BarHasItsWidth) {
  EXPECT_EQ(bar_text(0, 10, 4), "[----]");
  EXPECT_EQ(bar_text(5, 10, 4), "[##--]");
  EXPECT_EQ(bar_text(10, 10, 4), "[####]");
  EXPECT_EQ(bar_text(20, 10, 4), "[####]");
  EXPECT_EQ(bar_text(3, 7, 24).size(), 26u);
}

TEST(ProgressFormat, PlaceInASet) {
  EXPECT_EQ(place_text({"KRPvK", 6, 20}, ""), "table 6 of 20: KRPvK");
  EXPECT_EQ(place_text({"KRPvK", 0, 0}, ""), "KRPvK");
  EXPECT_EQ(place_text({"connect4-4x4", 1, 1}, "tier 3 of 17"), "table 1 of 1: connect4-4x4, tier 3 of 17");
}

const TablePlace kTable{"KRPvK", 6, 20};
const std::string kNoLabel;

ProgressReport report(Phase phase, std::uint64_t done, std::uint64_t total, double phase_seconds) {
  return {phase, kTable, kNoLabel, done, total, 23, 10, phase_seconds};
}

TEST(ProgressFormat, LineHasPercentRateAndEta) {
  // 4 M of 16 M in 2 s: 2 M/s, 6 s to go.
  EXPECT_EQ(
      progress_line(report(Phase::Propagation, 4000000, 16000000, 2), 8),
      "table 6 of 20: KRPvK  depth 23  [##------] 25.0%  4.00 M of 16.00 M positions  2.00 M/s  ETA 0:06");
  EXPECT_EQ(progress_line(report(Phase::FirstPass, 1000, 4000, 0), 0),
            "table 6 of 20: KRPvK  first pass  25.0%  1.0 k of 4.0 k indices  -/s  ETA --:--");
  EXPECT_EQ(progress_line(report(Phase::Done, 16000000, 16000000, 8), 0),
            "table 6 of 20: KRPvK  done  100.0%  16.00 M positions, longest 23 plies, 10.0 s");
}

TEST(ProgressFormat, LineNamesTheSolversLayerAndSummary) {
  ProgressReport r = report(Phase::Propagation, 1000, 4000, 0);
  r.layer = "attractor 2, depth";
  EXPECT_EQ(progress_line(r, 0),
            "table 6 of 20: KRPvK  attractor 2, depth 23  25.0%  1.0 k of 4.0 k positions  -/s  ETA --:--");
  ProgressReport done = report(Phase::Done, 4000, 4000, 1);
  done.summary = ProgressReport::Summary::LargestValue;
  EXPECT_EQ(progress_line(done, 0),
            "table 6 of 20: KRPvK  done  100.0%  4.0 k positions, largest value 23, 10.0 s");
  done.summary = ProgressReport::Summary::Attractors;
  EXPECT_EQ(progress_line(done, 0),
            "table 6 of 20: KRPvK  done  100.0%  4.0 k positions, 23 attractors, 10.0 s");
}

struct Screen {
  double now = 0;
  std::vector<std::string> writes;
  ProgressPrinter printer(ProgressStyle style) {
    return ProgressPrinter(
        style, [this](std::string_view s) { writes.emplace_back(s); }, [this] { return now; });
  }
};

// Times are multiples of a power of two, exact in a double.
TEST(ProgressPrinter, TerminalRedrawsAtMostEightTimesASecondAndClears) {
  Screen screen;
  ProgressPrinter p = screen.printer({.terminal = true, .interval = 0.125, .columns = 40, .bar_width = 10});
  for (int k = 0; k < 64; ++k) {  // 64 reports in a second
    screen.now = k / 64.0;
    p.report(report(Phase::Propagation, k, 64, screen.now));
  }
  ASSERT_EQ(screen.writes.size(), 8u);
  for (const std::string& w : screen.writes) {
    EXPECT_EQ(w.front(), '\r');
    EXPECT_EQ(w.find('\n'), std::string::npos);
    EXPECT_LE(w.size(), 1 + 39 + 3u);  // cut to the terminal's width, then "erase to the end"
  }
  p.report(report(Phase::Done, 100, 100, 1));
  EXPECT_EQ(screen.writes.back(), "\r\033[K");
}

TEST(ProgressPrinter, PlainLinesArePeriodicAndEndAtHundred) {
  Screen screen;
  ProgressPrinter p = screen.printer({.terminal = false, .interval = 5, .columns = 80, .bar_width = 10});
  for (int k = 0; k <= 96; ++k) {  // 12 s of reports, 8 a second
    screen.now = k / 8.0;
    p.report(report(Phase::Propagation, k, 200, screen.now));
  }
  ASSERT_EQ(screen.writes.size(), 2u);  // at 5 and 10 s
  p.report(report(Phase::Done, 200, 200, 12));
  ASSERT_EQ(screen.writes.size(), 3u);
  for (const std::string& w : screen.writes) {
    EXPECT_EQ(w.find('\r'), std::string::npos);
    EXPECT_EQ(w.back(), '\n');
    EXPECT_NE(w.find("table 6 of 20: KRPvK"), std::string::npos);
  }
  EXPECT_NE(screen.writes.back().find("100.0%"), std::string::npos);
}

TEST(ProgressPrinter, PlainShortTableShowsOnlyItsSummaryElsewhere) {
  Screen screen;
  ProgressPrinter p = screen.printer({.terminal = false, .interval = 5, .columns = 80, .bar_width = 10});
  screen.now = 7;
  p.report(report(Phase::Propagation, 1, 2, 0));  // the table's first report: printed
  screen.now = 7.5;
  p.report(report(Phase::Done, 2, 2, 0.5));  // and so its end
  screen.now = 8;
  p.report(report(Phase::Done, 2, 2, 0.5));  // the next table ends before a line is due: silent
  EXPECT_EQ(screen.writes.size(), 2u);
}

}  // namespace
}  // namespace rtb::cli
