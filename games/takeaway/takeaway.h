// Take-away on two heaps: the smallest game split into tables that read
// each other, for plugin authors (docs/plugins.md). A move takes 1 to `take`
// tokens from one heap; the player who cannot move (both heaps empty) loses.
// A table holds the positions of `total` tokens, heaps (a, total - a),
// indexed by a. Every move leaves for a table of fewer tokens, read through
// attach() as a chess capture reads the table after it, so no position has
// a predecessor in its own table. `tbgen --game takeaway --param total=20`
// builds the tables of 19 tokens down to 0 first.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace rtb {

class Takeaway {
 public:
  static constexpr std::string_view kName = "takeaway";
  static constexpr std::string_view kSummary =
      "take-away on two heaps, a table per total: a move takes 1 to `take` tokens from one heap";
  static constexpr bool kNoUnmoves = true;  // every move leaves the table
  static std::vector<ParamDoc> param_docs();

  explicit Takeaway(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  Params params() const;
  // The tables of total - 1 down to total - take tokens (none below 0).
  std::vector<Dependency> dependencies() const;
  // Their values, in that order: dependencies_[t - 1] is the table of
  // total - t tokens.
  void attach(const DependencyValues& values) { dependencies_ = values; }

  Index size() const { return total_ + 1; }
  bool legal(Index) const { return true; }
  Value terminal(Index) const { return Value::loss(0); }  // (0, 0): no move

  template <class F>
  void moves(Index a, F&& f) const {
    const std::uint64_t b = total_ - a;
    for (std::uint64_t t = 1; t <= take_; ++t) {
      if (t <= a) f(Successor::known(value_after(t, a - t)));  // (a - t, b)
      if (t <= b) f(Successor::known(value_after(t, a)));      // (a, b - t)
    }
  }
  template <class F>
  void unmoves(Index, F&&) const {}

  std::string text(Index a) const { return std::to_string(a) + "," + std::to_string(total_ - a); }
  Index parse(std::string_view s) const;  // "a,b" with a + b == total

 private:
  // The value, for the player to move then, of index i of the table with t
  // tokens fewer; a draw while nothing is attached (tbgen check).
  Value value_after(std::uint64_t t, Index i) const {
    return dependencies_.empty() ? Value::draw() : Value::from_code(dependencies_[t - 1][i]);
  }

  std::uint64_t total_ = 0, take_ = 0;
  DependencyValues dependencies_;
};

}  // namespace rtb
