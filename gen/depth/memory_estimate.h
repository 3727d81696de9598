// What building a table holds in memory at most, and what it writes to disk:
// the figures `tbgen plan --estimate` prints, and those a run's memory
// budget (`tbgen --memory`) is checked against before anything is built.
//
// The figures are upper bounds composed from what each part of a build
// holds, per index of the table (S indices) and of the tables it reads:
//   solving   2 bytes a code (gen/depth/position_code.h), at most a byte of
//             queue and an eighth of a byte of layer bitmap (gen/core/layers.h),
//             and each worker's waiting updates (gen/core/owned_updates.h);
//             or, solved in a byte (gen/depth/ring_codes.h), that byte and a
//             queue of an index in 1,024, the values put together as they
//             are written;
//   streams   after the solve, the values and depth slots, then one array
//             of classes beside the listing buffer (gen/depth/build.h):
//             at most 3 bytes and a bit an index, plus the pages of the
//             written values read back, taken at a byte an index (KQvKR's
//             whole file under dtm, values and streams, takes 0.68);
//   reading   the tables it reads, as classes (half a byte an index),
//             codes (a byte, or 2 once a table has over 256 distinct codes,
//             3 while it turns), or values (2 bytes), at the part it reads
//             (a bitmap of 1.14 bits an index) where it reads a part, and
//             the pages of one such file, mapped while it is read.
// A slice or a tier is solved alone beside the values it reads. A game
// whose moves all leave their tier may instead page its tiers to disk
// (gen/depth/paged_tier.h), holding a window of the tier before that the
// budget sizes, a segment of codes and a stretch read to be narrowed: its
// floor is those buffers and the smallest window. The game
// object's memory counts where it says (HoldsMemory); the process's own
// (its libraries, chess's fixed tables) is not counted here: tbgen adds
// what it holds before the run.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "gen/core/dependency.h"
#include "gen/core/output.h"
#include "gen/core/owned_updates.h"
#include "gen/depth/paged_tier.h"
#include "gen/depth/ring_codes.h"
#include "storage/table_path.h"
#include "storage/table_reader.h"

namespace rtb {

struct MemoryEstimate {
  Index index_size = 0;
  std::uint64_t in_core = 0;  // bytes held at most while the table is built in memory
  // The smallest budget the table can be built in: in_core, or less where
  // its tiers can be paged to disk (gen/depth/paged_tier.h).
  std::uint64_t floor = 0;
  std::uint64_t disk = 0;  // bytes written at most: the table, and its checkpoint if one is kept

