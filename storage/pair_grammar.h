// Pair grammar compression (Re-Pair): the most frequent pair of adjacent
// symbols is replaced by a new symbol until symbols run out or no pair
// repeats often enough. Internal to storage/ (the class stream's encoder).
//
// Each round counts every adjacent pair (a run "aaaa" counts aa twice, as
// it can be replaced), then replaces the most frequent pairs at once, left
// to right: taking every pair within half the top count per round costs
// little compression against one pair per round and needs far fewer passes.
#pragma once

#include <cstdint>
#include <vector>

namespace rtb::storage {

struct PairGrammar {
  // Symbol s < terminals stands for itself; symbol terminals + k for
  // pairs[k] = {left, right}, both smaller than it.
  std::uint32_t terminals = 0;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs;
  std::vector<std::uint32_t> lengths;   // terminals expanded, per symbol
  std::vector<std::uint16_t> sequence;  // the input, rewritten

  std::uint32_t symbols() const { return terminals + static_cast<std::uint32_t>(pairs.size()); }
};

struct PairGrammarLimits {
  std::uint32_t max_symbols = 4096;  // at most 4096
  std::uint32_t max_length = 65536;  // terminals one symbol expands to
  std::uint64_t min_count = 8;       // a pair seen fewer times is not worth its entry
};

// `sequence` holds terminals (each < terminals <= max_symbols). Each
// round's counting and rewriting is cut into up to `threads` parts; the
// grammar is the same for any number.
PairGrammar build_pair_grammar(std::vector<std::uint16_t> sequence, std::uint32_t terminals,
                               const PairGrammarLimits& limits = {}, unsigned threads = 1);

}  // namespace rtb::storage
