// A table's values read a range at a time, by what its streams are made
// from once the generator has let the values go (gen/depth/build.h):
//   std::span<const std::uint16_t> read(Index lo, Index hi,
//                                       std::vector<std::uint16_t>& scratch) const;
// returns the values of [lo, hi), in `scratch` or elsewhere.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "games/game.h"
#include "gen/core/thread_pool.h"
#include "storage/table_writer.h"

namespace rtb {

template <class V>
concept ValuesSource = requires(const V& v, Index i, std::vector<std::uint16_t>& scratch) {
  { v.read(i, i, scratch) } -> std::same_as<std::span<const std::uint16_t>>;
};

// Values held in memory.
struct HeldValues {
  std::span<const std::uint16_t> values;

  std::span<const std::uint16_t> read(Index lo, Index hi, std::vector<std::uint16_t>&) const {
    return values.subspan(lo, hi - lo);
  }
};

// The values appended to a table being written, decoded from its blocks.
struct WrittenValues {
  const storage::TableWriter& writer;

  std::span<const std::uint16_t> read(Index lo, Index hi, std::vector<std::uint16_t>& scratch) const {
    scratch.resize(hi - lo);
    writer.read(lo, scratch);
    return scratch;
  }
};

// Calls f(lo, hi, part) for parts [lo, hi) of [0, n), `grain` indices
// each, on the pool's threads; `part` holds the values of [lo, hi).
template <ValuesSource V, class F>
void for_each_part(ThreadPool& pool, Index n, Index grain, const V& values, const F& f) {
  std::vector<std::vector<std::uint16_t>> scratch(pool.size());
  pool.parallel_for(n, grain, [&](unsigned worker, Index lo, Index hi) {
    f(lo, hi, values.read(lo, hi, scratch[worker]));
  });
}

}  // namespace rtb
