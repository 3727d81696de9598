// The depth stream a game's table stores beside its class stream
// (StoresDepths in games/game.h): for one side to move, the depth of each
// position the game says a probe reads, as a class of its group, with the
// depth map (storage/depth_map.h) that turns classes back into depths.
// Both sides are encoded where both can be; the smaller stream is kept.
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

}  // namespace depth_stream_detail

// The depth stream and its map, named G::kDepthStream and that + "-map";
// none where neither side's depths fit a map. Listed into `buffer`.
template <StoresDepths G>
std::vector<NamedStream> depth_streams(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                                       ListingBuffer& buffer, const StreamLayout& layout = {}) {
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
  std::vector<NamedStream> best;
  std::size_t best_bytes = SIZE_MAX;
  for (std::uint8_t side : {0, 1}) {
    const auto map = held[side] ? map_of(slots, values, side) : std::nullopt;
    if (!map) continue;
    // The class of each depth, by group.
    std::vector<std::vector<std::uint8_t>> class_of(map->depths.size());
    for (std::size_t g = 0; g < map->depths.size(); ++g)
      for (std::size_t k = 0; k < map->depths[g].size(); ++k) {
        const std::uint16_t d = map->depths[g][k];
        if (class_of[g].size() <= d) class_of[g].resize(d + 1);
        class_of[g][d] = static_cast<std::uint8_t>(k);
      }
    auto classify = [&](Index i) {
      if (slots[i] == kNoSlot || slots[i] >> 3 != side) return StreamClass{};
      return StreamClass{class_of[slots[i] & 7][Value::from_code(values[i]).depth()], true};
    };
    auto touch = [&](Index i) {
      __builtin_prefetch(&slots[i]);
      __builtin_prefetch(&values[i]);
    };
    StreamLayout side_layout = layout;
    side_layout.side = side;
    std::vector<std::byte> stream = class_stream_of(game, classify, threads, buffer, side_layout, touch);
    std::vector<std::byte> map_bytes = map->encode();
    if (stream.size() + map_bytes.size() >= best_bytes) continue;
    best_bytes = stream.size() + map_bytes.size();
    const std::string name(G::kDepthStream);
    best = {{name, std::move(stream)}, {name + "-map", std::move(map_bytes)}};
  }
  return best;
}

}  // namespace rtb
