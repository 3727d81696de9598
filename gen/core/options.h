// What every solver takes and throws.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>

#include "gen/core/progress.h"

namespace rtb {

class Checkpointer;

struct GenError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GenOptions {
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  // Layers smaller than this are processed by one thread: waking the others
  // costs more than the work.
  std::uint64_t parallel_threshold = 8192;
  ProgressSink progress;           // empty: no progress reports
  double progress_interval = 0.1;  // seconds between reports at least
  TablePlace table;                // the table the reports are about
  std::string label;               // the part of the table, e.g. "tier 3 of 25"
  // For tests: a queue of at most this many positions (0: about a byte per
  // index), and 8-byte queue entries even where 4 would do.
  std::uint64_t queue_cap = 0;
  bool wide_queue = false;
  // For tests: updates a worker files per round (gen/core/owned_updates.h;
  // 0: OwnedUpdates::kRound), so that small tables take many rounds.
  std::size_t update_round = 0;
  // Saves the solver's state now and then, and holds the state to resume
  // from (null: neither). Not owned.
  Checkpointer* checkpoint = nullptr;
  // Indices per segment of a tier that streams (gen/depth/leaving_tier.h; 0:
  // 2^24); tests make them small.
  std::uint64_t tier_segment = 0;
  // Bytes of the tier before a game whose moves all leave their tier reads
  // at once (gen/depth/paged_tier.h). 0: the whole tier, in memory; else
  // the tiers lie on disk, in files named spill_prefix and a suffix.
  std::uint64_t tier_window_bytes = 0;
  // Where a solver that keeps a byte an index spills depths to disk
  // (gen/depth/spill_runs.h): files named this and a suffix.
  std::string spill_prefix = "rtb-spill";
  // For tests: the depths a byte's ring names at once (gen/depth/ring_codes.h;
  // 0: as many as it can), so that small tables reduce and promote often.
  std::uint32_t ring_depths = 0;
  // With a checkpointer: first-pass indices between chances to save.
  std::uint64_t checkpoint_segment = std::uint64_t{1} << 22;
};

}  // namespace rtb
