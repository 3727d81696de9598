// The plugin contract: every member a game plugin may have, each marked
// required or optional where it is declared, with who calls it, from how
// many threads, and its default. A plugin is a plain class; the generator is
// a template over it, so the hot loop pays no virtual call per move, and the
// prober and the front ends reach it through AnyGame (games/any_game.h), one
// virtual table built once per table. A plugin describes one table:
// positions are indices in [0, size()), and moves are computed on demand,
// never stored. games/tictactoe/ is the smallest plugin, games/connect4/ one
// split into tiers that read each other; docs/plugins.md walks through both.
//
// Callers: "generator workers" run on every thread tbgen is given at once;
// "the prober" is tbprobe, tbserve, Python and the C API, any thread, one
// position at a time; "tbgen" alone is one thread, once per table.
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

// --- What the contract speaks of ----------------------------------------------

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

// A move of a position given as text (contract::text_moves), for games whose
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

// The values of the tables a game depends on, in the order of its
// dependencies(), as stored (Value codes by index).
using DependencyValues = std::vector<std::span<const std::uint16_t>>;

// The two players of an arena (optional members has_owners(), owner()).
enum class Player : std::uint8_t { A = 0, B = 1 };

constexpr Player opponent(Player p) {
  return p == Player::A ? Player::B : Player::A;
}

struct StreamClass {
  std::uint8_t bound = 255;  // the class; where !exact, the most the stored class may be
  bool exact = false;        // false: the probe also looks elsewhere (or never reads i)
};
struct DepthSlot {
  static constexpr std::uint8_t kNone = 255;
  std::uint8_t side = kNone;  // 0 or 1: the side to move at i; kNone: the probe never reads i
  std::uint8_t group = 0;     // < 8
};

namespace contract {
// Stand-ins for the callbacks the engine passes to moves(), unmoves() and
// split_moves().
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
struct PairSink {
  void operator()(Index, Index) const {}
};
}  // namespace contract

// --- Required ------------------------------------------------------------------
// - static kName, kSummary, param_docs(): the registry entry (games/registry.h),
//   shown by `tbgen --list`. Anyone, before any table is opened.
// - G(const Params&): the table the parameters name. Throws GameError on bad
//   parameters. Any thread; tbgen, the prober, the registry.
// - identity(): everything that determines the table's values (parameters, a
//   hash of an input file ...); a table is read back only by a plugin whose
//   identity matches. tbgen and the prober, once per table.
// - table_name(): the file stem in a directory of tables. Once per table.
// - params(): the parameters it was built from, defaults filled in.
// - size(): the index space [0, size()). Any thread.
// - legal(i): whether index i names a well-formed position (it need not be
//   reachable from any start). Generator workers, the prober.
// - moves(i, f): calls f(Successor) once per move of the legal position i. A
//   position where the game is over reports no moves. Generator workers; the
//   prober through AnyGame::moves().
// - unmoves(i, f): calls f(p) for every legal p with a move into i, once per
//   such move, so the multiset matches moves() exactly (`tbgen check` and
//   tests/games/plugin_consistency_test verify it). Generator workers only.
// - terminal(i): the value, for the side to move, of a legal position without
//   moves (a loss in normal play, a win under misere, a draw for stalemate).
//   Generator workers, the prober.
// - text(i) / parse(s): the position as text, and back; parse throws
//   GameError. The prober, tbgen verify's messages; any thread.
// - dependencies(): the tables this one's moves lead into (captures,
//   promotions, earlier tiers), all of the same game; tbgen builds them
//   first. Once per table.
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

// --- Optional, for the prober and the front ends ---------------------------------
// Each is called through contract::<member>(game, ...), which gives the
// plugin's answer or the default; AnyGame carries every one of them.

