// A token on a vertex of a directed graph, a move
// follows an edge, and the player who cannot move loses (wins if misere).
// Self-loops and repeated edges are kept: `left` counts edges, not neighbours.
//
// With format=ioi-train the file is the input of IOI 2017 Train and the
// graph is an arena (games/arena.h): each station has an owner and a
// charging flag, stations are numbered from 0, and every station has a track.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/arena.h"
#include "games/game.h"

namespace rtb {

class Graph {
 public:
  static constexpr std::string_view kName = "graph";
  static constexpr std::string_view kSummary =
      "a token on a directed graph read from a file (first line 'n m', then m lines 'u v', vertices 1..n); "
      "with format=ioi-train an arena in the IOI 2017 Train input format";
  static std::vector<ParamDoc> param_docs();

  struct Options {
    bool misere = false;       // a player who cannot move wins
    std::uint32_t target = 0;  // vertex (1..n) that loses for the player to move there; 0: none
  };
  // A known-value move out of a vertex: how tests give the graph moves that
  // leave the table, as captures leave a chess table.
  struct KnownMove {
    std::uint32_t from;  // 1..n
    Value value;         // for the player to move after the move
  };

  explicit Graph(const Params& params);  // reads file=PATH; throws GameError
  // An IOI Train arena built in memory (benchmarks, tests): tracks (u, v)
  // with 0 <= u, v < n = owner.size(); every station needs a track.
  Graph(std::vector<Player> owner, std::vector<std::uint8_t> charging,
        std::vector<std::pair<std::uint32_t, std::uint32_t>> tracks);
  // A graph built in memory (benchmarks, tests); edges are (u, v) with 1 <= u, v <= n.
  Graph(std::uint32_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges, Options options,
        const std::vector<KnownMove>& known = {});

  std::string identity() const { return identity_; }
  std::string table_name() const;
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return n_; }
  std::uint64_t memory_bytes() const;  // its rows, read from the file (HoldsMemory)
  bool legal(Index) const { return true; }
  Value terminal(Index i) const {
    return options_.misere && i + 1 != options_.target ? Value::win(0) : Value::loss(0);
  }

  template <class F>
  void moves(Index i, F&& f) const {
    for (std::uint64_t e = out_begin_[i]; e < out_begin_[i + 1]; ++e) f(Successor::to(out_[e]));
    if (!known_begin_.empty())
      for (std::uint64_t e = known_begin_[i]; e < known_begin_[i + 1]; ++e) f(Successor::known(known_[e]));
  }
  // The first pass needs only the number of edges out of i, which the
  // compressed rows give without reading the edges.
  template <class F>
  std::optional<std::uint32_t> count_moves(Index i, F&& known) const {
    if (!known_begin_.empty())
      for (std::uint64_t e = known_begin_[i]; e < known_begin_[i + 1]; ++e) known(known_[e]);
    return static_cast<std::uint32_t>(out_begin_[i + 1] - out_begin_[i]);
  }
  void prefetch_unmoves(Index i) const { __builtin_prefetch(in_.data() + in_begin_[i]); }
  template <class F>
  void unmoves(Index i, F&& f) const {
    for (std::uint64_t e = in_begin_[i]; e < in_begin_[i + 1]; ++e) f(Index{in_[e]});
  }

  // Arena: only a graph read with format=ioi-train has owners.
  bool has_owners() const { return !owner_.empty(); }
  Player owner(Index i) const { return owner_[i]; }
  bool target(Index i) const { return charging_[i] != 0; }

  // IOI stations are numbered from 0, plain vertices from 1.
  std::string text(Index i) const { return std::to_string(has_owners() ? i : i + 1); }
  Index parse(std::string_view s) const;

 private:
  void build(std::uint32_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
             const std::vector<KnownMove>& known);
  void read_train(const std::string& path, const std::string& content);

  Params params_;
  std::string identity_;
  std::string stem_ = "memory";
  Options options_;
  std::uint32_t n_ = 0;
  // Compressed rows: the moves of vertex i are out_[out_begin_[i] .. out_begin_[i+1]).
  std::vector<std::uint64_t> out_begin_, in_begin_, known_begin_;
  std::vector<std::uint32_t> out_, in_;
  std::vector<Value> known_;
  std::vector<Player> owner_;           // empty unless format=ioi-train
  std::vector<std::uint8_t> charging_;  // 1 for a charging station
};

static_assert(Arena<Graph>);

}  // namespace rtb
