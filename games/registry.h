// The registry: every game the commands know, as a compile-time list. Type
// erasure happens once, here: with_game() builds the plugin named on the
// command line and hands its concrete type to a generic lambda, so the
// generator and the prober are instantiated per game with no virtual call
// per move. Adding a game is one folder under games/ and one line below.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "games/chess/chess.h"
#include "games/connect4/connect4.h"
#include "games/dobutsu/dobutsu.h"
#include "games/game.h"
#include "games/graph/graph.h"
#include "games/nim/nim.h"
#include "games/octal/octal.h"
#include "games/quixo/quixo.h"
#include "games/quote_input.h"
#include "games/subtraction/subtraction.h"
#include "games/takeaway/takeaway.h"
#include "games/tictactoe/tictactoe.h"

namespace rtb {

template <Game... Gs>
struct GameList {};

using Registry =
    GameList<Graph, TicTacToe, ConnectFour, Chess, Quixo, Subtraction, Octal, Nim, Dobutsu, Takeaway>;

// Calls visit(std::type_identity<G>{}) for every registered game type G.
template <class Visit>
void for_each_game_type(Visit&& visit) {
  []<class... Gs>(GameList<Gs...>, Visit& v) { (v(std::type_identity<Gs>{}), ...); }(Registry{}, visit);
}

namespace detail {
template <class Result, class Visit, class G, class... Rest>
Result dispatch(std::string_view name, const Params& params, Visit& visit) {
  if (name == G::kName) {
    G game(params);  // not const: tbgen attaches the tables it depends on
    return visit(game);
  }
  if constexpr (sizeof...(Rest) > 0)
    return dispatch<Result, Visit, Rest...>(name, params, visit);
  else
    throw GameError("unknown game " + quote_input(name) + " (tbgen --list shows the games)");
}

template <class Result, class Visit, class G, class... Rest>
Result dispatch_type(std::string_view name, Visit& visit) {
  if (name == G::kName) return visit(std::type_identity<G>{});
  if constexpr (sizeof...(Rest) > 0)
    return dispatch_type<Result, Visit, Rest...>(name, visit);
  else
    throw GameError("unknown game " + quote_input(name) + " (tbgen --list shows the games)");
}

template <class Visit, class First, class... Rest>
auto dispatch_type_all(GameList<First, Rest...>, std::string_view name, Visit& visit) {
  using Result = decltype(visit(std::type_identity<First>{}));
  return dispatch_type<Result, Visit, First, Rest...>(name, visit);
}

template <class Visit, class First, class... Rest>
auto dispatch_all(GameList<First, Rest...>, std::string_view name, const Params& params, Visit& visit) {
  using Result = decltype(visit(std::declval<const First&>()));
  return dispatch<Result, Visit, First, Rest...>(name, params, visit);
}
}  // namespace detail

// Builds game `name` from `params` and returns visit(game); every game must
// give the same result type. Throws GameError for an unknown game or bad
// parameters.
template <class Visit>
auto with_game(std::string_view name, const Params& params, Visit&& visit) {
  return detail::dispatch_all(Registry{}, name, params, visit);
}

// Returns visit(std::type_identity<G>{}) for the registered game type G
// named `name`, without building a plugin (its parameters may name a set
// of tables); every game must give the same result type. Throws GameError
// for an unknown game.
template <class Visit>
auto with_game_type(std::string_view name, Visit&& visit) {
  return detail::dispatch_type_all(Registry{}, name, visit);
}

// The tables a parameter set names: several for a parameter that names a
// set (chess material=all4, see ExpandsParams), else the set itself.
inline std::vector<Params> expand_params(std::string_view name, const Params& params) {
  std::vector<Params> tables{params};
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    if constexpr (ExpandsParams<G>)
      if (name == G::kName) tables = G::expand(params);
  });
  return tables;
}

// The parameters of the table that holds `position` in game `name`, for
// games that can tell (see FindsParams); nullopt for the others.
inline std::optional<Params> params_for_position(std::string_view name, std::string_view position) {
  std::optional<Params> out;
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    if constexpr (FindsParams<G>)
      if (name == G::kName) out = G::params_for(position);
  });
  return out;
}

// Whether `name` is a registered game.
inline bool is_game(std::string_view name) {
  bool found = false;
  for_each_game_type([&]<class G>(std::type_identity<G>) { found = found || name == G::kName; });
  return found;
}

}  // namespace rtb
