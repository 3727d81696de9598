// The class stream a game's table stores beside its values (StoresClasses
// in games/game.h): each index's class from the game, listed in the order
// that compresses best among those the game offers (OrdersStream), then
// encoded by storage/class_stream.h.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/values_source.h"
#include "storage/class_stream.h"

namespace rtb {

// The 2 bytes per index a stream is listed into, kept from one stream of a
// table to the next (storage::encode_class_stream leaves its capacity): a
// fresh vector of a 5-piece table costs as much in page faults as listing
// into it does.
using ListingBuffer = std::vector<std::uint16_t>;

// How class_stream_of lists and packs a stream.
struct StreamLayout {
  // The tag of the order to list indices in (OrdersStream); none: the
  // order the game offers that compresses best (ranking them is a large
  // part of the cost, so a table's second stream may reuse the first's).
  std::optional<std::uint32_t> order;
  std::uint32_t block_bytes = storage::ClassStreamOptions{}.block_bytes;
  // The side to move (0 or 1) of every position whose class is not "any"
  // (StreamClass{}): an order that lists each side apart (ListsSidesApart)
  // walks only that side's places.
  std::optional<int> side;

  // The same, for the positions of side `s` to move.
  StreamLayout for_side(int s) const {
    StreamLayout out = *this;
    out.side = s;
    return out;
  }
  // What the encoder is given, on `threads` threads.
  storage::ClassStreamOptions encoder_options(unsigned threads) const {
    storage::ClassStreamOptions options;
    options.block_bytes = block_bytes;
    options.threads = threads;
    return options;
  }
};

// How many orders a stream is encoded in, the smaller kept: those with the
// fewest sampled runs.
constexpr std::size_t kStreamTries = 2;

// The best of the game's stream orders for one stream: at most
// kStreamTries, the fewest sampled runs (class_stream_detail::sampled_runs)
// first, ties to the order listed first.
struct StreamRanking {
  std::vector<std::size_t> orders;  // into game.stream_orders()
  std::uint64_t fewest_runs = 0;    // those of orders[0]
};

namespace class_stream_detail {

// Calls f(i, classify(i)) for i in [lo, hi), in order: through one
// classify.scanner() where the classifier offers one (GameClasses), which
// answers faster asked in order.
template <class Classify, class F>
void for_each_class(const Classify& classify, Index lo, Index hi, F&& f) {
  if constexpr (requires { classify.scanner(); }) {
    auto scanner = classify.scanner();
    for (Index i = lo; i < hi; ++i) f(i, scanner(i));
  } else {
    for (Index i = lo; i < hi; ++i) f(i, classify(i));
  }
}

inline std::uint16_t marked(StreamClass s) {
  return static_cast<std::uint16_t>(s.bound | (s.exact ? storage::kExactClass : 0));
}

// Lists into `out` the marked classes (storage/class_stream.h) of the
// places `order` walks, mark(i) for each index listed: kExactClass where
// the class must be stored as it is. Only the places [first, last) are
// walked; the others are "any class" (255). An order may list indices far
// apart (a large table's arrays outgrow the cache): touch(i) prefetches
// what mark(i) reads, a batch of indices ahead.
template <class Order, class Touch, class Mark>
void list(ThreadPool& pool, const Order& order, Index first, Index last, const Touch& touch, const Mark& mark,
          ListingBuffer& out) {
  constexpr std::size_t kBatch = 64;
  out.resize(order.size());  // the walk writes every place of [first, last)
  std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(first), 255);
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(last), out.end(), 255);
  pool.parallel_for(last - first, Index{1} << 14, [&](unsigned, Index from, Index to) {
    const Index lo = first + from, hi = first + to;
    std::array<Index, kBatch> indices{};
    Index at = lo;  // the place of indices[0]
    std::size_t count = 0;
    auto flush = [&] {
      for (std::size_t k = 0; k < count; ++k) out[at + k] = indices[k] == kNoIndex ? 255 : mark(indices[k]);
      at += count;
      count = 0;
    };
    order.walk(lo, hi, [&](Index, Index i) {
      if (i != kNoIndex) touch(i);
      indices[count++] = i;
      if (count == kBatch) flush();
    });
    flush();
  });
}

