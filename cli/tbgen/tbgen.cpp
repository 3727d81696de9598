// tbgen: generates tables (`tbgen --game G --param k=v --out DIR`),
// re-checks them (`tbgen verify --table T`), and checks a plugin on the
// user's parameters (`tbgen check --game G --param k=v`).
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "answers/common.h"
#include "answers/value_kind.h"
#include "cli/tbgen/check.h"
#include "cli/tbgen/memory.h"
#include "cli/tbgen/plan.h"
#include "cli/tbgen/report.h"
#include "cli/tbgen/solvers.h"
#include "games/quote_input.h"
#include "games/registry.h"
#include "gen/core/system.h"
#include "storage/compact_table.h"
#include "storage/table_reader.h"
#ifdef RTB_MPI
#include "cli/tbgen/mpi_generate.h"
#include "gen/mpi/comm.h"
#endif

namespace po = boost::program_options;

namespace rtb::cli {
namespace {

using namespace answers;  // the commands' shared helpers and the value kinds

void list_games() {
  for_each_game_type([]<class G>(std::type_identity<G>) {
    std::cout << G::kName << "\n    " << G::kSummary << "\n";
    for (const ParamDoc& p : G::param_docs()) {
      std::cout << "    --param " << p.key << "=...  " << p.meaning;
      if (p.default_value.empty())
        std::cout << " (required)\n";
      else
        std::cout << " (default " << p.default_value << ")\n";
    }
  });
}

// Under mpirun (RTB_MPI builds): how the ranks share the work.
struct MpiRun {
  bool active = false;
  std::string mode = "auto";
};

// The name of the depth stream the game's tables keep (StoresDepths), from
// which a prober derives every value: only those tables can be compact.
std::optional<std::string> depth_stream_of(const std::string& game) {
  std::optional<std::string> found;
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    if constexpr (StoresDepths<G>)
      if (G::kName == game) found = std::string(G::kDepthStream);
  });
  return found;
}

// --compact: each table the run wrote, once all are written (a later table
// of the run reads the values of those it depends on), keeps its streams
// only where it has a depth stream.
void compact_written(const std::vector<std::filesystem::path>& written, const std::string& depth_stream,
                     bool quiet) {
  for (const std::filesystem::path& path : written) {
    const std::uintmax_t before = std::filesystem::file_size(path);
    if (!storage::TableReader(path).stream(depth_stream)) {
      std::cerr << "note: " << path.filename().string() << " has no depth stream and keeps its values\n";
      continue;
    }
    storage::compact_table(path);
    if (!quiet)
      std::cerr << path.filename().string() << ": compact, " << before << " -> "
                << std::filesystem::file_size(path) << " bytes\n";
  }
}

int run_generate(const Solver& solver, const std::string& game, const Params& params, BuildOptions options,
                 bool quiet, double progress_every, const MpiRun& mpi_run,
                 const std::optional<std::string>& compact) {
  std::filesystem::create_directories(options.out_dir);
  const auto printer = quiet ? nullptr : progress_on_stderr(progress_every);
  std::vector<std::filesystem::path> written_paths;
  std::mutex output;  // tables built at once report from their own threads
  options.on_written = [&](const WrittenTable& written) {
    const std::lock_guard lock(output);
    written_paths.push_back(written.path);
    if (printer) printer->clear();
    std::cout << written.path.string() << std::endl;
    if (!quiet)
      std::cerr << written.path.stem().string() << ": "
                << run_summary(written.meta, written.seconds, peak_memory_bytes()) << "\n";
  };
  options.on_note = [&](const std::string& note) {
    const std::lock_guard lock(output);
    if (printer) printer->clear();
    std::cerr << "note: " << note << "\n";
  };
  if (printer)
    options.gen.progress = [&, sink = sink_of(printer)](const ProgressReport& report) {
      const std::lock_guard lock(output);
      sink(report);
    };
#ifdef RTB_MPI
  if (mpi_run.active) {
    generate_over_mpi(solver, game, params, options, parse_mpi_mode(mpi_run.mode), quiet);
    return 0;
  }
#endif
  (void)mpi_run;
  solver.generate(game, params, options);
  if (compact) compact_written(written_paths, *compact, quiet);
  return 0;
}

int run_verify(const std::string& path, unsigned threads) {
  const OpenedTable table(path);
  return solver_of(kind_named(table.meta().value_kind)).verify(table, threads, std::cout);
}

