// The depth stream a game's table stores beside its class stream
// (StoresDepths in games/game.h): for one side to move, the depth of each
// position the game says a probe reads, as a class of its group, with the
// depth map (storage/depth_map.h) that turns classes back into depths.
// Where both sides can be stored, the one likelier to encode smaller is
// (drop_likely_larger); where that is unclear, or without orders to rank,
// both are encoded and the smaller kept.
// `layout` may name the order to list positions in (that of the class
// stream, say: the same positions cost about the same to list).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "gen/core/output.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/class_stream.h"
#include "gen/depth/values_source.h"
#include "storage/depth_map.h"

namespace rtb {

namespace depth_stream_detail {

constexpr std::size_t kGroups = 8;
constexpr std::uint8_t kNoSlot = 0xFF;

inline std::uint8_t packed(DepthSlot s) {
  return s.side == DepthSlot::kNone ? kNoSlot : static_cast<std::uint8_t>(s.side << 3 | (s.group & 7));
}

// Per side and group, how many slots hold each depth.
using DepthCounts = std::array<std::vector<std::uint64_t>, 2 * kGroups>;

// Per group, the depths of one side's slots, the most frequent first; no
// map where a group has more depths than a class can name.
inline std::optional<storage::DepthMap> map_of(const DepthCounts& counts, std::uint8_t side) {
  storage::DepthMap map;
  map.side = side;
  for (std::size_t g = 0; g < kGroups; ++g) {
    const std::vector<std::uint64_t>& group = counts[side * kGroups + g];
    std::vector<std::uint16_t> depths;
    for (std::size_t d = 0; d < group.size(); ++d)
      if (group[d] != 0) depths.push_back(static_cast<std::uint16_t>(d));
    std::ranges::stable_sort(depths, [&](std::uint16_t a, std::uint16_t b) { return group[a] > group[b]; });
    if (depths.size() > storage::DepthMap::kMaxClasses) return std::nullopt;
    map.depths.push_back(std::move(depths));
  }
  while (!map.depths.empty() && map.depths.back().empty()) map.depths.pop_back();
  return map;
}

}  // namespace depth_stream_detail

// Each index's depth slot (game.depth_slot: its side and group, or none)
// at a byte an index, and each side's map, counted from the slots' depths.
// Taken while the table's values are held: depth_slot may read them at
// random (chess under dtz: a pawn move's value).
class DepthSlots {
 public:
  template <StoresDepths G>
  DepthSlots(const G& game, std::span<const std::uint16_t> values, unsigned threads)
      : slots_(std::make_unique_for_overwrite<std::uint8_t[]>(game.size())), size_(game.size()) {
    using namespace depth_stream_detail;
    ThreadPool pool(threads);
    std::vector<DepthCounts> counted(pool.size());
    pool.parallel_for(size_, kPart, [&](unsigned worker, Index lo, Index hi) {
      DepthCounts& counts = counted[worker];
      for (Index i = lo; i < hi; ++i) {
        const Value v = Value::from_code(values[i]);
        const DepthSlot slot = game.depth_slot(i, v);
        slots_[i] = packed(slot);
        if (slots_[i] == kNoSlot) continue;
        auto& group = counts[slot.side * kGroups + slot.group];
        if (group.size() <= v.depth()) group.resize(v.depth() + 1);
        ++group[v.depth()];
      }
    });
    set_maps(counted);
  }

  // The indices a thread takes at once: whole words of a bitmap, and a
  // block of a table being written (WrittenValues).
  static constexpr Index kPart = Index{1} << 12;

 private:
  friend class DepthClassArray;

  // Each side's map from the threads' counts; none for a side with no
  // slot, but for side 0 of a table whose probes derive every depth.
  void set_maps(const std::vector<depth_stream_detail::DepthCounts>& counted) {
    using namespace depth_stream_detail;
    DepthCounts counts;
    for (const DepthCounts& c : counted)
      for (std::size_t k = 0; k < counts.size(); ++k) {
        if (counts[k].size() < c[k].size()) counts[k].resize(c[k].size());
        for (std::size_t d = 0; d < c[k].size(); ++d) counts[k][d] += c[k][d];
      }
    auto holds = [&](std::size_t side) {
      return std::ranges::any_of(std::span(counts).subspan(side * kGroups, kGroups),
                                 [](const auto& group) { return !group.empty(); });
    };
    const bool none = !holds(0) && !holds(1);
    for (std::uint8_t side : {0, 1})
      if (holds(side) || (side == 0 && none)) maps_[side] = map_of(counts, side);
  }

