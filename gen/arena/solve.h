// The arena solver: reachability, safety, Buchi and co-Buchi objectives on a
// game whose positions have owners (games/arena.h), on the counter machinery
// of the win/loss pass (gen/depth/retrograde.h).
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
//            change. A round that changes Z drops at least one position, so
//            at most n+1 rounds of O(n + m): O(n * (n + m)) at worst, which a
//            chain of n-1 targets ending in a loop without one reaches.
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
//
// Memory: 8 bytes per index (ArenaCell) and at most about a byte of queue.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "games/arena.h"
#include "gen/arena/frontier.h"
#include "gen/core/options.h"
#include "gen/core/thread_pool.h"

namespace rtb {

struct ArenaStats {
  std::uint64_t legal = 0, a_wins = 0, b_wins = 0;
  std::uint32_t max_detail = 0;  // the largest distance or round
  std::uint32_t rounds = 0;      // attractors computed (buchi, cobuchi: outer rounds)
};

// What the solver keeps per index, in one place so that following an unmove
// touches one cache line: 8 bytes. After solving, `flags` is 1 where A wins
// and `dist` is the detail.
struct ArenaCell {
  std::uint32_t dist;    // depth in the attractor, kUnset, or the round that dropped it
  std::uint8_t flags;    // the solver's k* bits
  std::uint8_t left;     // moves of an opponent's position not yet into the set
  std::uint8_t moves;    // all its moves; 255: that many or more
  std::uint8_t leaving;  // moves into dropped positions (exact while moves < 255)
};
static_assert(sizeof(ArenaCell) == 8);

// Per index, who wins (A or B; B also at illegal indices) and the detail:
//   reach    A wins: moves A needs to force a target, B delaying; B wins: 0.
//   safety   B wins: moves B needs to force a non-target, A delaying; A wins: 0.
//   buchi    A wins: moves A needs to force the next target of A's winning
//            region; B wins: the round (from 1) that dropped it from A's region.
//   cobuchi  the mirror image: B wins: moves B needs to force the next
//            non-target of B's region; A wins: the round that dropped it.
struct ArenaResult {
  bool a_wins(Index i) const { return cells[i].flags != 0; }
  std::uint32_t detail(Index i) const { return cells[i].dist; }

  std::unique_ptr<ArenaCell[]> cells;
  Index size = 0;
  ArenaStats stats;
};

// How the work is cut; the defaults suit real arenas, and tests make every
// number small so that tiny arenas are split between threads and scanned.
struct ArenaTuning {
  std::uint64_t frontier_cap = 0;   // the most positions a layer lists; 0: about a byte per index
  std::uint64_t chunk = 1 << 14;    // indices per task of a pass over all indices
  std::uint64_t list_chunk = 1024;  // positions per task of a listed layer
};

template <Arena G>
class ArenaSolver {
 public:
  ArenaSolver(const G& game, const GenOptions& options, const ArenaTuning& tuning = {})
      : game_(game),
        options_(options),
        tuning_(tuning),
        size_(game.size()),
        pool_(options.threads),
        frontier_(tuning.frontier_cap ? tuning.frontier_cap : std::max<std::uint64_t>(size_ / 16, 1u << 16),
                  pool_.size()),
        progress_(options.progress, size_, options.table, options.label, options.progress_interval,
                  ProgressReport::Summary::Attractors) {}

  ArenaResult solve(Objective objective) {
    if (!game_.has_owners()) throw GenError("this game has no owners: it is not an arena");
    const Plan plan = plan_for(objective);
    cells_ = std::make_unique_for_overwrite<ArenaCell[]>(size_);
    classify(plan);
    if (!plan.recurrent) attract(false);
    for (std::uint32_t round = 1; plan.recurrent; ++round) {
      attract(true);
      const std::uint64_t dropped = drop(round);
      if (dropped == 0) break;
      dropped_ += dropped;
    }
    ArenaResult result = finish(plan);
    progress_.done(rounds_);
    return result;
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
      case Objective::Reach:
        return {Player::A, true, false};
      case Objective::Safety:
        return {Player::B, false, false};
      case Objective::Buchi:
        return {Player::A, true, true};
      case Objective::CoBuchi:
        return {Player::B, false, true};
    }
    throw GenError("unknown objective");
  }

