// Helpers shared by the chess tests and the chess benchmark: the naive
// move-generator cross-check, a moves/unmoves consistency check that needs
// no memory per move (so it runs over whole 4-piece tables), and solving a
// table with its dependencies in memory.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/chess/chess.h"
#include "games/chess/retro.h"
#include "gen/instances/instances.h"
#include "tests/naive/naive_chess.h"

namespace rtb::chess_support {

inline Chess make_chess(const std::string& material, const std::string& metric = "dtm") {
  Params p;
  p.set("material", material);
  p.set("metric", metric);
  return Chess(p);
}

inline naive_chess::Position naive_of(const chess::Board& b) {
  naive_chess::Position p;
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < 6; ++t)
      for (chess::Bitboard s = b.pieces[c][t]; s;) p.sq[chess::pop_lsb(s)] = (t + 1) * (c == 0 ? 1 : -1);
  p.side = b.stm == chess::kWhite ? 1 : -1;
  return p;
}

// "" if the legal moves of index i's board equal the naive generator's
// (the same multiset of resulting positions), else what differs.
inline std::string compare_with_naive(const Chess& game, Index i) {
  chess::Board b;
  game.layout().decode(i, b);
  std::vector<std::string> ours, theirs;
  chess::legal_moves(
      b, [&](const chess::Move&, const chess::Board& after) { ours.push_back(naive_of(after).key()); });
  for (const auto& q : naive_chess::successors(naive_of(b))) theirs.push_back(q.key());
  std::sort(ours.begin(), ours.end());
  std::sort(theirs.begin(), theirs.end());
  if (ours == theirs) return "";
  return game.text(i) + ": " + std::to_string(ours.size()) + " moves, naive " + std::to_string(theirs.size());
}

// Checks index x both ways: each predecessor in unmoves(x) appears as
// often as it has moves into x, and x appears in unmoves(q) as often as x
// has moves to q. Over every index this proves the multisets equal; over
// a sample it checks the sampled edges. Returns "" or the first problem.
inline std::string check_consistency_at(const Chess& game, Index x) {
  auto forward = [&](Index p, Index q) {
    int n = 0;
    game.moves(p, [&](Successor s) { n += s.inside && s.index == q; });
    return n;
  };
  auto backward = [&](Index p, Index q) {
    int n = 0;
    game.unmoves(q, [&](Index r) { n += r == p; });
    return n;
  };
  std::map<Index, int> preds, succs;
  game.unmoves(x, [&](Index p) { ++preds[p]; });
  game.moves(x, [&](Successor s) {
    if (s.inside) ++succs[s.index];
  });
  for (const auto& [p, n] : preds) {
    if (!game.legal(p)) return "unmoves(" + game.text(x) + ") yields an illegal index";
    if (forward(p, x) != n)
      return game.text(p) + " -> " + game.text(x) + ": " + std::to_string(forward(p, x)) + " moves, " +
             std::to_string(n) + " unmoves";
  }
  for (const auto& [q, n] : succs) {
    if (!game.legal(q)) return game.text(x) + " moves to an illegal index";
    if (backward(x, q) != n)
      return game.text(x) + " -> " + game.text(q) + ": " + std::to_string(n) + " moves, " +
             std::to_string(backward(x, q)) + " unmoves";
  }
  if (game.parse(game.text(x)) != x) return "text does not round-trip: " + game.text(x);
  return "";
}

// moves() and unmoves() of index i worked out the plain way: each move or
// retro move builds its board, which is then canonicalised; predecessors
// are counted by class. "" if the chess plugin's index arithmetic gives
// the same successors in the same order and the same predecessors.
inline std::string compare_with_boards(const Chess& game, Index i) {
  const chess::Layout& layout = game.layout();
  chess::Board b;
  layout.decode(i, b);
  std::vector<std::pair<bool, Index>> want, got;  // (inside, index or value code)
  chess::legal_moves(b, [&](const chess::Move& m, const chess::Board& after) {
    want.emplace_back(!m.converts(), m.converts() ? game.known_value(after).code() : layout.index(after));
  });
  game.moves(i, [&](Successor s) { got.emplace_back(s.inside, s.inside ? s.index : s.value.code()); });
  if (want != got) return game.text(i) + ": moves differ from the board-built ones";

  int stab_i = 1;
  layout.index(b, &stab_i);
  std::map<Index, std::pair<int, int>> found;  // q -> (retro moves, stabiliser)
  chess::retro_moves(b, [&](const chess::Board& before) {
    int stab = 1;
    const Index q = layout.index(before, &stab);
    ++found[q].first;
    found[q].second = stab;
  });
  std::vector<Index> preds, ours;
  for (const auto& [q, f] : found)
    for (int m = f.first * f.second / stab_i; m > 0; --m) preds.push_back(q);
  game.unmoves(i, [&](Index q) { ours.push_back(q); });
  std::sort(ours.begin(), ours.end());
  if (preds != ours)
    return game.text(i) + ": " + std::to_string(ours.size()) + " unmoves, " + std::to_string(preds.size()) +
           " from boards";
  return "";
}

struct Solved {
  std::vector<std::uint16_t> values;
  GenStats stats;
  Value at(Index i) const { return Value::from_code(values[i]); }
};

// Generates a table and, first, the tables it depends on; keeps them all.
class Solver {
 public:
  explicit Solver(unsigned threads = 2) { options_.threads = threads; }

  const Solved& solve(const std::string& material, const std::string& metric = "dtm") {
    Chess game = make_chess(material, metric);
    const std::string name = game.table_name();  // material, and -dtc
    if (auto it = done_.find(name); it != done_.end()) return *it->second;
    DependencyValues spans;
    for (const Dependency& d : game.dependencies())
      spans.push_back(solve(d.params.values().at("material"), metric).values);
    game.attach(spans);
    GenResult r = generate_table(game, options_);
    auto out = std::make_unique<Solved>();
    out->values.assign(r.values.get(), r.values.get() + r.size);
    out->stats = r.stats;
    return *(done_[name] = std::move(out));
  }
  // The dtm tables solved so far, by material.
  std::map<std::string, const Solved*> done() const {
    std::map<std::string, const Solved*> out;
    for (const auto& [name, t] : done_)
      if (name.find('-') == std::string::npos) out[name] = t.get();
    return out;
  }

 private:
  GenOptions options_;
  std::map<std::string, std::unique_ptr<Solved>> done_;
};

}  // namespace rtb::chess_support
