// From a plugin to a wdl16 table on disk: generate (after the tables it
// depends on), then write atomically.
#pragma once

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "games/game.h"
#include "gen/core/checkpoint.h"
#include "gen/core/dependency.h"
#include "gen/core/output.h"
#include "gen/depth/class_stream.h"
#include "gen/depth/depth_stream.h"
#include "gen/depth/memory_estimate.h"
#include "gen/depth/position_code.h"
#include "gen/depth/retrograde.h"
#include "gen/depth/ring_codes.h"
#include "gen/depth/slices.h"
#include "gen/depth/tiers.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb {

template <Game G>
storage::TableMeta table_meta(const G& game, const GenStats& stats) {
  storage::TableMeta meta = game_meta(game, kDepthKind);
  meta.legal = stats.legal;
  meta.counts.set("wins", stats.wins);
  meta.counts.set("draws", stats.draws);
  meta.counts.set("losses", stats.losses);
  meta.counts.set("max_depth", stats.max_depth);
  return meta;
}

template <Game G>
std::filesystem::path build_table(G& game, const BuildOptions& options, GenStats* stats_out = nullptr);

// What a depth solver's checkpoint belongs to: the table, its index size, and
// the generator whose state it is, with the form of its open positions'
// codes (gen/depth/position_code.h), so that no build reads another's.
template <Game G>
std::string checkpoint_identity(const G& game, std::string_view form = WideCodes::kForm) {
  return std::string(kDepthKind) + " " + std::string(G::kName) + " " + game.params().canonical() + " " +
         game.identity() + " size " + std::to_string(game.size()) + " " + RTB_GENERATOR_VERSION + " " +
         std::string(form);
}

// Checkpoints of one table's run, and the state an earlier run left.
struct Checkpointing {
  std::optional<Checkpointer> checkpointer;
  std::optional<storage::CheckpointFile> resumed;

  template <Game G>
  Checkpointing(const G& game, const std::filesystem::path& table, const BuildOptions& options,
                GenOptions& gen, std::string_view form = WideCodes::kForm) {
    gen.spill_prefix = table.string() + ".spill";
    if (options.checkpoint_every <= 0) return;
    gen.spill_prefix = storage::checkpoint_path(table).string();
    checkpointer.emplace(storage::checkpoint_path(table), checkpoint_identity(game, form),
                         std::chrono::duration<double>(options.checkpoint_every), options.on_note);
    resumed = checkpointer->load();
    checkpointer->set_resume(resumed ? &*resumed : nullptr);
    gen.checkpoint = &*checkpointer;
  }

  // Once the table is published, its checkpoint is of no use, nor are the
  // files beside it (finished tiers, spilled depths: gen/depth/spill_runs.h,
  // paged tiers a killed run left: gen/depth/paged_tier.h).
  static void remove(const std::filesystem::path& table) {
    std::error_code ignored;
    const auto file = storage::checkpoint_path(table);
    std::filesystem::remove(file, ignored);
    std::filesystem::remove(file.string() + ".tiers", ignored);
    const std::string spilled[] = {
        file.filename().string() + ".run", table.filename().string() + ".spill.run",
        file.filename().string() + ".tier-", table.filename().string() + ".spill.tier-"};
    for (const auto& entry : std::filesystem::directory_iterator(table.parent_path(), ignored))
      for (const std::string& prefix : spilled)
        if (entry.path().filename().string().starts_with(prefix))
          std::filesystem::remove(entry.path(), ignored);
  }
};

// Calls f(first, values) for the blocks of `reader` that hold a member of
// `part` (every block where part is null), so that a block none is read from is
// not even decompressed. Refuses a file of another size than the part.
template <class F>
void for_each_block_in(const storage::TableReader& reader, const IndexSubset* part, F&& f) {
  if (!part) return reader.for_each_block(f);
  if (part->size() != reader.meta().index_size)
    throw storage::StorageError(reader.path().string() + " has " + std::to_string(reader.meta().index_size) +
                                " indices where " + std::to_string(part->size()) + " were expected");
  reader.for_each_block(
      [&](std::uint64_t first, std::uint64_t count) { return part->any_in(first, first + count); }, f);
}

// A dependency's classes (AttachesClasses), at the indices of `part` (or
// all), read a block at a time so that its 16-bit values are never held
// whole.
template <AttachesClasses G>
PackedClasses read_classes(const G& game, const storage::TableReader& reader,
                           std::optional<IndexSubset> part) {
  PackedClasses classes = part ? PackedClasses(std::move(*part)) : PackedClasses(reader.meta().index_size);
  for_each_block_in(reader, classes.part(), [&](std::uint64_t first, std::span<const std::uint16_t> codes) {
    classes.fill(first, codes, [&](std::uint16_t code) { return game.dependency_class(code); });
  });
  return classes;
}

