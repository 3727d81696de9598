// The plugin contract. A game plugin is a plain class that meets the `Game`
// concept below; the generator is a template over it, so the hot loop pays no
// virtual call per move. A plugin describes one table: positions are indices
// in [0, size()), and moves are computed on demand, never stored.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/dependency_codes.h"
#include "games/index_subset.h"
#include "games/packed_classes.h"
#include "games/params.h"
#include "games/value.h"

namespace rtb {

using Index = std::uint64_t;
// No index: where a stream's listing (OrdersStream) has a place that lists none.
inline constexpr Index kNoIndex = ~Index{0};

// Bad parameters, a malformed game file, a position text that does not parse.
struct GameError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Where a move leads: to an index of the same table, or to a value known in
// advance (an immediate result, or a position of an already generated table).
// A known value is given for the player to move after the move.
struct Successor {
  static constexpr Successor to(Index i) { return {i, Value::draw(), true}; }
  static constexpr Successor known(Value v) { return {0, v, false}; }

  Index index;
  Value value;
  bool inside;
};

// What a table's values depend on: the game's identity, then each of the
// solver's own parameters (arena16: ";objective=buchi"). Written by the
// generator and checked by the prober, so both use this one rule.
inline std::string table_identity(const std::string& game_identity, const Params& solver_params) {
  std::string identity = game_identity;
  for (const auto& [key, value] : solver_params.values()) identity += ";" + key + "=" + value;
  return identity;
}

// Another table this one's moves lead into; tbgen builds it first.
struct Dependency {
  std::string game;
  Params params;
};

// A move of a position given as text (hooks::TextMoves), for games whose
// positions name their table: chess moves lead into other tables.
struct TextMove {
  std::string name;            // "Rd1+ d2d1"
  std::string after;           // the position after it, as text
  bool resets_depth = false;   // the table's depth restarts after it (chess dtc: a capture)
  std::optional<Value> known;  // its value when no table holds `after` (chess: bare kings)
};

// One documented parameter, for `tbgen --list` and parameter errors.
struct ParamDoc {
  std::string_view key;
  std::string_view meaning;
  std::string_view default_value;  // empty: the parameter is required
};

namespace contract {
// Stand-ins for the callbacks the engine passes to moves() and unmoves().
struct SuccessorSink {
  void operator()(Successor) const {}
};
struct IndexSink {
  void operator()(Index) const {}
};
struct ValueSink {
  void operator()(Value) const {}
};
struct KeyedSink {
  void operator()(Successor, std::uint64_t) const {}
};
}  // namespace contract

// The required members (each is also described in games/hooks.h):
// - kName, kSummary, param_docs(): the registry entry, shown by `tbgen --list`.
// - A constructor from Params that throws GameError on bad parameters.
// - identity(): everything that determines the table's values (parameters,
//   a hash of an input file ...); a table is only read back by a plugin whose
//   identity matches. table_name(): the file stem in a directory of tables.
// - legal(i): whether index i names a real position.
// - moves(i, f): calls f(Successor) once per move of the legal position i.
//   A position where the game is over reports no moves.
// - unmoves(i, f): calls f(p) for every legal p with a move into i, once per
//   such move, so the multiset matches moves() exactly.
// - terminal(i): the value of a position without moves, for the side to move.
// - text(i) / parse(s): the position as text; parse throws GameError.
template <class G>
concept Game = requires(const G& g, const Params& params, Index i, std::string_view s,
                        contract::SuccessorSink successors, contract::IndexSink predecessors) {
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kSummary } -> std::convertible_to<std::string_view>;
  { G::param_docs() } -> std::convertible_to<std::vector<ParamDoc>>;
  G(params);
  { g.identity() } -> std::convertible_to<std::string>;
  { g.table_name() } -> std::convertible_to<std::string>;
  { g.params() } -> std::convertible_to<Params>;
  { g.size() } -> std::same_as<Index>;
  { g.legal(i) } -> std::same_as<bool>;
  g.moves(i, successors);
  g.unmoves(i, predecessors);
  { g.terminal(i) } -> std::same_as<Value>;
  { g.text(i) } -> std::convertible_to<std::string>;
  { g.parse(s) } -> std::same_as<Index>;
  { g.dependencies() } -> std::convertible_to<std::vector<Dependency>>;
};

