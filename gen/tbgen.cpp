// tbgen: generates tables (`tbgen --game G --param k=v --out DIR`) and
// re-checks them (`tbgen verify --table T`).
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "games/registry.h"
#include "gen/arena_cli.h"
#include "gen/build_table.h"
#include "gen/grundy_cli.h"
#include "gen/system.h"
#include "gen/verify.h"
#include "storage/table_reader.h"

namespace po = boost::program_options;

namespace rtb {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void list_games() {
  for_each_game_type([]<class G>(std::type_identity<G>) {
    std::cout << G::kName << "\n    " << G::kSummary << "\n";
    for (const ParamDoc& p : G::param_docs())
      std::cout << "    --param " << p.key << "=...  " << p.meaning << " (default " << p.default_value
                << ")\n";
  });
}

Params parse_params(const std::vector<std::string>& items) {
  Params params;
  for (const auto& item : items) params.add(item);
  return params;
}

std::string megabytes(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return buf;
}

int run_generate(const std::string& game_name, const Params& params, BuildOptions options) {
  std::filesystem::create_directories(options.out_dir);
  auto start = std::chrono::steady_clock::now();
  options.on_written = [&](const std::filesystem::path& path, const GenStats& stats) {
    const auto now = std::chrono::steady_clock::now();
    std::cout << path.string() << std::endl;
    if (!options.gen.quiet)
      std::cerr << stats.legal << " positions: " << stats.wins << " wins, " << stats.draws << " draws, "
                << stats.losses << " losses; longest " << stats.max_depth << " plies; "
                << std::chrono::duration<double>(now - start).count() << " s; peak "
                << megabytes(peak_memory_bytes()) << "\n";
    start = now;
  };
  // A parameter may name a set of tables (chess material=all4).
  std::vector<Params> tables{params};
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    if constexpr (ExpandsParams<G>)
      if (game_name == G::kName) tables = G::expand(params);
  });
  for (const Params& one : tables) {
    with_game(game_name, one, [&](auto& game) {
      if constexpr (!wdl_solvable<std::decay_t<decltype(game)>>())
        throw GameError("game " + game_name +
                        " has moves to sums of positions: generate it with --solver grundy");
      const auto path = table_path(options.out_dir, game.table_name());
      if (tables.size() > 1 && std::filesystem::exists(path) && !options.force)
        return 0;  // a set skips what exists
      build_table(game, options);
      return 0;
    });
  }
  return 0;
}

int run_verify(const std::string& table, unsigned threads) {
  storage::TableReader reader(table);
  const storage::TableMeta& meta = reader.meta();
  if (meta.value_kind == kGrundyKind) return verify_grundy_table(table, threads);
  if (meta.value_kind == kArenaValueKind)
    throw GameError("tbgen verify does not check arena16 tables (" + table + ")");
  return with_game(meta.game, Params::from_canonical(meta.params), [&](auto& game) {
    if (game.identity() != meta.identity)
      throw GameError("table " + table + " was made from different input than its parameters now give (" +
                      meta.identity + " vs " + game.identity() + ")");
    // Moves that leave the table are checked against the tables beside it.
    BuildOptions beside;
    beside.out_dir = std::filesystem::path(table).parent_path();
    beside.gen.threads = threads;
    const auto dependency_values = attach_dependencies(game, beside, false);
    const auto values = reader.read_all();
    const VerifyReport report = verify(game, values, threads);
    for (const auto& f : report.failures)
      std::cout << "MISMATCH " << game.text(f.index) << ": stored " << to_string(f.stored)
                << ", successors give " << to_string(f.expected) << "\n";
    if (!report.failures.empty()) {
      std::cout << table << ": FAILED\n";
      return 1;
    }
    std::cout << table << ": " << report.checked << " positions verified\n";
    return 0;
  });
}

int main(int argc, char** argv) {
  std::string command, game, out, table, solver;
  std::vector<std::string> param_items;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  po::options_description visible(
      "Usage: tbgen --game G [--param key=value ...] [--out DIR]\n"
      "       tbgen verify --table FILE\n"
      "       tbgen --list\n\n"
      "Generates endgame tables by retrograde analysis and stores them in LMDB.\nOptions");
  visible.add_options()("help,h", "print this help")("list", "list the games and their parameters")(
      "game,g", po::value(&game), "game to generate (see --list)")(
      "param,p", po::value(&param_items)->composing(), "game parameter key=value (repeatable)")(
      "out,o", po::value(&out)->default_value("tables"), "directory of tables to write into")(
      "threads,t", po::value(&threads)->default_value(threads), "worker threads (default: all cores)")(
      "quiet,q", "no progress or summary on stderr")("force,f", "replace a table that already exists")(
      "table", po::value(&table), "verify: the table file to re-check")(
      "solver", po::value(&solver)->default_value("wdl"),
      "wdl: win/draw/loss with depth; grundy: Sprague-Grundy values of an impartial game; arena: who wins "
      "an arena, with --param objective=reach|safety|buchi|cobuchi");
  po::options_description hidden;
  hidden.add_options()("command", po::value(&command));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << visible << "\nCommands: generate (default), verify.\n";
    return 0;
  }
  if (vm.count("list")) {
    list_games();
    return 0;
  }
  if (threads == 0) throw UsageError("--threads must be at least 1");
  if (command == "verify") {
    if (table.empty()) throw UsageError("verify needs --table FILE");
    return run_verify(table, threads);
  }
  if (!command.empty() && command != "generate") throw UsageError("unknown command '" + command + "'");
  if (game.empty()) throw UsageError("no game given: use --game G (tbgen --list shows the games)");
  BuildOptions options;
  options.out_dir = out;
  options.force = vm.count("force") > 0;
  options.gen.threads = threads;
  options.gen.quiet = vm.count("quiet") > 0;
  if (solver == "arena") return generate_arena(game, parse_params(param_items), "", options);
  if (solver == "grundy") return generate_grundy(game, parse_params(param_items), options);
  if (solver != "wdl") throw UsageError("unknown solver '" + solver + "' (wdl, grundy or arena)");
  return run_generate(game, parse_params(param_items), options);
}

}  // namespace
}  // namespace rtb

int main(int argc, char** argv) {
  try {
    return rtb::main(argc, argv);
  } catch (const rtb::UsageError& e) {
    std::cerr << "tbgen: " << e.what() << " (tbgen --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tbgen: error: " << e.what() << "\n";
    return 1;
  }
}