// A dependency's codes (AttachesCodes), narrow where they can be, at the
// indices of `part` (or all), read a block at a time.
inline DependencyCodes read_codes(const storage::TableReader& reader, std::optional<IndexSubset> part) {
  DependencyCodes::Builder codes =
      part ? DependencyCodes::Builder(std::move(*part)) : DependencyCodes::Builder(reader.meta().index_size);
  for_each_block_in(reader, codes.part(), [&](std::uint64_t first, std::span<const std::uint16_t> block) {
    codes.append(first, block);
  });
  return std::move(codes).finish();
}

// The tables a game reads while it is built, as attached to it: their
// classes (AttachesClasses), their codes (AttachesCodes) or their values.
// The game reads them in place, so they must outlive its use.
struct AttachedDependencies {
  std::vector<PackedClasses> classes;
  std::vector<DependencyCodes> codes;
  std::vector<std::vector<std::uint16_t>> values;
};

// Builds the tables `game` depends on that options.out_dir lacks (or, with
// !build_missing, refuses), reads them all, and attaches them to `game`.
template <Game G>
AttachedDependencies attach_dependencies(G& game, const BuildOptions& options, bool build_missing = true) {
  AttachedDependencies attached;
  if constexpr (AttachesDependencies<G>) {
    bool as_classes = false;
    if constexpr (AttachesClasses<G>) as_classes = game.attaches_classes();
    const bool as_codes = !as_classes && AttachesCodes<G>;
    BuildOptions quiet_deps = options;
    quiet_deps.force = false;
    const std::vector<Dependency> deps = game.dependencies();
    std::vector<std::optional<IndexSubset>> parts(deps.size());
    if constexpr (ReadsDependenciesInPart<G>)
      if (as_classes || as_codes) {
        parts = game.dependency_reads();
        if (parts.size() != deps.size())
          throw GenError(game.table_name() + ": a part for every dependency was expected");
      }
    for (std::size_t k = 0; k < deps.size(); ++k) {
      const Dependency& dep = deps[k];
      G sub = dependency_of(game, dep);
      auto path = table_path(options.out_dir, sub.table_name());
      if (!std::filesystem::exists(path)) {
        if (!build_missing)
          throw storage::StorageError(game.table_name() + " needs " + path.string() + ", which is missing");
        path = build_table(sub, quiet_deps);
      }
      const storage::TableReader reader(path);
      require_dependency(game, sub, reader.meta(), path, kDepthKind);
      if (!reader.has_values())
        throw storage::StorageError(game.table_name() + " needs the values of " + path.string() +
                                    ", a compact table: build it again without --compact");
      if (as_classes) {
        if constexpr (AttachesClasses<G>)
          attached.classes.push_back(read_classes(game, reader, std::move(parts[k])));
      } else if (as_codes) {
        attached.codes.push_back(read_codes(reader, std::move(parts[k])));
      } else {
        attached.values.push_back(reader.read_all());
      }
    }
    if (as_classes) {
      if constexpr (AttachesClasses<G>) game.attach_classes(attached.classes);
    } else if (as_codes) {
      if constexpr (AttachesCodes<G>) game.attach_codes(attached.codes);
    } else {
      game.attach(DependencyValues(attached.values.begin(), attached.values.end()));
    }
  }
  return attached;
}

// Frees the dependencies that `game`'s streams do not read
// (NamesStreamDependencies), once it is solved: its streams are listed
// beside its values, and the tables it read to be solved need not be.
template <Game G>
void release_unread_by_streams(const G& game, AttachedDependencies& attached) {
  if constexpr (NamesStreamDependencies<G>) {
    auto release = [&](auto& held) {
      using Held = std::remove_cvref_t<decltype(held[0])>;
      for (std::size_t k = 0; k < held.size(); ++k)
        if (!game.streams_read_dependency(k)) held[k] = Held{};
    };
    release(attached.classes);
    release(attached.codes);
    release(attached.values);
  }
}

