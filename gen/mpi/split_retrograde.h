// The left-counter pass of gen/depth/retrograde.h with the index space split
// over MPI ranks: rank r owns the block [r*B, (r+1)*B) and keeps the values,
// counters and layer queues of that block only. Layers are worked in step
// over all ranks: a rank visits the positions of its own block found in
// depth d, sends each predecessor (with whether the position was lost or
// won) to the predecessor's owner, batched per owner in one all-to-all
// exchange, and applies what it receives with the same rules and the same
// depths as the single-process pass. Updates of layer d only make values
// deeper than d, so the layer may be exchanged in several rounds, which
// bounds the buffers.
//
// Counters are 16 bits and never saturate (a position with more than 65535
// open moves is refused): a recount as the single-process pass does would
// read successors owned by other ranks. Where moves leave the table, the
// first pass keeps each position's loss floor (FirstLook), so a loss found
// later reads no known value again: those of a tier may have been fetched
// from other ranks for the first pass only (gen/mpi/split_tiers.h). Memory
// per rank: 4 bytes per owned index (6 with loss floors), 8 per queued
// position, plus one round's buffers.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "gen/depth/retrograde.h"
#include "gen/depth/value_rules.h"
#include "gen/mpi/comm.h"

namespace rtb::mpi {

// What the exchanges cost, summed over the run (this rank's part).
struct ExchangeStats {
  std::uint64_t layers = 0, rounds = 0;
  std::uint64_t bytes_sent = 0;  // to other ranks
  double wait_seconds = 0;       // inside the exchanges and the layer agreements
  double total_seconds = 0;
};

// A rank's part of a finished table: values of [begin, end), 0 at illegal
// indices, and the statistics of the whole table (summed over ranks).
struct SplitResult {
  Index begin = 0, end = 0;
  std::vector<std::uint16_t> values;
  GenStats stats;
  ExchangeStats exchange;
};

inline Index block_of(Index size, int ranks) {
  return std::max<Index>(1, (size + static_cast<Index>(ranks) - 1) / static_cast<Index>(ranks));
}

// Called on every rank together before the first pass reads the offsets
// [lo, hi) of the rank's part (lo == hi once it has none left), for games
// whose known values must be fetched first.
using PrepareChunk = std::function<void(Index lo, Index hi)>;

template <Game G>
class SplitRetrograde {
 public:
  SplitRetrograde(const G& game, const Comm& comm, PrepareChunk prepare = {})
      : game_(game),
        comm_(comm),
        prepare_(std::move(prepare)),
        size_(game.size()),
        block_(block_of(size_, comm.size())),
        begin_(std::min(size_, block_ * static_cast<Index>(comm.rank()))),
        end_(std::min(size_, begin_ + block_)) {}

  SplitResult run() {
    const auto start = std::chrono::steady_clock::now();
    value_.assign(end_ - begin_, 0);
    left_.assign(end_ - begin_, 0);
    if constexpr (kKeepsFloor) floor_.assign(end_ - begin_, 0);
    comm_.together([&] { initialise(); });
    propagate();
    left_ = {};
    floor_ = {};
    const GenStats stats = finish();  // before value_ is moved out
    SplitResult result{begin_, end_, std::move(value_), stats, stats_};
    result.exchange.total_seconds = seconds_since(start);
    return result;
  }

 private:
  static constexpr std::uint16_t kIllegal = 0xFFFF;
  static constexpr std::uint64_t kNoLayer = UINT64_MAX;
  static constexpr std::size_t kRound = std::size_t{1} << 18;  // positions visited per exchange
  // Positions per prepare_ call: its asks and answers take up to 16 bytes
  // per move of each, a few MB.
  static constexpr Index kChunk = Index{1} << 16;
  static constexpr bool kKeepsFloor = has_known_moves<G>() && has_unmoves<G>();

  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }
  int owner(Index q) const { return static_cast<int>(q / block_); }
  std::uint16_t& value(Index q) { return value_[q - begin_]; }

