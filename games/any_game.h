// A game behind one table of function pointers, for the prober and other
// code that handles a position at a time. The generator never uses it: it
// is a template over the concrete plugin.
//
// AnyGame has one member per hook of games/hooks.h (game.name(),
// game.move_names(i) ...), generated from hooks::ErasedHooks: each hook's
// Method gives the member, and the table holds one thunk per hook that
// calls the hook on the concrete type.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "games/hooks.h"
#include "games/registry.h"

namespace rtb {

class AnyGame;

namespace erased {

template <class Hook, class Signature = typename Hook::Signature>
struct Slot;
template <class Hook, class R, class... A>
struct Slot<Hook, R(A...)> {
  R (*fn)(void*, A...);
  template <class G>
  static R run(void* game, A... args) {
    return Hook::call(*static_cast<G*>(game), std::forward<A>(args)...);
  }
};

template <class List>
struct Table;
template <class... Hooks>
struct Table<hooks::List<Hooks...>> {
  using Slots = std::tuple<Slot<Hooks>...>;
  template <class G>
  static constexpr Slots kFor{Slot<Hooks>{&Slot<Hooks>::template run<G>}...};
};

template <class List>
struct Methods;
template <class... Hooks>
struct Methods<hooks::List<Hooks...>> : Hooks::template Method<AnyGame>... {};

}  // namespace erased

class AnyGame : public erased::Methods<hooks::ErasedHooks> {
  using Table = erased::Table<hooks::ErasedHooks>;

 public:
  template <Game G>
  explicit AnyGame(G game)
      : game_(std::make_unique<G>(std::move(game)).release(),
              [](void* g) { std::unique_ptr<G>(static_cast<G*>(g)); }),
        slots_(&Table::kFor<G>) {}

  // Calls hook `Hook` on the game: game.call<hooks::MoveNames>(i) is
  // game.move_names(i).
  template <class Hook, class... Args>
  decltype(auto) call(Args&&... args) const {
    return std::get<erased::Slot<Hook>>(*slots_).fn(game_.get(), std::forward<Args>(args)...);
  }

 private:
  std::unique_ptr<void, void (*)(void*)> game_;
  const Table::Slots* slots_;
};

// Throws GameError for an unknown game or bad parameters.
inline std::unique_ptr<AnyGame> make_game(std::string_view name, const Params& params) {
  return with_game(name, params, []<class G>(const G& game) { return std::make_unique<AnyGame>(game); });
}

}  // namespace rtb
