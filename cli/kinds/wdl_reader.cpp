#include "cli/kinds/wdl_reader.h"

#include <bit>
#include <map>
#include <ostream>
#include <span>
#include <thread>
#include <utility>

#include "cli/common.h"
#include "games/registry.h"
#include "gen/core/reachable.h"
#include "probe/text_probe.h"

namespace rtb::cli {
namespace {

Value value_of(const Json& j) {
  const std::string outcome = j.at("outcome");
  if (outcome == "draw") return Value::draw();
  const std::uint32_t plies = j.at("plies");
  return outcome == "win" ? Value::win(plies) : Value::loss(plies);
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

// Counts per side to move (where the game has sides), as stored and over
// the full board (each canonical position weighted by its symmetry class).
struct Counts {
  std::uint64_t stored[3] = {0, 0, 0}, full[3] = {0, 0, 0};  // by Outcome
  void add(Value v, std::uint64_t weight) {
    ++stored[static_cast<int>(v.outcome())];
    full[static_cast<int>(v.outcome())] += weight;
  }
  void add(const Counts& o) {
    for (int k = 0; k < 3; ++k) stored[k] += o.stored[k], full[k] += o.full[k];
  }
  static Json json(const std::uint64_t* c) {
    return {{"positions", c[0] + c[1] + c[2]},
            {"wins", c[static_cast<int>(Outcome::Win)]},
            {"draws", c[static_cast<int>(Outcome::Draw)]},
            {"losses", c[static_cast<int>(Outcome::Loss)]}};
  }
};

// Stored positions won and lost, by depth in plies.
using DepthCounts = std::map<std::uint32_t, std::pair<std::uint64_t, std::uint64_t>>;

void add(DepthCounts& to, const DepthCounts& from) {
  for (const auto& [depth, counts] : from) {
    to[depth].first += counts.first;
    to[depth].second += counts.second;
  }
}

// What --stats counts, by one worker over its blocks.
struct TableTally {
  DepthCounts histogram;
  std::map<int, DepthCounts> histogram_by_side;
  std::map<int, Counts> by_side;  // -1 where the game has no sides

  void add(const AnyGame& game, Index i, Value v) {
    const int side = game.side_to_move(i).value_or(-1);
    by_side[side].add(v, game.class_size(i));
    if (v.is_draw()) return;
    auto& [wins, losses] = histogram[v.depth()];
    auto& [side_wins, side_losses] = histogram_by_side[side][v.depth()];
    (v.is_win() ? wins : losses)++;
    (v.is_win() ? side_wins : side_losses)++;
  }
  void add(const TableTally& o) {
    rtb::cli::add(histogram, o.histogram);
    for (const auto& [side, counts] : o.histogram_by_side) rtb::cli::add(histogram_by_side[side], counts);
    for (const auto& [side, counts] : o.by_side) by_side[side].add(counts);
  }
};

// Calls f(worker, first index, values) for every block of the table, on
// all workers: the values of a large table are never all in memory at once
// (each block is checked against its own checksum as it is read).
template <class F>
void for_each_block(const OpenedTable& table, ThreadPool& pool, F&& f) {
  const std::uint64_t per = table.meta().block_values, size = table.meta().index_size;
  if (size == 0) return;
  table.require_values();  // a compact table has no blocks of values
  std::vector<std::vector<std::uint16_t>> buffers(pool.size());
  pool.parallel_for((size + per - 1) / per, 16, [&](unsigned worker, std::uint64_t lo, std::uint64_t hi) {
    for (std::uint64_t block = lo; block < hi; ++block) {
      table.read_block(block, buffers[worker]);
      f(worker, block * per, std::span<const std::uint16_t>(buffers[worker]));
    }
  });
}

Json histogram_json(const DepthCounts& histogram) {
  Json bins = Json::array();
  for (const auto& [depth, counts] : histogram)
    bins.push_back({{"plies", depth}, {"wins", counts.first}, {"losses", counts.second}});
  return bins;
}

// The positions `reached` found, with their values: inside the table by
// `values`, outside by the values their moves brought.
template <Game G>
Json reached_json(const G& game, const Reached& reached, const OpenedTable& table, ThreadPool& pool) {
  std::vector<Counts> counts(pool.size());
  const auto words = reached.inside.words();
  for_each_block(table, pool, [&](unsigned worker, Index first, std::span<const std::uint16_t> values) {
    const Index end = first + values.size();
    for (Index w = first / 64; w * 64 < end; ++w) {
      std::uint64_t bits = words[w];
      if (w * 64 < first) bits &= ~std::uint64_t{0} << (first % 64);  // a word other blocks share
      if (w * 64 + 64 > end) bits &= ~(~std::uint64_t{0} << (end % 64));
      for (; bits != 0; bits &= bits - 1) {
        const Index found = w * 64 + static_cast<unsigned>(std::countr_zero(bits));
        counts[worker].add(Value::from_code(values[found - first]), hooks::ClassSize::call(game, found));
      }
    }
  });
  const ReachedTally& t = reached.tally;
  Counts all;
  for (int k = 0; k < 3; ++k) all.full[k] = t.outside_full[k];
  for (const Counts& part : counts) all.add(part);
  const std::uint64_t* c = all.full;
  return {{"positions", c[0] + c[1] + c[2]},
          {"canonical", all.stored[0] + all.stored[1] + all.stored[2] + t.outside},
          {"terminal", t.ended_inside + t.outside},
          {"plies", reached.plies},
          {"wins", c[static_cast<int>(Outcome::Win)]},
          {"draws", c[static_cast<int>(Outcome::Draw)]},
          {"losses", c[static_cast<int>(Outcome::Loss)]}};
}

std::string side_title(int side) {
  return side < 0    ? "positions"
         : side == 0 ? "first player (white) to move"
                     : "second player (black) to move";
}

class WdlReader final : public KindReader {
 public:
  explicit WdlReader(OpenedTable table)
      : tables_(directory_of(table.path())), table_(tables_.add(ProbeTable(std::move(table)))) {}

  Json position(const PositionQuery& q) const override {
    const std::string name(table_.game().name());
    if (q.text && params_for_position(name, *q.text)) return across_tables(*q.text, q.line);
    const Index i = q.text ? table_.parse(*q.text) : *q.index;
    return in_table(i, q.text.value_or(""), q.line);
  }

  void print_position(const Json& a, std::ostream& out) const override {
    const std::string position = a.at("position");
    out << position << ": " << describe_at(position, value_of(a.at("value"))) << "\n";
    if (a.contains("across_tables")) return print_across_tables(a, out);
    if (a.contains("stored_as")) out << "stored as " << a.at("stored_as").get<std::string>() << "\n";
    if (a.at("moves").empty()) out << "no moves: the game is over\n";
    for (const Json& m : a.at("moves")) {
      const std::string reached =
          m.at("position").is_null() ? "(outside the table)" : m.at("position").get<std::string>();
      out << "  " << (m.contains("name") ? m.at("name").get<std::string>() + " to " : "move to ") << reached
          << ": " << describe(value_of(m.at("value"))) << " for the mover\n";
    }
    if (!a.contains("line")) return;
    out << "best line:\n";
    int ply = 0;
    for (const Json& m : a.at("line")) {
      const std::string reached =
          m.at("position").is_null() ? "(outside the table)" : m.at("position").get<std::string>();
      out << "  " << ++ply << ". " << reached << "  " << describe(value_of(m.at("value"))) << "\n";
    }
    if (ply == 0) out << "  (none: the game is over)\n";
  }

  Json stats() const override {
    const storage::TableMeta& m = table_.meta();
    Json j = meta_json(m);
    const AnyGame& game = table_.opened().bare_game();
    ThreadPool pool(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<TableTally> parts(pool.size());
    for_each_block(table_.opened(), pool,
                   [&](unsigned worker, Index first, std::span<const std::uint16_t> values) {
                     for (Index i = first; i < first + values.size(); ++i)
                       if (game.legal(i)) parts[worker].add(game, i, Value::from_code(values[i - first]));
                   });
    TableTally tally;
    for (const TableTally& part : parts) tally.add(part);
    auto& [histogram, histogram_by_side, by_side] = tally;
    for (const auto& [side, counts] : by_side)
      j["sides"].push_back({{"side", side < 0    ? "all"
                                     : side == 0 ? "first"
                                                 : "second"},
                            {"canonical", Counts::json(counts.stored)},
                            {"full_board", Counts::json(counts.full)},
                            {"histogram", histogram_json(histogram_by_side[side])}});
    j["histogram"] = histogram_json(histogram);
    return j;
  }

  void print_stats(const Json& j, std::ostream& out) const override {
    const Json& c = j.at("counts");
    out << "game " << j.at("game").get<std::string>()
        << (j.at("params").get<std::string>().empty() ? "" : " " + j.at("params").get<std::string>()) << "\n"
        << "indices " << j.at("index_size") << ", positions " << j.at("legal") << "\n"
        << "wins " << c.value("wins", 0) << ", draws " << c.value("draws", 0) << ", losses "
        << c.value("losses", 0) << "\n"
        << "longest " << c.value("max_depth", 0) << " plies\n"
        << "generator " << j.at("generator").get<std::string>() << ", format " << j.at("format_version")
        << "\n"
        << "checksum " << j.at("checksum").get<std::string>() << "\n";
    auto line = [&](const char* what, const Json& n) {
      out << "  " << what << ": " << n.at("positions") << " (wins " << n.at("wins") << ", draws "
          << n.at("draws") << ", losses " << n.at("losses") << ")\n";
    };
    for (const Json& s : j.value("sides", Json::array())) {
      const std::string side = s.at("side");
      out << side_title(side == "all" ? -1 : side == "first" ? 0 : 1) << "\n";
      line("canonical", s.at("canonical"));
      line("full board", s.at("full_board"));
    }
    out << "depth  wins  losses\n";
    for (const Json& h : j.at("histogram"))
      out << h.at("plies") << "  " << h.at("wins") << "  " << h.at("losses") << "\n";
  }

  // A forward sweep from the start (gen/core/reachable.h), counted both as
  // stored (canonical) and over the full board.
  Json reachable(unsigned threads, const ReachedProgress& progress) const override {
    const AnyGame& any = table_.game();
    const auto start = any.start();
    if (!start)
      throw UsageError("game " + std::string(any.name()) + " has no start position for --reachable");
    const storage::TableMeta& m = table_.meta();
    return with_game(m.game, Params::from_canonical(m.params), [&](const auto& game) {
      ThreadPool pool(threads);
      const Reached reached = rtb::reachable(game, *start, pool, progress);
      return reached_json(game, reached, table_.opened(), pool);
    });
  }

  void print_reachable(const Json& j, std::ostream& out) const override {
    out << "reachable from the start: " << j.at("positions") << " positions (" << j.at("canonical")
        << " up to symmetry, " << j.at("terminal") << " of them end the game)\n"
        << "  wins " << j.at("wins") << ", draws " << j.at("draws") << ", losses " << j.at("losses") << "\n";
  }

  void dump(std::ostream& out, bool json) const override {
    const auto values = table_.read_all();
    const AnyGame& game = table_.opened().bare_game();
    std::string text;
    for (Index i = 0; i < values.size(); ++i) {
      if (!game.legal(i)) continue;
      const Value v = Value::from_code(values[i]);
      if (json) {
        text += Json{{"position", game.text(i)}, {"value", value_json(v)}}.dump();
      } else {
        text += game.text(i);
        text += ' ';
        text += to_string(v);
      }
      text += '\n';
      if (text.size() > (1 << 16)) out << text, text.clear();
    }
    out << text;
  }

 private:
  // "WIN, mate in 16" where the game has its own words, else "WIN in 31 plies".
  std::string describe(Value v) const {
    if (auto own = table_.opened().bare_game().describe(v)) return *own;
    if (v.is_draw()) return "DRAW";
    return std::string(outcome_name(v.outcome())) + " in " + std::to_string(v.depth()) + " plies";
  }

  std::string describe_at(const std::string& position, Value v) const {
    try {
      if (auto own = table_.opened().bare_game().describe_at(position, v)) return *own;
    } catch (const GameError&) {
      // a position the game cannot read again says no more than its value
    }
    return describe(v);
  }

  // `typed` is the position as the user wrote it, which may be a symmetric
  // image of the stored one. Moves and the best line are shown in its
  // orientation when the game can write successors that way, else as stored.
  Json in_table(Index i, const std::string& typed, bool line) const {
    const AnyGame& game = table_.game();
    const Value v = table_.value(i);
    const std::string stored = table_.text(i);
    const std::string shown = typed.empty() ? stored : typed;
    Json a{{"position", shown}, {"value", value_json(v)}};
    std::vector<std::string> texts = game.successor_texts(shown);
    if (shown != stored && texts.empty()) a["stored_as"] = stored;
    const auto names = game.move_names(i);
    const auto moves = table_.moves(i);
    a["moves"] = Json::array();
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const MoveResult& m = moves[k];
      std::string reached = m.index ? take_oriented(game, texts, *m.index) : "";
      if (reached.empty() && m.index) reached = m.position;
      Json move;
      if (k < names.size()) move["name"] = names[k];
      move["position"] = m.index ? Json(reached) : Json(nullptr);
      move["value"] = value_json(m.for_mover());
      a["moves"].push_back(std::move(move));
    }
    if (!line) return a;
    a["line"] = Json::array();
    std::string at = shown;  // "" once the line leaves what the game can orient
    for (const MoveResult& m : table_.best_line(i)) {
      if (!at.empty()) {
        std::vector<std::string> next = game.successor_texts(at);
        at = m.index ? take_oriented(game, next, *m.index) : "";
      }
      const Json reached = !at.empty() ? Json(at) : m.index ? Json(m.position) : Json(nullptr);
      a["line"].push_back({{"position", reached}, {"value", value_json(m.value)}});
    }
    return a;
  }

  // A game whose positions name their table (chess): the position's table
  // and those its moves lead into, all from this table's directory.
  Json across_tables(const std::string& position, bool line) const {
    const TextProbe probe(tables_, std::string(table_.game().name()), extra_params(position));
    Json a{{"position", position}, {"value", value_json(probe.value(position))}, {"across_tables", true}};
    a["moves"] = Json::array();
    for (const TextProbe::Move& m : probe.moves(position))
      a["moves"].push_back({{"name", m.name}, {"position", m.after}, {"value", value_json(m.for_mover())}});
    if (!line) return a;
    a["line"] = Json::array();
    for (const TextProbe::Move& m : probe.best_line(position))
      a["line"].push_back({{"name", m.name}, {"position", m.after}, {"value", value_json(m.value)}});
    return a;
  }

  // The table's parameters that a position does not name (chess: metric).
  Params extra_params(const std::string& position) const {
    const Params named = *params_for_position(table_.game().name(), position);
    Params out;
    const Params table_params = Params::from_canonical(table_.meta().params);
    for (const auto& [key, value] : table_params.values())
      if (!named.has(key)) out.set(key, value);
    return out;
  }

  // Moves by name; the best line as the moves' first names (SAN for chess).
  void print_across_tables(const Json& a, std::ostream& out) const {
    for (const Json& m : a.at("moves"))
      out << "  " << m.at("name").get<std::string>() << ": " << describe(value_of(m.at("value"))) << "\n";
    if (!a.contains("line")) return;
    bool first = true;
    for (const Json& m : a.at("line")) {
      const std::string name = m.at("name");
      out << (first ? "best line:" : "") << " " << name.substr(0, name.find(' '));
      first = false;
    }
    out << "\n";
  }

  Tablebase tables_;         // the table's directory, for positions across tables
  const ProbeTable& table_;  // held by tables_
};

}  // namespace

std::unique_ptr<KindReader> open_wdl_reader(OpenedTable table) {
  return std::make_unique<WdlReader>(std::move(table));
}

}  // namespace rtb::cli