  void check_depth(std::uint32_t depth) const {
    if (depth > Value::kMaxDepth)
      throw GenError("a depth of more than " + std::to_string(Value::kMaxDepth) +
                     " plies cannot be stored in a wdl16 table");
  }

  void push(std::uint32_t depth, Index i) {
    if (layers_.size() <= depth) layers_.resize(depth + 1);
    layers_[depth].push_back(i);
  }

  void initialise() {
    if (!prepare_) {
      for (Index i = begin_; i < end_; ++i) initialise_one(i);
      return;
    }
    // As many chunks on every rank, as prepare_ exchanges; a failure is
    // kept until the last one.
    const std::uint64_t chunks = comm_.max((end_ - begin_ + kChunk - 1) / kChunk);
    std::string error;
    for (std::uint64_t c = 0; c < chunks; ++c) {
      const Index lo = std::min(end_, begin_ + c * kChunk), hi = std::min(end_, lo + kChunk);
      try {
        prepare_(lo, hi);
        if (error.empty())
          for (Index i = lo; i < hi; ++i) initialise_one(i);
      } catch (const std::exception& e) {
        if (error.empty()) error = e.what();
      }
    }
    if (!error.empty()) throw GenError(error);
  }

  void initialise_one(Index i) {
    const FirstLook look = first_look(game_, i);
    if (!look.legal) {
      value(i) = kIllegal;
      return;
    }
    if (look.open > UINT16_MAX)
      throw GenError("a position with more than 65535 moves cannot be split over ranks");
    left_[i - begin_] = static_cast<std::uint16_t>(look.open);
    if constexpr (kKeepsFloor) floor_[i - begin_] = static_cast<std::uint16_t>(look.loss_floor);
    value(i) = look.value.code();
    if (!look.value.is_draw()) {
      check_depth(look.value.depth());
      if constexpr (has_unmoves<G>()) push(look.value.depth(), i);
    }
  }

  // The next layer any rank has, agreed with the failures of the one before:
  // a rank that failed makes every rank throw its message.
  std::uint64_t next_layer(std::uint64_t from, const std::string& error) {
    const auto start = std::chrono::steady_clock::now();
    comm_.agree(error);
    std::uint64_t mine = kNoLayer;
    for (std::uint64_t d = from; d < layers_.size(); ++d)
      if (!layers_[d].empty()) {
        mine = d;
        break;
      }
    const std::uint64_t next = comm_.min(mine);
    stats_.wait_seconds += seconds_since(start);
    return next;
  }

  void propagate() {
    std::string error;
    std::vector<std::vector<std::uint64_t>> out(comm_.size());
    std::vector<std::uint64_t> in;
    for (std::uint64_t d = next_layer(0, error); d != kNoLayer; d = next_layer(d + 1, error)) {
      const auto depth = static_cast<std::uint32_t>(d);
      std::vector<Index> layer;
      if (d < layers_.size()) layer = std::move(layers_[d]);
      const std::uint64_t rounds = comm_.max((layer.size() + kRound - 1) / kRound);
      ++stats_.layers;
      for (std::uint64_t round = 0; round < rounds; ++round) {
        const std::size_t lo = std::min(layer.size(), round * kRound);
        const std::size_t hi = std::min(layer.size(), lo + kRound);
        try {
          for (auto& o : out) o.clear();
          for (std::size_t k = lo; k < hi; ++k) visit(layer[k], depth, out);
        } catch (const std::exception& e) {
          error = e.what();
        }
        const auto start = std::chrono::steady_clock::now();
        stats_.bytes_sent += comm_.exchange(out, in);
        stats_.wait_seconds += seconds_since(start);
        ++stats_.rounds;
        try {
          for (std::uint64_t x : in) update(x >> 1, (x & 1) != 0, depth);
        } catch (const std::exception& e) {
          if (error.empty()) error = e.what();
        }
      }
    }
  }

