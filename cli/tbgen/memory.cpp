#include "cli/tbgen/memory.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <ostream>
#include <string_view>

#include "answers/common.h"
#include "games/quote_input.h"
#include "gen/core/system.h"

namespace rtb::cli {

namespace {

// The bytes of one `unit`: K, M, G or T in either case, with an optional
// "B" or "iB" after it, or a bare "B" or nothing for bytes; nullopt for
// anything else.
std::optional<double> unit_bytes(std::string unit) {
  if (unit.ends_with("iB"))
    unit.resize(unit.size() - 2);
  else if (unit.size() > 1 && unit.back() == 'B')
    unit.pop_back();
  if (unit.empty() || unit == "B") return 1;
  const auto power =
      std::string_view("KMGT").find(static_cast<char>(std::toupper(static_cast<unsigned char>(unit[0]))));
  if (unit.size() != 1 || power == std::string_view::npos) return std::nullopt;
  return std::ldexp(1.0, 10 * (static_cast<int>(power) + 1));
}

}  // namespace

std::uint64_t parse_memory_size(const std::string& text) {
  std::size_t used = 0;
  double amount = 0;
  try {
    amount = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::optional<double> unit = used == 0 ? std::nullopt : unit_bytes(text.substr(used));
  const double bytes = unit ? amount * *unit : 0;
  if (!(bytes >= 1 << 20) || bytes > 0x1p62)
    throw answers::UsageError("--memory must be a size of at least 1M, such as 512M, 16G or 1.5T, not " +
                              quote_input(text));
  return static_cast<std::uint64_t>(bytes);
}

std::uint64_t default_memory_budget() {
  return physical_memory_bytes() / 8 * 7;
}

void apply_memory_budget(std::uint64_t budget, bool given, BuildOptions& options) {
  const std::uint64_t held = resident_memory_bytes();
  if (held >= budget)
    throw answers::UsageError("--memory " + bytes_text(budget) + " is less than the " + bytes_text(held) +
                              " tbgen holds before it builds anything");
  options.memory = budget - held;
  options.memory_source = "the " + bytes_text(options.memory) + " the budget leaves (" +
                          (given ? "--memory " : "seven eighths of physical memory, ") + bytes_text(budget) +
                          " less " + bytes_text(held) + " tbgen holds already)";
}

namespace {

// The most the tables of `plan` may hold at once: the `threads` largest,
// within the budget, and never less than the largest alone.
std::uint64_t most_at_once(const std::vector<PlannedTable>& plan, unsigned threads, std::uint64_t memory) {
  std::vector<std::uint64_t> sizes;
  for (const PlannedTable& t : plan) sizes.push_back(t.estimate.within(memory));
  std::ranges::sort(sizes, std::greater<>());
  if (sizes.empty()) return 0;
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < sizes.size() && k < std::max(threads, 1u); ++k) sum += sizes[k];
  return memory == 0 ? sum : std::max(sizes[0], std::min(sum, memory));
}

}  // namespace

void print_estimate(const std::vector<PlannedTable>& plan, const BuildOptions& options, std::ostream& os) {
  std::uint64_t disk = 0;
  for (const PlannedTable& t : plan) {
    os << t.name << '\t' << t.game << ' ' << t.params.canonical() << '\t';
    for (std::size_t k = 0; k < t.reads.size(); ++k) os << (k ? " " : "") << t.reads[k];
    const MemoryEstimate& e = t.estimate;
    os << "\tindex_size=" << e.index_size << "\tin_core=" << e.in_core << "\tfloor=" << e.floor
       << "\tdisk=" << e.disk << '\n';
    disk += e.disk;
  }
  const std::uint64_t held = resident_memory_bytes();
  const std::uint64_t peak = held + most_at_once(plan, options.gen.threads, options.memory);
  os << "# run: peak at most " << peak << " bytes (" << bytes_text(peak) << ": " << bytes_text(held)
     << " tbgen holds, its tables at most the rest with " << options.gen.threads << " thread"
     << (options.gen.threads == 1 ? "" : "s") << "); disk at most " << disk << " bytes (" << bytes_text(disk)
     << ")\n";
}

}  // namespace rtb::cli
