// Games solved slice by slice (chess tables with pawns, by pawn placement):
// slices are numbered in the order they are solved, and every move of a
// position stays in its slice or leads into a slice solved before, whose
// values are then final. Unlike tiers (gen/depth/tiers.h), a slice is not a
// range of the index: the game maps each slice onto its indices, and a
// move may lead into any slice before, so the whole table's values stay in
// memory while each slice is solved by the left-counter pass on its own.
// Where a move's value needs its successor's final value (a pawn move under
// the 50-move rule zeroes the count, and takes the class it reaches), that
// makes one pass of what whole would take one pass per pawn move.
//
// With options.checkpoint, finished slices go to a TierLog in the order
// they were solved, and every checkpoint says which slice is next; a
// resumed run puts the logged values back and goes on from that slice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "gen/core/checkpoint.h"
#include "gen/depth/retrograde.h"
#include "gen/depth/tier_log.h"

namespace rtb {

// One slice of G seen as a game of its own: indices are offsets into the
// slice. The game, holding the solved values, gives every move out of the
// slice as a known value already.
template <Sliced G>
class SliceView {
 public:
  static constexpr std::string_view kName = G::kName;
  static constexpr std::string_view kSummary = G::kSummary;
  static constexpr bool kHasKnownMoves = true;
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit SliceView(const Params&) { throw GameError("a slice is made from its game"); }
  SliceView(const G& game, std::uint32_t slice) : game_(&game), slice_(slice) {}

  std::string identity() const { return game_->identity(); }
  std::string table_name() const { return game_->table_name(); }
  Params params() const { return game_->params(); }
  std::vector<Dependency> dependencies() const { return {}; }
  Index size() const { return game_->slice_size(slice_); }
  bool legal(Index i) const { return game_->legal(at(i)); }
  Value terminal(Index i) const { return game_->terminal(at(i)); }
  std::string text(Index i) const { return game_->text(at(i)); }
  Index parse(std::string_view s) const { return game_->slice_of(game_->parse(s)).second; }

  template <class F>
  void moves(Index i, F&& f) const {
    game_->moves(at(i), [&](Successor s) {
      if (!s.inside) {
        f(s);
        return;
      }
      const auto [slice, offset] = game_->slice_of(s.index);
      if (slice != slice_) [[unlikely]]
        leaves_slice(i, s.index);
      f(Successor::to(offset));
    });
  }
  // The game's count: every move it counts stays in the slice (Sliced).
  template <class F>
  requires CountsMoves<G> std::optional<std::uint32_t> count_moves(Index i, F&& known)
  const { return game_->count_moves(at(i), known); }
  template <class F>
  void unmoves(Index i, F&& f) const {
    game_->unmoves(at(i), [&](Index p) {
      const auto [slice, offset] = game_->slice_of(p);
      if (slice == slice_) f(offset);
    });
  }

 private:
  Index at(Index offset) const { return game_->slice_index(slice_, offset); }
  [[noreturn, gnu::cold, gnu::noinline]] void leaves_slice(Index from, Index to) const {
    throw GenError(std::string(G::kName) + ": a move from index " + std::to_string(at(from)) + " to index " +
                   std::to_string(to) + " leads out of slice " + std::to_string(slice_) +
                   " but is not a known value, though the game holds the values solved before");
  }