  std::unique_ptr<std::uint8_t[]> slots_;  // packed; uninitialized until the threads that fill it touch it
  Index size_;
  std::array<std::optional<storage::DepthMap>, 2> maps_;
};

// Each index's depth class (the class of its depth in its group's map, for
// the side to move there), a byte and a bit an index: what the depth
// streams are ranked on and listed from once the table's values are freed
// (gen/depth/build.h writes them first).
class DepthClassArray {
 public:
  DepthClassArray() = default;
  // Turns each slot in place into its class in its side's map (none where
  // the side has no map) and records its side: a pass in index order, which
  // may read the values back (WrittenValues).
  template <ValuesSource V>
  DepthClassArray(DepthSlots slots, const V& values, unsigned threads)
      : class_(std::move(slots.slots_)), sides_((slots.size_ + 63) / 64, 0), maps_(std::move(slots.maps_)) {
    using namespace depth_stream_detail;
    const std::array<std::vector<std::vector<std::uint8_t>>, 2> class_of = classes_of_depths();
    ThreadPool pool(threads);
    for_each_part(pool, slots.size_, DepthSlots::kPart, values,
                  [&](Index lo, Index hi, std::span<const std::uint16_t> part) {
                    for (Index i = lo; i < hi; ++i) {
                      if (class_[i] == kNoSlot) continue;
                      const int side = class_[i] >> 3;
                      if (!maps_[side]) {
                        class_[i] = kNone;
                        continue;
                      }
                      class_[i] = class_of[side][class_[i] & 7][Value::from_code(part[i - lo]).depth()];
                      sides_[i / 64] |= static_cast<std::uint64_t>(side) << (i % 64);
                    }
                  });
  }

  const std::optional<storage::DepthMap>& map(int side) const { return maps_[side]; }
  // Index i's class in the stream of `side`: "any" where i has no depth
  // stored or the other side to move.
  StreamClass at(Index i, int side) const {
    if (class_[i] == kNone || static_cast<int>((sides_[i / 64] >> (i % 64)) & 1) != side) return {};
    return {class_[i], true};
  }
  void touch(Index i) const {
    __builtin_prefetch(&class_[i]);
    __builtin_prefetch(&sides_[i / 64]);
  }

 private:
  static constexpr std::uint8_t kNoSlot = depth_stream_detail::kNoSlot;
  static constexpr std::uint8_t kNone = 0xFF;  // a map's classes are below kMaxClasses

  // By side, group and depth, the depth's class in the side's map.
  std::array<std::vector<std::vector<std::uint8_t>>, 2> classes_of_depths() const {
    std::array<std::vector<std::vector<std::uint8_t>>, 2> class_of;
    for (int side : {0, 1}) {
      if (!maps_[side]) continue;
      const auto& depths = maps_[side]->depths;
      class_of[side].resize(depth_stream_detail::kGroups);
      for (std::size_t g = 0; g < depths.size(); ++g)
        for (std::size_t k = 0; k < depths[g].size(); ++k) {
          auto& of = class_of[side][g];
          if (of.size() <= depths[g][k]) of.resize(depths[g][k] + 1);
          of[depths[g][k]] = static_cast<std::uint8_t>(k);
        }
    }
    return class_of;
  }

  std::unique_ptr<std::uint8_t[]> class_;
  std::vector<std::uint64_t> sides_;  // bit per index: 1 where side 1 is to move
  std::array<std::optional<storage::DepthMap>, 2> maps_;
};

// One side's depth stream classes: those of a DepthClassArray for the
// positions of that side to move, "any" elsewhere.
class DepthClasses {
 public:
  DepthClasses(const DepthClassArray& array, int side) : array_(array), side_(side) {}
  const storage::DepthMap& map() const { return *array_.map(side_); }
  StreamClass operator()(Index i) const { return array_.at(i, side_); }
  void touch(Index i) const { array_.touch(i); }