namespace contract {

// Optional, for a game with dependencies: void attach(const DependencyValues&),
// the values of the tables it depends on, which the game reads directly
// while generating, with no call per move. The prober, and tbgen unless the
// game takes their codes or classes instead (AttachesClasses, AttachesCodes
// below); once, before anything else, from one thread. Default: nothing.
// Before it, moves() must still answer, with any placeholder value for the
// moves that leave: `tbgen check` checks a table with nothing attached.
template <class G>
concept AttachesDependencies = requires(G& g, const DependencyValues& values) {
  g.attach(values);
};
template <class G>
void attach(G& g, const DependencyValues& values) {
  if constexpr (AttachesDependencies<G>) g.attach(values);
}

// Optional: std::vector<std::string> move_names(Index i), a name for each
// move of i in the order of moves(i) (chess: SAN and UCI). The prober.
// Default: no names.
template <class G>
std::vector<std::string> move_names(const G& g, Index i) {
  if constexpr (requires { g.move_names(i); })
    return g.move_names(i);
  else
    return {};
}

// Optional: class_size(Index i), how many positions the canonical index i
// stands for, for statistics over the full board. tbprobe --stats, many
// threads. Default: 1.
template <class G>
std::uint64_t class_size(const G& g, Index i) {
  if constexpr (requires { g.class_size(i); })
    return static_cast<std::uint64_t>(g.class_size(i));
  else
    return 1;
}

// Optional: std::optional<Index> start(), the position games start from.
// tbprobe --reachable. Default: none.
template <class G>
std::optional<Index> start(const G& g) {
  if constexpr (requires { g.start(); })
    return g.start();
  else
    return std::nullopt;
}

// Optional: side_to_move(Index i), 0 or 1, for tables that hold both sides
// (chess): statistics per side. tbprobe --stats, many threads. Default: none.
template <class G>
std::optional<int> side_to_move(const G& g, Index i) {
  if constexpr (requires { g.side_to_move(i); })
    return static_cast<int>(g.side_to_move(i));
  else
    return std::nullopt;
}

// Optional: std::vector<std::string> successor_texts(std::string_view
// position), the position after each move, written in the orientation of
// the given text (which parse() accepts), so the prober shows moves and
// lines the way the user wrote a position the table stores as another
// image. The prober. Default: none (moves shown as stored).
template <class G>
std::vector<std::string> successor_texts(const G& g, std::string_view position) {
  if constexpr (requires { g.successor_texts(position); })
    return g.successor_texts(position);
  else
    return {};
}

// Optional, for games whose positions name their table (chess: the
// material): std::vector<TextMove> text_moves(std::string_view position),
// every move of a position given as text, with its name and the text after
// it, which may be a position of another table. The prober. Default: none
// (the prober then works on indices).
template <class G>
std::vector<TextMove> text_moves(const G& g, std::string_view position) {
  if constexpr (requires { g.text_moves(position); })
    return g.text_moves(position);
  else
    return {};
}

// Optional: bool valued_ahead(std::string_view position), whether a position
// text names a state no table holds (chess: a FEN whose en-passant capture
// is possible), valued instead as the best of its text_moves(). The prober.
// Default: false.
template <class G>
bool valued_ahead(const G& g, std::string_view position) {
  if constexpr (requires { g.valued_ahead(position); })
    return g.valued_ahead(position);
  else
    return false;
}

// Optional: std::optional<std::string> describe(Value v), a value in the
// game's own words ("WIN, mate in 16"). The prober's text output. Default:
// none (the prober says "WIN in 31 plies").
template <class G>
std::optional<std::string> describe(const G& g, Value v) {
  if constexpr (requires { g.describe(v); })
    return g.describe(v);
  else
    return std::nullopt;
}

// Optional: std::optional<std::string> describe_at(std::string_view position,
// Value v), the value of a position given as text, in the game's own words,
// where the text says more than the table (chess: a FEN's halfmove clock
// under the 50-move rule). The prober. Default: describe(v).
template <class G>
std::optional<std::string> describe_at(const G& g, std::string_view position, Value v) {
  if constexpr (requires { g.describe_at(position, v); })
    return g.describe_at(position, v);
  else
    return describe(g, v);
}

// Optional, for games whose moves into positions that end the game leave the
// table (dobutsu): std::uint64_t outside_size() and
// std::vector<std::uint64_t> outside_keys(Index i), which name, for each move
// of i with a known value, the position it leads to by a key below
// outside_size(), so tbprobe --reachable can count them; a key's lowest bit
// is set where that position is its own image under the table's symmetry
// (class size 1, else 2). The sweep's workers, many threads. Default: size
// 0, no keys.
template <class G>
std::uint64_t outside_size(const G& g) {
  if constexpr (requires { g.outside_size(); })
    return g.outside_size();
  else
    return 0;
}
template <class G>
std::vector<std::uint64_t> outside_keys(const G& g, Index i) {
  if constexpr (requires { g.outside_keys(i); })
    return g.outside_keys(i);
  else
    return {};
}

}  // namespace contract

