// Games solved in passes (chess metric=dtz with pawns, whose pawn moves
// take their values from the pass before): after each pass,
// another_pass(values) says whether to solve again, the game then reading
// those values, which stay alive until the next pass is done. Passes
// repeat until one changes nothing; only the first is checkpointed. Other
// games make one pass and pay nothing.
#pragma once

#include <concepts>
#include <memory>
#include <span>

#include "gen/wdl/retrograde.h"

namespace rtb {

template <class G>
concept MakesPasses = requires(G& g, std::span<const std::uint16_t> values) {
  { g.another_pass(values) } -> std::same_as<bool>;
};

template <Game G>
GenResult generate_in_passes(G& game, const GenOptions& options) {
  GenResult result = generate(game, options);
  if constexpr (MakesPasses<G>) {
    std::unique_ptr<std::uint16_t[]> previous;  // what the pass being made reads
    GenOptions later = options;
    later.checkpoint = nullptr;
    while (game.another_pass(std::span<const std::uint16_t>(result.values.get(), result.size))) {
      previous = std::move(result.values);
      result = generate(game, later);
    }
  }
  return result;
}

}  // namespace rtb
