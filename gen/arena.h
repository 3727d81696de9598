// The arena solver: reachability, safety, Buchi and co-Buchi objectives on a
// game whose positions have owners (games/arena.h), on the counter machinery
// of the win/loss pass (gen/retrograde.h).
//
// Everything is built from one step, the attractor of a player P to a set S:
// the positions from which P can force the play into S. It is the left-counter
// pass with the owner deciding the rule: S is depth 0; a position of P joins
// at depth d+1 when its first move into the depth-d layer is seen, a position
// of the opponent when its counter of moves not yet shown to lead into the
// set reaches zero, so the depth is the number of moves P needs with the
// opponent delaying. Each position joins once, each unmove is followed once.
//
//   reach    A's attractor to the targets.
//   safety   B's attractor to the non-targets; A wins outside it.
//   buchi    the nested fixpoint  Z = nu Z. mu X. (T & CPre(Z)) | CPre(X):
//            from Z = everything, repeat Z := attractor of A to the targets
//            that have a move into Z (all moves, for B's) until Z does not
//            change. One round drops at least one position, so at most n+1
//            rounds of O(n + m): O(n * (n + m)) at worst (see ArenaStats).
//   cobuchi  the same for B with the non-targets, A winning outside B's Z:
//            "eventually always a target" is the complement of B's "a
//            non-target infinitely often".
// A position without moves is lost by its owner: the counter of an opponent's
// position without moves starts at zero (it joins every attractor), and a
// P position without moves never finds a move in.
//
// The result does not depend on the thread count: a P position joins at the
// depth of the first layer that reaches it, an opponent's position one deeper
// than its last move, whatever the order inside a layer.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/arena.h"
#include "gen/arena_frontier.h"
#include "gen/retrograde.h"
#include "gen/thread_pool.h"

namespace rtb {

struct ArenaStats {
  std::uint64_t legal = 0, a_wins = 0, b_wins = 0;
  std::uint32_t max_detail = 0;  // the largest distance or round
  std::uint32_t rounds = 0;      // attractors computed (buchi, cobuchi: outer rounds)
};

// Per index, a_wins is 1 where A wins and 0 where B wins (and at illegal
// indices), and detail is
//   reach    A wins: moves A needs to force a target, B delaying; B wins: 0.
//   safety   B wins: moves B needs to force a non-target, A delaying; A wins: 0.
//   buchi    A wins: moves A needs to force the next target of A's winning
//            region; B wins: the round (from 1) that dropped it from A's region.
//   cobuchi  the mirror image: B wins: moves B needs to force the next
//            non-target of B's region; A wins: the round that dropped it.
struct ArenaResult {
  std::unique_ptr<std::uint8_t[]> a_wins;
  std::unique_ptr<std::uint32_t[]> detail;
  Index size = 0;
  ArenaStats stats;
};

template <Arena G>
class ArenaSolver {
 public:
  // frontier_cap: the most positions a layer lists before it is found by
  // scanning instead; 0 picks about one byte of queue per index. Tests make
  // it small to exercise the scan.
  ArenaSolver(const G& game, const GenOptions& options, std::uint64_t frontier_cap = 0)
      : game_(game),
        options_(options),
        size_(game.size()),
        pool_(options.threads),
        frontier_(frontier_cap ? frontier_cap : std::max<std::uint64_t>(size_ / 16, 1u << 16), pool_.size()) {}

  ArenaResult solve(Objective objective) {
    if (!game_.has_owners()) throw GenError("this game has no owners: it is not an arena");
    const Plan plan = plan_for(objective);
    flags_ = std::make_unique_for_overwrite<std::uint8_t[]>(size_);
    dist_ = std::make_unique_for_overwrite<std::uint32_t[]>(size_);
    left_ = std::make_unique_for_overwrite<std::uint8_t[]>(size_);
    classify(plan);
    if (!plan.recurrent) attract(false);
    for (std::uint32_t round = 1; plan.recurrent; ++round) {
      attract(true);
      if (drop(round) == 0) break;
    }
    left_.reset();
    return finish(plan);
  }