 private:
  const DepthClassArray& array_;
  int side_;
};

namespace depth_stream_detail {

// Where both sides' depths can be stored: ranks each side's orders
// (`ranked`) and drops the side that two cheap estimates call the larger,
// the sampled runs of its best order and the encoded size of those
// samples. Where they disagree both sides stay, to be encoded and the
// smaller stored. On the 29 tables of 3 and 4 pieces measured with both
// sides held (dtm and dtz), the runs alone picked the larger side once
// (KBBvK, by 12%) and the samples' size never; they disagreed on KBBvK
// alone. (The samples' size is the closer estimate, but its picks moved
// with the windows sampled: encoded in 128 windows of 4,096 places it
// picked the larger side of KQvKR and KQvKB.)
template <OrdersStream G>
void drop_likely_larger(const G& game, std::array<std::optional<DepthClasses>, 2>& sides,
                        std::array<std::optional<StreamRanking>, 2>& ranked, unsigned threads,
                        const StreamLayout& layout) {
  const auto orders = game.stream_orders();
  std::array<std::size_t, 2> sampled{};
  for (int side : {0, 1}) {
    const StreamLayout side_layout = layout.for_side(side);
    ranked[side] = rank_stream_orders(game, *sides[side], threads, side_layout);
    const auto& best = orders[ranked[side]->orders[0]];
    const auto [first, last] = class_stream_detail::places_of(best, side_layout);
    sampled[side] =
        class_stream_detail::sampled_bytes(best, first, last, *sides[side], layout.encoder_options(threads));
  }
  const bool runs_say_1 = ranked[1]->fewest_runs < ranked[0]->fewest_runs,
             bytes_say_1 = sampled[1] < sampled[0];
  if (runs_say_1 == bytes_say_1) sides[runs_say_1 ? 0 : 1].reset();
}

}  // namespace depth_stream_detail

// Which sides' depth streams depth_streams encodes where both can be
// stored: the likely smaller one (drop_likely_larger), or both (tests and
// measurements of that choice).
enum class DepthSides { Likely, Both };

// The depth stream and its map, named G::kDepthStream and that + "-map";
// none where neither side's depths fit a map. Listed into `buffer`.
template <StoresDepths G>
std::vector<NamedStream> depth_streams(const G& game, const DepthClassArray& depths, unsigned threads,
                                       ListingBuffer& buffer, const StreamLayout& layout = {},
                                       DepthSides encoded = DepthSides::Likely) {
  using namespace depth_stream_detail;
  std::array<std::optional<DepthClasses>, 2> sides;
  for (int side : {0, 1})
    if (depths.map(side)) sides[side].emplace(depths, side);
  std::array<std::optional<StreamRanking>, 2> ranked;
  if constexpr (OrdersStream<G>)
    if (sides[0] && sides[1] && !layout.order && encoded == DepthSides::Likely)
      drop_likely_larger(game, sides, ranked, threads, layout);
  std::vector<NamedStream> best;
  std::size_t best_bytes = SIZE_MAX;
  for (int side : {0, 1}) {
    if (!sides[side]) continue;
    const DepthClasses& classes = *sides[side];
    std::vector<std::byte> stream = class_stream_of(game, classes, threads, buffer, layout.for_side(side),
                                                    ranked[side] ? &*ranked[side] : nullptr);
    std::vector<std::byte> map_bytes = classes.map().encode();
    if (stream.size() + map_bytes.size() >= best_bytes) continue;
    best_bytes = stream.size() + map_bytes.size();
    const std::string name(G::kDepthStream);
    best = {{name, std::move(stream)}, {name + "-map", std::move(map_bytes)}};
  }
  return best;
}

// The same, from the table's values.
template <StoresDepths G>
std::vector<NamedStream> depth_streams(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                                       ListingBuffer& buffer, const StreamLayout& layout = {},
                                       DepthSides encoded = DepthSides::Likely) {
  const DepthClassArray depths(DepthSlots(game, values, threads), HeldValues{values}, threads);
  return depth_streams(game, depths, threads, buffer, layout, encoded);
}

}  // namespace rtb
