// What the left-counter pass keeps beside its bytes when they are
// RingCodes (gen/depth/ring_codes.h): the ring's base, the shallowest far
// depth, and the depths spilled to disk; and the three passes over the
// bytes that keep the ring small: reduce (layers worked long ago go to
// disk), promote (far values whose depth the ring has reached come into
// it) and write (the table's values, put back together in index order).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/gen_stats.h"
#include "gen/depth/ring_codes.h"
#include "gen/depth/spill_runs.h"
#include "gen/depth/value_rules.h"

namespace rtb {

class RingState {
 public:
  using Code = RingCodes::Code;
  static constexpr std::uint32_t kNoFar = RingCodes::kNoFar;

  explicit RingState(std::string spill_prefix) : runs_(std::move(spill_prefix)) {}

  // A value deeper than the ring was set (from any worker).
  void note_far(std::uint32_t depth) {
    std::uint32_t seen = far_min_.load(std::memory_order_relaxed);
    while (depth < seen && !far_min_.compare_exchange_weak(seen, depth, std::memory_order_relaxed)) {
    }
  }
  // The shallowest far depth set (a far win may have been improved since).
  std::uint32_t far_min() const { return far_min_.load(std::memory_order_relaxed); }

  // Writes the depths of the ring's layers below `base` to a run and marks
  // those positions done, then names depths from `base` on. Between layers
  // only: every layer below `base` is worked.
  void reduce(RingCodes& codes, std::span<Code> bytes, ThreadPool& pool, std::uint32_t base) {
    const Index size = bytes.size(), part = std::max<Index>((size + pool.size() - 1) / pool.size(), 1);
    SpillRuns::Run run;
    run.base = codes.base();
    for (Index b = 0; b < size; b += part) run.begins.push_back(b);
    run.begins.push_back(size);
    run.bytes.resize(run.begins.size() - 1);
    run.held.resize(run.bytes.size());
    pool.parallel_for(size, part, [&](unsigned, Index lo, Index hi) {
      SpillRuns::PartWriter out(runs_.file(runs_.size(), lo / part), lo);
      for (Index i = lo; i < hi; ++i) {
        const Code c = bytes[i];
        if (!RingCodes::in_ring(c)) continue;
        const std::uint32_t depth = codes.depth(c);
        if (depth >= base) continue;
        out.add(i, depth - run.base);
        bytes[i] = RingCodes::is_loss(c) ? RingCodes::kDoneLoss : RingCodes::kDoneWin;
      }
      run.bytes[lo / part] = out.finish(run.held[lo / part]);
    });
    runs_.add(std::move(run));
    codes.set_base(base);
  }

  // Brings the far values whose depth is now in the ring into it, each
  // queued by push(worker, depth, index), and finds the shallowest left.
  template <Game G, class Push>
  void promote(const G& game, const RingCodes& codes, std::span<Code> bytes, ThreadPool& pool, Push&& push) {
    std::atomic<std::uint32_t> left{kNoFar};
    pool.parallel_for(bytes.size(), Index{1} << 14, [&](unsigned worker, Index lo, Index hi) {
      std::uint32_t shallowest = kNoFar;
      for (Index i = lo; i < hi; ++i) {
        if (bytes[i] != RingCodes::kFarWin && bytes[i] != RingCodes::kFarLoss) continue;
        const Value v = far_value(game, i, bytes[i]);
        if (!codes.in_window(v.depth())) {
          shallowest = std::min(shallowest, v.depth());
          continue;
        }
        bytes[i] = codes.ring(v);
        push(worker, v.depth(), i);
      }
      std::uint32_t seen = left.load();
      while (shallowest < seen && !left.compare_exchange_weak(seen, shallowest)) {
      }
    });
    far_min_.store(left.load());
  }

  // The table's values in index order, a block at a time into `write`;
  // their counts.
  template <Game G>
  GenStats write(const G& game, const RingCodes& codes, std::span<const Code> bytes,
                 const std::function<void(std::span<const std::uint16_t>)>& write) const {
    constexpr Index kBlock = Index{1} << 16;
    std::vector<SpillRuns::Reader> readers;
    for (std::size_t r = 0; r < runs_.size(); ++r) readers.emplace_back(runs_, r);
    std::vector<std::uint16_t> block;
    GenStats stats;
    for (Index lo = 0; lo < bytes.size(); lo += kBlock) {
      const Index hi = std::min<Index>(lo + kBlock, bytes.size());
      block.resize(hi - lo);
      for (Index i = lo; i < hi; ++i) {
        const Code c = bytes[i];
        if (c == RingCodes::kFarWin || c == RingCodes::kFarLoss)
          block[i - lo] = far_value(game, i, c).code();
        else if (c != RingCodes::kDoneWin && c != RingCodes::kDoneLoss)
          block[i - lo] = codes.value_code(c);
      }
      for (std::size_t r = 0; r < readers.size(); ++r)
        for (SpillRuns::Reader& in = readers[r]; in.at() < hi; in.next()) {
          const std::uint32_t depth = runs_.run(r).base + in.offset();
          const bool lost = bytes[in.at()] == RingCodes::kDoneLoss;
          block[in.at() - lo] = (lost ? Value::loss(depth) : Value::win(depth)).code();
        }
      for (Index i = lo; i < hi; ++i)
        if (bytes[i] != RingCodes::kIllegal) stats.add(Value::from_code(block[i - lo]));
      write(block);
    }
    return stats;
  }

  // For a checkpoint, which then holds the runs' files: the base, the
  // shallowest far depth and the runs.
  std::vector<std::uint64_t> save(const RingCodes& codes) {
    runs_.keep();
    std::vector<std::uint64_t> out{codes.base(), far_min()};
    const std::vector<std::uint64_t> runs = runs_.save();
    out.insert(out.end(), runs.begin(), runs.end());
    return out;
  }
  bool restore(RingCodes& codes, std::span<const std::uint64_t> in, Index size) {
    if (in.size() < 2 || !runs_.restore(in.subspan(2), size)) return false;
    codes.set_base(static_cast<std::uint32_t>(in[0]));
    far_min_.store(static_cast<std::uint32_t>(in[1]));
    return true;
  }

 private:
  // A far value, again from the game: the first pass's, or a loss that
  // loss_plies() made one more than the slowest known win a move leads to
  // (its inside wins were all nearer).
  template <Game G>
  static Value far_value(const G& game, Index i, Code c) {
    const FirstLook look = first_look(game, i);
    if (c == RingCodes::kFarWin || look.value.is_loss()) return look.value;
    return Value::loss(look.loss_floor);
  }

  SpillRuns runs_;
  std::atomic<std::uint32_t> far_min_{kNoFar};
};

}  // namespace rtb
