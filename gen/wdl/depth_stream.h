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
#include "gen/wdl/class_stream.h"
#include "storage/depth_map.h"

namespace rtb {

namespace depth_stream_detail {

constexpr std::size_t kGroups = 8;
constexpr std::uint8_t kNoSlot = 0xFF;

inline std::uint8_t packed(DepthSlot s) {
  return s.side == DepthSlot::kNone ? kNoSlot : static_cast<std::uint8_t>(s.side << 3 | (s.group & 7));
}

// Per group, the depths of one side's slots, the most frequent first; no
// map where a group has more depths than a class can name.
inline std::optional<storage::DepthMap> map_of(std::span<const std::uint8_t> slots,
                                               std::span<const std::uint16_t> values, std::uint8_t side) {
  std::vector<std::vector<std::uint64_t>> counts(kGroups);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i] == kNoSlot || slots[i] >> 3 != side) continue;
    auto& group = counts[slots[i] & 7];
    const std::uint32_t depth = Value::from_code(values[i]).depth();
    if (group.size() <= depth) group.resize(depth + 1);
    ++group[depth];
  }
  storage::DepthMap map;
  map.side = side;
  for (const auto& group : counts) {
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

// The depth stream's class of each index for one side: the class of its
// depth in its group's map; "any" for the other side's and unread indices.
class DepthClasses {
 public:
  DepthClasses(std::span<const std::uint8_t> slots, std::span<const std::uint16_t> values,
               storage::DepthMap map)
      : slots_(slots), values_(values), map_(std::move(map)), class_of_(map_.depths.size()) {
    for (std::size_t g = 0; g < map_.depths.size(); ++g)
      for (std::size_t k = 0; k < map_.depths[g].size(); ++k) {
        const std::uint16_t d = map_.depths[g][k];
        if (class_of_[g].size() <= d) class_of_[g].resize(d + 1);
        class_of_[g][d] = static_cast<std::uint8_t>(k);
      }
  }
  const storage::DepthMap& map() const { return map_; }
  StreamClass operator()(Index i) const {
    if (slots_[i] == kNoSlot || slots_[i] >> 3 != map_.side) return StreamClass{};
    return StreamClass{class_of_[slots_[i] & 7][Value::from_code(values_[i]).depth()], true};
  }
  void touch(Index i) const {
    __builtin_prefetch(&slots_[i]);
    __builtin_prefetch(&values_[i]);
  }

 private:
  std::span<const std::uint8_t> slots_;
  std::span<const std::uint16_t> values_;
  storage::DepthMap map_;
  std::vector<std::vector<std::uint8_t>> class_of_;  // by group and depth
};

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
std::vector<NamedStream> depth_streams(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                                       ListingBuffer& buffer, const StreamLayout& layout = {},
                                       DepthSides encoded = DepthSides::Likely) {
  using namespace depth_stream_detail;
  const Index n = game.size();
  // Uninitialized: the threads that fill it touch its pages first.
  const std::unique_ptr<std::uint8_t[]> slot_array = std::make_unique_for_overwrite<std::uint8_t[]>(n);
  const std::span<std::uint8_t> slots(slot_array.get(), n);
  std::array<bool, 2> held{};
  {
    ThreadPool pool(threads);
    std::vector<std::array<bool, 2>> held_by(pool.size());
    pool.parallel_for(n, Index{1} << 12, [&](unsigned worker, Index lo, Index hi) {
      std::array<bool, 2> here{};
      for (Index i = lo; i < hi; ++i) {
        slots[i] = packed(game.depth_slot(i, Value::from_code(values[i])));
        if (slots[i] != kNoSlot) here[slots[i] >> 3] = true;
      }
      held_by[worker][0] |= here[0], held_by[worker][1] |= here[1];
    });
    for (const auto& h : held_by) held[0] |= h[0], held[1] |= h[1];
  }
  if (!held[0] && !held[1]) held[0] = true;  // a table whose probes derive every depth
  std::array<std::optional<DepthClasses>, 2> sides;
  for (std::uint8_t side : {0, 1})
    if (held[side])
      if (auto map = map_of(slots, values, side)) sides[side].emplace(slots, values, std::move(*map));
  std::array<std::optional<StreamRanking>, 2> ranked;
  if constexpr (OrdersStream<G>)
    if (sides[0] && sides[1] && !layout.order && encoded == DepthSides::Likely)
      drop_likely_larger(game, sides, ranked, threads, layout);
  std::vector<NamedStream> best;
  std::size_t best_bytes = SIZE_MAX;
  for (int side : {0, 1}) {
    if (!sides[side]) continue;
    const DepthClasses& classes = *sides[side];
    std::vector<std::byte> stream = class_stream_of(
        game, classes, threads, buffer, layout.for_side(side), [&](Index i) { classes.touch(i); },
        ranked[side] ? &*ranked[side] : nullptr);
    std::vector<std::byte> map_bytes = classes.map().encode();
    if (stream.size() + map_bytes.size() >= best_bytes) continue;
    best_bytes = stream.size() + map_bytes.size();
    const std::string name(G::kDepthStream);
    best = {{name, std::move(stream)}, {name + "-map", std::move(map_bytes)}};
  }
  return best;
}

}  // namespace rtb