  // A position found lost or won in `depth` (not one found again since at
  // a shorter depth) tells each predecessor's owner; its own are updated at once.
  void visit(Index p, std::uint32_t depth, std::vector<std::vector<std::uint64_t>>& out) {
    const std::uint16_t v = value(p);
    const bool loss = v == Value::loss(depth).code();
    if (!loss && v != Value::win(depth).code()) return;
    game_.unmoves(p, [&](Index q) {
      const int to = owner(q);
      if (to == comm_.rank())
        update(q, loss, depth);  // safe inside the layer: it only makes deeper values
      else
        out[to].push_back(q << 1 | static_cast<std::uint64_t>(loss));
    });
  }

  void update(Index q, bool successor_lost, std::uint32_t depth) {
    if (q < begin_ || q >= end_) throw GenError("a predecessor was sent to the wrong rank");
    if (successor_lost)
      make_win(q, depth + 1);
    else
      successor_won(q, depth);
  }

  void make_win(Index q, std::uint32_t depth) {
    const std::uint16_t c = value(q);
    if (c == kIllegal) return;
    const Value v = Value::from_code(c);
    if (!(v.is_draw() || (v.is_win() && v.depth() > depth))) return;
    check_depth(depth);
    value(q) = Value::win(depth).code();
    push(depth, q);
  }

  void successor_won(Index q, std::uint32_t depth) {
    if (value(q) != 0) return;
    if (--left_[q - begin_] == 0) make_loss(q, depth);
  }

  // The single-process pass's loss_plies(), from the floor kept.
  void make_loss(Index q, std::uint32_t depth) {
    std::uint32_t plies = depth + 1;
    if constexpr (kKeepsFloor) plies = std::max<std::uint32_t>(plies, floor_[q - begin_]);
    check_depth(plies);
    value(q) = Value::loss(plies).code();
    push(plies, q);
  }

  GenStats finish() {
    GenStats s;
    for (std::uint16_t& code : value_) {
      if (code == kIllegal) {
        code = 0;
        continue;
      }
      s.add(Value::from_code(code));
    }
    return {comm_.sum(s.legal), comm_.sum(s.wins), comm_.sum(s.draws), comm_.sum(s.losses),
            static_cast<std::uint32_t>(comm_.max(s.max_depth))};
  }

  const G& game_;
  const Comm& comm_;
  PrepareChunk prepare_;
  Index size_, block_, begin_, end_;
  std::vector<std::uint16_t> value_;
  std::vector<std::uint16_t> left_;
  std::vector<std::uint16_t> floor_;  // FirstLook::loss_floor, where kKeepsFloor
  std::vector<std::vector<Index>> layers_;
  ExchangeStats stats_;
};

template <Game G>
SplitResult solve_split(const G& game, const Comm& comm, PrepareChunk prepare = {}) {
  return SplitRetrograde<G>(game, comm, std::move(prepare)).run();
}

// Streams every rank's part, in index order, into `write` on rank 0 (in
// pieces of at most `piece` values, so rank 0 never holds the whole table).
inline void gather_values(const Comm& comm, const SplitResult& part, Index size,
                          const std::function<void(std::span<const std::uint16_t>)>& write) {
  constexpr Index piece = Index{1} << 22;
  const Index block = block_of(size, comm.size());
  if (!comm.root()) {
    for (Index at = 0; at < part.values.size(); at += piece) {
      const Index n = std::min<Index>(piece, part.values.size() - at);
      comm.send(std::span<const std::uint16_t>(part.values.data() + at, n), 0, kTagValues);
    }
    return;
  }
  write(part.values);
  std::vector<std::uint16_t> buffer;
  for (int r = 1; r < comm.size(); ++r) {
    const Index begin = std::min(size, block * static_cast<Index>(r));
    const Index n_rank = std::min(size, begin + block) - begin;
    for (Index at = 0; at < n_rank; at += piece) {
      buffer.resize(std::min<Index>(piece, n_rank - at));
      comm.receive(std::span<std::uint16_t>(buffer), r, kTagValues);
      write(buffer);
    }
  }
}

}  // namespace rtb::mpi