// The windows sampled_runs samples: places in each, and at most how many.
constexpr Index kWindow = 4096, kWindows = 128;
// And those sampled_bytes encodes: as many places, in longer windows,
// where the pair grammar finds more of what it finds in a whole stream
// (with these it picked the smaller depth stream of 29 tables of 3 and 4
// pieces with both sides held; with kWindow and kWindows, 27).
constexpr Index kBytesWindow = 32768, kBytesWindows = 16;

// Calls f(lo, hi) for each window of places sampled from `order` that
// meets [first, last), and returns how many do not: at most `most`
// windows of `window` places, spread across the stream, each at a
// scrambled offset in its stride (at the stride's start, a digit order's
// higher digits are mostly zeros, pieces stacked on a1 and every place
// broken, in every window alike).
template <class Order, class F>
Index for_each_window(const Order& order, Index first, Index last, const F& f, Index window = kWindow,
                      Index most = kWindows) {
  const Index n = order.size();
  const Index windows = std::max<Index>(1, std::min(most, n / window));
  const Index stride = n / windows, slack = stride > window ? stride - window : 0;
  Index outside = 0;
  for (Index w = 0; w < windows; ++w) {
    const Index jitter = slack == 0 ? 0 : ((w + 1) * 0x9E3779B97F4A7C15ull >> 20) % slack;
    const Index lo = w * stride + jitter, hi = std::min(n, lo + window);
    if (hi <= first || lo >= last)
      outside += lo < hi;
    else
      f(lo, hi);
  }
  return outside;
}

// How many runs of one class the encoder's fill leaves over the sampled
// windows, class_at(i) giving index i's StreamClass: few runs compress
// well, and the count ranks orders about as their encoded sizes do, at a
// fraction of the cost. Only the places [first, last) can hold a class
// other than "any": a window wholly outside them is one run of "any" and
// is not walked (half the windows of a depth stream, which holds one side
// to move of an order that lists the sides apart). kNoRuns once the count
// passes limit() (read between windows), which then ends it.
constexpr std::uint64_t kNoRuns = ~std::uint64_t{0};
template <class Order, class ClassAt, class Limit>
std::uint64_t sampled_runs(const Order& order, Index first, Index last, const ClassAt& class_at,
                           const Limit& limit, Index windows = kWindows) {
  std::uint64_t runs = 0;
  bool passed = false;
  const Index outside = for_each_window(
      order, first, last,
      [&](Index lo, Index hi) {
        if (passed || (passed = runs > limit())) return;
        int stored = 255, previous = -1;
        order.walk(lo, hi, [&](Index, Index i) {
          if (i == kNoIndex) return;
          const StreamClass s = class_at(i);
          if (s.exact || s.bound < stored) stored = s.bound;
          runs += stored != previous;
          previous = stored;
        });
      },
      kWindow, windows);
  return passed || runs > limit() ? kNoRuns : runs + outside;
}
template <class Order, class ClassAt>
std::uint64_t sampled_runs(const Order& order, Index first, Index last, const ClassAt& class_at) {
  return sampled_runs(order, first, last, class_at, [] { return kNoRuns; });
}

// The encoded size of the sampled windows that meet [first, last), listed
// one after another: closer to a stream's size than its runs, where two
// streams differ in their classes too (the two sides of a depth stream).
template <class Order, class ClassAt>
std::size_t sampled_bytes(const Order& order, Index first, Index last, const ClassAt& class_at,
                          const storage::ClassStreamOptions& options) {
  std::vector<std::uint16_t> listed;
  for_each_window(
      order, first, last,
      [&](Index lo, Index hi) {
        order.walk(lo, hi,
                   [&](Index, Index i) { listed.push_back(i == kNoIndex ? 255 : marked(class_at(i))); });
      },
      kBytesWindow, kBytesWindows);
  return storage::encode_class_stream(listed, options).size();
}

// The places of `order` that can hold a class other than "any": those of
// the layout's side, if any.
template <class Order>
std::pair<Index, Index> places_of(const Order& order, const StreamLayout& layout) {
  if constexpr (ListsSidesApart<Order>)
    if (layout.side) return order.side_places(*layout.side);
  return {Index{0}, order.size()};
}

