// What the plugin checks (gen/check/plugin_check.h) are asked to do and
// what they report, apart from the checks themselves, so a front end can
// show a report without instantiating them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace rtb {

enum class PluginCheck : std::uint8_t {
  kRelation,        // moves() and unmoves(): the same pairs, as often
  kIndices,         // unmoves() and moves inside: legal indices below size()
  kText,            // parse(text(i)) == i
  kCountMoves,      // count_moves() agrees with legal() and moves()
  kSuccessorTexts,  // successor_texts() agrees with moves()
  kTerminal,        // terminal() of a legal position without moves
  kSplits,          // split_moves() and unsplit(): the same (position, part) pairs
  kException,       // a plugin call threw where it must not
};

inline std::string_view check_name(PluginCheck check) {
  switch (check) {
    case PluginCheck::kRelation:
      return "moves/unmoves";
    case PluginCheck::kIndices:
      return "legal indices";
    case PluginCheck::kText:
      return "text round-trip";
    case PluginCheck::kCountMoves:
      return "count_moves";
    case PluginCheck::kSuccessorTexts:
      return "successor_texts";
    case PluginCheck::kTerminal:
      return "terminal";
    case PluginCheck::kSplits:
      return "split_moves/unsplit";
    case PluginCheck::kException:
      return "exception";
  }
  return "?";
}

struct PluginCheckFailure {
  static constexpr Index kNoIndex = ~Index{0};  // no position in particular
  PluginCheck check;
  // For a move at fault: where it starts (index) and where it ends (other).
  Index index = kNoIndex;
  std::optional<Index> other;
  std::string text;  // text(index); empty where the plugin cannot write it
  std::string message;
};

struct PluginCheckProgress {
  std::string_view phase;  // "checking", then "locating" if the fingerprints differ
  std::uint64_t done = 0, total = 0;
};

struct PluginCheckOptions {
  unsigned threads = 1;
  // Every index when 0 or size() <= sample_limit; else this many indices,
  // one drawn at random (from `seed`) out of each of as many equal stretches.
  std::uint64_t sample_limit = 0;
  std::uint64_t seed = 1;
  // successor_texts() costs a text and a parse per move: checked at about
  // this many of the checked indices, evenly spread.
  std::uint64_t text_sample = 3000;
  std::size_t max_failures = 10;  // the checks stop once they have found this many (at least 1)
  // Called on the calling thread between chunks of work; it must not block.
  std::function<void(const PluginCheckProgress&)> progress;
};

struct PluginCheckReport {
  std::uint64_t size = 0;                    // size() of the table
  std::uint64_t indices = 0;                 // indices checked
  std::uint64_t positions = 0;               // legal positions among them
  std::uint64_t moves = 0;                   // their moves, inside or not, split moves included
  bool sampled = false;                      // a sample, not every index
  bool stopped = false;                      // max_failures reached: the counts are partial
  std::vector<PluginCheckFailure> failures;  // by index
  bool ok() const { return failures.empty(); }
};

}  // namespace rtb
