#include "cli/tbprobe/plot.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "answers/markup.h"

namespace rtb::cli {
namespace {

struct Rgb {
  double r, g, b;
};
// Each panel's bars have a colour nothing else is drawn in.
constexpr Rgb kSeriesColours[] = {{0.18, 0.55, 0.27}, {0.80, 0.24, 0.18}, {0.20, 0.40, 0.75}};
constexpr Rgb kInk{0.1, 0.1, 0.1}, kGrid{0.85, 0.85, 0.85};

// 1, 2 or 5 times a power of ten, so that about `ticks` steps cover `range`.
double nice_step(double range, int ticks) {
  const double rough = std::max(range, 1.0) / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= rough) return std::max(1.0, m * power);
  return std::max(1.0, 10 * power);
}

// A tick's label in the unit of the axis, chosen by its largest tick
// `top`: 0, 2k, 4k ... 10k rather than 0, 2000 ... 10k.
std::string tick_text(double v, double top) {
  char text[32];
  if (v == 0) return "0";
  if (top >= 1e9)
    std::snprintf(text, sizeof text, "%gG", v / 1e9);
  else if (top >= 1e6)
    std::snprintf(text, sizeof text, "%gM", v / 1e6);
  else if (top >= 1e4)
    std::snprintf(text, sizeof text, "%gk", v / 1e3);
  else
    std::snprintf(text, sizeof text, "%g", v);
  return text;
}

using Cairo = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;
using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

// Writes `text` with its anchor point (ax, ay) in [0,1]^2 of its box at (x, y).
void text_at(cairo_t* cr, const std::string& text, double x, double y, double ax, double ay, double size,
             bool bold = false, bool vertical = false) {
  cairo_save(cr);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  cairo_translate(cr, x, y);
  if (vertical) cairo_rotate(cr, -M_PI / 2);
  cairo_move_to(cr, -e.x_bearing - ax * e.width, -e.y_bearing - ay * e.height);
  cairo_set_source_rgb(cr, kInk.r, kInk.g, kInk.b);
  cairo_show_text(cr, text.c_str());
  cairo_restore(cr);
}

void line(cairo_t* cr, double x0, double y0, double x1, double y1, Rgb c) {
  cairo_set_source_rgb(cr, c.r, c.g, c.b);
  cairo_set_line_width(cr, 1);
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

struct Box {
  double left, top, width, height;
};

// The series' names in their colours, right-aligned at the panel's top.
void draw_legend(cairo_t* cr, const HistogramPanel& p, Box box) {
  double right = box.left + box.width - 8;
  for (std::size_t k = p.series.size(); k-- > 0;) {
    cairo_save(cr);
    cairo_set_font_size(cr, 11);
    cairo_text_extents_t e;
    cairo_text_extents(cr, p.series[k].name.c_str(), &e);
    cairo_restore(cr);
    text_at(cr, p.series[k].name, right, box.top + 4, 1, 0, 11);
    right -= e.x_advance + 16;
    const Rgb c = kSeriesColours[k % std::size(kSeriesColours)];
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
    cairo_rectangle(cr, right + 4, box.top + 5, 8, 8);
    cairo_fill(cr);
    right -= 12;
  }
}

// One panel: grid, bars, axes, tick labels and legend; x runs over depths
// 0 .. depths-1, each depth's slot shared by the series' bars.
void draw_panel(cairo_t* cr, const HistogramPanel& p, Box box, std::uint32_t depths, double x_step) {
  std::uint64_t top_count = 1;
  for (const auto& s : p.series)
    for (const auto& [depth, n] : s.bins) top_count = std::max(top_count, n);
  const double y_step = nice_step(static_cast<double>(top_count), 4);
  const double y_max = std::ceil(static_cast<double>(top_count) / y_step) * y_step;
  const double bottom = box.top + box.height, slot = box.width / depths;
  for (double v = 0; v <= y_max + y_step / 2; v += y_step) {
    const double y = std::round(bottom - v / y_max * box.height) + 0.5;
    line(cr, box.left, y, box.left + box.width, y, kGrid);
    text_at(cr, tick_text(v, y_max), box.left - 6, y, 1, 0.5, 11);
  }
  const double bar = slot * 0.8 / static_cast<double>(std::max<std::size_t>(p.series.size(), 1));
  for (std::size_t k = 0; k < p.series.size(); ++k) {
    const Rgb c = kSeriesColours[k % std::size(kSeriesColours)];
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
    for (const auto& [depth, n] : p.series[k].bins) {
      const double h = std::max(1.0, static_cast<double>(n) / y_max * box.height);
      const double x = box.left + depth * slot + slot * 0.1 + static_cast<double>(k) * bar;
      cairo_rectangle(cr, x, bottom - h, std::max(bar, 0.5), h);
      cairo_fill(cr);  // one shape per bar
    }
  }
  line(cr, box.left, bottom + 0.5, box.left + box.width, bottom + 0.5, kInk);
  line(cr, box.left - 0.5, box.top, box.left - 0.5, bottom, kInk);
  for (double d = 0; d < depths; d += x_step) {
    const double x = box.left + (d + 0.5) * slot;
    line(cr, x, bottom, x, bottom + 4, kInk);
    text_at(cr, tick_text(d, depths), x, bottom + 6, 0.5, 0, 11);
  }
  text_at(cr, p.name, box.left + 8, box.top + 4, 0, 0, 12, true);
  draw_legend(cr, p, box);
}

void draw(cairo_t* cr, const Histogram& h, PlotSize size) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  const double w = size.width, ht = size.height;
  text_at(cr, h.title, w / 2, 12, 0.5, 0, 18, true);
  text_at(cr, h.x_label, w / 2, ht - 10, 0.5, 1, 13);
  text_at(cr, h.y_label, 16, ht / 2, 0.5, 0, 13, false, true);
  std::uint32_t depths = 1;
  for (const auto& p : h.panels)
    for (const auto& s : p.series)
      for (const auto& [depth, n] : s.bins) depths = std::max(depths, depth + 1);
  const double x_step = nice_step(depths, 10);
  const double left = 80, top = 48, right = 20, bottom = 56, gap = 44;
  const auto panels = static_cast<double>(std::max<std::size_t>(h.panels.size(), 1));
  const double panel_height = (ht - top - bottom - gap * (panels - 1)) / panels;
  for (std::size_t k = 0; k < h.panels.size(); ++k)
    draw_panel(cr, h.panels[k],
               {left, top + static_cast<double>(k) * (panel_height + gap), w - left - right, panel_height},
               depths, x_step);
}

// cairo draws text as glyph outlines; the words also go into <title> and
// <desc>, where search and screen readers find them.
void add_svg_text(const std::filesystem::path& file, const std::filesystem::path& shown, const Histogram& h) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string svg = buffer.str();
  const std::size_t open = svg.find("<svg");
  const std::size_t end = open == std::string::npos ? open : svg.find('>', open);
  if (end == std::string::npos) throw PlotError("cairo wrote no SVG into " + shown.string());
  std::string desc = h.x_label + " / " + h.y_label;
  for (const auto& p : h.panels) desc += "; " + p.name;
  svg.insert(end + 1, "\n<title>" + answers::markup_escaped(h.title) + "</title>\n<desc>" +
                          answers::markup_escaped(desc) + "</desc>");
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << svg;
  if (!out.flush()) throw PlotError("cannot write " + shown.string());
}

