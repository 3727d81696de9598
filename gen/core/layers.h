// The positions waiting to be propagated, bucketed by depth. Processing the
// buckets in depth order is what makes depths exact. A bucket whose list
// would push the queued total past the cap becomes a "scan" bucket: its list
// is dropped and its positions are found again by scanning the values for
// that depth, so the queue never costs more than about a byte per index:
// size / sizeof(Entry) entries, the layer being worked included. Lists are
// kept in blocks (BlockList), so that bound is what they cost. Entry is
// std::uint32_t for tables of up to 2^32 indices (twice the positions
// listed instead of scanned), Index beyond.
//
// A layer is handed out in index order: positions next to each other in
// the index share predecessors' cache lines. A small layer is a sorted
// list; a large one is handed out as a bitmap of the table, an eighth of a
// byte per index, which is linear where a sort is not and costs no list
// beside the queue. Either way a position listed twice is worked once.
// Without bitmaps (a solver that counts every byte: gen/depth/ring_codes.h)
// a large layer is a scan instead.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "games/game.h"
#include "gen/core/block_list.h"

namespace rtb {

template <class Entry>
class Layers {
 public:
  struct Layer {
    bool scan = false;
    std::vector<Entry> list;  // a small layer: sorted, no repeats
    // A large layer: a bit per index. Whoever reads a word clears it (the
    // bitmap is the next large layer's).
    std::span<std::uint64_t> bits;
  };

  // `cap`: entries queued at most; 0 for the byte per index. `bitmaps`:
  // whether a large layer is handed out as a bitmap or as a scan.
  Layers(Index size, unsigned workers, std::uint32_t max_depth, std::uint64_t cap = 0, bool bitmaps = true)
      : size_(size),
        bitmaps_(bitmaps),
        cap_(cap ? cap : std::max<std::uint64_t>(size / sizeof(Entry), 1u << 16)),
        max_depth_(max_depth),
        scan_(std::make_unique<std::atomic<bool>[]>(max_depth + 1)),
        staging_(workers) {}

  // Safe from many workers at once, each with its own `worker` number.
  // A depth that becomes a scan frees what each worker staged for it at
  // once, not at the flush (the queued count keeps it until then, which
  // errs toward scanning).
  void push(unsigned worker, std::uint32_t depth, Entry i) {
    Staging& s = staging_[worker];
    if (scan_[depth].load(std::memory_order_relaxed)) {
      if (depth < s.by_depth.size() && !s.by_depth[depth].empty()) s.by_depth[depth].clear();
      return;
    }
    if (s.by_depth.size() <= depth) s.by_depth.resize(depth + 1);
    if (s.by_depth[depth].empty()) s.touched.push_back(depth);
    s.by_depth[depth].push_back(i);
    if (++s.unreported == kReportEvery) {
      s.unreported = 0;
      if (queued_.fetch_add(kReportEvery, std::memory_order_relaxed) + kReportEvery > cap_) {
        scan_[depth].store(true, std::memory_order_relaxed);
        s.by_depth[depth].clear();
      }
    }
  }

  // Moves the workers' staged entries into the buckets. Between layers only.
  void flush() {
    for (Staging& s : staging_) {
      for (std::uint32_t d : s.touched) {
        auto& items = s.by_depth[d];
        if (buckets_.size() <= d) buckets_.resize(d + 1);
        if (!scan_[d]) {
          total_ += items.size();
          buckets_[d].append(std::move(items));  // leaves items empty
        } else {
          items.clear();
        }
        top_ = std::max(top_, d);
      }
      s.touched.clear();
      s.unreported = 0;
    }
    while (total_ > cap_) {  // let the largest buckets go to scanning
      auto largest = std::max_element(buckets_.begin(), buckets_.end(),
                                      [](const auto& a, const auto& b) { return a.size() < b.size(); });
      total_ -= largest->size();
      scan_[largest - buckets_.begin()].store(true);
      largest->clear();
    }
    in_hand_ = 0;  // the layer taken last is done
    queued_.store(total_);
  }

  // The smallest depth >= from with work queued, or false if none is left.
  bool next(std::uint32_t& depth) const {
    for (; depth <= top_; ++depth)
      if (scan_[depth] || (depth < buckets_.size() && !buckets_[depth].empty())) return true;
    return false;
  }