// --- Optional, for the generator -------------------------------------------------
// Called on the concrete plugin only, never through AnyGame.

using contract::AttachesDependencies;

// Optional: a game that reads the tables it depends on only through a class of each
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

// Optional: a game that reads them through their codes alone may have them
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

// Optional, to make the generator's first pass cheaper:
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

// Optional: a game whose count_moves() is cheaper for indices asked in
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

// Optional: a game whose unmoves() reads tables that a random index misses in cache
// (an explicit graph's rows) may say where, some positions ahead:
//   void prefetch_unmoves(Index i) const:
// a hint that unmoves(i) comes soon; it changes no result.
template <class G>
concept PrefetchesUnmoves = requires(const G& g, Index i) {
  g.prefetch_unmoves(i);
};

// Optional: a game object that holds memory growing with its table (an
// explicit graph's rows) says how much:
//   std::uint64_t memory_bytes() const:
// the bytes it holds beside the process's own. Called by tbgen's memory
// estimate (gen/depth/memory_estimate.h), from one thread; default 0 (a
// game whose own tables are fixed, as chess's, counts as the process).
template <class G>
concept HoldsMemory = requires(const G& g) {
  { g.memory_bytes() } -> std::same_as<std::uint64_t>;
};

// Optional: a tiered game (gen/depth/tiers.h) whose moves need the board anyway may
// offer legal() and moves() in one decode for the first pass:
//   bool moves_if_legal(Index i, F&& f) const:
// legal(i); where true, also moves(i, f), exactly as those would say (tbgen
// check verifies it).
template <class G>
concept MovesIfLegal = requires(const G& g, Index i, contract::SuccessorSink f) {
  { g.moves_if_legal(i, f) } -> std::same_as<bool>;
};

// Optional, to make tbprobe --reachable's sweep cheaper for a game with
// outside keys (contract::outside_keys):
//   void keyed_moves(Index i, F&& f) const:
// f(successor, key) for each move of moves(i), in its order, with the key
// outside_keys(i) gives a move that leaves the table (0 for the others).
// It saves a second decode and move generation per position.
template <class G>
concept KeysMoves = requires(const G& g, Index i, contract::KeyedSink f) {
  g.keyed_moves(i, f);
};

// Optional: a table may also store a class stream (storage/class_stream.h): a small
// ordered class per index that a probe reads by decoding a few bytes, where
// the whole value would cost a block. A game that wants one names it and
// gives each index's class:
//   static constexpr std::string_view kClassStream;  // "wdl"
//   StreamClass stream_class(Index i, Value v) const;  // v: the value of i
// called once per index (broken ones included) after the table is solved,
// from many threads at once; v is a draw at every illegal index. It may
// read the tables the game depends on, not its own: the generator has
// freed the table's values by then (gen/depth/build.h).
template <class G>
concept StoresClasses = requires(const G& g, Index i, Value v) {
  { G::kClassStream } -> std::convertible_to<std::string_view>;
  { g.stream_class(i, v) } -> std::same_as<StreamClass>;
};
// Optional: a game whose scanner (ScansMoves) also answers stream_class(i, v),
// exactly as the game does, has it asked each index in order.
template <class G>
concept ScansStreamClasses = StoresClasses<G> && ScansMoves<G> && requires(const G& g, Index i, Value v) {
  { g.scanner().stream_class(i, v) } -> std::same_as<StreamClass>;
};

