// Sets of wdl tables over MPI ranks, two ways:
// - schedule(): whole tables handed out by rank 0, a manager, to the other
//   ranks as the tables they depend on are finished (GamesmanOne's tier
//   manager); each worker generates its table with the single-process pass
//   and writes it into the shared output directory, where the workers of
//   the tables that need it read it.
// - build_split(): one table with its index space split over every rank
//   (gen/mpi/split_retrograde.h); rank 0 writes it.
// Either way a table is written under a temporary name and renamed when
// complete (storage::TableWriter), so a run that fails leaves none that
// looks complete.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "gen/depth/build.h"
#include "gen/depth/table_plan.h"
#include "gen/depth/tiers.h"
#include "gen/mpi/comm.h"
#include "gen/mpi/split_retrograde.h"
#include "gen/mpi/split_tiers.h"

namespace rtb::mpi {

using BuildOne = std::function<void(const PlannedTable&)>;

namespace detail {

inline void manage(const std::vector<PlannedTable>& plan, const Comm& comm) {
  enum State { kWaiting, kRunning, kDone };
  std::vector<State> state(plan.size(), kWaiting);
  std::vector<int> idle;
  for (int r = comm.size() - 1; r >= 1; --r) idle.push_back(r);
  std::string error;
  std::size_t running = 0;
  auto ready = [&](std::size_t k) {
    return state[k] == kWaiting &&
           std::ranges::all_of(plan[k].needs, [&](std::size_t n) { return state[n] == kDone; });
  };
  for (;;) {
    for (std::size_t k = 0; k < plan.size() && error.empty() && !idle.empty(); ++k)
      if (ready(k)) {
        comm.send_text(std::to_string(k), idle.back(), kTagWork);
        idle.pop_back();
        state[k] = kRunning;
        ++running;
      }
    if (running == 0) break;  // all done, or what is left waits on a failed table
    const Comm::Message m = comm.receive_any();
    const std::size_t space = m.text.find(' ');
    const std::size_t k = std::stoul(m.text.substr(0, space));
    const std::string failure = space == std::string::npos ? "" : m.text.substr(space + 1);
    state[k] = kDone;
    if (!failure.empty() && error.empty()) error = failure;
    idle.push_back(m.from);
    --running;
  }
  for (int r = 1; r < comm.size(); ++r) comm.send_text("stop", r, kTagWork);
  comm.agree(error);
}

inline void work(const std::vector<PlannedTable>& plan, const Comm& comm, const BuildOne& build) {
  for (;;) {
    const Comm::Message m = comm.receive_any();
    if (m.text == "stop") break;
    const std::size_t k = std::stoul(m.text);
    std::string failure;
    try {
      build(plan[k]);
    } catch (const std::exception& e) {
      failure = e.what();
      if (failure.empty()) failure = "failed";
    }
    comm.send_text(std::to_string(k) + (failure.empty() ? "" : " " + failure), 0, kTagDone);
  }
  comm.agree("");
}

}  // namespace detail

// Builds every table of `plan` (linked), each on one worker rank once the
// tables it needs are done. Every rank must call it with the same plan.
inline void schedule(const std::vector<PlannedTable>& plan, const Comm& comm, const BuildOne& build) {
  if (comm.size() == 1) {
    for (const PlannedTable& t : plan) build(t);
    return;
  }
  if (comm.root())
    detail::manage(plan, comm);
  else
    detail::work(plan, comm, build);
}

// Generates `game` split over every rank of `comm`; the tables it reads
// must exist. Rank 0 writes the table (and calls options.on_written).
template <Game G>
ExchangeStats build_split(G& game, const BuildOptions& options, const Comm& comm) {
  if constexpr (Sliced<G>)
    if (game.moves_read_solved())
      throw GenError(game.table_name() +
                     " is solved slice by slice (its moves read the slices solved before), "
                     "which a split run does not do: build it with --mpi tables");
  const Stopwatch started;
  const auto path = table_path(options.out_dir, game.table_name());
  std::optional<storage::TableLock> lock;
  std::optional<storage::TableWriter> writer;
  comm.together([&] {
    if (!comm.root()) return;
    lock.emplace(prepare_output(path, options));
    storage::WriteOptions write;
    write.force = options.force;
    writer.emplace(path, game.size(), write, *lock);
  });
  AttachedDependencies dependency_values;
  comm.together([&] { dependency_values = attach_dependencies(game, options, false); });
  std::string write_error;  // rank 0 keeps receiving after a failed write, then all agree
  // Rank 0 keeps the values too where the table keeps streams beside them
  // (as build_table writes them): 2 bytes an index, on rank 0 alone.
  constexpr bool kKeepsStreams = !Tiered<G> && (StoresClasses<G> || StoresDepths<G>);
  std::vector<std::uint16_t> kept;
  if (kKeepsStreams && comm.root()) kept.reserve(game.size());
  auto write = [&](std::span<const std::uint16_t> values) {
    if (!write_error.empty()) return;
    try {
      writer->append(values);
      if constexpr (kKeepsStreams) kept.insert(kept.end(), values.begin(), values.end());
    } catch (const std::exception& e) {
      write_error = e.what();
    }
  };
  GenStats stats;
  ExchangeStats exchange;
  if constexpr (Tiered<G>) {
    const SplitTotals totals = solve_tiers_split(game, comm, write);
    stats = totals.stats;
    exchange = totals.exchange;
  } else {
    const SplitResult part = solve_split(game, comm);
    stats = part.stats;
    exchange = part.exchange;
    gather_values(comm, part, game.size(), write);
  }
  comm.agree(write_error);
  release_unread_by_streams(game, dependency_values);
  comm.together([&] {
    if (!comm.root()) return;
    if constexpr (kKeepsStreams)
      for (const NamedStream& s :
           table_streams(game, std::span<const std::uint16_t>(kept), options.gen.threads))
        writer->add_stream(s.name, s.bytes);
    const storage::TableMeta meta = table_meta(game, stats);
    writer->commit(meta);
    if (options.on_written) options.on_written({path, meta, started.seconds()});
  });
  return exchange;
}

}  // namespace rtb::mpi
