// tbprobe: answers questions about positions from tables written by tbgen.
#include <boost/program_options.hpp>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "probe/arena_dump.h"
#include "probe/chess_cli.h"
#include "probe/grundy_cli.h"
#include "probe/probe.h"

namespace po = boost::program_options;

namespace rtb {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "WIN in 5 plies", "LOSS in 0 plies", "DRAW".
std::string describe(Value v) {
  if (v.is_draw()) return "DRAW";
  return std::string(outcome_name(v.outcome())) + " in " + std::to_string(v.depth()) + " plies";
}

// The text, in the orientation of `from`, of a move from `from` that
// reaches stored index `to`, taken out of `texts` (the game's
// successor_texts(from)); "" if none does.
std::string take_oriented(const AnyGame& game, std::vector<std::string>& texts, Index to) {
  for (std::string& t : texts) {
    if (t.empty() || game.parse(t) != to) continue;
    return std::exchange(t, std::string());
  }
  return "";
}

// `typed` is the position as the user wrote it, which may be a symmetric
// image of the stored one. Moves and the best line are shown in its
// orientation when the game can write successors that way, else as stored.
void print_position(const ProbeTable& table, Index i, const std::string& typed, bool line) {
  const AnyGame& game = table.game();
  const Value v = table.value(i);
  const std::string stored = table.text(i);
  const std::string shown = typed.empty() ? stored : typed;
  std::cout << shown << ": " << describe(v) << "\n";
  std::vector<std::string> texts = game.successor_texts(shown);
  if (shown != stored && texts.empty()) std::cout << "stored as " << stored << "\n";
  const auto moves = table.moves(i);
  const auto names = game.move_names(i);
  if (moves.empty()) std::cout << "no moves: the game is over\n";
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const MoveResult& m = moves[k];
    std::string reached = m.index ? take_oriented(game, texts, *m.index) : "";
    if (reached.empty()) reached = m.index ? m.position : "(outside the table)";
    std::cout << "  " << (k < names.size() ? names[k] + " to " : "move to ") << reached << ": "
              << describe(m.for_mover()) << " for the mover\n";
  }
  if (!line) return;
  std::cout << "best line:\n";
  int ply = 0;
  std::string at = shown;  // "" once the line leaves what the game can orient
  for (const MoveResult& m : table.best_line(i)) {
    if (!at.empty()) {
      std::vector<std::string> next = game.successor_texts(at);
      at = m.index ? take_oriented(game, next, *m.index) : "";
    }
    const std::string reached = !at.empty() ? at : m.index ? m.position : "(outside the table)";
    std::cout << "  " << ++ply << ". " << reached << "  " << describe(m.value) << "\n";
  }
  if (ply == 0) std::cout << "  (none: the game is over)\n";
}

// Counts per side to move (where the game has sides), as stored and over
// the full board (each canonical position weighted by its symmetry class).
struct Counts {
  std::uint64_t stored[3] = {0, 0, 0}, full[3] = {0, 0, 0};  // by Outcome
  void add(Value v, std::uint64_t weight) {
    ++stored[static_cast<int>(v.outcome())];
    full[static_cast<int>(v.outcome())] += weight;
  }
  void print(const std::string& title) const {
    auto line = [](const char* what, const std::uint64_t* c) {
      std::cout << "  " << what << ": " << c[0] + c[1] + c[2] << " (wins "
                << c[static_cast<int>(Outcome::Win)] << ", draws " << c[static_cast<int>(Outcome::Draw)]
                << ", losses " << c[static_cast<int>(Outcome::Loss)] << ")\n";
    };
    std::cout << title << "\n";
    line("canonical", stored);
    line("full board", full);
  }
};

