// Re-checks a table with moves() alone: every legal position's stored value
// must equal derive() of its successors' stored values. By induction on
// depth this proves every WIN and LOSS with its exact depth, and a DRAW has
// no move to a LOSS and some move to a DRAW.
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <utility>

#include "games/derive.h"
#include "games/game.h"
#include "gen/core/check_positions.h"
#include "gen/depth/slices.h"

namespace rtb {

struct VerifyFailure {
  Index index;
  Value stored, expected;
};

using VerifyReport = CheckReport<VerifyFailure>;

template <Game G>
VerifyReport verify(const G& game, std::span<const std::uint16_t> values, unsigned threads,
                    std::size_t max_failures = 10) {
  if (values.size() != game.size()) throw std::invalid_argument("the table's size is not the game's");
  auto check = [&](unsigned, Index i) -> std::optional<VerifyFailure> {
    const Value stored = Value::from_code(values[i]);
    const Value expected = derive(game, i, [&](Index j) { return Value::from_code(values[j]); });
    if (stored == expected) return std::nullopt;
    return VerifyFailure{i, stored, expected};
  };
  ThreadPool pool(threads);
  return check_positions<VerifyFailure>(game, pool, 1 << 14, max_failures, check);
}

// The same for a game whose moves read its own table (Sliced), which is
// handed `values` first.
template <Sliced G>
VerifyReport verify(G& game, std::span<const std::uint16_t> values, unsigned threads,
                    std::size_t max_failures = 10) {
  game.read_solved(values);
  return verify(std::as_const(game), values, threads, max_failures);
}

}  // namespace rtb