  static constexpr std::uint8_t kGone = 1;     // outside the region Z (or illegal)
  static constexpr std::uint8_t kMine = 2;     // owned by the attracting player
  static constexpr std::uint8_t kGoal = 4;     // in the set the player attracts to
  static constexpr std::uint8_t kIllegal = 8;  // not a position
  static constexpr std::uint32_t kUnset = UINT32_MAX;
  static constexpr std::uint8_t kSaturated = 0xFF;

  std::atomic_ref<std::uint32_t> dist(Index i) { return std::atomic_ref<std::uint32_t>(cells_[i].dist); }
  bool gone(Index i) const { return cells_[i].flags & kGone; }

  // body(worker, begin, end) over all indices; inline when one chunk covers
  // them, since waking the pool costs more than a round of a small arena
  // (the n rounds of an IOI-sized worst case).
  template <class Body>
  void for_all(Body&& body) {
    if (size_ <= tuning_.chunk)
      body(0u, Index{0}, size_);
    else
      pool_.parallel_for(size_, tuning_.chunk, body);
  }

  // The flags that never change, and the check that the game is closed.
  void classify(const Plan& plan) {
    std::vector<std::uint64_t> legal(pool_.size());
    std::atomic<std::uint64_t> scanned{0};
    for_all([&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i) {
        ArenaCell& c = cells_[i];
        c = {0, kGone | kIllegal, 0, 0, 0};
        if (!game_.legal(i)) continue;
        ++legal[worker];
        c.flags = static_cast<std::uint8_t>((game_.owner(i) == plan.player ? kMine : 0) |
                                            (game_.target(i) == plan.goal_is_target ? kGoal : 0));
        std::uint32_t moves = 0;
        game_.moves(i, [&](Successor s) {
          ++moves;
          if (!s.inside) throw GenError("position " + game_.text(i) + " has a move out of the arena");
        });
        c.moves = static_cast<std::uint8_t>(std::min<std::uint32_t>(moves, kSaturated));
      }
      scanned.fetch_add(hi - lo, std::memory_order_relaxed);
      if (worker == 0) progress_.initialising(scanned.load(std::memory_order_relaxed));
    });
    progress_.first_pass_over(std::accumulate(legal.begin(), legal.end(), std::uint64_t{0}));
  }

  // One attractor inside the region. `recurrent`: a goal counts only if its
  // owner can keep the play in the region from it (Buchi's CPre(Z)).
  void attract(bool recurrent) {
    ++rounds_;
    for_all([&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i)
        if (!gone(i)) seed(worker, i, recurrent);
    });
    frontier_.advance();
    // Progress: the positions dropped for good and the attractor so far.
    std::uint64_t joined = dropped_ + frontier_.size();
    const std::string layer = recurrent ? "attractor " + std::to_string(rounds_) + ", depth" : "depth";
    for (std::uint32_t depth = 0; !frontier_.empty(); ++depth) {
      if (depth + 1 == kUnset) throw GenError("an attractor deeper than 2^32 - 2 moves");
      propagate(depth);
      frontier_.advance();
      progress_.update(depth, joined += frontier_.size(), layer);
    }
  }

  // Reads only the cell of i: moves and leaving moves are counted already.
  void seed(unsigned worker, Index i, bool recurrent) {
    ArenaCell& c = cells_[i];
    const bool mine = c.flags & kMine, goal = c.flags & kGoal;
    const bool keeps = !(recurrent && goal) || keeps_in_region(i, mine);
    const bool joins = (goal && keeps) || (!mine && c.moves == 0);  // the opponent is stuck
    c.dist = joins ? 0 : kUnset;
    // A move that leaves the region stays counted: it never joins, so an
    // opponent's position with one never reaches zero.
    c.left = c.moves;
    if (joins) frontier_.push(worker, i);
  }

  // Whether i's owner can keep the play in the region for one move: one move
  // into it for the player, every move for the opponent.
  bool keeps_in_region(Index i, bool mine) {
    const ArenaCell& c = cells_[i];
    if (c.moves != kSaturated) return mine ? c.leaving < c.moves : c.leaving == 0;
    std::uint32_t moves = 0, leaving = 0;
    game_.moves(i, [&](Successor s) {
      ++moves;
      leaving += gone(s.index);
    });
    return mine ? leaving < moves : leaving == 0;
  }

  void propagate(std::uint32_t depth) {
    auto visit = [&](unsigned worker, Index p) {
      game_.unmoves(p, [&](Index q) { pull(worker, q, depth); });
    };
    const std::vector<Index>& list = frontier_.list();
    if (frontier_.scan()) {
      for_all([&](unsigned worker, Index lo, Index hi) {
        for (Index p = lo; p < hi; ++p)
          if (!gone(p) && dist(p).load(std::memory_order_relaxed) == depth) visit(worker, p);
      });
    } else if (list.size() < options_.parallel_threshold || pool_.size() == 1) {
      for (Index p : list) visit(0, p);
    } else {
      pool_.parallel_for(list.size(), tuning_.list_chunk,
                         [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
                           for (std::uint64_t k = lo; k < hi; ++k) visit(worker, list[k]);
                         });
    }
  }

  // A move of q leads into the set at `depth`.
  void pull(unsigned worker, Index q, std::uint32_t depth) {
    ArenaCell& c = cells_[q];
    if ((c.flags & kGone) || dist(q).load(std::memory_order_relaxed) != kUnset) return;
    if (c.flags & kMine) return join(worker, q, depth + 1);
    std::atomic_ref<std::uint8_t> left(c.left);
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
  // with the round, and counts the moves into it as leaving the region (each
  // position is dropped once: O(m) over all rounds). Returns how many
  // positions were dropped.
  std::uint64_t drop(std::uint32_t round) {
    std::vector<std::uint64_t> dropped(pool_.size(), 0);
    for_all([&](unsigned worker, Index lo, Index hi) {
      for (Index i = lo; i < hi; ++i) {
        ArenaCell& c = cells_[i];
        if ((c.flags & kGone) || c.dist != kUnset) continue;
        c.flags |= kGone;
        c.dist = round;
        ++dropped[worker];
        game_.unmoves(i, [&](Index q) {
          std::atomic_ref<std::uint8_t>(cells_[q].leaving).fetch_add(1, std::memory_order_relaxed);
        });
      }
    });
    std::uint64_t total = 0;
    for (auto d : dropped) total += d;
    return total;
  }

  // Turns the flags into winners and the distances into details.
  ArenaResult finish(const Plan& plan) {
    std::vector<ArenaStats> part(pool_.size());
    for_all([&](unsigned worker, Index lo, Index hi) {
      ArenaStats& s = part[worker];
      for (Index i = lo; i < hi; ++i) {
        ArenaCell& c = cells_[i];
        const std::uint8_t f = c.flags;
        c.flags = 0;
        c.left = c.moves = c.leaving = 0;
        if (f & kIllegal) continue;
        // A member of the last attractor (still in the region) is the
        // player's; a dropped position keeps its round, an unreached one 0.
        const bool player_wins = !(f & kGone) && c.dist != kUnset;
        if (!player_wins && !(f & kGone)) c.dist = 0;
        const bool a = player_wins == (plan.player == Player::A);
        c.flags = a;
        ++s.legal;
        (a ? s.a_wins : s.b_wins)++;
        s.max_detail = std::max(s.max_detail, c.dist);
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
    return {std::move(cells_), size_, total};
  }

  const G& game_;
  GenOptions options_;
  ArenaTuning tuning_;
  Index size_;
  ThreadPool pool_;
  ArenaFrontier frontier_;
  std::uint32_t rounds_ = 0;
  std::uint64_t dropped_ = 0;  // positions dropped from the region so far (recurrent objectives)
  std::unique_ptr<ArenaCell[]> cells_;
  Progress progress_;
};

template <Arena G>
ArenaResult solve_arena(const G& game, Objective objective, const GenOptions& options,
                        const ArenaTuning& tuning = {}) {
  return ArenaSolver<G>(game, options, tuning).solve(objective);
}

}  // namespace rtb
