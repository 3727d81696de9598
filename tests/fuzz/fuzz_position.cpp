// Position texts of every game through the plugins' parse hooks: board
// strings, move sequences, heap lists, vertices and chess FENs. The first
// byte picks the game (and its parameters), the rest is the text.
//
// Properties: parse either throws GameError or gives a legal index in
// [0, size) whose text parses back to it; the text hooks that take a
// position (successor_texts, text_moves, valued_ahead) accept what parse
// accepted, and the positions they produce parse in their own game.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/any_game.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using rtb::AnyGame;
using rtb::GameError;
using rtb::Index;
using rtb::Params;
using rtb::fuzz::expect;

struct Config {
  const char* game;
  std::vector<const char*> params;
};

const rtb::fuzz::ScratchFile& graph_file() {
  static const rtb::fuzz::ScratchFile file("rtb-fuzz-position-graph");
  return file;
}
const rtb::fuzz::ScratchFile& train_file() {
  static const rtb::fuzz::ScratchFile file("rtb-fuzz-position-train");
  return file;
}

// A game per selector value; "chess-fen" finds the material from the FEN.
const std::vector<Config>& configs() {
  static const std::vector<Config> all = {
      {"tictactoe", {}},
      {"tictactoe", {"m=3", "n=4", "k=3"}},
      {"tictactoe", {"m=4", "n=4", "k=4"}},
      {"connect4", {}},
      {"connect4", {"width=7", "height=6"}},
      {"connect4", {"width=5", "height=3"}},
      {"quixo", {}},
      {"nim", {}},
      {"nim", {"heaps=4", "max=100"}},
      {"octal", {"octal=0.77", "heaps=500"}},
      {"subtraction", {}},
      {"chess", {"material=KQvK"}},
      {"chess", {"material=KPvKP"}},
      {"chess", {"material=KRvKN", "metric=dtc"}},
      {"chess-fen", {}},
      {"graph", {"file=graph"}},
      {"graph", {"file=train", "format=ioi-train"}},
  };
  return all;
}

std::unique_ptr<AnyGame> build(const Config& config) {
  Params params;
  for (const char* item : config.params) {
    const std::string text = item;
    if (text == "file=graph")
      params.set("file", graph_file().write("3 3\n1 2\n2 3\n3 1\n").string());
    else if (text == "file=train")
      params.set("file", train_file().write("3 4\n1 0 1\n0 1 0\n0 1\n1 2\n2 0\n1 1\n").string());
    else
      params.add(text);
  }
  return rtb::make_game(config.game, params);
}

// The game for a selector, built once.
const AnyGame& game_for(std::size_t selector) {
  static std::map<std::size_t, std::unique_ptr<AnyGame>> games;
  auto& game = games[selector];
  if (!game) game = build(configs()[selector]);
  return *game;
}

// A chess table for the material of `fen`, built once per material; null
// if the FEN names no table (bad FEN, too many pieces, bare kings).
const AnyGame* chess_for(std::string_view fen) {
  static std::map<std::string, std::unique_ptr<AnyGame>> games;
  std::optional<Params> params;
  try {
    params = rtb::params_for_position("chess", fen);
  } catch (const GameError&) {
    return nullptr;
  }
  expect(params.has_value(), "chess finds the parameters of a FEN");
  const std::string key = params->canonical();
  auto it = games.find(key);
  if (it == games.end()) {
    std::unique_ptr<AnyGame> game;
    try {
      game = rtb::make_game("chess", *params);
    } catch (const GameError&) {
    }
    it = games.emplace(key, std::move(game)).first;
  }
  return it->second.get();
}

// Positions a hook produced must parse: in `game`, or for chess in the
// table of their own material.
void expect_parses(const AnyGame& game, bool chess, const std::string& text, const char* hook) {
  try {
    if (!chess) {
      game.parse(text);
      return;
    }
    const AnyGame* table = chess_for(text);
    if (table) table->parse(text);
  } catch (const GameError& e) {
    rtb::fuzz::fail(std::string(hook) + " gave '" + text + "', which does not parse: " + e.what());
  }
}

void check_position(const AnyGame& game, bool chess, std::string_view text) {
  Index i = 0;
  try {
    i = game.parse(text);
  } catch (const GameError&) {
    return;
  }
  expect(i < game.size(), "parse gave an index out of range");
  expect(game.legal(i), "parse gave an illegal index");
  const std::string shown = game.text(i);
  Index again = 0;
  try {
    again = game.parse(shown);
  } catch (const GameError& e) {
    rtb::fuzz::fail("text(" + std::to_string(i) + ") = '" + shown + "' does not parse: " + e.what());
  }
  expect(again == i, "text(i) parses to another index: '" + shown + "'");
  for (const auto& move : game.moves(i))
    expect(!move.inside || move.index < game.size(), "a move leaves the index space");
  const auto names = game.move_names(i);
  expect(names.empty() || names.size() == game.moves(i).size(), "move_names and moves disagree");
  try {
    for (const auto& after : game.successor_texts(text)) expect_parses(game, chess, after, "successor_texts");
    for (const auto& move : game.text_moves(text)) {
      if (!move.known) expect_parses(game, chess, move.after, "text_moves");
    }
    game.valued_ahead(text);
  } catch (const GameError& e) {
    rtb::fuzz::fail("a text hook refuses what parse took: " + std::string(e.what()));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t selector = data[0] % configs().size();
  const std::string_view text = rtb::fuzz::as_text(data + 1, size - 1);
  if (std::string_view(configs()[selector].game) == "chess-fen") {
    if (const AnyGame* game = chess_for(text)) check_position(*game, true, text);
    return 0;
  }
  const bool chess = std::string_view(configs()[selector].game) == "chess";
  check_position(game_for(selector), chess, text);
  return 0;
}
