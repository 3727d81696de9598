// A game behind one virtual interface, for the prober and other code that
// handles a position at a time. The generator never uses it: it is a
// template over the concrete plugin.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/registry.h"

namespace rtb {

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string_view name() const = 0;
  virtual std::string identity() const = 0;
  virtual std::string table_name() const = 0;
  virtual Params params() const = 0;
  virtual Index size() const = 0;
  virtual bool legal(Index i) const = 0;
  virtual std::vector<Successor> moves(Index i) const = 0;
  virtual Value terminal(Index i) const = 0;
  virtual std::string text(Index i) const = 0;
  virtual Index parse(std::string_view s) const = 0;
  virtual std::vector<Dependency> dependencies() const = 0;
  // Hands the plugin the values of its dependencies (see game.h).
  virtual void attach(const DependencyValues& values) = 0;
  // Names of the moves in the order of moves(i), or empty if the game has none.
  virtual std::vector<std::string> move_names(Index i) const = 0;
  // Positions the canonical index i stands for (1 without symmetry).
  virtual std::uint64_t class_size(Index i) const = 0;
  // The position games start from, for games that have one.
  virtual std::optional<Index> start() const = 0;
  // 0 or 1: the side to move of position i, for games whose tables hold both.
  virtual std::optional<int> side_to_move(Index i) const = 0;
  // The position after each move, in the orientation of `position`; empty
  // if the game does not offer it (see game.h).
  virtual std::vector<std::string> successor_texts(std::string_view position) const = 0;
};

template <Game G>
class ErasedGame final : public AnyGame {
 public:
  explicit ErasedGame(G game) : game_(std::move(game)) {}
  std::string_view name() const override { return G::kName; }
  std::string identity() const override { return game_.identity(); }
  std::string table_name() const override { return game_.table_name(); }
  Params params() const override { return game_.params(); }
  Index size() const override { return game_.size(); }
  bool legal(Index i) const override { return game_.legal(i); }
  std::vector<Successor> moves(Index i) const override {
    std::vector<Successor> out;
    game_.moves(i, [&](Successor s) { out.push_back(s); });
    return out;
  }
  Value terminal(Index i) const override { return game_.terminal(i); }
  std::string text(Index i) const override { return game_.text(i); }
  Index parse(std::string_view s) const override { return game_.parse(s); }
  std::vector<Dependency> dependencies() const override { return game_.dependencies(); }
  void attach(const DependencyValues& values) override {
    if constexpr (AttachesDependencies<G>) game_.attach(values);
  }
  std::vector<std::string> move_names(Index i) const override {
    if constexpr (requires { game_.move_names(i); })
      return game_.move_names(i);
    else
      return {};
  }
  std::optional<Index> start() const override {
    if constexpr (requires { game_.start(); })
      return game_.start();
    else
      return std::nullopt;
  }
  std::optional<int> side_to_move(Index i) const override {
    if constexpr (requires { game_.side_to_move(i); })
      return static_cast<int>(game_.side_to_move(i));
    else
      return std::nullopt;
  }
  std::vector<std::string> successor_texts(std::string_view position) const override {
    if constexpr (requires { game_.successor_texts(position); })
      return game_.successor_texts(position);
    else
      return {};
  }
  std::uint64_t class_size(Index i) const override {
    if constexpr (requires { game_.class_size(i); })
      return static_cast<std::uint64_t>(game_.class_size(i));
    else
      return 1;
  }

 private:
  G game_;
};

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

// Throws GameError for an unknown game or bad parameters.
inline std::unique_ptr<AnyGame> make_game(std::string_view name, const Params& params) {
  return with_game(name, params, []<class G>(const G& game) -> std::unique_ptr<AnyGame> {
    return std::make_unique<ErasedGame<G>>(game);
  });
}

}  // namespace rtb