// The values of the tables a game depends on, in the order of its
// dependencies(), as stored (Value codes by index). A plugin that has
// dependencies provides `void attach(const DependencyValues&)`; the prober
// (and tbgen, unless the plugin takes the smaller forms below) calls it
// before anything else, and the plugin reads the spans directly while
// generating, with no call per move.
using DependencyValues = std::vector<std::span<const std::uint16_t>>;

template <class G>
concept AttachesDependencies = requires(G& g, const DependencyValues& values) {
  g.attach(values);
};

// A game that reads the tables it depends on only through a class of each
// value (chess under metric=dtz: a capture's class, never its depth) may
// have them attached as those classes, at 4 bits an index instead of the
// values' 16:
//   bool attaches_classes() const;  // whether this table does
//   std::uint8_t dependency_class(std::uint16_t code) const;  // < 16
//   void attach_classes(std::span<const PackedClasses> classes);
// in the order of dependencies(). The generator then calls attach_classes()
// in place of attach(), once, from one thread, and the spans' tables live
// while the game is used; the prober still calls attach().
template <class G>
concept AttachesClasses = AttachesDependencies<G> &&
    requires(G& g, std::uint16_t code, std::span<const PackedClasses> classes) {
  { std::as_const(g).attaches_classes() } -> std::same_as<bool>;
  { std::as_const(g).dependency_class(code) } -> std::same_as<std::uint8_t>;
  g.attach_classes(classes);
};

// And a game that reads them through their codes alone may have them
// attached as DependencyCodes, at 1 byte an index where a table has at most
// 256 distinct codes:
//   void attach_codes(std::span<const DependencyCodes> codes);
// called like attach_classes(), where that one is not.
template <class G>
concept AttachesCodes = AttachesDependencies<G> && requires(G& g, std::span<const DependencyCodes> codes) {
  g.attach_codes(codes);
};

// Optional, for a game that attaches codes or classes: the indices it
// will ever read of each table it depends on, where that is a small part
// of the table (chess: a promotion reaches only positions with the new
// piece on the last rank):
//   std::vector<std::optional<IndexSubset>> dependency_reads() const;
// in the order of dependencies(), nullopt where any index may be read.
// The generator calls it before attaching and holds those tables' codes or
// classes at the members alone; reading another index is a bug (an assert
// catches it where assertions are on).
template <class G>
concept ReadsDependenciesInPart = AttachesDependencies<G> && requires(const G& g) {
  { g.dependency_reads() } -> std::same_as<std::vector<std::optional<IndexSubset>>>;
};

// The optional members a plugin may provide are declared, each once, in
// games/hooks.h. One more makes the generator's first pass cheaper:
//   std::optional<std::uint32_t> count_moves(Index i, F&& known) const:
// nullopt where legal(i) is false; otherwise the number of moves of i that
// stay inside, with known(Value) called for every other move, exactly as
// legal(i) and moves(i) would say (tbgen check verifies it). It saves a
// second decode, and moves inside need only be counted, not made. Generator
// workers call it from many threads at once.
template <class G>
concept CountsMoves = requires(const G& g, Index i, contract::ValueSink known) {
  { g.count_moves(i, known) } -> std::same_as<std::optional<std::uint32_t>>;
};

// And a game whose count_moves() is cheaper for indices asked in
// increasing order (chess: the board of the index before, one piece
// moved) may offer
//   Scanner scanner() const:
// an object for one thread whose count_moves(i, known) answers exactly as
// the game's (tbgen check verifies it); the first pass asks each of its
// chunks' indices in order from one scanner.
template <class G>
concept ScansMoves = CountsMoves<G> && requires(const G& g, Index i, contract::ValueSink known) {
  { g.scanner().count_moves(i, known) } -> std::same_as<std::optional<std::uint32_t>>;
};

// A game whose unmoves() reads tables that a random index misses in cache
// (an explicit graph's rows) may say where, some positions ahead:
//   void prefetch_unmoves(Index i) const:
// a hint that unmoves(i) comes soon; it changes no result.
template <class G>
concept PrefetchesUnmoves = requires(const G& g, Index i) {
  g.prefetch_unmoves(i);
};

// A tiered game (gen/wdl/tiers.h) whose moves need the board anyway may
// offer legal() and moves() in one decode for the first pass:
//   bool moves_if_legal(Index i, F&& f) const:
// legal(i); where true, also moves(i, f), exactly as those would say (tbgen
// check verifies it).
template <class G>
concept MovesIfLegal = requires(const G& g, Index i, contract::SuccessorSink f) {
  { g.moves_if_legal(i, f) } -> std::same_as<bool>;
};

