// Nim with several heaps: every position with K heaps of 0..M tokens, a
// move takes any number of tokens from one heap. The index is the heaps as
// a base-(M+1) number, the first heap most significant; a position's text
// is its heaps, "3,5,7". Its Grundy value is the XOR of the heaps, which is
// what makes it the check that a sum of single heaps (nim with heaps=1)
// equals the table of the whole game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb {

class Nim {
 public:
  static constexpr std::string_view kName = "nim";
  static constexpr std::string_view kSummary =
      "nim: every position of K heaps of 0..M tokens, a move takes tokens from one heap";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit Nim(const Params& params);

  std::string identity() const { return "nim;" + params_.canonical(); }
  std::string table_name() const { return "nim-" + std::to_string(heaps_) + "x" + std::to_string(max_); }
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return size_; }
  bool legal(Index) const { return true; }
  Value terminal(Index) const { return Value::loss(0); }

  template <class F>
  void moves(Index i, F&& f) const {
    for (std::size_t j = 0; j < weight_.size(); ++j) {
      const Index h = heap(i, j);
      for (Index take = 1; take <= h; ++take) f(Successor::to(i - take * weight_[j]));
    }
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    for (std::size_t j = 0; j < weight_.size(); ++j) {
      const Index h = heap(i, j);
      for (Index add = 1; add <= max_ - h; ++add) f(i + add * weight_[j]);
    }
  }

  Index heap(Index i, std::size_t j) const { return i / weight_[j] % (max_ + 1); }
  std::string text(Index i) const;
  Index parse(std::string_view s) const;

 private:
  Params params_;
  std::uint64_t heaps_ = 0, max_ = 0;
  std::vector<Index> weight_;  // weight_[j] = (M+1)^(K-1-j)
  Index size_ = 0;
};

}  // namespace rtb
