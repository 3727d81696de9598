// What every solver shares on its way to disk: where a table goes, what a
// run is told, and the meta fields every table has.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "gen/core/options.h"
#include "storage/table_lock.h"
#include "storage/table_meta.h"
#include "storage/table_path.h"
#include "storage/table_writer.h"

#ifndef RTB_GENERATOR_VERSION
#define RTB_GENERATOR_VERSION "rtb"
#endif

namespace rtb {

// What was written: a table's file and what its kind counted.
struct WrittenTable {
  std::filesystem::path path;
  const storage::TableMeta& meta;
  double seconds;  // wall time from the start of its build (tables built at once overlap)
};

// Wall seconds since construction: a build's, for WrittenTable.
class Stopwatch {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

struct BuildOptions {
  std::filesystem::path out_dir = "tables";
  GenOptions gen;
  bool force = false;
  // The bytes a run's tables may hold at once, beside what the process held
  // before the run (0: no limit; gen/depth/memory_estimate.h), and where that
  // figure came from, for messages ("the budget of 20.1 GiB (--memory)").
  std::uint64_t memory = 0;
  std::string memory_source = "the memory budget";
  // What the depth solver keeps per index: a byte (RingCodes) where the
  // game can be solved so, two bytes (WideCodes), or, by default, a byte
  // wherever it can (gen/depth/build.h: solves_in_bytes).
  enum class CodeWidth { Automatic, OneByte, TwoBytes } code_width = CodeWidth::Automatic;
  // Seconds of work between checkpoints of a long table (0: none), and
  // whether to resume from the checkpoint an earlier run left.
  double checkpoint_every = 120;
  // The tables this run builds, in order (see plan_run in gen/depth/table_plan.h),
  // so each one's progress says "table 6 of 20"; empty: no place is known.
  std::vector<std::string> plan;
  // Called after each table is written, dependencies included.
  std::function<void(const WrittenTable&)> on_written;
  // Called with what the user should know that is no error ("removing the
  // partial file an interrupted run left").
  std::function<void(const std::string&)> on_note;
};

// The progress reports' name and place of the table `name` in options.plan.
inline TablePlace place_in_plan(const BuildOptions& options, const std::string& name) {
  TablePlace place{name, 0, 0};
  for (std::size_t k = 0; k < options.plan.size(); ++k)
    if (options.plan[k] == name)
      place = {name, static_cast<std::uint32_t>(k + 1), static_cast<std::uint32_t>(options.plan.size())};
  return place;
}

// Removes, saying so, the partial file an interrupted run left at `path`.
// Call only while holding the table's lock: then no live run owns it.
inline void remove_leftover(const std::filesystem::path& path, const BuildOptions& options) {
  const auto partial = storage::partial_path(path);
  if (!std::filesystem::exists(partial)) return;
  if (options.on_note)
    options.on_note("removing " + partial.string() + ", left unfinished by an interrupted run");
  std::filesystem::remove(partial);
  std::filesystem::remove(partial.string() + "-lock");
}

// Refuses, without force, to write a table that exists. A partial file
// beside it (a killed --force run's) is removed first where this run can
// take the table's lock, which makes it the partial's owner; one a live
// run is writing is left alone.
inline void refuse_existing(const std::filesystem::path& path, const BuildOptions& options) {
  if (!std::filesystem::exists(path) || options.force) return;
  if (std::filesystem::exists(storage::partial_path(path))) {
    try {
      const storage::TableLock lock(path);
      remove_leftover(path, options);
    } catch (const storage::StorageError&) {
      // Another run is writing it (or the lock cannot be taken): not ours to touch.
    }
  }
  throw storage::StorageError("table " + path.string() + " already exists; use --force to replace it");
}

// Before generating into `path`: takes the table's lock (refusing when
// another run is writing it), refuses an existing table without force (so
// no time is spent on a table that cannot be written), and removes, saying
// so, what an interrupted run left. Hold the lock until the table is written.
[[nodiscard]] inline storage::TableLock prepare_output(const std::filesystem::path& path,
                                                       const BuildOptions& options) {
  std::filesystem::create_directories(path.parent_path());
  refuse_existing(path, options);
  storage::TableLock lock(path);
  remove_leftover(path, options);
  return lock;
}

// What every table's meta record says of its game and generator; each kind
// of table adds its counts.
template <class G>
storage::TableMeta game_meta(const G& game, std::string_view value_kind) {
  storage::TableMeta meta;
  meta.game = std::string(G::kName);
  meta.params = game.params().canonical();
  meta.identity = game.identity();
  meta.value_kind = std::string(value_kind);
  meta.generator_version = RTB_GENERATOR_VERSION;
  return meta;
}

// A stream a table stores beside its values (TableWriter::add_stream).
struct NamedStream {
  std::string name;
  std::vector<std::byte> bytes;
};

// Writes a whole table, its values first, then the streams add_streams(writer)
// adds (so that a generator may free its values before it lists them), and
// tells options.on_written how long since `started` it took.
template <class AddStreams>
void write_and_report(const std::filesystem::path& path, const storage::TableMeta& meta,
                      std::span<const std::uint16_t> values, const BuildOptions& options,
                      const storage::TableLock& lock, const Stopwatch& started,
                      const AddStreams& add_streams) {
  storage::WriteOptions write;
  write.force = options.force;
  storage::TableWriter writer(path, values.size(), write, lock);
  writer.append(values);
  add_streams(writer);
  writer.commit(meta);
  if (options.on_written) options.on_written({path, meta, started.seconds()});
}

// The same, with streams made already.
inline void write_and_report(const std::filesystem::path& path, const storage::TableMeta& meta,
                             std::span<const std::uint16_t> values, const BuildOptions& options,
                             const storage::TableLock& lock, const Stopwatch& started,
                             std::span<const NamedStream> streams = {}) {
  write_and_report(path, meta, values, options, lock, started, [&](storage::TableWriter& writer) {
    for (const NamedStream& s : streams) writer.add_stream(s.name, s.bytes);
  });
}

}  // namespace rtb
