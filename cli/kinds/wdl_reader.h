// How tbprobe shows a wdl16 table: a position with its moves and best line,
// the statistics, the positions reachable from the start, the dump.
#pragma once

#include <memory>

#include "cli/value_kind.h"
#include "probe/probe.h"

namespace rtb::cli {

std::unique_ptr<KindReader> open_wdl_reader(OpenedTable table);

}  // namespace rtb::cli
