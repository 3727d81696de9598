// The generic checks every game plugin must pass, runnable on any
// parameters (tbgen check, the consistency test):
// - moves() and unmoves() are one relation with the same multiplicities,
//   and so are split_moves() and unsplit() where a game has them;
// - unmoves() and the moves inside lead only to legal indices below size();
// - parse(text(i)) == i;
// - count_moves() and moves_if_legal() (where a game has them) say what
//   legal() and moves() say;
// - successor_texts() (where a game has it) writes the moves of moves();
// - terminal() works for every legal position without moves.
//
// Over every index the relation is compared by a 128-bit fingerprint of the
// two multisets (no memory per move); only when they differ is every index
// checked on its own to name the moves at fault. A sample checks each
// sampled position both ways instead: every move p -> q against the count
// of p in unmoves(q), and every predecessor in unmoves(p) against its moves
// into p, so the relation stays exact on the edges it touches.
//
// The plugin is used exactly as the generator uses it: const, concurrently
// from several threads. A table that depends on others is checked with
// nothing attached: moves leaving it may then carry placeholder values,
// which the checks only compare between count_moves() and moves().
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <iterator>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "games/game.h"
#include "games/impartial.h"
#include "gen/check/plugin_check_detail.h"
#include "gen/check/plugin_check_report.h"
#include "gen/core/thread_pool.h"

namespace rtb {

// The k-th index (k < count) of the sample check_plugin() draws when
// size > count: index k lies in [k * size / count, (k + 1) * size / count).
inline Index sampled_index(Index size, std::uint64_t count, std::uint64_t seed, std::uint64_t k) {
  using Wide = unsigned __int128;
  const auto lo = static_cast<Index>(Wide{k} * size / count);
  const auto hi = static_cast<Index>(Wide{k + 1} * size / count);
  return lo + plugin_check_detail::mix(seed ^ plugin_check_detail::mix(k)) % (hi - lo);
}

namespace plugin_check_detail {

template <Game G>
class Checker {
 public:
  Checker(const G& game, const PluginCheckOptions& options)
      : game_(game),
        options_(options),
        size_(game.size()),
        full_(options.sample_limit == 0 || size_ <= options.sample_limit),
        count_(full_ ? size_ : options.sample_limit),
        text_stride_(std::max<std::uint64_t>(1, count_ / std::max<std::uint64_t>(1, options.text_sample))),
        pool_(options.threads),
        max_failures_(std::max<std::size_t>(1, options.max_failures)),
        tallies_(pool_.size()) {}

  PluginCheckReport run() {
    PluginCheckReport report;
    report.size = size_;
    report.sampled = !full_;
    over_all(
        "checking", count_, [&](std::uint64_t k) { return index_at(k); },
        [&](Tally& tally, std::uint64_t k, Index i) { check_one(tally, k, i); });
    Tally total;
    for (const Tally& t : tallies_) total.add(t);
    const bool moves_differ = full_ && !total.moves_fp.same();
    const bool splits_differ = full_ && !total.splits_fp.same();
    if ((moves_differ || splits_differ) && !stop_) {
      over_all(
          "locating", size_, [](std::uint64_t k) { return Index{k}; },
          [&](Tally&, std::uint64_t, Index i) {
            if (!game_.legal(i)) return;
            if (moves_differ) check_moves_at(i, true);
            if (splits_differ) check_splits_at(i, true);
          });
      if (failures_.empty())
        fail(PluginCheck::kRelation, PluginCheckFailure::kNoIndex, std::nullopt,
             "the multisets of moves and unmoves differ, yet every index agrees on its own: "
             "do moves() and unmoves() give the same answer on every call?");
    }
    report.indices = total.indices;
    report.positions = total.positions;
    report.moves = total.moves;
    report.stopped = stop_;
    report.failures = std::move(failures_);
    std::sort(report.failures.begin(), report.failures.end(),
              [](const auto& a, const auto& b) { return a.index < b.index; });
    return report;
  }

 private:
  template <class Game>
  struct ScannerOf {
    using type = std::monostate;
  };
  template <ScansMoves Game>
  struct ScannerOf<Game> {
    using type = decltype(std::declval<const Game&>().scanner());
  };

