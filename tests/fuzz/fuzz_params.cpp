// `--param` values: the input's first line names a game, every further
// line is one `--param key=value` item. They go through the commands' parser
// of items (Params::from_items), the registry's expansion of parameter sets
// (chess material=all4) and each game's constructor. A graph's file= is
// replaced by a small graph file, since reading files is fuzz_graph_file's.
//
// Properties: parsing throws GameError (an item that is no key=value) or
// RepeatedParam (a key given twice) or succeeds; building throws GameError or
// succeeds; parameters read back from their canonical form; a game built
// again from the canonical form of its parameters (what a table's metadata
// keeps, and the prober reads back) has the same identity.
#include <string>
#include <vector>

#include "games/any_game.h"
#include "games/params.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using rtb::GameError;
using rtb::Params;

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const auto newline = text.find('\n');
    lines.emplace_back(text.substr(0, newline));
    if (newline == std::string_view::npos) break;
    text.remove_prefix(newline + 1);
  }
  return lines;
}

const std::string& graph_path() {
  static const rtb::fuzz::ScratchFile file("rtb-fuzz-params-graph");
  static const std::string path = file.write("4 4\n1 2\n2 3\n3 4\n4 1\n").string();
  return path;
}

void check_table(const std::string& game, const Params& params) {
  std::unique_ptr<rtb::AnyGame> built;
  try {
    built = rtb::make_game(game, params);
  } catch (const GameError&) {
    return;
  }
  const std::string canonical = built->params().canonical();
  std::unique_ptr<rtb::AnyGame> again;
  try {
    again = rtb::make_game(game, Params::from_canonical(canonical));
  } catch (const GameError& e) {
    rtb::fuzz::fail("the canonical parameters '" + canonical + "' do not build the game again: " + e.what());
  }
  rtb::fuzz::expect(again->identity() == built->identity(),
                    "the canonical parameters '" + canonical + "' build another table");
  rtb::fuzz::expect(again->table_name() == built->table_name(),
                    "the table name changed with '" + canonical + "'");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> lines = lines_of(rtb::fuzz::as_text(data, size));
  if (lines.empty()) return 0;
  const std::string game = lines.front();
  lines.erase(lines.begin());
  Params params;
  try {
    params = Params::from_items(lines);
  } catch (const GameError&) {
    return 0;
  } catch (const rtb::RepeatedParam&) {
    return 0;
  }
  rtb::fuzz::expect(Params::from_canonical(params.canonical()).values() == params.values(),
                    "parameters do not read back from their canonical form '" + params.canonical() + "'");
  if (game == "graph" && params.has("file")) params.set("file", graph_path());
  std::vector<Params> tables;
  try {
    tables = rtb::expand_params(game, params);
  } catch (const GameError&) {
    return 0;
  }
  for (const Params& table : tables) check_table(game, table);
  return 0;
}