void check(cairo_status_t status, const std::filesystem::path& file) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw PlotError("cannot write " + file.string() + ": " + cairo_status_to_string(status));
}

// Draws into `file`; errors name `shown`, the file the user asked for.
void draw_into(const Histogram& h, const std::filesystem::path& file, const std::filesystem::path& shown,
               const std::string& format, PlotSize size) {
  const bool svg = format == ".svg";
  Surface surface(svg ? cairo_svg_surface_create(file.c_str(), size.width, size.height)
                      : cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height),
                  &cairo_surface_destroy);
  check(cairo_surface_status(surface.get()), shown);
  {
    const Cairo cr(cairo_create(surface.get()), &cairo_destroy);
    draw(cr.get(), h, size);
    check(cairo_status(cr.get()), shown);
  }
  if (svg) {
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), shown);
    add_svg_text(file, shown, h);
  } else {
    check(cairo_surface_write_to_png(surface.get(), file.c_str()), shown);
  }
}

}  // namespace

namespace {

HistogramPanel depth_panel(std::string name, const Json& bins) {
  HistogramPanel p{std::move(name), {{"wins for the side to move", {}}, {"losses for the side to move", {}}}};
  for (const Json& bin : bins) {
    const auto depth = bin.at("plies").get<std::uint32_t>();
    if (const auto n = bin.at("wins").get<std::uint64_t>()) p.series[0].bins.emplace_back(depth, n);
    if (const auto n = bin.at("losses").get<std::uint64_t>()) p.series[1].bins.emplace_back(depth, n);
  }
  return p;
}

}  // namespace

Histogram depth_histogram(const Json& stats, const std::string& title) {
  if (!stats.contains("histogram"))
    throw PlotError("--plot draws depth histograms: a " + stats.value("value_kind", std::string("?")) +
                    " table has none");
  Histogram h{title, "depth (plies)", "positions", {}};
  const Json sides = stats.value("sides", Json::array());
  if (sides.size() > 1) {
    for (const Json& side : sides)
      h.panels.push_back(depth_panel(
          side.at("side") == "first" ? "first player (white) to move" : "second player (black) to move",
          side.at("histogram")));
  } else {
    h.panels.push_back(depth_panel("all positions", stats.at("histogram")));
  }
  return h;
}

void write_plot(const Histogram& h, const std::filesystem::path& file, PlotSize size) {
  const std::string format = file.extension().string();
  if (format != ".svg" && format != ".png")
    throw PlotError("--plot " + file.string() + ": the file must end in .svg or .png");
  if (size.width < 200 || size.height < 150 || size.width > 10000 || size.height > 10000)
    throw PlotError("--plot-size must be from 200x150 to 10000x10000");
  const std::filesystem::path parent = file.parent_path().empty() ? "." : file.parent_path();
  if (!std::filesystem::is_directory(parent))
    throw PlotError("cannot write " + file.string() + ": no directory " + parent.string());
  const std::filesystem::path temporary =
      parent / ("." + file.filename().string() + ".part" + std::to_string(getpid()));
  try {
    draw_into(h, temporary, file, format, size);
    std::error_code error;
    std::filesystem::rename(temporary, file, error);
    if (error) throw PlotError("cannot write " + file.string() + ": " + error.message());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw;
  }
}

}  // namespace rtb::cli