  // The layer of `depth`, taken out of the queue; a list counts against
  // the cap until the next flush().
  Layer take(std::uint32_t depth) {
    Layer layer;
    layer.scan = scan_[depth];
    if (depth < buckets_.size() && !buckets_[depth].empty()) {
      BlockList<Entry>& from = buckets_[depth];
      total_ -= from.size();
      if (layer.scan) {
        from.clear();  // listed before the depth became a scan: the scan finds them
      } else if (from.size() < size_ / 512) {
        in_hand_ = from.size();
        put_in_order(from, layer.list);
      } else if (!bitmaps_) {
        layer.scan = true;
        from.clear();
      } else {
        layer.bits = to_bits(from);
      }
    }
    queued_.store(total_ + in_hand_);
    return layer;
  }

  std::uint32_t max_depth() const { return max_depth_; }

  // The queue between layers (after flush) as bytes, for a checkpoint: the
  // top depth, a scan flag per depth, then each bucket's length and entries.
  std::vector<std::byte> save() const {
    std::vector<std::byte> out;
    out.reserve(sizeof top_ + max_depth_ + 1 + 8 * (buckets_.size() + 1) + total_ * sizeof(Entry));
    put(out, top_);
    for (std::uint32_t d = 0; d <= max_depth_; ++d) out.push_back(std::byte{scan_[d].load()});
    put(out, std::uint64_t{buckets_.size()});
    for (const auto& bucket : buckets_) {
      put(out, std::uint64_t{bucket.size()});
      bucket.for_each([&](Entry i) { put(out, i); });
    }
    return out;
  }

  // Back from save()'s bytes; false (and the queue unchanged) if they are
  // not a queue of this table.
  bool restore(std::span<const std::byte> in) {
    std::uint32_t top = 0;
    std::uint64_t count = 0;
    if (!get(in, top) || in.size() < max_depth_ + 1u) return false;
    const std::span<const std::byte> scan = in.first(max_depth_ + 1u);
    in = in.subspan(max_depth_ + 1u);
    if (!get(in, count) || count > max_depth_ + 1u) return false;
    std::vector<BlockList<Entry>> buckets(count);
    std::uint64_t total = 0;
    for (auto& bucket : buckets) {
      std::uint64_t n = 0;
      if (!get(in, n) || n > in.size() / sizeof(Entry)) return false;
      for (std::uint64_t k = 0; k < n; ++k) {
        Entry i{};
        get(in, i);
        if (i >= size_) return false;
        bucket.push_back(i);
      }
      total += n;
    }
    if (!in.empty() || top > max_depth_) return false;
    for (std::uint32_t d = 0; d <= max_depth_; ++d) scan_[d].store(scan[d] != std::byte{0});
    buckets_ = std::move(buckets);
    top_ = top;
    total_ = total;
    queued_.store(total_);
    return true;
  }

 private:
  static constexpr std::uint64_t kReportEvery = 256;
  struct alignas(64) Staging {  // a cache line apart: workers push at once
    std::vector<BlockList<Entry>> by_depth;
    std::vector<std::uint32_t> touched;  // depths with staged entries
    std::uint64_t unreported = 0;
  };

  template <class T>
  static void put(std::vector<std::byte>& out, T v) {
    const std::size_t at = out.size();
    out.resize(at + sizeof v);
    std::memcpy(out.data() + at, &v, sizeof v);
  }
  template <class T>
  static bool get(std::span<const std::byte>& in, T& v) {
    if (in.size() < sizeof v) return false;
    std::memcpy(&v, in.data(), sizeof v);
    in = in.subspan(sizeof v);
    return true;
  }

  // Empties `from` into `list`, in index order and without repeats.
  static void put_in_order(BlockList<Entry>& from, std::vector<Entry>& list) {
    list.reserve(from.size());
    from.drain([&](Entry i) { list.push_back(i); });
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }

  // Empties `from` into the bitmap (zero between large layers).
  std::span<std::uint64_t> to_bits(BlockList<Entry>& from) {
    const Index words = (size_ + 63) / 64;
    if (!bitmap_) bitmap_ = std::make_unique<std::uint64_t[]>(words);
    from.drain([&](Entry i) { bitmap_[i / 64] |= std::uint64_t{1} << (i % 64); });
    return {bitmap_.get(), words};
  }

  Index size_;
  bool bitmaps_;
  std::uint64_t cap_;
  std::uint32_t max_depth_;
  std::uint32_t top_ = 0;
  std::uint64_t total_ = 0;    // entries in buckets_
  std::uint64_t in_hand_ = 0;  // entries of the layer taken last, until flush()
  std::atomic<std::uint64_t> queued_{0};
  std::unique_ptr<std::atomic<bool>[]> scan_;
  std::vector<BlockList<Entry>> buckets_;
  std::vector<Staging> staging_;
  std::unique_ptr<std::uint64_t[]> bitmap_;
};

}  // namespace rtb