void print_stats(const ProbeTable& table) {
  const storage::TableMeta& m = table.meta();
  std::cout << "game " << m.game << (m.params.empty() ? "" : " " + m.params) << "\n"
            << "indices " << m.positions << ", positions " << m.legal << "\n"
            << "wins " << m.wins << ", draws " << m.draws << ", losses " << m.losses << "\n"
            << "longest " << m.max_depth << " plies\n"
            << "generator " << m.generator_version << ", format " << m.format_version << "\n";
  std::map<std::uint32_t, std::pair<std::uint64_t, std::uint64_t>> histogram;  // depth -> wins, losses
  std::map<int, Counts> by_side;  // -1 where the game has no sides
  const AnyGame& game = table.game();
  const auto values = table.read_all();
  for (Index i = 0; i < values.size(); ++i) {
    if (!game.legal(i)) continue;
    const Value v = Value::from_code(values[i]);
    by_side[game.side_to_move(i).value_or(-1)].add(v, game.class_size(i));
    if (v.is_draw()) continue;
    auto& [wins, losses] = histogram[v.depth()];
    (v.is_win() ? wins : losses)++;
  }
  for (const auto& [side, counts] : by_side)
    counts.print(side < 0    ? "positions"
                 : side == 0 ? "first player (white) to move"
                             : "second player (black) to move");
  std::cout << "depth  wins  losses\n";
  for (const auto& [depth, counts] : histogram)
    std::cout << depth << "  " << counts.first << "  " << counts.second << "\n";
}

// Positions reachable from the start by a forward sweep over the table,
// counted both as stored (canonical) and over the full board.
void print_reachable(const ProbeTable& table) {
  const AnyGame& game = table.game();
  const auto start = game.start();
  if (!start) throw UsageError("game " + std::string(game.name()) + " has no start position for --reachable");
  const auto values = table.read_all();
  std::vector<bool> seen(game.size(), false);
  std::vector<Index> frontier{*start};
  seen[*start] = true;
  std::uint64_t canonical = 0, full = 0, by_outcome[3] = {0, 0, 0};
  while (!frontier.empty()) {
    const Index i = frontier.back();
    frontier.pop_back();
    ++canonical;
    const std::uint64_t weight = game.class_size(i);
    full += weight;
    by_outcome[static_cast<int>(Value::from_code(values[i]).outcome())] += weight;
    for (const Successor& s : game.moves(i))
      if (s.inside && !seen[s.index]) {
        seen[s.index] = true;
        frontier.push_back(s.index);
      }
  }
  std::cout << "reachable from the start: " << full << " positions (" << canonical << " up to symmetry)\n"
            << "  wins " << by_outcome[static_cast<int>(Outcome::Win)] << ", draws "
            << by_outcome[static_cast<int>(Outcome::Draw)] << ", losses "
            << by_outcome[static_cast<int>(Outcome::Loss)] << "\n";
}

void dump(const ProbeTable& table) {
  const auto values = table.read_all();
  const AnyGame& game = table.game();
  std::string out;
  for (Index i = 0; i < values.size(); ++i) {
    if (!game.legal(i)) continue;
    out += game.text(i);
    out += ' ';
    out += to_string(Value::from_code(values[i]));
    out += '\n';
    if (out.size() > (1 << 16)) std::cout << out, out.clear();
  }
  std::cout << out;
}