constexpr unsigned kMaxThreads = 1024;
// The most seconds --checkpoint-every and --progress-every take: a year.
// Larger ones are mistakes, and would overflow the clock's durations.
constexpr int kMaxSeconds = 365 * 24 * 3600;

int main(int argc, char** argv, const MpiRun& mpi_run_in) {
  MpiRun mpi_run = mpi_run_in;
  std::string command, game, out, table, solver;
  std::vector<std::string> param_items;
  std::string threads_text = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  std::string sample_text = "0";
  std::string memory_text, state_bytes_text;
  double checkpoint_every = BuildOptions().checkpoint_every;
  double progress_every = 5;
  po::options_description visible(
      "Usage: tbgen --game G [--param key=value ...] [--solver S] [--out DIR]\n"
      "       tbgen verify --table FILE\n"
      "       tbgen compact --table FILE\n"
      "       tbgen check --game G [--param key=value ...] [--sample N]\n"
      "       tbgen plan --game G [--param key=value ...] [--out DIR] [--force] [--estimate]\n"
      "       tbgen --list | --help | --version\n\n"
      "Generates endgame tables by retrograde analysis and stores them in LMDB.\n"
      "Commands: generate (the default) writes the table of a game and the tables it\n"
      "depends on; verify re-derives every value of a table from its successors;\n"
      "compact keeps a table's streams only (as --compact does); check runs the\n"
      "plugin contract's checks (moves against unmoves, text round trips ...) on\n"
      "the given parameters; plan prints the tables generate would build, in its\n"
      "order, one a line: name, game and parameters, the tables it reads (tabs\n"
      "between), and with --estimate the memory and disk each needs at most.\nOptions");
  std::string solvers;
  for (const answers::ValueKind& k : answers::value_kinds())
    solvers += "\n  " + std::string(k.solver) + ": " + std::string(k.summary);
  visible.add_options()("help,h", "print this help")("version", "print the version")(
      "list", "list the games and their parameters")("game,g", po::value(&game),
                                                     "game to generate (see --list)")(
      "param,p", po::value(&param_items)->composing(), "game parameter key=value (repeatable)")(
      "out,o", po::value(&out)->default_value("tables"), "directory of tables to write into")(
      "threads,t", po::value(&threads_text)->default_value(threads_text),
      "worker threads (default: all cores); tables that do not read each other are built at once")(
      "memory,m", po::value(&memory_text),
      "memory the run may use, such as 512M or 16G (default: seven eighths of physical memory): tables "
      "are built at once only while their estimates fit, a game whose moves leave their tier (Connect "
      "Four) pages its tiers to disk to fit, and a run with a table that cannot fit is refused before "
      "anything is built (--solver wdl)")(
      "state-bytes", po::value(&state_bytes_text),
      "bytes the depth solver keeps per position while it solves: 1 (the depths of layers worked long "
      "ago wait on disk beside the table) or 2 (held whole); default 1 where the game allows it (a whole "
      "table without tiers, slices or chess's streams), else 2")(
      "estimate",
      "plan: each table's index size, memory at most in core, smallest budget and disk, in bytes")(
      "quiet,q", "no progress or summary on stderr")(
      "progress-every", po::value(&progress_every)->default_value(progress_every),
      "seconds between progress lines when stderr is not a terminal (a terminal shows a bar; 0: every "
      "report)")("force,f", "replace a table that already exists")(
      "checkpoint-every", po::value(&checkpoint_every)->default_value(checkpoint_every),
      "seconds of work between saves of a long table's state, which a rerun after a kill resumes from (0: "
      "none)")(
      "compact",
      "keep each table this run writes as its streams only, where its game has depth streams (chess: "
      "the class and depth streams that the C API rtb_chess.h, the Python module and lichess's answers "
      "read; several times smaller). Other probes (tbprobe --table, --stats, tbserve's /api) and later "
      "runs that build on a table need its values: keep those whole")("table", po::value(&table),
                                                                      "verify, compact: the table file")(
      "sample", po::value(&sample_text)->default_value(sample_text),
      "check: at most this many indices per table, a sample of larger ones (0: every index)")(
      "solver", po::value(&solver)->default_value("wdl"), ("what to compute:" + solvers).c_str());
#ifdef RTB_MPI
  visible.add_options()("mpi", po::value(&mpi_run.mode)->default_value(mpi_run.mode),
                        "under mpirun: whole tables to ranks as their dependencies finish (tables), each "
                        "table's index space split over the ranks (split), or split for one table and "
                        "whole tables for a set (auto)");
#endif
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
    std::cout << visible;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << version_line("tbgen") << "\n";
    return 0;
  }
  if (vm.count("list")) {
    list_games();
    return 0;
  }
  const auto threads = static_cast<unsigned>(number_option("threads", threads_text, 1, kMaxThreads));
  const std::uint64_t sample = number_option("sample", sample_text, 0, UINT64_MAX);
  if (command == "verify") {
    if (table.empty()) throw UsageError("verify needs --table FILE");
    return run_verify(table, threads);
  }
  if (command == "compact") {
    if (table.empty()) throw UsageError("compact needs --table FILE");
    const std::string kind_of_game = storage::TableReader(table).meta().game;
    const auto depth_stream = depth_stream_of(kind_of_game);
    if (!depth_stream)
      throw UsageError("compact: " + quote_input(kind_of_game) +
                       " tables keep no depth stream to derive values from");
    compact_written({table}, *depth_stream, vm.count("quiet") > 0);
    return 0;
  }
  if (!command.empty() && command != "generate" && command != "check" && command != "plan")
    throw UsageError("unknown command " + quote_input(command) +
                     " (generate, verify, compact, check or plan)");
  if (game.empty()) throw UsageError("no game given: use --game G (tbgen --list shows the games)");
  if (command == "check")
    return run_plugin_check(game, parse_params(param_items), threads, sample, std::cout);
  if (vm.count("estimate") && command != "plan") throw UsageError("--estimate is for tbgen plan");
  const Solver& generator = solver_of(kind_of_solver(solver));
  BuildOptions options;
  options.out_dir = out;
  options.force = vm.count("force") > 0;
  options.gen.threads = threads;
  if (!(checkpoint_every >= 0 && checkpoint_every <= kMaxSeconds))
    throw UsageError("--checkpoint-every must be from 0 to " + std::to_string(kMaxSeconds) + " seconds");
  options.checkpoint_every = checkpoint_every;
  if (!state_bytes_text.empty()) {
    if (!generator.plan) throw UsageError("--state-bytes: only for the depth solver (--solver wdl)");
    options.code_width = number_option("state-bytes", state_bytes_text, 1, 2) == 1
                             ? BuildOptions::CodeWidth::OneByte
                             : BuildOptions::CodeWidth::TwoBytes;
  }
  if (generator.plan) {
    const bool given = !memory_text.empty();
    apply_memory_budget(given ? parse_memory_size(memory_text) : default_memory_budget(), given, options);
  } else if (!memory_text.empty()) {
    throw UsageError("--memory: only the depth solver (--solver wdl) estimates its memory");
  }
  if (command == "plan") {
    if (!generator.plan)
      throw UsageError("plan: only for solvers whose tables read other tables (--solver wdl)");
    print_plan(generator, game, parse_params(param_items), options, vm.count("estimate") > 0, std::cout);
    return 0;
  }
  if (!(progress_every >= 0 && progress_every <= kMaxSeconds))
    throw UsageError("--progress-every must be from 0 to " + std::to_string(kMaxSeconds) + " seconds");
  std::optional<std::string> compact;
  if (vm.count("compact")) {
    compact = depth_stream_of(game);
    if (!compact)
      throw UsageError("--compact: " + quote_input(game) +
                       " tables keep no depth stream to derive values from");
  }
  if (compact && mpi_run.active)
    throw UsageError("--compact: not under mpirun (compact the tables after the run)");
  return run_generate(generator, game, parse_params(param_items), options, vm.count("quiet") > 0,
                      progress_every, mpi_run, compact);
}

}  // namespace
}  // namespace rtb::cli

int main(int argc, char** argv) {
  rtb::share_one_heap();
  rtb::cli::MpiRun mpi_run;
#ifdef RTB_MPI
  // MPI is started only by mpirun, so a plain run pays nothing for it.
  std::optional<rtb::mpi::Session> session;
  if (rtb::mpi::launched_by_mpirun()) {
    session.emplace();
    mpi_run.active = true;
    const rtb::mpi::Comm world;
    rtb::cli::say_when_stopped(world.rank(), world.size());
  }
#endif
  const int status = rtb::answers::run_command("tbgen", [&] { return rtb::cli::main(argc, argv, mpi_run); });
#ifdef RTB_MPI
  // This rank has said what ended it. When every rank fails together, none
  // leaves before all have said so (mpirun stops the others when one
  // leaves with an error); a rank that failed alone waits only a little.
  if (mpi_run.active) {
    std::signal(SIGTERM, SIG_DFL);
    rtb::mpi::Comm().barrier_within(status == 0 ? 3600 : 5);
  }
#endif
  return status;
}
