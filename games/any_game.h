// A game behind one virtual table, for the prober and the front ends, which
// handle a position at a time. The generator never uses it: it is a template
// over the concrete plugin. Each member is the plugin's member of that name
// (games/game.h), or, for an optional one the plugin lacks, its default
// (contract::<member>); ErasedGame<G> is the one implementation.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/game.h"
#include "games/registry.h"

namespace rtb {

class AnyGame {
 public:
  virtual ~AnyGame() = default;

  // Required members.
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

  // Optional members, or their defaults.
  virtual void attach(const DependencyValues& values) = 0;
  virtual std::vector<std::string> move_names(Index i) const = 0;
  virtual std::uint64_t class_size(Index i) const = 0;
  virtual std::optional<Index> start() const = 0;
  virtual std::optional<int> side_to_move(Index i) const = 0;
  virtual std::vector<std::string> successor_texts(std::string_view position) const = 0;
  virtual std::vector<TextMove> text_moves(std::string_view position) const = 0;
  virtual bool valued_ahead(std::string_view position) const = 0;
  virtual std::optional<std::string> describe(Value v) const = 0;
  virtual std::optional<std::string> describe_at(std::string_view position, Value v) const = 0;
  virtual std::vector<std::pair<Index, Index>> splits(Index i) const = 0;
  virtual std::optional<Player> owner(Index i) const = 0;
  virtual std::uint64_t outside_size() const = 0;
  virtual std::vector<std::uint64_t> outside_keys(Index i) const = 0;
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

  void attach(const DependencyValues& values) override { contract::attach(game_, values); }
  std::vector<std::string> move_names(Index i) const override { return contract::move_names(game_, i); }
  std::uint64_t class_size(Index i) const override { return contract::class_size(game_, i); }
  std::optional<Index> start() const override { return contract::start(game_); }
  std::optional<int> side_to_move(Index i) const override { return contract::side_to_move(game_, i); }
  std::vector<std::string> successor_texts(std::string_view position) const override {
    return contract::successor_texts(game_, position);
  }
  std::vector<TextMove> text_moves(std::string_view position) const override {
    return contract::text_moves(game_, position);
  }
  bool valued_ahead(std::string_view position) const override {
    return contract::valued_ahead(game_, position);
  }
  std::optional<std::string> describe(Value v) const override { return contract::describe(game_, v); }
  std::optional<std::string> describe_at(std::string_view position, Value v) const override {
    return contract::describe_at(game_, position, v);
  }
  std::vector<std::pair<Index, Index>> splits(Index i) const override { return contract::splits(game_, i); }
  std::optional<Player> owner(Index i) const override { return contract::owner(game_, i); }
  std::uint64_t outside_size() const override { return contract::outside_size(game_); }
  std::vector<std::uint64_t> outside_keys(Index i) const override { return contract::outside_keys(game_, i); }

 private:
  G game_;
};

// Throws GameError for an unknown game or bad parameters.
inline std::unique_ptr<AnyGame> make_game(std::string_view name, const Params& params) {
  return with_game(name, params, []<class G>(const G& game) -> std::unique_ptr<AnyGame> {
    return std::make_unique<ErasedGame<G>>(game);
  });
}

}  // namespace rtb
