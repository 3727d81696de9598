// A subtraction game: one heap of tokens, a move takes s tokens for some s
// in the subtraction set, and the player who cannot move loses. The index
// is the heap size, 0..N. With set {1,3,4} the values are 0,1,0,1,2,3,2
// repeating with period 7.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb {

class Subtraction {
 public:
  static constexpr std::string_view kName = "subtraction";
  static constexpr std::string_view kSummary =
      "subtraction game: one heap of up to N tokens, a move takes s tokens for s in the set";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit Subtraction(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return max_heap_ + 1; }
  bool legal(Index) const { return true; }
  Value terminal(Index) const { return Value::loss(0); }

  template <class F>
  void moves(Index i, F&& f) const {
    for (std::uint64_t s : set_) {
      if (s > i) break;  // the set is sorted
      f(Successor::to(i - s));
    }
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    for (std::uint64_t s : set_) {
      if (s > max_heap_ - i) break;
      f(i + s);
    }
  }

  std::string text(Index i) const { return std::to_string(i); }
  Index parse(std::string_view s) const;

 private:
  Params params_;
  std::vector<std::uint64_t> set_;  // sorted, distinct, all >= 1
  std::uint64_t max_heap_ = 0;
};

}  // namespace rtb
