// A game behind one virtual interface, for the prober and other code that
// handles a position at a time. The generator never uses it: it is a
// template over the concrete plugin.
#pragma once

#include <memory>
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
