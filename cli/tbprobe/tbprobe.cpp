// tbprobe: answers questions about positions from tables written by tbgen.
// The table is opened once; its value kind, read from its meta record,
// picks the reader (answers/value_kind.h).
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "answers/common.h"
#include "answers/kinds/grundy.h"
#include "answers/lichess.h"
#include "answers/table_lookup.h"
#include "answers/value_kind.h"
#include "cli/tbprobe/plot.h"
#include "games/chess/chess.h"
#include "games/registry.h"

namespace po = boost::program_options;

namespace rtb::cli {
namespace {

using namespace answers;  // the value kinds and what they show

struct Request {
  std::string table, dir, game, solver;
  std::vector<std::string> params;
  std::optional<std::string> position;
};

// The table a request names: --table (of --game where given), or the one
// of --game and --param in --dir (games such as chess find it from the
// position itself), which must be the table they ask for.
OpenedTable open_requested(Request& r) {
  if (!r.table.empty()) {
    if (!r.params.empty()) throw UsageError("--param goes with --dir, not --table");
    return OpenedTable(r.table, r.game);
  }
  const TableLookup lookup{r.dir, r.game, r.solver, parse_params(r.params), r.position};
  r.game = game_of(lookup);
  return open_table(lookup);
}

// A position text the game cannot read, where the game reads a table's
// parameters from it (chess: the FEN's fields and material), is a command
// line that makes no sense: exit 2. Whether a table holds the position is
// the probe's question (exit 1).
void require_readable_position(const Request& r, bool fen) {
  const std::string game = !r.game.empty() ? r.game : fen ? std::string(Chess::kName) : "";
  if (!r.position || !is_game(game)) return;
  try {
    (void)params_for_position(game, *r.position);
  } catch (const GameError& e) {
    throw UsageError(e.what());
  }
}

void answer(const KindReader& reader, const Json& j, bool json,
            void (KindReader::*print)(const Json&, std::ostream&) const) {
  if (json)
    std::cout << j.dump() << "\n";
  else
    (reader.*print)(j, std::cout);
}

// "800x600"
PlotSize parse_plot_size(const std::string& text) {
  const std::size_t x = text.find('x');
  if (x == std::string::npos) throw UsageError("--plot-size must be WIDTHxHEIGHT, not " + quote_input(text));
  return {static_cast<int>(number_option("plot-size width", text.substr(0, x), 200, 10000)),
          static_cast<int>(number_option("plot-size height", text.substr(x + 1), 150, 10000))};
}

// The sweep's progress on a terminal, rewritten in place after each ply;
// nothing where stderr is a file or a pipe.
ReachedProgress reachable_progress() {
  if (isatty(STDERR_FILENO) == 0) return {};
  return [](std::uint32_t ply, std::uint64_t found) {
    std::fprintf(stderr, "\rreachable: ply %u, %llu positions found", ply,
                 static_cast<unsigned long long>(found));
    std::fflush(stderr);
  };
}

// The table's name as its file says it, with the game's where the name
// lacks it: "chess KRPvK", "connect4-4x4".
std::string plot_title(const OpenedTable& table) {
  const std::string name = table.path().stem().string(), game = table.meta().game;
  return name.find(game) == std::string::npos ? game + " " + name : name;
}

// The values' checksum (the one the table keeps), then each stream's name
// and XXH3-64, which tests/e2e/checksums.sh compares: a stream's bytes never
// change by accident either.
void print_checksums(const OpenedTable& table, bool json) {
  const std::string sum = meta_json(table.meta()).at("checksum");
  Json streams = Json::object();
  for (const std::string& name : table.stream_names()) {
    const auto bytes = *table.stream(name);
    streams[name] = hex64(XXH3_64bits(bytes.data(), bytes.size()));
  }
  table.check_unchanged();
  if (json) {
    Json out{{"checksum", sum}};
    if (!streams.empty()) out["streams"] = streams;
    std::cout << out.dump() << "\n";
    return;
  }
  std::cout << sum;
  for (const auto& [name, hex] : streams.items()) std::cout << " " << name << " " << hex.get<std::string>();
  std::cout << "\n";
}

int main(int argc, char** argv) {
  Request r;
  std::string fen;
  std::string threads_text = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  po::options_description options(
      "Usage: tbprobe --table FILE [what]\n"
      "       tbprobe --dir DIR --game G [--param key=value ...] [--solver S] [what]\n"
      "       tbprobe --dir DIR --fen FEN [--param metric=dtc]\n"
      "       tbprobe --sum [TABLE:]POSITION ... [--table FILE]\n\n"
      "Probes tables written by tbgen. What to print: --position (or --fen), --index,\n"
      "--stats, --reachable, --dump, --checksum, --check; with --json, each answer is one JSON\n"
      "object on one line (--dump: one per position).\nOptions");
  options.add_options()("help,h", "print this help")("version", "print the version")(
      "table", po::value(&r.table), "a table file")("dir", po::value(&r.dir),
                                                    "a directory of tables, with --game and --param")(
      "game,g", po::value(&r.game), "the game whose table to find in --dir (or to expect in --table)")(
      "param,p", po::value(&r.params)->composing(), "game parameter key=value (repeatable)")(
      "solver", po::value(&r.solver)->default_value("wdl"),
      ("with --dir: the kind of table to find, as tbgen --solver (" + solver_names() + ")").c_str())(
      "grundy", "with --dir: the same as --solver grundy")(
      "position", po::value<std::string>(), "print the value of this position and of every move")(
      "fen", po::value(&fen),
      "a chess FEN, from the tables of --dir (or of --table's directory); with --json, in the shape of "
      "lichess's tablebase answer (--position FEN --json: rtb's own)")(
      "index", po::value<std::string>(), "the same for the position with this index")(
      "line", "with --position or --index: also print the best line to the end")(
      "stats", "print the counts and the histogram of depths")(
      "plot", po::value<std::string>(), "draw the histogram of depths into this file (.svg or .png)")(
      "plot-size", po::value<std::string>()->default_value("800x600"), "the picture's width x height")(
      "reachable", "count the positions reachable from the start position")(
      "threads,t", po::value(&threads_text)->default_value(threads_text),
      "with --reachable: worker threads (default: all cores)")(
      "dump", "print every position in index order: <position> <value>")(
      "checksum",
      "print the checksum of the table's values (XXH3-64, hexadecimal), then the name and XXH3-64 of "
      "each stream it keeps")(
      "check", "check the whole file (every page, every block, the values' checksum); exit 1 if damaged")(
      "json", "answer in JSON")(
      "sum", po::value<std::vector<std::string>>()->multitoken(),
      "the value of the sum of these positions of grundy tables (POSITION of --table, or "
      "TABLE:POSITION), and a winning move");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << options;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << version_line("tbprobe") << "\n";
    return 0;
  }
  const bool json = vm.count("json") > 0;
  const auto threads = static_cast<unsigned>(number_option("threads", threads_text, 1, 1024));
  if (vm.count("sum")) {
    if (!r.dir.empty()) throw UsageError("--sum takes TABLE:POSITION terms or --table, not --dir");
    const Json j = grundy_sum(SumInput(vm["sum"].as<std::vector<std::string>>(), r.table).parts());
    json ? void(std::cout << j.dump() << "\n") : print_grundy_sum(j, std::cout);
    return 0;
  }
  if (vm.count("position") && vm.count("fen")) throw UsageError("give one of --position and --fen");
  if (vm.count("position")) r.position = vm["position"].as<std::string>();
  if (vm.count("fen")) r.position = fen;
  require_readable_position(r, vm.count("fen") > 0);
  if (vm.count("grundy")) r.solver = "grundy";
  if (r.table.empty() == r.dir.empty()) throw UsageError("give exactly one of --table FILE and --dir DIR");
  if (vm.count("fen") && json) {
    // lichess's shape: every metric's tables of the directory at once.
    if (vm.count("line"))
      throw UsageError("--line goes with --position FEN --json (lichess's answer has no line)");
    const std::filesystem::path dir = !r.dir.empty() ? std::filesystem::path(r.dir) : directory_of(r.table);
    if (!std::filesystem::is_directory(dir))
      throw UsageError(quote_input(dir.string()) + " is not a directory");
    std::cout << lichess_answer(ChessTables(dir), fen).dump() << "\n";
    r.position.reset();
    if (!vm.count("index") && !vm.count("stats") && !vm.count("plot") && !vm.count("dump") &&
        !vm.count("reachable") && !vm.count("checksum") && !vm.count("check"))
      return 0;
  }
  std::optional<Index> index;
  if (vm.count("index")) index = number_option("index", vm["index"].as<std::string>(), 0, UINT64_MAX);
  if (!r.position && !index && !vm.count("stats") && !vm.count("plot") && !vm.count("dump") &&
      !vm.count("reachable") && !vm.count("checksum") && !vm.count("check"))
    throw UsageError(
        "nothing to do: give --position, --index, --stats, --plot, --reachable, --dump, --checksum or "
        "--check");
  const PlotSize plot_size = parse_plot_size(vm["plot-size"].as<std::string>());

