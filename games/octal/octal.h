// Octal games (Guy and Smith): heaps of tokens, given by a code
// "d0.d1d2d3...". Digit dk (0..7) says what a move taking k tokens from a
// heap may leave: 1 = no heap (it took the whole heap), 2 = one non-empty
// heap, 4 = two non-empty heaps; digits add. d0 may be 0 or 4 (splitting a
// heap without taking anything). 0.77 is Kayles, 0.07 Dawson's Kayles,
// 0.137 Dawson's chess.
//
// The table holds single heaps, index = heap size 0..N. A move leaving two
// heaps leads to a SUM of two positions of this table, reported by
// split_moves() (see games/impartial.h), so no position is ever a list of
// heaps. Both parts are smaller than the heap, so the acyclic counter pass
// values them first. Pairs are unordered (a <= b): the two orders are the
// same position of the sum, and listing them once halves the work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb {

class Octal {
 public:
  static constexpr std::string_view kName = "octal";
  static constexpr std::string_view kSummary =
      "octal game by its code (0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess), heaps 0..N; "
      "--solver grundy only";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit Octal(const Params& params);

  std::string identity() const { return "octal;" + params_.canonical(); }
  std::string table_name() const { return "octal-" + code_ + "-" + std::to_string(max_heap_); }
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return max_heap_ + 1; }
  bool legal(Index) const { return true; }
  Value terminal(Index) const { return Value::loss(0); }

  // Moves that leave at most one heap.
  template <class F>
  void moves(Index n, F&& f) const {
    for (std::uint64_t k : take_all_) {
      if (k > n) break;
      if (k == n) f(Successor::to(0));
    }
    for (std::uint64_t k : leave_one_) {
      if (k >= n) break;
      f(Successor::to(n - k));
    }
  }
  template <class F>
  void unmoves(Index q, F&& f) const {
    if (q == 0)
      for (std::uint64_t k : take_all_)
        if (k <= max_heap_) f(Index{k});
    if (q > 0)
      for (std::uint64_t k : leave_one_)
        if (k <= max_heap_ - q) f(q + k);
  }

  // Moves that leave two heaps a <= b, a >= 1: a + b = n - k.
  template <class F>
  void split_moves(Index n, F&& f) const {
    for (std::uint64_t k : leave_two_) {
      if (k + 2 > n) break;
      const std::uint64_t rest = n - k;
      for (std::uint64_t a = 1; a <= rest / 2; ++a) f(Index{a}, Index{rest - a});
    }
  }
  // Heap n has the part q in split (q, b) for b >= q and in (a, q) for a <= q.
  template <class F>
  void unsplit(Index q, F&& f) const {
    if (q == 0) return;
    for (std::uint64_t k : leave_two_) {
      if (k + q + 1 > max_heap_) break;
      for (std::uint64_t n = k + 2 * q; n <= max_heap_; ++n) f(n);  // (q, n - k - q)
      const std::uint64_t top = std::min(max_heap_, k + 2 * q);
      for (std::uint64_t n = k + q + 1; n <= top; ++n) f(n);  // (n - k - q, q)
    }
  }

  std::string text(Index i) const { return std::to_string(i); }
  Index parse(std::string_view s) const;

  // The digits d0, d1, ... of the code.
  const std::vector<std::uint8_t>& digits() const { return digits_; }

 private:
  Params params_;
  std::string code_;
  std::vector<std::uint8_t> digits_;
  std::uint64_t max_heap_ = 0;
  // Values of k whose digit has bit 1, 2 or 4, increasing.
  std::vector<std::uint64_t> take_all_, leave_one_, leave_two_;
};

}  // namespace rtb