// How a table's depth streams are listed and packed. In the order that
// suits the depths, ranked anew: with the dense orders of tables without
// pawns, the class stream's order can cost a third more room (KQvKR: 469
// KB against 351 KB). In larger blocks than a class stream's, as
// Syzygy's DTZ files have: a depth probe searches a ply anyway. On the 35
// tables of 3 and 4 pieces, 512-byte blocks take 3.7% less room than
// 128-byte ones for a root probe 13% slower.
inline StreamLayout depth_stream_layout() {
  StreamLayout layout;
  layout.block_bytes = 512;
  return layout;
}

// The streams a table keeps beside its values: the class stream, then the
// depth stream and its map, where the game has them. Each is listed at 2
// bytes a place from a byte and a bit an index taken from the values
// (DepthClassArray, ClassArray). free_values() is called once the depth
// slots are taken (DepthSlots: they may read the values at random), before any
// listing: a generator that can read its values back `later`, in order (a
// ValuesSource: the table being written), lets them go then.
template <Game G, class FreeValues, ValuesSource Later>
std::vector<NamedStream> table_streams(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                                       const FreeValues& free_values, const Later& later) {
  std::vector<NamedStream> streams, depth;
  ListingBuffer buffer;
  if constexpr (StoresDepths<G>) {
    DepthSlots slots(game, values, threads);
    free_values();
    const DepthClassArray depths(std::move(slots), later, threads);
    depth = depth_streams(game, depths, threads, buffer, depth_stream_layout());
  } else {
    free_values();
  }
  if constexpr (StoresClasses<G>)
    streams.push_back({std::string(G::kClassStream),
                       class_stream_of(game, class_array(game, later, threads), threads, buffer)});
  for (NamedStream& s : depth) streams.push_back(std::move(s));
  return streams;
}

template <Game G>
std::vector<NamedStream> table_streams(const G& game, std::span<const std::uint16_t> values,
                                       unsigned threads) {
  return table_streams(
      game, values, threads, [] {}, HeldValues{values});
}

// Generates `game` (after the tables it depends on) and writes its table into
// options.out_dir; returns the path. Throws (GenError,
// storage::StorageError) with nothing written.
template <Game G>
std::filesystem::path build_table(G& game, const BuildOptions& options, GenStats* stats_out) {
  const Stopwatch started;
  const bool in_bytes = solves_in_bytes(game, options);
  if (options.code_width == BuildOptions::CodeWidth::OneByte && !in_bytes)
    throw GenError(game.table_name() +
                   " cannot be solved in a byte a position (tiers, slices and tables with " +
                   "streams keep two): drop --state-bytes 1");
  const auto path = table_path(options.out_dir, game.table_name());
  const storage::TableLock lock = prepare_output(path, options);
  AttachedDependencies dependencies = attach_dependencies(game, options);
  GenOptions gen = options.gen;
  gen.table = place_in_plan(options, game.table_name());
  gen.tier_window_bytes = tier_window_bytes(game, options);
  Checkpointing checkpoints(game, path, options, gen, in_bytes ? RingCodes::kForm : WideCodes::kForm);
  GenStats stats;
  // Writes the values `solve` hands over in index order as they come.
  auto write_as_solved = [&](const auto& solve) {
    storage::WriteOptions write;
    write.force = options.force;
    storage::TableWriter writer(path, game.size(), write, lock);
    stats = solve([&](std::span<const std::uint16_t> values) { writer.append(values); });
    const storage::TableMeta meta = table_meta(game, stats);
    writer.commit(meta);
    Checkpointing::remove(path);
    if (options.on_written) options.on_written({path, meta, started.seconds()});
  };
  if constexpr (Tiered<G>) {
    write_as_solved([&](const auto& write) { return generate_tiers(game, gen, write); });
  } else if (in_bytes) {
    if constexpr (!StoresClasses<G>)
      write_as_solved([&](const auto& write) { return generate_in_bytes(game, gen, write); });
  } else {
    GenResult result = generate_table(game, gen);
    checkpoints.resumed.reset();
    stats = result.stats;
    const std::span<const std::uint16_t> values(result.values.get(), result.size);
    release_unread_by_streams(game, dependencies);
    // The values are written first, then freed before the streams are
    // listed, and read back from the table for their class arrays.
    write_and_report(path, table_meta(game, stats), values, options, lock, started,
                     [&](storage::TableWriter& writer) {
                       auto free_values = [&] { result.values.reset(); };
                       for (const NamedStream& s :
                            table_streams(game, values, gen.threads, free_values, WrittenValues{writer}))
                         writer.add_stream(s.name, s.bytes);
                     });
    Checkpointing::remove(path);
  }
  if (stats_out) *stats_out = stats;
  return path;
}

}  // namespace rtb