  struct alignas(64) Tally {  // per worker, a cache line apart
    std::uint64_t indices = 0, positions = 0, moves = 0;
    Fingerprint moves_fp, splits_fp;
    std::optional<typename ScannerOf<G>::type> scanner;  // asked the worker's indices in turn
    void add(const Tally& t) {
      indices += t.indices;
      positions += t.positions;
      moves += t.moves;
      moves_fp.add(t.moves_fp);
      splits_fp.add(t.splits_fp);
    }
  };

  // Calls body(tally, k, at(k)) for k in [0, n) on every worker until done
  // or stopped; a plugin call that throws fails index at(k).
  template <class At, class Body>
  void over_all(std::string_view phase, std::uint64_t n, At&& at, Body&& body) {
    const std::uint64_t chunk = std::clamp<std::uint64_t>(n / (64 * pool_.size()), 16, 1 << 12);
    std::atomic<std::uint64_t> done{0};
    pool_.parallel_for(n, chunk, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t k = lo; k < hi && !stop_.load(std::memory_order_relaxed); ++k) {
        const Index i = at(k);
        try {
          body(tallies_[worker], k, i);
        } catch (const std::exception& e) {
          fail(PluginCheck::kException, i, std::nullopt, std::string("a plugin call threw: ") + e.what());
        }
      }
      const std::uint64_t now = done.fetch_add(hi - lo, std::memory_order_relaxed) + (hi - lo);
      if (worker == 0 && options_.progress) options_.progress({phase, now, n});
    });
    if (options_.progress) options_.progress({phase, n, n});
  }

  Index index_at(std::uint64_t k) const { return full_ ? k : sampled_index(size_, count_, options_.seed, k); }

  void check_one(Tally& tally, std::uint64_t k, Index i) {
    ++tally.indices;
    check_count_moves(tally, i);
    check_moves_if_legal(i);
    if (!game_.legal(i)) return;
    ++tally.positions;
    check_text(i);
    std::uint64_t moves = 0;
    game_.moves(i, [&](Successor s) {
      ++moves;
      if (!s.inside) return;
      check_inside(i, s.index, "moves");
      tally.moves_fp.forward(i, s.index);
    });
    for_each_split(game_, i, [&](Index a, Index b) {
      ++moves;
      for (Index part : {a, b}) {
        check_inside(i, part, "split_moves");
        tally.splits_fp.forward(i, part);
      }
    });
    tally.moves += moves;
    if (moves == 0) check_terminal(i);
    game_.unmoves(i, [&](Index p) {
      check_inside(i, p, "unmoves");
      tally.moves_fp.backward(p, i);
    });
    for_each_unsplit(game_, i, [&](Index p) {
      check_inside(i, p, "unsplit");
      tally.splits_fp.backward(p, i);
    });
    if (!full_) {
      check_moves_at(i, false);
      check_splits_at(i, false);
    }
    if (k % text_stride_ == 0) check_successor_texts(i);
  }

  // i's moves (or unmoves: `call`) reach j: a legal index below size().
  void check_inside(Index i, Index j, std::string_view call) {
    if (j >= size_)
      fail(PluginCheck::kIndices, i, j,
           std::string(call) + " gives index " + std::to_string(j) + ", size() is " + std::to_string(size_));
    else if (!game_.legal(j))
      fail(PluginCheck::kIndices, i, j, std::string(call) + " gives illegal index " + std::to_string(j));
  }

  void check_text(Index i) {
    const std::string text = game_.text(i);
    Index back = 0;
    try {
      back = game_.parse(text);
    } catch (const std::exception& e) {
      fail(PluginCheck::kText, i, std::nullopt, "parse(text) throws: " + std::string(e.what()));
      return;
    }
    if (back != i) fail(PluginCheck::kText, i, back, "parse(text) gives index " + std::to_string(back));
  }

  void check_terminal(Index i) {
    try {
      (void)game_.terminal(i);
    } catch (const std::exception& e) {
      fail(PluginCheck::kTerminal, i, std::nullopt,
           "terminal() of a position without moves throws: " + std::string(e.what()));
    }
  }