int main(int argc, char** argv) {
  std::string table_path, dir, game, position;
  std::vector<std::string> param_items;
  std::optional<Index> index;
  po::options_description options(
      "Usage: tbprobe --table FILE [what]\n"
      "       tbprobe --dir DIR --game G [--param key=value ...] [what]\n\n"
      "Probes tables written by tbgen. What to print: --position, --index, --stats or --dump.\nOptions");
  options.add_options()("help,h", "print this help")("table", po::value(&table_path), "a table file")(
      "dir", po::value(&dir), "a directory of tables, with --game and --param")(
      "game,g", po::value(&game), "the game whose table to find in --dir (or to expect in --table)")(
      "param,p", po::value(&param_items)->composing(), "game parameter key=value (repeatable)")(
      "position", po::value(&position), "print the value of this position and of every move")(
      "fen", po::value(&position), "the same as --position (chess)")(
      "index", po::value<Index>(), "the same for the position with this index")(
      "line", "with --position or --index: also print the best line to the end")(
      "stats", "print the counts and the histogram of depths")(
      "reachable", "with --stats: also count the positions reachable from the start position")(
      "dump", "print every position in index order: <position> <WIN|LOSS|DRAW> <plies or ->")(
      "grundy", "with --dir: the game's Sprague-Grundy table (tbgen --solver grundy)")(
      "sum", po::value<std::vector<std::string>>()->multitoken(),
      "the value of the sum of these positions of grundy tables (POSITION of --table, or TABLE:POSITION), "
      "and "
      "a winning move");
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
  if (vm.count("index")) index = vm["index"].as<Index>();
  if (vm.count("sum")) {
    if (!dir.empty()) throw UsageError("--sum takes TABLE:POSITION terms or --table, not --dir");
    print_grundy_sum(SumInput(vm["sum"].as<std::vector<std::string>>(), table_path).parts(), std::cout);
    return 0;
  }
  if (table_path.empty() == dir.empty()) throw UsageError("give exactly one of --table FILE and --dir DIR");
  const bool has_position = vm.count("position") || vm.count("fen");
  if (!has_position && !index && !vm.count("stats") && !vm.count("dump") && !vm.count("reachable"))
    throw UsageError("nothing to do: give --position, --index, --stats, --reachable or --dump");
  // Chess positions go through the engine probe: it looks one ply ahead for
  // en passant and prints moves in the orientation of the FEN as typed.
  if (game == "chess" && !dir.empty() && vm.count("fen")) {
    Params params;
    for (const auto& item : param_items) params.add(item);
    print_chess_fen(dir, params.get("metric", "dtm") == "dtc", position, vm.count("line"));
    return 0;
  }
  if (!table_path.empty() && is_arena_table(table_path)) {
    if (index || vm.count("stats") || vm.count("reachable"))
      throw UsageError("an arena table answers --position and --dump (<station> <1|0>, 1 when A wins)");
    if (has_position) print_arena_position(table_path, position, std::cout);
    if (vm.count("dump")) dump_arena(table_path, std::cout);
    return 0;
  }
  if (vm.count("grundy") || (!table_path.empty() && is_grundy_table(table_path))) {
    std::optional<GrundyTable> grundy;
    if (!table_path.empty()) {
      grundy.emplace(table_path, game);
    } else {
      if (game.empty()) throw UsageError("--dir needs --game G");
      Params params;
      for (const auto& item : param_items) params.add(item);
      grundy.emplace(grundy_table_file(dir, *make_impartial_view(game, params)), game);
    }
    if (has_position) print_grundy_position(*grundy, grundy->parse(position), std::cout);
    if (index) print_grundy_position(*grundy, *index, std::cout);
    if (vm.count("stats")) print_grundy_stats(*grundy, std::cout);
    if (vm.count("dump")) dump_grundy(*grundy, std::cout);
    return 0;
  }

  std::optional<ProbeTable> own;
  std::optional<Tablebase> tablebase;
  const ProbeTable* table = nullptr;
  if (!table_path.empty()) {
    if (!param_items.empty()) throw UsageError("--param goes with --dir, not --table");
    table = &own.emplace(table_path, game);
  } else {
    if (game.empty()) throw UsageError("--dir needs --game G");
    // Games such as chess find the table from the position itself; --param
    // adds to what the position says (chess: metric=dtc).
    Params params;
    if (has_position)
      if (auto found = params_for_position(game, position)) params = *found;
    for (const auto& item : param_items) params.add(item);
    table = &tablebase.emplace(dir).table(game, params);
  }
  if (has_position) print_position(*table, table->parse(position), position, vm.count("line"));
  if (index) print_position(*table, *index, "", vm.count("line"));
  if (vm.count("stats")) print_stats(*table);
  if (vm.count("reachable")) print_reachable(*table);
  if (vm.count("dump")) dump(*table);
  return 0;
}

}  // namespace
}  // namespace rtb

int main(int argc, char** argv) {
  try {
    return rtb::main(argc, argv);
  } catch (const rtb::UsageError& e) {
    std::cerr << "tbprobe: " << e.what() << " (tbprobe --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tbprobe: error: " << e.what() << "\n";
    return 1;
  }
}