  // What the build holds at most within a budget of `memory` bytes (0: none):
  // all of it where it pages its tiers (estimate_table), else in_core.
  std::uint64_t within(std::uint64_t memory) const {
    return memory > 0 && in_core > memory && floor <= memory ? memory : in_core;
  }
};

// "58.3 MiB": bytes in binary units, for messages.
inline std::string bytes_text(std::uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  unsigned u = 0;
  while (v >= 1024 && u + 1 < std::size(units)) v /= 1024, ++u;
  char text[32];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return text;
}

namespace memory_estimate {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

// Bytes an index costs while it is solved: a code, a queue entry's share and
// the layer bitmap's bit (in eighths of a byte: 2 + 1 + 1/8).
constexpr std::uint64_t solving(Index size) {
  return size * 25 / 8;
}
// The same in a byte (RingCodes): the byte and a queue of size / 1024 entries.
constexpr std::uint64_t solving_in_bytes(Index size) {
  return size + size / 1024 * (size <= (Index{1} << 32) ? 4 : 8);
}

// Each worker's waiting updates: two rounds' entries as the parts grow, and
// its staged queue entries.
constexpr std::uint64_t per_worker(unsigned threads) {
  return std::uint64_t{std::max(threads, 1u)} * (2 * OwnedUpdates::kRound * sizeof(Index) + kMiB);
}

// What the queue holds whatever the table's size (gen/core/layers.h).
constexpr std::uint64_t kQueueFloor = (std::uint64_t{1} << 16) * sizeof(Index);

// A tier streamed a segment at a time: the indices of a segment at most
// (gen/depth/leaving_tier.h).
constexpr Index kSegment = Index{1} << 24;

// A paged tier's buffers beside its window: a segment of codes and a
// stretch read to be narrowed; and the smallest window it is given.
constexpr std::uint64_t kPagedTierBuffers = (PagedTierSizes::kSegment + TierWindow::kStaged) * 2;
constexpr std::uint64_t kSmallestWindow = kMiB;

// What a table's build holds whatever its size: the writer's blocks, LMDB's
// map and page lists, the progress and the threads' stacks, and what the
// heap keeps of the tables built before it in one run.
constexpr std::uint64_t kPerTable = 6 * kMiB;

// A table file holding `size` values: blocks that do not compress are kept
// as they are, and LMDB's pages and the streams add to that.
constexpr std::uint64_t table_file(Index size) {
  return size * 2 + size / 8 + 4 * kMiB;
}

// The checkpoint of a build solved whole: the codes and the queue.
constexpr std::uint64_t checkpoint_file(Index size) {
  return size * 3 + kQueueFloor;
}
// Solved in a byte: the codes and the queue in the checkpoint, and the depths
// spilled (gen/depth/spill_runs.h: a byte and a gap of one byte a position
// where gaps are short, more only where positions are sparse).
constexpr std::uint64_t byte_checkpoint_file(Index size) {
  return size + size / 1024 * 8 + kQueueFloor;
}
constexpr std::uint64_t spilled_depths(Index size) {
  return size * 2 + size / 64;
}

// A dependency's figures: the file's bytes (what exists, else its bound),
// its index size, and what is read of it.
struct ReadTable {
  std::uint64_t file_bytes = 0;
  Index size = 0;
  std::optional<Index> part;  // the members read, where only a part is read
  bool narrow_codes = false;  // its codes are known to fit in a byte
};

// Bytes held for one table read as classes, codes or values.
inline std::uint64_t held(const ReadTable& t, bool as_classes, bool as_codes) {
  const Index members = t.part.value_or(t.size);
  const std::uint64_t bitmap = t.part ? t.size / 512 * 72 + 72 : 0;  // IndexSubset's blocks
  if (as_classes) return bitmap + members / 2 + 1;
  if (as_codes) return bitmap + members * (t.narrow_codes ? 1 : 3) + (std::uint64_t{1} << 17);
  return t.size * 2;  // values are read whole, part or not (gen/depth/build.h)
}

}  // namespace memory_estimate

// The figures of the tables `game` reads (AttachesDependencies), those not yet
// built taken at their bounds.
template <Game G>
std::vector<memory_estimate::ReadTable> read_tables(const G& game, const BuildOptions& options) {
  std::vector<memory_estimate::ReadTable> tables;
  if constexpr (AttachesDependencies<G>) {
    std::vector<std::optional<IndexSubset>> parts;
    if constexpr (ReadsDependenciesInPart<G>) parts = game.dependency_reads();
    const std::vector<Dependency> deps = game.dependencies();
    for (std::size_t k = 0; k < deps.size(); ++k) {
      const G sub = dependency_of(game, deps[k]);
      memory_estimate::ReadTable t{memory_estimate::table_file(sub.size()), sub.size(), {}, false};
      if (k < parts.size() && parts[k]) t.part = parts[k]->count();
      const auto path = table_path(options.out_dir, sub.table_name());
      if (std::filesystem::exists(path)) {
        t.file_bytes = std::filesystem::file_size(path);
        const storage::TableMeta meta = storage::TableReader(path).meta();
        t.narrow_codes = meta.counts.find("max_depth").value_or(UINT32_MAX) <= 254;
      }
      tables.push_back(t);
    }
  }
  return tables;
}

// The bytes the tables `game` reads hold while it is built, with the pages of
// the largest file, mapped while it is read.
template <Game G>
std::uint64_t reading_bytes(const G& game, const std::vector<memory_estimate::ReadTable>& tables) {
  bool as_classes = false;
  if constexpr (AttachesClasses<G>) as_classes = game.attaches_classes();
  const bool as_codes = !as_classes && AttachesCodes<G>;
  std::uint64_t held = 0, largest_file = 0;
  for (const memory_estimate::ReadTable& t : tables) {
    held += memory_estimate::held(t, as_classes, as_codes);
    largest_file = std::max(largest_file, t.file_bytes);
  }
  return held + largest_file;
}

// The bytes solving `game` holds at most, beside what it reads.
template <Game G>
std::uint64_t solving_bytes(const G& game, const BuildOptions& options) {
  using namespace memory_estimate;
  const std::uint64_t workers = per_worker(options.gen.threads) + kQueueFloor;
  if (solves_in_bytes(game, options)) return solving_in_bytes(game.size()) + workers;
  if constexpr (Tiered<G>) {
    // A tier beside the tier before, kept at 2 bytes an index at most; a
    // tier whose moves all leave it is kept as it is solved, a segment at a
    // time (gen/depth/leaving_tier.h).
    std::uint64_t most = 0;
    for (std::uint32_t k = 0; k < game.tier_count(); ++k) {
      const Index end = k + 1 < game.tier_count() ? game.tier_begin(k + 1) : game.size();
      const Index tier = end - game.tier_begin(k);
      const Index before = k == 0 ? 0 : game.tier_begin(k) - game.tier_begin(k - 1);
      const std::uint64_t own =
          MovesLeaveTier<G> ? tier * 2 + std::min<Index>(tier, kSegment) * 2 : solving(tier);
      most = std::max(most, own + before * 2);
    }
    return most + workers;
  } else {
    if constexpr (Sliced<G>)
      if (game.slice_count() > 0 && game.moves_read_solved()) {
        // The whole table's values, and a slice solved beside them.
        Index largest = 0;
        for (std::uint32_t s = 0; s < game.slice_count(); ++s)
          largest = std::max(largest, game.slice_size(s));
        return game.size() * 2 + solving(largest) + largest * 2 + workers;
      }
    return solving(game.size()) + workers;
  }
}

// The bytes the streams hold after the solve, with the values written and
// read back (gen/depth/build.h, table_streams).
// Tiers, and tables solved in a byte, are written as they come.
template <Game G>
std::uint64_t streams_bytes(const G& game, const BuildOptions& options) {
  if (Tiered<G> || solves_in_bytes(game, options)) return 0;
  const Index size = game.size();
  if constexpr (StoresClasses<G>) return size * 25 / 8 + size;
  return size * 2 + 4 * memory_estimate::kMiB;
}

// The largest tier of `game`, in indices.
template <Tiered G>
Index largest_tier(const G& game) {
  Index most = 0;
  for (std::uint32_t k = 0; k < game.tier_count(); ++k) {
    const Index end = k + 1 < game.tier_count() ? game.tier_begin(k + 1) : game.size();
    most = std::max(most, end - game.tier_begin(k));
  }
  return most;
}

// Whether `game` can page its tiers to disk (gen/depth/paged_tier.h).
template <Game G>
constexpr bool pages_tiers() {
  if constexpr (Tiered<G>)
    return MovesLeaveTier<G>;
  else
    return false;
}

// The figures of building `game` with options.gen.threads threads into
// options.out_dir, the tables it reads as they are there now, and whether
// the build pages its tiers: where its in-core figure is over
// options.memory but its floor is not.
template <Game G>
MemoryEstimate estimate_table(const G& game, const BuildOptions& options, bool* paged = nullptr) {
  using namespace memory_estimate;
  const std::uint64_t reading = reading_bytes(game, read_tables(game, options));
  const std::uint64_t solve = solving_bytes(game, options);
  MemoryEstimate e;
  e.index_size = game.size();
  std::uint64_t own = 0;
  if constexpr (HoldsMemory<G>) own = game.memory_bytes();
  const std::uint64_t fixed = kPerTable + own + reading;
  e.in_core = fixed + std::max(solve, streams_bytes(game, options));
  e.floor = e.in_core;
  const Index size = game.size();
  e.disk = table_file(size);
  if constexpr (pages_tiers<G>()) {
    e.floor = std::min(e.in_core, fixed + kPagedTierBuffers + kSmallestWindow);
    const bool pages = options.memory > 0 && e.in_core > options.memory && e.floor <= options.memory;
    if (paged) *paged = pages;
    if (pages) e.disk += largest_tier(game) * 2 * 3;  // the tier before, the tier solved, the gathered codes
  }
  if (solves_in_bytes(game, options))
    e.disk += spilled_depths(size) + (options.checkpoint_every > 0 ? byte_checkpoint_file(size) : 0);
  else
    e.disk += options.checkpoint_every > 0 ? checkpoint_file(size) : 0;
  return e;
}

// The bytes of the tier before that a build of `game` reads at once in
// options.memory (GenOptions::tier_window_bytes): 0, all of it in memory,
// where the build fits in core or cannot page its tiers.
template <Game G>
std::uint64_t tier_window_bytes(const G& game, const BuildOptions& options) {
  if (!pages_tiers<G>() || options.memory == 0) return 0;  // no estimate to make
  bool paged = false;
  const MemoryEstimate e = estimate_table(game, options, &paged);
  if (!paged) return 0;
  return options.memory - (e.floor - memory_estimate::kSmallestWindow);
}

}  // namespace rtb