// The sampled runs of orders[k] for each k of `which`, on the pool's
// threads; kNoRuns for those that cannot be among the `keep` fewest. An
// order's count stops once it passes the keep-th fewest counted so far: a
// count only grows, so no order stopped could have ranked among them, and
// they come out as a full count of every order would rank them, whatever
// the threads' timing.
template <class Orders, class ClassAt>
std::vector<std::uint64_t> fewest_runs(ThreadPool& pool, const Orders& orders,
                                       const std::vector<std::size_t>& which, const ClassAt& class_at,
                                       const StreamLayout& layout, std::size_t keep, Index windows) {
  std::vector<std::uint64_t> runs(orders.size(), kNoRuns);
  std::mutex mutex;
  std::vector<std::uint64_t> fewest;  // the fewest runs counted yet, ascending, at most keep
  std::atomic<std::uint64_t> limit{kNoRuns};
  pool.parallel_for(which.size(), 1, [&](unsigned, Index lo, Index hi) {
    for (Index w = lo; w < hi; ++w) {
      const std::size_t k = which[w];
      const auto [first, last] = places_of(orders[k], layout);
      runs[k] = sampled_runs(
          orders[k], first, last, class_at, [&] { return limit.load(std::memory_order_relaxed); }, windows);
      if (runs[k] == kNoRuns) continue;
      const std::lock_guard lock(mutex);
      fewest.insert(std::ranges::upper_bound(fewest, runs[k]), runs[k]);
      if (fewest.size() > keep) fewest.pop_back();
      if (fewest.size() == keep) limit.store(fewest.back(), std::memory_order_relaxed);
    }
  });
  return runs;
}

// The indices k of the `keep` fewest runs, fewest first, ties to the
// smaller k.
inline std::vector<std::size_t> fewest_of(const std::vector<std::uint64_t>& runs, std::size_t keep) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < runs.size(); ++k)
    if (runs[k] != kNoRuns) out.push_back(k);
  std::ranges::stable_sort(out, [&](std::size_t a, std::size_t b) { return runs[a] < runs[b]; });
  if (out.size() > keep) out.resize(keep);
  return out;
}

// The orders with the fewest sampled runs. Where there are more than
// kShortlist, every order is first counted over kFirstWindows windows and
// only the kShortlist fewest over all kWindows: most orders are far from
// the best, and an eighth of the samples tells them apart (the 35 tables
// of 3 and 4 pieces: with 12 and 16 their WDL streams came out 0.6%
// larger and their DTZ streams 0.1% smaller; with 6, 2.8% and 0.8%
// larger). A sampled place's class is mostly a cache miss away in a large
// table, and those reads are what ranking costs: KPvKP's 120 orders read
// at most 3,456 windows where they read up to 15,360.
constexpr std::size_t kShortlist = 12;
constexpr Index kFirstWindows = kWindows / 8;
template <class Orders, class ClassAt>
StreamRanking rank(ThreadPool& pool, const Orders& orders, const ClassAt& class_at,
                   const StreamLayout& layout) {
  std::vector<std::size_t> which(orders.size());
  for (std::size_t k = 0; k < which.size(); ++k) which[k] = k;
  if (which.size() > kShortlist) {
    // best first: the full counts' limit tightens soonest
    which =
        fewest_of(fewest_runs(pool, orders, which, class_at, layout, kShortlist, kFirstWindows), kShortlist);
  }
  StreamRanking ranking;
  const std::vector<std::uint64_t> runs =
      fewest_runs(pool, orders, which, class_at, layout, kStreamTries, kWindows);
  ranking.orders = fewest_of(runs, kStreamTries);
  if (!ranking.orders.empty()) ranking.fewest_runs = runs[ranking.orders[0]];
  return ranking;
}

}  // namespace class_stream_detail

// Ranks the game's orders for the stream of class_at(i) (a StreamClass),
// listed as `layout` says (its side; not its order).
template <OrdersStream G, class ClassAt>
StreamRanking rank_stream_orders(const G& game, const ClassAt& class_at, unsigned threads,
                                 const StreamLayout& layout = {}) {
  ThreadPool pool(threads);
  return class_stream_detail::rank(pool, game.stream_orders(), class_at, layout);
}

// Each index's stream class at a byte and a bit an index: what a table's
// streams are ranked on and listed from (twice, for the two best orders)
// once its values are freed (gen/depth/build.h writes them first).
class ClassArray {
 public:
  ClassArray() = default;
  // Uninitialized until set, by the threads that set it.
  explicit ClassArray(Index n)
      : bound_(std::make_unique_for_overwrite<std::uint8_t[]>(n)), exact_((n + 63) / 64, 0) {}