  OpenedTable table = open_requested(r);
  if (vm.count("check")) {
    table.check();  // throws, with the damage in one line, on the first damaged part
    std::cout << (json ? Json{{"table", table.path().string()}, {"check", "ok"}}.dump()
                       : table.where() + ": intact (every page, block and value checked)")
              << "\n";
  }
  if (vm.count("checksum")) print_checksums(table, json);
  const std::string kind = table.meta().value_kind;
  const std::string title = plot_title(table);
  const auto reader = kind_named(kind).open(std::move(table));
  const bool line = vm.count("line") > 0;
  if (r.position)
    answer(*reader, reader->position({r.position, std::nullopt, line}), json, &KindReader::print_position);
  if (index)
    answer(*reader, reader->position({std::nullopt, index, line}), json, &KindReader::print_position);
  if (vm.count("stats") || vm.count("plot")) {
    const Json stats = reader->stats();
    if (vm.count("plot")) write_plot(depth_histogram(stats, title), vm["plot"].as<std::string>(), plot_size);
    if (vm.count("stats")) answer(*reader, stats, json, &KindReader::print_stats);
  }
  if (vm.count("reachable")) {
    const Json reached = reader->reachable(threads, reachable_progress());
    if (isatty(STDERR_FILENO) != 0) std::fputs("\n", stderr);
    answer(*reader, reached, json, &KindReader::print_reachable);
  }
  if (vm.count("dump")) reader->dump(std::cout, json);
  return 0;
}

}  // namespace
}  // namespace rtb::cli

int main(int argc, char** argv) {
  return rtb::answers::run_command("tbprobe", [&] { return rtb::cli::main(argc, argv); });
}
