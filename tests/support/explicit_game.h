// A game plugin over a naive::Graph held in memory: any terminal values and
// any moves to known values, so the generator can be compared with the
// naive solver on everything the contract allows.
#pragma once

#include <string>
#include <vector>

#include "games/game.h"
#include "tests/naive/naive_wdl.h"

namespace rtb::testing {

class ExplicitGame {
 public:
  static constexpr std::string_view kName = "explicit";
  static constexpr std::string_view kSummary = "a graph held in memory (tests only)";
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit ExplicitGame(const Params&) {}
  explicit ExplicitGame(naive::Graph graph) : graph_(std::move(graph)), into_(graph_.n) {
    for (std::uint32_t v = 0; v < graph_.n; ++v)
      for (const auto& e : graph_.out[v])
        if (e.inside) into_[e.to].push_back(v);
  }

  std::string identity() const { return "explicit"; }
  std::string table_name() const { return "explicit"; }
  Params params() const { return {}; }
  std::vector<Dependency> dependencies() const { return {}; }
  Index size() const { return graph_.n; }
  bool legal(Index) const { return true; }
  Value terminal(Index i) const { return graph_.terminal[i]; }
  std::string text(Index i) const { return std::to_string(i); }
  Index parse(std::string_view s) const { return std::stoull(std::string(s)); }

  template <class F>
  void moves(Index i, F&& f) const {
    for (const auto& e : graph_.out[i]) f(e.inside ? Successor::to(e.to) : Successor::known(e.known));
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    for (auto p : into_[i]) f(Index{p});
  }

 private:
  naive::Graph graph_;
  std::vector<std::vector<std::uint32_t>> into_;
};

static_assert(Game<ExplicitGame>);

}  // namespace rtb::testing