// Optional: a second class stream, of depths (storage/depth_map.h): for the
// positions of one side to move whose depth a probe cannot derive from
// their class and their moves, the depth, as a class of the position's
// group (the class stream's class, say) that the table's depth map turns
// back into the depth:
//   static constexpr std::string_view kDepthStream;  // "depth"; its map is kDepthStream + "-map"
//   DepthSlot depth_slot(Index i, Value v) const;    // v: the value of i
// called like stream_class, but while the table's values are still held:
// it may read them (chess under dtz: a pawn move's value). The generator
// stores the side whose stream is likelier to be smaller
// (gen/depth/depth_stream.h).
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

// Optional: a game split into tiers, each a range of the index, where every
// move stays in its tier or goes into the tier before (Connect Four by
// discs): tier_count() and tier_begin(t). The generator solves it tier by
// tier, two tiers in memory (gen/depth/tiers.h); from one thread, once per
// tier. With kMovesLeaveTier (every move goes into the tier before) each
// tier streams in one pass.
template <class G>
concept Tiered = Game<G> && requires(const G& g, std::uint32_t t) {
  { g.tier_count() } -> std::same_as<std::uint32_t>;
  { g.tier_begin(t) } -> std::same_as<Index>;
};

template <class G>
concept MovesLeaveTier = requires {
  requires G::kMovesLeaveTier;
};

// Optional: a game in slices (chess with pawns, by pawn placement), solved
// slice by slice (gen/depth/slices.h). A game with no slices (slice_count() == 0) is solved
// whole. read_solved(values) hands the game the table's values as they are
// being solved, final for every slice before the one being solved; from
// then on every move of the game out of a slice is a known value, read
// there (so count_moves() counts moves inside the slice only). A game whose
// moves need those values even without slices (not only as values of
// successors) says so (moves_read_solved()): it is only solved slice by
// slice, and its moves are only right while it holds the table's values.
template <class G>
concept Sliced = Game<G> &&
    requires(G& g, const G& cg, std::uint32_t s, Index i, std::span<const std::uint16_t> solved) {
  { cg.slice_count() } -> std::same_as<std::uint32_t>;
  { cg.slice_size(s) } -> std::same_as<Index>;
  { cg.slice_index(s, i) } -> std::same_as<Index>;                      // offset i of slice s
  { cg.slice_of(i) } -> std::same_as<std::pair<std::uint32_t, Index>>;  // {slice, offset} of index i
  g.read_solved(solved);
  { cg.moves_read_solved() } -> std::same_as<bool>;
};

// Optional: a game whose class stream may list its indices in other orders offers
// them, each with
//   walk(lo, hi, f): calls f(y, i) with the index i listed at each stream
//     place y from lo to hi - 1, or kNoIndex where the place lists none (a
//     place the probe never reads, whose class may be anything);
//   size(): the places, at least the indices listed;
//   std::uint32_t tag(): what the stream keeps for the probe;
// and optionally (ListsSidesApart)
//   side_places(side) -> std::pair<Index, Index>: the places [first,
//     last) that hold every position with `side` to move.
template <class G>
concept OrdersStream = StoresClasses<G> && requires(const G& g, void (*f)(Index, Index)) {
  g.stream_orders().at(0).walk(Index{0}, Index{1}, f);
  { g.stream_orders().at(0).size() } -> std::same_as<Index>;
  { g.stream_orders().at(0).tag() } -> std::same_as<std::uint32_t>;
};

template <class Order>
concept ListsSidesApart = requires(const Order& o, int side) {
  { o.side_places(side) } -> std::same_as<std::pair<Index, Index>>;
};

