// How the commands tell a user what a long run is doing and what it did:
// progress lines while generating, one summary line per written table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cli/tbgen/progress_format.h"
#include "gen/core/output.h"
#include "gen/core/progress.h"

namespace rtb::cli {

// Prints progress reports on stderr: a bar redrawn in place when stderr is
// a terminal, else a plain line every `every` seconds. Call clear() on the
// printer before writing anything else on stderr.
std::shared_ptr<ProgressPrinter> progress_on_stderr(double every);
ProgressSink sink_of(std::shared_ptr<ProgressPrinter> printer);

// "765 positions: 131 wins, ...; 0.02 s; peak 12.3 MiB": the counts as the
// table's value kind tells them, the time and the peak memory of the run.
std::string run_summary(const storage::TableMeta& meta, double seconds, std::uint64_t peak_bytes);

}  // namespace rtb::cli