  const G* game_;
  std::uint32_t slice_;
};

// Puts the slices a checkpoint's log holds back into `values`; returns the
// slice to go on from (0 where the checkpoint has none, or they do not fit).
template <Sliced G>
std::uint32_t resume_slices(const G& game, Checkpointer& cp, TierLog& log, GenStats& total,
                            std::span<std::uint16_t> values) {
  TierCheckpoint h;
  if (cp.resume() == nullptr) return 0;
  bool fits = read_section(*cp.resume(), "slices", h) && h.next_tier < game.slice_count();
  Index solved = 0;
  for (std::uint32_t s = 0; fits && s < h.next_tier; ++s) solved += game.slice_size(s);
  if (!fits || h.logged != solved) {
    cp.note("the slices in " + cp.file().string() + " do not fit this table; starting over");
    cp.set_resume(nullptr);
    return 0;
  }
  std::uint32_t slice = 0;
  Index offset = 0;
  const bool replayed = log.replay(h.logged, h.digest, [&](std::span<const std::uint16_t> part) {
    for (const std::uint16_t v : part) {
      values[game.slice_index(slice, offset)] = v;
      if (++offset == game.slice_size(slice)) {
        ++slice;
        offset = 0;
      }
    }
  });
  if (!replayed) {
    std::ranges::fill(values, std::uint16_t{0});
    cp.note("the finished slices beside " + cp.file().string() + " are damaged; starting over");
    cp.set_resume(nullptr);
    return 0;
  }
  total = {h.legal, h.wins, h.draws, h.losses, static_cast<std::uint32_t>(h.max_depth)};
  if (!cp.resume()->has("wdl.header"))
    cp.note("resuming from " + cp.file().string() + ": " + std::to_string(h.next_tier) + " of " +
            std::to_string(game.slice_count()) + " slices finished");
  return h.next_tier;
}

// A game's values: slice by slice where its moves read the slices solved
// before (moves_read_solved()), else the whole table at once. Mapping a
// slice's offsets costs a little per move and per unmove, more than the
// smaller working set saves here: chess KRPvKR under metric=dtm took 140
// CPU s in slices against 111 whole.
template <Game G>
GenResult generate_table(G& game, const GenOptions& options);

// Solves every slice of `game` in order; the whole table's values, 0 at
// illegal indices as generate() leaves them. A game whose moves read them
// (moves_read_solved()) keeps reading them until it is given others; the
// others go back to the moves of the whole table.
template <Sliced G>
GenResult generate_slices(G& game, const GenOptions& options) {
  GenResult result;
  result.size = game.size();
  result.values = std::make_unique<std::uint16_t[]>(result.size);
  const std::span<std::uint16_t> values(result.values.get(), result.size);
  game.read_solved(values);
  Checkpointer* cp = options.checkpoint;
  std::optional<TierLog> log;
  std::uint32_t first = 0;
  TierCheckpoint h;
  auto header = [&](std::uint32_t next) {
    const GenStats& t = result.stats;
    h = {next, 0, log->logged(), log->digest(), t.legal, t.wins, t.draws, t.losses, t.max_depth};
  };
  if (cp) {
    log.emplace(std::filesystem::path(cp->file().string() + ".tiers"));
    first = resume_slices(game, *cp, *log, result.stats, values);
    cp->set_outer([&](Sections& sections) { sections.push_back({"slices", bytes_of(h)}); });
  }
  const std::uint32_t count = game.slice_count();
  for (std::uint32_t s = first; s < count; ++s) {
    GenOptions slice_options = options;
    slice_options.label = "slice " + std::to_string(s + 1) + " of " + std::to_string(count);
    if (cp) {
      header(s);
      cp->set_scope(slice_options.label);
    }
    const GenResult slice = generate(SliceView<G>(game, s), slice_options);
    for (Index k = 0; k < slice.size; ++k) values[game.slice_index(s, k)] = slice.values[k];
    result.stats.add(slice.stats);
    if (cp) {
      log->append({slice.values.get(), slice.size});
      cp->set_resume(nullptr);  // its state was this slice's, if any
      header(s + 1);
      cp->set_scope("");
      if (s + 1 < count && cp->due()) cp->save({});
    }
  }
  if (cp) {
    cp->set_outer({});
    log->remove();
  }
  if (!game.moves_read_solved()) game.read_solved({});
  return result;
}

template <Game G>
GenResult generate_table(G& game, const GenOptions& options) {
  if constexpr (Sliced<G>)
    if (game.slice_count() > 0 && game.moves_read_solved()) return generate_slices(game, options);
  return generate(game, options);
}

}  // namespace rtb
