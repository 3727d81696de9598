// tbgen's memory budget (--memory) and `tbgen plan --estimate`: what a run
// may hold, and what each of its tables would hold at most
// (gen/depth/memory_estimate.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "gen/core/output.h"
#include "gen/depth/table_plan.h"

namespace rtb::cli {

// Bytes from "64M", "16G", "1.5G", "512K", "2T" (binary units; a trailing
// "B" or "iB" is allowed) or a plain count of bytes. Throws UsageError for
// anything else, and for less than 1 MiB.
std::uint64_t parse_memory_size(const std::string& text);

// The budget when --memory is not given: most of physical memory (seven
// eighths), leaving the rest to the system and the page cache.
std::uint64_t default_memory_budget();

// Sets options.memory to what `budget` leaves the run's tables beside what
// this process holds now, and names the budget for messages. Throws
// UsageError where the process holds the whole budget already.
void apply_memory_budget(std::uint64_t budget, bool given, BuildOptions& options);

// `tbgen plan --estimate`: each table's line as print_plan writes it, then
// its index size, in-core peak, floor and disk in bytes
// ("index_size=N in_core=N floor=N disk=N", tab-separated), and a last
// line starting with "#" giving the run's peak at most (this process's
// memory now, and the most its tables may hold at once within the budget
// and `threads`) and the disk the run needs.
void print_estimate(const std::vector<PlannedTable>& plan, const BuildOptions& options, std::ostream& os);

}  // namespace rtb::cli
