// An arena plugin over a naive::Arena held in memory, for the tests: any
// owners and targets, stations without moves, and optionally a sparse index
// space (station k at index 2k+1, the even indices illegal) to exercise the
// solver's handling of illegal indices.
#pragma once

#include <string>
#include <vector>

#include "games/arena.h"
#include "tests/naive/naive_arena.h"

namespace rtb::testing {

class ExplicitArena {
 public:
  static constexpr std::string_view kName = "explicit-arena";
  static constexpr std::string_view kSummary = "an arena held in memory (tests only)";
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit ExplicitArena(const Params&) {}
  ExplicitArena(naive::Arena arena, bool sparse)
      : arena_(std::move(arena)), sparse_(sparse), into_(arena_.n) {
    for (std::uint32_t v = 0; v < arena_.n; ++v)
      for (auto w : arena_.out[v]) into_[w].push_back(v);
  }

  std::string identity() const { return "explicit-arena"; }
  std::string table_name() const { return "explicit-arena"; }
  Params params() const { return {}; }
  std::vector<Dependency> dependencies() const { return {}; }
  Index size() const { return sparse_ ? 2 * Index{arena_.n} + 1 : arena_.n; }
  bool legal(Index i) const { return !sparse_ || i % 2 == 1; }
  Value terminal(Index) const { return Value::loss(0); }
  std::string text(Index i) const { return std::to_string(station(i)); }
  Index parse(std::string_view s) const {
    return index(static_cast<std::uint32_t>(std::stoul(std::string(s))));
  }

  bool has_owners() const { return true; }
  Player owner(Index i) const { return arena_.owner[station(i)]; }
  bool target(Index i) const { return arena_.target[station(i)] != 0; }

  template <class F>
  void moves(Index i, F&& f) const {
    for (auto w : arena_.out[station(i)]) f(Successor::to(index(w)));
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    for (auto v : into_[station(i)]) f(index(v));
  }

  Index index(std::uint32_t station) const { return sparse_ ? 2 * Index{station} + 1 : station; }
  std::uint32_t station(Index i) const { return static_cast<std::uint32_t>(sparse_ ? (i - 1) / 2 : i); }

 private:
  naive::Arena arena_;
  bool sparse_ = false;
  std::vector<std::vector<std::uint32_t>> into_;
};

static_assert(Arena<ExplicitArena>);

}  // namespace rtb::testing