 private:
  // Whose attractor, to which positions, and whether it is repeated.
  struct Plan {
    Player player;
    bool goal_is_target;
    bool recurrent;
  };
  static Plan plan_for(Objective o) {
    switch (o) {
      case Objective::Reach: return {Player::A, true, false};
      case Objective::Safety: return {Player::B, false, false};
      case Objective::Buchi: return {Player::A, true, true};
      case Objective::CoBuchi: return {Player::B, false, true};
    }
    throw GenError("unknown objective");
  }

  static constexpr std::uint8_t kGone = 1;     // outside the region Z (or illegal)
  static constexpr std::uint8_t kMine = 2;     // owned by the attracting player
  static constexpr std::uint8_t kGoal = 4;     // in the set the player attracts to
  static constexpr std::uint8_t kIllegal = 8;  // not a position
  static constexpr std::uint32_t kUnset = UINT32_MAX;
  static constexpr std::uint8_t kSaturated = 0xFF;
  static constexpr std::uint64_t kChunk = 1 << 14;

  std::atomic_ref<std::uint32_t> dist(Index i) { return std::atomic_ref<std::uint32_t>(dist_[i]); }
  bool gone(Index i) const { return flags_[i] & kGone; }

  // The flags that never change, and the check that the game is closed.
  void classify(const Plan& plan) {
    pool_.parallel_for(size_, kChunk, [&](unsigned, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i) {
        dist_[i] = 0;
        if (!game_.legal(i)) {
          flags_[i] = kGone | kIllegal;
          continue;
        }
        flags_[i] = static_cast<std::uint8_t>((game_.owner(i) == plan.player ? kMine : 0) |
                                              (game_.target(i) == plan.goal_is_target ? kGoal : 0));
        if constexpr (has_known_moves<G>())
          game_.moves(i, [&](Successor s) {
            if (!s.inside) throw GenError("position " + game_.text(i) + " has a move out of the arena");
          });
      }
    });
  }