// And one makes tbprobe --reachable's sweep cheaper for a game with
// outside keys (hooks::OutsideKeys):
//   void keyed_moves(Index i, F&& f) const:
// f(successor, key) for each move of moves(i), in its order, with the key
// outside_keys(i) gives a move that leaves the table (0 for the others).
// It saves a second decode and move generation per position.
template <class G>
concept KeysMoves = requires(const G& g, Index i, contract::KeyedSink f) {
  g.keyed_moves(i, f);
};

// A table may also store a class stream (storage/class_stream.h): a small
// ordered class per index that a probe reads by decoding a few bytes, where
// the whole value would cost a block. A game that wants one names it and
// gives each index's class:
//   static constexpr std::string_view kClassStream;  // "wdl"
//   StreamClass stream_class(Index i, Value v) const;  // v: the value of i
// called once per index (broken ones included) after the table is solved,
// from many threads at once; v is a draw at every illegal index. It may
// read the tables the game depends on, not its own: the generator has
// freed the table's values by then (gen/wdl/build.h).
struct StreamClass {
  std::uint8_t bound = 255;  // the class; where !exact, the most the stored class may be
  bool exact = false;        // false: the probe also looks elsewhere (or never reads i)
};
template <class G>
concept StoresClasses = requires(const G& g, Index i, Value v) {
  { G::kClassStream } -> std::convertible_to<std::string_view>;
  { g.stream_class(i, v) } -> std::same_as<StreamClass>;
};
// A game whose scanner (ScansMoves) also answers stream_class(i, v),
// exactly as the game does, has it asked each index in order.
template <class G>
concept ScansStreamClasses = StoresClasses<G> && ScansMoves<G> && requires(const G& g, Index i, Value v) {
  { g.scanner().stream_class(i, v) } -> std::same_as<StreamClass>;
};

// And a second class stream, of depths (storage/depth_map.h): for the
// positions of one side to move whose depth a probe cannot derive from
// their class and their moves, the depth, as a class of the position's
// group (the class stream's class, say) that the table's depth map turns
// back into the depth:
//   static constexpr std::string_view kDepthStream;  // "depth"; its map is kDepthStream + "-map"
//   DepthSlot depth_slot(Index i, Value v) const;    // v: the value of i
// called like stream_class, but while the table's values are still held:
// it may read them (chess under dtz: a pawn move's value). The generator
// stores the side whose stream is likelier to be smaller
// (gen/wdl/depth_stream.h).
struct DepthSlot {
  static constexpr std::uint8_t kNone = 255;
  std::uint8_t side = kNone;  // 0 or 1: the side to move at i; kNone: the probe never reads i
  std::uint8_t group = 0;     // < 8
};
template <class G>
concept StoresDepths = StoresClasses<G> && requires(const G& g, Index i, Value v) {
  { G::kDepthStream } -> std::convertible_to<std::string_view>;
  { g.depth_slot(i, v) } -> std::same_as<DepthSlot>;
};

// Optional, for a game with dependencies and streams: whether
// stream_class() and depth_slot() still read the table it depends on at
// place k of dependencies():
//   bool streams_read_dependency(std::size_t k) const;
// Without it, every one. Once the table is solved, the generator frees the
// others before it lists the streams (chess under metric=dtm: the streams
// read captures alone, never the promotions, which are a pawn table's
// largest dependencies); the game must not read them again.
template <class G>
concept NamesStreamDependencies = StoresClasses<G> && requires(const G& g, std::size_t k) {
  { g.streams_read_dependency(k) } -> std::same_as<bool>;
};

template <class G>
concept ExpandsParams = requires(const Params& p) {
  { G::expand(p) } -> std::convertible_to<std::vector<Params>>;
};
template <class G>
concept FindsParams = requires(std::string_view position) {
  { G::params_for(position) } -> std::convertible_to<Params>;
};

// A game (or a tier of one) whose positions have no predecessors inside the
// table sets kNoUnmoves: every value then follows from the moves alone, and
// the generator skips propagation.
template <class G>
constexpr bool has_unmoves() {
  if constexpr (requires { G::kNoUnmoves; })
    return !G::kNoUnmoves;
  else
    return true;
}

// A plugin whose moves never lead to known values sets this to false and
// the generator skips looking for them when it declares a loss.
template <class G>
constexpr bool has_known_moves() {
  if constexpr (requires { G::kHasKnownMoves; })
    return G::kHasKnownMoves;
  else
    return true;
}

}  // namespace rtb