// Optional, for impartial games (gen/grundy/): moves that lead to a SUM of
// positions. An octal game splits a heap into
// two heaps; the position reached is the sum of two positions of the same
// table, never a position of its own (a table of heap lists would be
// exponential). A plugin says so with two more functions:
//
//   split_moves(i, f)  calls f(a, b) once per move of i to the sum a + b;
//   unsplit(q, f)      calls f(p) once per (split move of p, part) whose part
//                      is q: a move p -> a + b is listed once in unsplit(a)
//                      and once in unsplit(b), twice in unsplit(a) if a == b.
//
// unsplit is to split_moves what unmoves is to moves: it lets the counter
// machinery run backwards. A position's counter counts its plain inside
// moves plus two per split move (one per part); each part becoming known
// decrements it once, and the value is the mex of the successors' values,
// a sum being worth the XOR of its parts (Sprague-Grundy theorem). The
// solver stays O(V + E) with E counting split moves twice.
//
// The parts of a split move must get FINITE values from the acyclic
// counter pass: the value of a sum with a loopy part is not a function of
// the parts' values the solver can use. Octal games meet this trivially
// (both parts are smaller heaps, solved before the heap itself); a game
// that breaks it is refused at generation time with an error.
//
template <class G>
concept SplitGame = Game<G> &&
    requires(const G& g, Index i, contract::PairSink pairs, contract::IndexSink predecessors) {
  g.split_moves(i, pairs);
  g.unsplit(i, predecessors);
};

// Optional: static constexpr bool kImpartial = false, for a partizan game
// (chess, whose moves depend on the side to move); the Grundy solver
// refuses it. Default: a game without it is impartial.
template <class G>
constexpr bool declared_impartial() {
  if constexpr (requires { G::kImpartial; })
    return G::kImpartial;
  else
    return true;
}

// Optional, for arenas (gen/arena/, IOI 2017 Train), where turns do not
// simply alternate. The arena solver, many threads; the prober through
// contract::owner(). Without them a game is no arena.
// - has_owners(): false for an instance that is no arena (a graph read in
//   its plain format has no owners); the arena solver refuses it.
// - owner(i): who picks the move at the legal position i.
// - target(i): the flag the objective is about (a charging station).
template <class G>
concept Arena = Game<G> && requires(const G& g, Index i) {
  { g.has_owners() } -> std::same_as<bool>;
  { g.owner(i) } -> std::same_as<Player>;
  { g.target(i) } -> std::same_as<bool>;
};

namespace contract {
// The parts (a, b) of each move of i to a sum: the Grundy prober. Default: none.
template <class G>
std::vector<std::pair<Index, Index>> splits(const G& g, Index i) {
  std::vector<std::pair<Index, Index>> out;
  if constexpr (SplitGame<G>) g.split_moves(i, [&](Index a, Index b) { out.emplace_back(a, b); });
  return out;
}
// Who picks the move at i: the arena prober. Default: none (no arena, or an
// instance without owners).
template <class G>
std::optional<Player> owner(const G& g, Index i) {
  if constexpr (Arena<G>) {
    if (g.has_owners()) return g.owner(i);
  }
  return std::nullopt;
}
}  // namespace contract

// --- Optional, static: called on the type, before any table is opened -----------
// Both are found through the registry: expand_params() and
// params_for_position() in games/registry.h.
// - static std::vector<Params> expand(const Params&): a parameter naming a
//   set of tables (chess material=all4); tbgen builds each one.
// - static Params params_for(std::string_view position): the parameters of
//   the table holding a position (chess: a FEN's material), so tbprobe --dir
//   finds the table from the position alone.
template <class G>
concept ExpandsParams = requires(const Params& p) {
  { G::expand(p) } -> std::convertible_to<std::vector<Params>>;
};
template <class G>
concept FindsParams = requires(std::string_view position) {
  { G::params_for(position) } -> std::convertible_to<Params>;
};

// Optional: a game (or a tier of one) whose positions have no predecessors inside the
// table sets kNoUnmoves: every value then follows from the moves alone, and
// the generator skips propagation.
template <class G>
constexpr bool has_unmoves() {
  if constexpr (requires { G::kNoUnmoves; })
    return !G::kNoUnmoves;
  else
    return true;
}

// Optional: a plugin whose moves never lead to known values sets this to false and
// the generator skips looking for them when it declares a loss.
template <class G>
constexpr bool has_known_moves() {
  if constexpr (requires { G::kHasKnownMoves; })
    return G::kHasKnownMoves;
  else
    return true;
}

}  // namespace rtb