  // One attractor inside the region. `recurrent`: a goal counts only if its
  // owner can keep the play in the region from it (Buchi's CPre(Z)).
  void attract(bool recurrent) {
    ++rounds_;
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i)
        if (!gone(i)) seed(worker, i, recurrent);
    });
    frontier_.advance();
    for (std::uint32_t depth = 0; !frontier_.empty(); ++depth) {
      if (depth + 1 == kUnset) throw GenError("an attractor deeper than 2^32 - 2 moves");
      propagate(depth);
      frontier_.advance();
    }
  }

  void seed(unsigned worker, Index i, bool recurrent) {
    const bool mine = flags_[i] & kMine, goal = flags_[i] & kGoal;
    std::uint32_t moves = 0, into_region = 0;
    if (!mine || (recurrent && goal))  // only these need their moves counted
      game_.moves(i, [&](Successor s) {
        ++moves;
        into_region += !gone(s.index);
      });
    const bool keeps = !recurrent || (mine ? into_region > 0 : into_region == moves);
    const bool joins = (goal && keeps) || (!mine && moves == 0);  // the opponent is stuck
    dist_[i] = joins ? 0 : kUnset;
    // A move that leaves the region stays counted: it never joins, so an
    // opponent's position with one never reaches zero.
    if (!mine) left_[i] = static_cast<std::uint8_t>(std::min<std::uint32_t>(moves, kSaturated));
    if (joins) frontier_.push(worker, i);
  }

  void propagate(std::uint32_t depth) {
    auto visit = [&](unsigned worker, Index p) {
      game_.unmoves(p, [&](Index q) { pull(worker, q, depth); });
    };
    const std::vector<Index>& list = frontier_.list();
    if (frontier_.scan()) {
      pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
        for (Index p = lo; p < hi; ++p)
          if (!gone(p) && dist(p).load(std::memory_order_relaxed) == depth) visit(worker, p);
      });
    } else if (list.size() < options_.parallel_threshold || pool_.size() == 1) {
      for (Index p : list) visit(0, p);
    } else {
      pool_.parallel_for(list.size(), 1024, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
        for (std::uint64_t k = lo; k < hi; ++k) visit(worker, list[k]);
      });
    }
  }

  // A move of q leads into the set at `depth`.
  void pull(unsigned worker, Index q, std::uint32_t depth) {
    if (gone(q) || dist(q).load(std::memory_order_relaxed) != kUnset) return;
    if (flags_[q] & kMine) return join(worker, q, depth + 1);
    std::atomic_ref<std::uint8_t> left(left_[q]);
    if (left.load(std::memory_order_relaxed) == kSaturated) {
      if (open_moves(q, depth) == 0) join(worker, q, depth + 1);
    } else if (left.fetch_sub(1, std::memory_order_relaxed) == 1) {
      join(worker, q, depth + 1);
    }
  }

  // Moves of q not yet into the set when every member up to `depth` counts
  // (those are final while `depth` is propagated): the recount of a
  // saturated counter.
  std::uint32_t open_moves(Index q, std::uint32_t depth) {
    std::uint32_t open = 0;
    game_.moves(q, [&](Successor s) {
      open += gone(s.index) || dist(s.index).load(std::memory_order_relaxed) > depth;
    });
    return open;
  }

  void join(unsigned worker, Index q, std::uint32_t depth) {
    std::uint32_t unset = kUnset;
    if (dist(q).compare_exchange_strong(unset, depth, std::memory_order_relaxed)) frontier_.push(worker, q);
  }

  // Drops from the region what the last attractor did not reach, marking it
  // with the round; returns how many positions were dropped.
  std::uint64_t drop(std::uint32_t round) {
    std::vector<std::uint64_t> dropped(pool_.size(), 0);
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i)
        if (!gone(i) && dist_[i] == kUnset) {
          flags_[i] |= kGone;
          dist_[i] = round;
          ++dropped[worker];
        }
    });
    std::uint64_t total = 0;
    for (auto d : dropped) total += d;
    return total;
  }

  // Turns the flags into winners and the distances into details.
  ArenaResult finish(const Plan& plan) {
    std::vector<ArenaStats> part(pool_.size());
    pool_.parallel_for(size_, kChunk, [&](unsigned worker, Index lo, Index hi) {
      ArenaStats& s = part[worker];
      for (Index i = lo; i < hi; ++i) {
        const std::uint8_t f = flags_[i];
        flags_[i] = 0;
        if (f & kIllegal) continue;
        // A member of the last attractor (still in the region) is the
        // player's; a dropped position keeps its round, an unreached one 0.
        const bool player_wins = !(f & kGone) && dist_[i] != kUnset;
        if (!player_wins && !(f & kGone)) dist_[i] = 0;
        const bool a = player_wins == (plan.player == Player::A);
        flags_[i] = a;
        ++s.legal;
        (a ? s.a_wins : s.b_wins)++;
        s.max_detail = std::max(s.max_detail, dist_[i]);
      }
    });
    ArenaStats total;
    for (const auto& s : part) {
      total.legal += s.legal;
      total.a_wins += s.a_wins;
      total.b_wins += s.b_wins;
      total.max_detail = std::max(total.max_detail, s.max_detail);
    }
    total.rounds = rounds_;
    return {std::move(flags_), std::move(dist_), size_, total};
  }

  const G& game_;
  GenOptions options_;
  Index size_;
  ThreadPool pool_;
  ArenaFrontier frontier_;
  std::uint32_t rounds_ = 0;
  std::unique_ptr<std::uint8_t[]> flags_;  // k* bits; A's win (0/1) after finish()
  std::unique_ptr<std::uint32_t[]> dist_;  // depth in the attractor, kUnset, or a round
  std::unique_ptr<std::uint8_t[]> left_;   // moves of an opponent's position not yet into the set
};

template <Arena G>
ArenaResult solve_arena(const G& game, Objective objective, const GenOptions& options,
                        std::uint64_t frontier_cap = 0) {
  return ArenaSolver<G>(game, options, frontier_cap).solve(objective);
}

}  // namespace rtb
