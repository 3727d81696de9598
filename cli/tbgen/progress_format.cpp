#include "cli/tbgen/progress_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rtb::cli {
namespace {

template <class... Args>
std::string format(const char* pattern, Args... args) {
  char text[96];
  std::snprintf(text, sizeof text, pattern, args...);
  return text;
}

std::string summary_text(const ProgressReport& r) {
  const std::string n = std::to_string(r.depth);
  switch (r.summary) {
    case ProgressReport::Summary::LongestPlies:
      return "longest " + n + " plies";
    case ProgressReport::Summary::LargestValue:
      return "largest value " + n;
    case ProgressReport::Summary::Attractors:
      return n + (r.depth == 1 ? " attractor" : " attractors");
  }
  return n;
}

}  // namespace

std::string percent_text(std::uint64_t done, std::uint64_t total) {
  if (total == 0 || done >= total) return "100.0%";
  // Tenths of a percent, rounded down, without the overflow of done * 1000.
  const auto tenths = static_cast<unsigned>(static_cast<long double>(done) * 1000 / total);
  return format("%u.%u%%", std::min(tenths, 999u) / 10, std::min(tenths, 999u) % 10);
}

std::string count_text(std::uint64_t n) {
  const auto x = static_cast<double>(n);
  if (n < 1000) return std::to_string(n);
  if (x < 1e6) return format("%.1f k", x / 1e3);
  if (x < 1e9) return format("%.2f M", x / 1e6);
  return format("%.2f G", x / 1e9);
}

std::string rate_text(double per_second) {
  if (!std::isfinite(per_second) || per_second < 0) return "-/s";
  return count_text(static_cast<std::uint64_t>(per_second)) + "/s";
}

std::string duration_text(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e8) return "--:--";
  const auto s = static_cast<unsigned long>(std::lround(seconds));
  if (s < 3600) return format("%lu:%02lu", s / 60, s % 60);
  return format("%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
}

std::string bar_text(std::uint64_t done, std::uint64_t total, std::size_t width) {
  const long double fraction = total == 0 ? 1.0L : std::min(1.0L, static_cast<long double>(done) / total);
  const auto filled = static_cast<std::size_t>(fraction * static_cast<long double>(width));
  return "[" + std::string(filled, '#') + std::string(width - filled, '-') + "]";
}

std::string place_text(const TablePlace& table, const std::string& label) {
  std::string text = table.number == 0 ? table.name
                                       : "table " + std::to_string(table.number) + " of " +
                                             std::to_string(table.count) + ": " + table.name;
  if (!label.empty()) text += (text.empty() ? "" : ", ") + label;
  return text;
}

std::string progress_line(const ProgressReport& r, std::size_t bar_width) {
  using Phase = ProgressReport::Phase;
  std::string line = place_text(r.table, r.label);
  if (!line.empty()) line += "  ";
  line += r.phase == Phase::FirstPass     ? "first pass"
          : r.phase == Phase::Propagation ? std::string(r.layer) + " " + std::to_string(r.depth)
                                          : "done";
  line += "  ";
  if (bar_width > 0) line += bar_text(r.done, r.total, bar_width) + " ";
  line += percent_text(r.done, r.total) + "  ";
  const std::string unit = r.phase == Phase::FirstPass ? " indices" : " positions";
  if (r.phase == Phase::Done)
    return line + count_text(r.total) + unit + ", " + summary_text(r) + ", " + format("%.1f s", r.seconds);
  const double rate = r.phase_seconds > 0 ? static_cast<double>(r.done) / r.phase_seconds : -1;
  const double eta = rate > 0 ? static_cast<double>(r.total - std::min(r.done, r.total)) / rate : -1;
  return line + count_text(r.done) + " of " + count_text(r.total) + unit + "  " + rate_text(rate) + "  ETA " +
         duration_text(eta);
}

ProgressPrinter::ProgressPrinter(ProgressStyle style, Write write, Clock clock)
    : style_(style), write_(std::move(write)), clock_(std::move(clock)) {
  // A bar shows at once (and is erased); plain lines wait, so a short run
  // writes only its summary.
  last_ = style_.terminal ? -1e300 : clock_();
}

void ProgressPrinter::report(const ProgressReport& r) {
  const bool end = r.phase == ProgressReport::Phase::Done;
  if (style_.terminal) {
    if (end) return clear();
    const double now = clock_();
    if (now - last_ < style_.interval) return;
    last_ = now;
    std::string line = progress_line(r, style_.bar_width);
    line.resize(std::min(line.size(), style_.columns > 1 ? style_.columns - 1 : 0));
    write_("\r" + line + "\033[K");
    drawn_ = true;
    return;
  }
  const double now = clock_();
  if (!(end && written_) && now - last_ < style_.interval) return;
  last_ = now;
  write_(progress_line(r, 0) + "\n");
  written_ = !end;
}

void ProgressPrinter::clear() {
  if (drawn_) write_("\r\033[K");
  drawn_ = false;
}

}  // namespace rtb::cli