  // count_moves() against legal() and moves(), and a scanner's against
  // count_moves(): a scanner is asked the indices of each chunk in order, as
  // the first pass asks them.
  void check_count_moves(Tally& tally, Index i) {
    if constexpr (CountsMoves<G>) {
      std::vector<std::uint16_t> counted, made;
      const std::optional<std::uint32_t> inside =
          game_.count_moves(i, [&](Value v) { counted.push_back(v.code()); });
      if constexpr (ScansMoves<G>) {
        if (!tally.scanner) tally.scanner.emplace(game_.scanner());
        std::vector<std::uint16_t> scanned;
        if (tally.scanner->count_moves(i, [&](Value v) { scanned.push_back(v.code()); }) != inside ||
            scanned != counted)
          fail(PluginCheck::kCountMoves, i, std::nullopt, "scanner().count_moves() and count_moves() differ");
      }
      const bool legal = game_.legal(i);
      if (inside.has_value() != legal) {
        fail(PluginCheck::kCountMoves, i, std::nullopt,
             legal ? "count_moves() says illegal, legal() says legal"
                   : "count_moves() counts an illegal index");
        return;
      }
      if (!inside) return;
      std::uint32_t made_inside = 0;
      game_.moves(i, [&](Successor s) {
        if (s.inside)
          ++made_inside;
        else
          made.push_back(s.value.code());
      });
      std::sort(counted.begin(), counted.end());
      std::sort(made.begin(), made.end());
      if (*inside != made_inside)
        fail(PluginCheck::kCountMoves, i, std::nullopt,
             "count_moves() counts " + times(*inside, "move") + " inside, moves() makes " +
                 std::to_string(made_inside));
      else if (counted != made)
        fail(PluginCheck::kCountMoves, i, std::nullopt,
             "count_moves() gives " + times(counted.size(), "known value") + ", moves() " +
                 std::to_string(made.size()) + (counted.size() == made.size() ? ", not the same" : ""));
    }
  }

  void check_moves_if_legal(Index i) {
    if constexpr (MovesIfLegal<G>) {
      std::vector<Successor> both, made;
      const bool legal = game_.moves_if_legal(i, [&](Successor s) { both.push_back(s); });
      if (legal != game_.legal(i))
        return fail(PluginCheck::kCountMoves, i, std::nullopt,
                    legal ? "moves_if_legal() says legal, legal() says illegal"
                          : "moves_if_legal() says illegal, legal() says legal");
      if (legal) game_.moves(i, [&](Successor s) { made.push_back(s); });
      auto same = [](const Successor& a, const Successor& b) {
        return a.inside == b.inside && (a.inside ? a.index == b.index : a.value == b.value);
      };
      if (!std::equal(both.begin(), both.end(), made.begin(), made.end(), same))
        fail(PluginCheck::kCountMoves, i, std::nullopt, "moves_if_legal() and moves() make other moves");
    }
  }

  void check_moves_at(Index x, bool missing_only) {
    check_pairs_at(
        PluginCheck::kRelation, "moves", "unmoves", x, missing_only,
        [&](Index p, auto&& f) {
          game_.moves(p, [&](Successor s) {
            if (s.inside) f(s.index);
          });
        },
        [&](Index q, auto&& f) { game_.unmoves(q, f); });
  }

  void check_splits_at(Index x, bool missing_only) {
    if constexpr (SplitGame<G>)
      check_pairs_at(
          PluginCheck::kSplits, "split_moves", "unsplit", x, missing_only,
          [&](Index p, auto&& f) {
            game_.split_moves(p, [&](Index a, Index b) {
              f(a);
              f(b);
            });
          },
          [&](Index q, auto&& f) { game_.unsplit(q, f); });
  }

  // x both ways: each successor q of x lists x in backward(q) as often as
  // x has moves to q, and each p in backward(x) has as many moves into x.
  // A check over every index takes the second half only for a p with no
  // move into x at all: any other p is checked when p itself is.
  template <class Forward, class Backward>
  void check_pairs_at(PluginCheck check, std::string_view forward_name, std::string_view backward_name,
                      Index x, bool missing_only, Forward&& forward, Backward&& backward) {
    auto count = [](auto&& enumerate, Index at, Index wanted) {
      std::uint64_t n = 0;
      enumerate(at, [&](Index j) { n += j == wanted; });
      return n;
    };
    auto report = [&](Index p, Index q, std::uint64_t moves, std::uint64_t unmoves) {
      const std::string from = label(p), to = label(q);
      fail(check, p, q,
           "move " + from + " -> " + to + " appears " + times(moves, "time") + " in " +
               std::string(forward_name) + "(" + from + "), " + times(unmoves, "time") + " in " +
               std::string(backward_name) + "(" + to + ")");
    };
    auto valid = [&](Index j) { return j < size_ && game_.legal(j); };  // else check_inside reports it
    std::vector<Index> succs, preds;
    forward(x, [&](Index q) { succs.push_back(q); });
    backward(x, [&](Index p) { preds.push_back(p); });
    for_each_run(succs, [&](Index q, std::uint64_t n) {
      if (!valid(q)) return;
      if (const std::uint64_t m = count(backward, q, x); m != n) report(x, q, n, m);
    });
    for_each_run(preds, [&](Index p, std::uint64_t m) {
      if (!valid(p)) return;
      const std::uint64_t n = count(forward, p, x);
      if (n != m && (!missing_only || n == 0)) report(p, x, n, m);
    });
  }

