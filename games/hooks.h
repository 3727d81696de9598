// The plugin contract, member by member, each declared once.
//
// A hook is a struct that names one member of a plugin, says whether it is
// required or optional, who calls it, when and from how many threads, and
// how to call it: `call(game, args...)` calls the plugin's member and, for
// an optional hook the plugin lacks, gives the hook's default. `Method` puts
// the member on AnyGame (games/any_game.h), the game behind one virtual
// table that the prober and the front ends use; the list `ErasedHooks` at
// the end says which hooks AnyGame has. Adding a hook is one struct here and
// one entry in that list.
//
// The generator never goes through these structs: it is a template over the
// concrete plugin and calls its members directly (see game.h for moves(),
// unmoves() and count_moves(), which take callbacks and are not erased).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/arena.h"
#include "games/game.h"
#include "games/impartial.h"

namespace rtb::hooks {

// --- Required: every plugin has these (the Game concept in game.h) ---------

// Required. The registry name (kName). Anyone, any thread.
struct Name {
  using Signature = std::string_view();
  template <class G>
  static std::string_view call(const G&) {
    return G::kName;
  }
  template <class Self>
  struct Method {
    std::string_view name() const { return static_cast<const Self&>(*this).template call<Name>(); }
  };
};

// Required. What the values depend on; a table is read back only by a
// plugin whose identity matches. tbgen and the prober, once per table.
struct Identity {
  using Signature = std::string();
  template <class G>
  static std::string call(const G& g) {
    return g.identity();
  }
  template <class Self>
  struct Method {
    std::string identity() const { return static_cast<const Self&>(*this).template call<Identity>(); }
  };
};

// Required. The file stem in a directory of tables. Once per table.
struct TableName {
  using Signature = std::string();
  template <class G>
  static std::string call(const G& g) {
    return g.table_name();
  }
  template <class Self>
  struct Method {
    std::string table_name() const { return static_cast<const Self&>(*this).template call<TableName>(); }
  };
};

// Required. The parameters the plugin was built from, defaults filled in.
struct GameParams {
  using Signature = Params();
  template <class G>
  static Params call(const G& g) {
    return g.params();
  }
  template <class Self>
  struct Method {
    Params params() const { return static_cast<const Self&>(*this).template call<GameParams>(); }
  };
};

// Required. The index space [0, size()). Any thread.
struct Size {
  using Signature = Index();
  template <class G>
  static Index call(const G& g) {
    return g.size();
  }
  template <class Self>
  struct Method {
    Index size() const { return static_cast<const Self&>(*this).template call<Size>(); }
  };
};

// Required. Whether index i names a well-formed position (it need not be
// reachable from any start). Generator workers: many threads at once.
struct Legal {
  using Signature = bool(Index);
  template <class G>
  static bool call(const G& g, Index i) {
    return g.legal(i);
  }
  template <class Self>
  struct Method {
    bool legal(Index i) const { return static_cast<const Self&>(*this).template call<Legal>(i); }
  };
};

// Required. Every move of the legal position i (game.h). Generator workers
// call the plugin's template directly, many threads at once; the erased
// form collects them for the prober.
struct Moves {
  using Signature = std::vector<Successor>(Index);
  template <class G>
  static std::vector<Successor> call(const G& g, Index i) {
    std::vector<Successor> out;
    g.moves(i, [&](Successor s) { out.push_back(s); });
    return out;
  }
  template <class Self>
  struct Method {
    std::vector<Successor> moves(Index i) const {
      return static_cast<const Self&>(*this).template call<Moves>(i);
    }
  };
};

// Required. The value, for the side to move, of a legal position without
// moves. First pass of the generator (many threads) and the prober.
struct Terminal {
  using Signature = Value(Index);
  template <class G>
  static Value call(const G& g, Index i) {
    return g.terminal(i);
  }
  template <class Self>
  struct Method {
    Value terminal(Index i) const { return static_cast<const Self&>(*this).template call<Terminal>(i); }
  };
};

// Required. A legal position as text, and back (parse throws GameError).
// The prober and tbgen verify's messages; any thread.
struct Text {
  using Signature = std::string(Index);
  template <class G>
  static std::string call(const G& g, Index i) {
    return g.text(i);
  }
  template <class Self>
  struct Method {
    std::string text(Index i) const { return static_cast<const Self&>(*this).template call<Text>(i); }
  };
};
struct Parse {
  using Signature = Index(std::string_view);
  template <class G>
  static Index call(const G& g, std::string_view s) {
    return g.parse(s);
  }
  template <class Self>
  struct Method {
    Index parse(std::string_view s) const { return static_cast<const Self&>(*this).template call<Parse>(s); }
  };
};

// Required. The tables this one's moves lead into; tbgen builds them first.
struct Dependencies {
  using Signature = std::vector<Dependency>();
  template <class G>
  static std::vector<Dependency> call(const G& g) {
    return g.dependencies();
  }
  template <class Self>
  struct Method {
    std::vector<Dependency> dependencies() const {
      return static_cast<const Self&>(*this).template call<Dependencies>();
    }
  };
};

// --- Optional ----------------------------------------------------------------

// Optional, for a game with dependencies. The values of the tables it
// depends on, in the order of dependencies(); the prober calls it, and tbgen
// too unless the game takes their codes or classes instead (game.h,
// AttachesCodes), once, before anything else, from one thread. Default:
// nothing to attach.
struct Attach {
  using Signature = void(const DependencyValues&);
  template <class G>
  static void call(G& g, const DependencyValues& values) {
    if constexpr (AttachesDependencies<G>) g.attach(values);
  }
  template <class Self>
  struct Method {
    void attach(const DependencyValues& values) { static_cast<Self&>(*this).template call<Attach>(values); }
  };
};

// Optional. A name for each move of i, in the order of moves(i) (chess: SAN
// and UCI). The prober, any thread. Default: no names.
struct MoveNames {
  using Signature = std::vector<std::string>(Index);
  template <class G>
  static std::vector<std::string> call(const G& g, Index i) {
    if constexpr (requires { g.move_names(i); })
      return g.move_names(i);
    else
      return {};
  }
  template <class Self>
  struct Method {
    std::vector<std::string> move_names(Index i) const {
      return static_cast<const Self&>(*this).template call<MoveNames>(i);
    }
  };
};

// Optional. How many positions the canonical index i stands for, for
// statistics over the full board. tbprobe --stats. Default: 1.
struct ClassSize {
  using Signature = std::uint64_t(Index);
  template <class G>
  static std::uint64_t call(const G& g, Index i) {
    if constexpr (requires { g.class_size(i); })
      return static_cast<std::uint64_t>(g.class_size(i));
    else
      return 1;
  }
  template <class Self>
  struct Method {
    std::uint64_t class_size(Index i) const {
      return static_cast<const Self&>(*this).template call<ClassSize>(i);
    }
  };
};

// Optional. The position games start from. tbprobe --reachable. Default: none.
struct Start {
  using Signature = std::optional<Index>();
  template <class G>
  static std::optional<Index> call(const G& g) {
    if constexpr (requires { g.start(); })
      return g.start();
    else
      return std::nullopt;
  }
  template <class Self>
  struct Method {
    std::optional<Index> start() const { return static_cast<const Self&>(*this).template call<Start>(); }
  };
};

// Optional. 0 or 1, the side to move of i, for tables that hold both
// sides (chess): statistics per side. tbprobe --stats. Default: none.
struct SideToMove {
  using Signature = std::optional<int>(Index);
  template <class G>
  static std::optional<int> call(const G& g, Index i) {
    if constexpr (requires { g.side_to_move(i); })
      return static_cast<int>(g.side_to_move(i));
    else
      return std::nullopt;
  }
  template <class Self>
  struct Method {
    std::optional<int> side_to_move(Index i) const {
      return static_cast<const Self&>(*this).template call<SideToMove>(i);
    }
  };
};

// Optional. The position after each move, written in the orientation of
// the given text (which parse() accepts), so the prober shows moves and
// lines the way the user wrote a position the table stores as another
// image. The prober, any thread. Default: none (moves shown as stored).
struct SuccessorTexts {
  using Signature = std::vector<std::string>(std::string_view);
  template <class G>
  static std::vector<std::string> call(const G& g, std::string_view position) {
    if constexpr (requires { g.successor_texts(position); })
      return g.successor_texts(position);
    else
      return {};
  }
  template <class Self>
  struct Method {
    std::vector<std::string> successor_texts(std::string_view position) const {
      return static_cast<const Self&>(*this).template call<SuccessorTexts>(position);
    }
  };
};

// Optional, for games whose positions name their table (chess: the
// material). Every move of a position given as text, with its name and the
// text after it, which may be a position of another table. The prober,
// any thread. Default: none (the prober then works on indices).
struct TextMoves {
  using Signature = std::vector<TextMove>(std::string_view);
  template <class G>
  static std::vector<TextMove> call(const G& g, std::string_view position) {
    if constexpr (requires { g.text_moves(position); })
      return g.text_moves(position);
    else
      return {};
  }
  template <class Self>
  struct Method {
    std::vector<TextMove> text_moves(std::string_view position) const {
      return static_cast<const Self&>(*this).template call<TextMoves>(position);
    }
  };
};

// Optional. Whether a position text names a state no table holds (chess: a
// FEN whose en-passant capture is possible), valued instead as the best of
// its text_moves(). The prober, any thread. Default: false.
struct ValuedAhead {
  using Signature = bool(std::string_view);
  template <class G>
  static bool call(const G& g, std::string_view position) {
    if constexpr (requires { g.valued_ahead(position); })
      return g.valued_ahead(position);
    else
      return false;
  }
  template <class Self>
  struct Method {
    bool valued_ahead(std::string_view position) const {
      return static_cast<const Self&>(*this).template call<ValuedAhead>(position);
    }
  };
};

// Optional. A value in the game's own words ("WIN, mate in 16"). The
// prober's text output. Default: none (the prober says "WIN in 31 plies").
struct DescribeValue {
  using Signature = std::optional<std::string>(Value);
  template <class G>
  static std::optional<std::string> call(const G& g, Value v) {
    if constexpr (requires { g.describe(v); })
      return g.describe(v);
    else
      return std::nullopt;
  }
  template <class Self>
  struct Method {
    std::optional<std::string> describe(Value v) const {
      return static_cast<const Self&>(*this).template call<DescribeValue>(v);
    }
  };
};

// Optional. The value of a position given as text, in the game's own words,
// where the text says more than the table (chess: a FEN's halfmove clock
// under the 50-move rule). Default: DescribeValue.
struct DescribeAt {
  using Signature = std::optional<std::string>(std::string_view, Value);
  template <class G>
  static std::optional<std::string> call(const G& g, std::string_view position, Value v) {
    if constexpr (requires { g.describe_at(position, v); })
      return g.describe_at(position, v);
    else
      return DescribeValue::call(g, v);
  }
  template <class Self>
  struct Method {
    std::optional<std::string> describe_at(std::string_view position, Value v) const {
      return static_cast<const Self&>(*this).template call<DescribeAt>(position, v);
    }
  };
};

// Optional, for impartial games with moves to sums (games/impartial.h):
// the parts (a, b) of each move of i to a sum. The Grundy prober, any
// thread (the solver calls split_moves() directly). Default: none.
struct Splits {
  using Signature = std::vector<std::pair<Index, Index>>(Index);
  template <class G>
  static std::vector<std::pair<Index, Index>> call(const G& g, Index i) {
    std::vector<std::pair<Index, Index>> out;
    for_each_split(g, i, [&](Index a, Index b) { out.emplace_back(a, b); });
    return out;
  }
  template <class Self>
  struct Method {
    std::vector<std::pair<Index, Index>> splits(Index i) const {
      return static_cast<const Self&>(*this).template call<Splits>(i);
    }
  };
};

// Optional, for arenas (games/arena.h): who picks the move at i, or none
// for a game (or an instance) without owners. The arena prober. Default: none.
struct Owner {
  using Signature = std::optional<Player>(Index);
  template <class G>
  static std::optional<Player> call(const G& g, Index i) {
    if constexpr (Arena<G>) {
      if (g.has_owners()) return g.owner(i);
    }
    return std::nullopt;
  }
  template <class Self>
  struct Method {
    std::optional<Player> owner(Index i) const {
      return static_cast<const Self&>(*this).template call<Owner>(i);
    }
  };
};

// Optional, for games whose moves into positions that end the game leave
// the table (dobutsu): outside_keys(i) names, for each move of i with a
// known value, the position it leads to by a key below outside_size(), so
// tbprobe --reachable can count them; a key's lowest bit is set where that
// position is its own image under the table's symmetry (class size 1, else
// 2). Default: size 0, no keys.
struct OutsideSize {
  using Signature = std::uint64_t();
  template <class G>
  static std::uint64_t call(const G& g) {
    if constexpr (requires { g.outside_size(); })
      return g.outside_size();
    else
      return 0;
  }
  template <class Self>
  struct Method {
    std::uint64_t outside_size() const {
      return static_cast<const Self&>(*this).template call<OutsideSize>();
    }
  };
};
struct OutsideKeys {
  using Signature = std::vector<std::uint64_t>(Index);
  template <class G>
  static std::vector<std::uint64_t> call(const G& g, Index i) {
    if constexpr (requires { g.outside_keys(i); })
      return g.outside_keys(i);
    else
      return {};
  }
  template <class Self>
  struct Method {
    std::vector<std::uint64_t> outside_keys(Index i) const {
      return static_cast<const Self&>(*this).template call<OutsideKeys>(i);
    }
  };
};

// --- Static: called on the type, before any table is opened -----------------
// (kName, kSummary and param_docs() are required; see game.h.)
// - static std::vector<Params> expand(const Params&), optional: a parameter
//   naming a set of tables (chess material=all4); tbgen builds each one.
// - static Params params_for(std::string_view position), optional: the
//   parameters of the table holding a position (chess: a FEN's material),
//   so tbprobe --dir finds the table from the position alone.
// Both are found through the registry: expand_params() and
// params_for_position() in games/registry.h.

// --- Generator only: called on the concrete plugin, never erased --------------
// unmoves() (required), count_moves() (optional), kNoUnmoves and
// kHasKnownMoves (optional): see game.h. split_moves()/unsplit(): impartial.h.

template <class... Hooks>
struct List {};

// The hooks AnyGame carries, in the order of its virtual table.
using ErasedHooks =
    List<Name, Identity, TableName, GameParams, Size, Legal, Moves, Terminal, Text, Parse, Dependencies,
         Attach, MoveNames, ClassSize, Start, SideToMove, SuccessorTexts, TextMoves, ValuedAhead,
         DescribeValue, DescribeAt, Splits, Owner, OutsideSize, OutsideKeys>;

}  // namespace rtb::hooks