  StreamClass operator()(Index i) const { return {bound_[i], ((exact_[i / 64] >> (i % 64)) & 1) != 0}; }
  void touch(Index i) const {
    __builtin_prefetch(&bound_[i]);
    __builtin_prefetch(&exact_[i / 64]);
  }
  // Threads may set at once the classes of different words of 64 indices.
  void set(Index i, StreamClass s) {
    bound_[i] = s.bound;
    if (s.exact) exact_[i / 64] |= std::uint64_t{1} << (i % 64);
  }

 private:
  std::unique_ptr<std::uint8_t[]> bound_;
  std::vector<std::uint64_t> exact_;  // bit per index
};

// The stream of class_at(i) (a StreamClass) over the game's indices, listed
// into `buffer`. class_at is asked again for every index sampled and
// listed, so it is cheap (an array: ClassArray, DepthClasses), and
// class_at.touch(i) prefetches what it reads. `ranked`: the orders ranked
// already (rank_stream_orders).
template <Game G, class ClassAt>
std::vector<std::byte> class_stream_of(const G& game, const ClassAt& class_at, unsigned threads,
                                       ListingBuffer& buffer, const StreamLayout& layout = {},
                                       const StreamRanking* ranked = nullptr) {
  using namespace class_stream_detail;
  ThreadPool pool(threads);
  storage::ClassStreamOptions options = layout.encoder_options(threads);
  if constexpr (!OrdersStream<G>) {
    buffer.resize(game.size());
    pool.parallel_for(game.size(), Index{1} << 14, [&](unsigned, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i) buffer[i] = marked(class_at(i));
    });
    return storage::encode_class_stream(buffer, options);
  } else {
    const auto orders = game.stream_orders();
    // The orders with the fewest sampled runs are encoded; the smaller is kept.
    StreamRanking ranking;
    std::size_t tries = kStreamTries;
    if (layout.order) {
      for (std::size_t k = 0; k < orders.size(); ++k) ranking.orders.push_back(k);
      std::stable_partition(ranking.orders.begin(), ranking.orders.end(),
                            [&](std::size_t k) { return orders[k].tag() == *layout.order; });
      tries = 1;
    } else if (ranked) {
      ranking = *ranked;
    } else {
      ranking = rank(pool, orders, class_at, layout);
    }
    std::vector<std::byte> best;
    for (std::size_t k = 0; k < std::min(tries, ranking.orders.size()); ++k) {
      const auto& order = orders[ranking.orders[k]];
      options.tag = order.tag();
      const auto [first, last] = places_of(order, layout);
      list(
          pool, order, first, last, [&](Index i) { class_at.touch(i); },
          [&](Index i) { return marked(class_at(i)); }, buffer);
      std::vector<std::byte> bytes = storage::encode_class_stream(buffer, options);
      if (best.empty() || bytes.size() < best.size()) best = std::move(bytes);
    }
    return best;
  }
}

// game.stream_class over the values of the indices from `first` on;
// through the game's scanner where it has one (ScansStreamClasses).
template <StoresClasses G>
struct GameClasses {
  const G& game;
  std::span<const std::uint16_t> values;
  Index first = 0;

  StreamClass operator()(Index i) const { return game.stream_class(i, Value::from_code(values[i - first])); }
  auto scanner() const requires ScansStreamClasses<G> {
    return [this, scanner = game.scanner()](Index i) mutable {
      return scanner.stream_class(i, Value::from_code(values[i - first]));
    };
  }
};

// The stream classes of the game's table, on `threads` threads, its values
// read in order (HeldValues, or read back: WrittenValues).
template <StoresClasses G, ValuesSource V>
ClassArray class_array(const G& game, const V& values, unsigned threads) {
  ClassArray classes(game.size());
  ThreadPool pool(threads);
  // Parts of whole words of the exact bits.
  for_each_part(pool, game.size(), Index{1} << 14, values,
                [&](Index lo, Index hi, std::span<const std::uint16_t> part) {
                  const GameClasses<G> classify{game, part, lo};
                  class_stream_detail::for_each_class(classify, lo, hi,
                                                      [&](Index i, StreamClass s) { classes.set(i, s); });
                });
  return classes;
}

}  // namespace rtb