  // Texts of successors that parse() refuses are moves leaving the table.
  void check_successor_texts(Index p) {
    if constexpr (requires { game_.successor_texts(std::string_view{}); }) {
      const std::string text = game_.text(p);
      const std::vector<std::string> after = game_.successor_texts(text);
      compare_successors(p, text, after);
      for (const std::string& s : after) {
        const std::optional<Index> q = parse_inside(s);
        if (!q) continue;
        if (!(*q < size_ && game_.legal(*q))) {
          fail(PluginCheck::kSuccessorTexts, p, q, "successor text " + s + " parses to a broken index");
          continue;
        }
        compare_successors(*q, s, game_.successor_texts(s));
      }
    }
  }

  void compare_successors(Index i, const std::string& text, const std::vector<std::string>& after) {
    std::vector<Index> from_texts, from_moves;
    for (const std::string& s : after) from_texts.push_back(parse_inside(s).value_or(kLeaves));
    game_.moves(i, [&](Successor s) { from_moves.push_back(s.inside ? s.index : kLeaves); });
    std::sort(from_texts.begin(), from_texts.end());
    std::sort(from_moves.begin(), from_moves.end());
    if (from_texts == from_moves) return;
    fail(PluginCheck::kSuccessorTexts, i, std::nullopt,
         "successor_texts(" + text + ") gives " + times(from_texts.size(), "successor") + ", moves() " +
             std::to_string(from_moves.size()) + "; " + first_difference(from_texts, from_moves));
  }

  std::string first_difference(const std::vector<Index>& texts, const std::vector<Index>& moves) const {
    std::vector<Index> only_texts, only_moves;
    std::set_difference(texts.begin(), texts.end(), moves.begin(), moves.end(),
                        std::back_inserter(only_texts));
    std::set_difference(moves.begin(), moves.end(), texts.begin(), texts.end(),
                        std::back_inserter(only_moves));
    auto name = [&](Index q) { return q == kLeaves ? std::string("a move leaving the table") : label(q); };
    if (!only_texts.empty()) return name(only_texts.front()) + " only in successor_texts()";
    return name(only_moves.front()) + " only in moves()";
  }

  std::optional<Index> parse_inside(const std::string& s) const {
    try {
      return game_.parse(s);
    } catch (const GameError&) {
      return std::nullopt;
    }
  }

  // text(i) where the plugin can write it, else "#i".
  std::string label(Index i) const {
    try {
      if (i < size_ && game_.legal(i)) return game_.text(i);
    } catch (const std::exception&) {
    }
    return "#" + std::to_string(i);
  }

  void fail(PluginCheck check, Index i, std::optional<Index> other, std::string message) {
    std::string text = i == PluginCheckFailure::kNoIndex ? "" : label(i);
    if (!text.empty() && text.front() == '#') text.clear();
    std::lock_guard lock(mutex_);
    if (failures_.size() >= max_failures_) return;
    failures_.push_back({check, i, other, std::move(text), std::move(message)});
    if (failures_.size() >= max_failures_) stop_ = true;
  }

  static constexpr Index kLeaves = ~Index{0};  // a move to a known value, in successor lists

  const G& game_;
  const PluginCheckOptions& options_;
  const Index size_;
  const bool full_;
  const std::uint64_t count_;  // indices to check
  const std::uint64_t text_stride_;
  ThreadPool pool_;
  const std::size_t max_failures_;
  std::vector<Tally> tallies_;
  std::mutex mutex_;
  std::vector<PluginCheckFailure> failures_;
  std::atomic<bool> stop_{false};
};

}  // namespace plugin_check_detail

// Runs every check on `game` (see the top of this file). Never throws for
// a fault of the plugin: a plugin call that throws is a failure too.
template <Game G>
PluginCheckReport check_plugin(const G& game, const PluginCheckOptions& options = {}) {
  return plugin_check_detail::Checker<G>(game, options).run();
}

}  // namespace rtb
