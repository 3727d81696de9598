// tbprobe --stats --plot FILE: the depth histogram of a table as a picture,
// SVG or PNG by the file's extension, drawn by one cairo code path for both.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "answers/json.h"

namespace rtb::cli {

using answers::Json;

// A picture that cannot be drawn: one line for the user, exit status 1.
struct PlotError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One series of bars: a count per depth, only the depths that have any.
struct HistogramSeries {
  std::string name;                                           // "wins for the side to move"
  std::vector<std::pair<std::uint32_t, std::uint64_t>> bins;  // depth, positions (> 0)
};

// One panel: its series' bars side by side at each depth, one colour each.
struct HistogramPanel {
  std::string name;  // "first player (white) to move"
  std::vector<HistogramSeries> series;
};

struct Histogram {
  std::string title, x_label, y_label;
  std::vector<HistogramPanel> panels;  // sharing the depth axis
};

// The histogram in tbprobe --stats --json of a win/draw/loss table, titled
// `title`: wins and losses of the side to move by depth, one panel per side
// to move where the game has sides. Throws PlotError for a table without
// depths.
Histogram depth_histogram(const Json& stats, const std::string& title);

struct PlotSize {
  int width = 800, height = 600;  // pixels (PNG) or points (SVG)
};

// Draws `h` into `file` (.svg or .png), written under a temporary name and
// renamed, so a failure leaves no half-written picture. Throws PlotError
// for an unknown extension or a file that cannot be written.
void write_plot(const Histogram& h, const std::filesystem::path& file, PlotSize size = {});

}  // namespace rtb::cli
