#include "answers/kinds/arena.h"

#include "answers/common.h"
#include "answers/value_kind.h"
#include "games/quote_input.h"
#include "games/registry.h"
#include "storage/table_path.h"

namespace rtb::answers {

const std::vector<std::string_view> kArenaSolverKeys{"objective"};

Objective arena_objective(const Params& params, const std::string& objective) {
  const std::string from_params = params.has("objective") ? params.get("objective", "") : "";
  if (!objective.empty() && !from_params.empty() && objective != from_params)
    throw GameError("two objectives given: " + quote_input(objective) + " and objective=" + from_params);
  const std::string name = objective.empty() ? from_params : objective;
  if (name.empty()) throw GameError("the arena solver needs --param objective=buchi|cobuchi|reach|safety");
  return parse_objective(name);
}

namespace {

std::string describe_counts(const storage::TableMeta& m) {
  const Params solver = Params::from_canonical(m.solver_params);
  return std::to_string(m.legal) + " positions (" + solver.get("objective", "?") + "): A wins " +
         std::to_string(m.counts.get("a_wins")) + ", B wins " + std::to_string(m.counts.get("b_wins")) +
         "; " + std::to_string(m.counts.get("rounds")) + " rounds, largest detail " +
         std::to_string(m.counts.get("max_detail"));
}

std::filesystem::path file_in(const std::filesystem::path& dir, const std::string& game,
                              const Params& params) {
  const SplitParams split = split_params(params, kArenaSolverKeys);
  const Objective objective = arena_objective(split.solver, "");
  return table_path(dir,
                    make_game(game, split.game)->table_name() + "-" + std::string(objective_name(objective)));
}

class ArenaReader final : public KindReader {
 public:
  explicit ArenaReader(OpenedTable table) : table_(std::move(table)) {}

  Json position(const PositionQuery& q) const override {
    return arena_position(table_, q.text ? table_.parse(*q.text) : *q.index);
  }
  void print_position(const Json& a, std::ostream& out) const override { print_arena_position(a, out); }
  Json stats() const override { return meta_json(table_.meta()); }
  void print_stats(const Json& j, std::ostream& out) const override {
    const Json& c = j.at("counts");
    const std::string params = j.at("params");
    out << "game " << j.at("game").get<std::string>() << (params.empty() ? "" : " " + params) << " "
        << j.at("solver_params").get<std::string>() << "\n"
        << "indices " << j.at("index_size") << ", positions " << j.at("legal") << "\n"
        << "A wins " << c.value("a_wins", 0) << ", B wins " << c.value("b_wins", 0) << "\n"
        << "rounds " << c.value("rounds", 0) << ", largest detail " << c.value("max_detail", 0) << "\n"
        << "generator " << j.at("generator").get<std::string>() << ", format " << j.at("format_version")
        << "\n"
        << "checksum " << j.at("checksum").get<std::string>() << "\n";
  }
  void dump(std::ostream& out, bool json) const override { dump_arena(table_, out, json); }

 private:
  ArenaTable table_;
};

std::unique_ptr<KindReader> open_reader(OpenedTable table) {
  return std::make_unique<ArenaReader>(std::move(table));
}

}  // namespace

// Who wins, with the detail the objective keeps (gen/arena/solve.h): for
// reach the moves A needs to force a target, for safety the moves B needs
// to force leaving the targets, for buchi and cobuchi the rank of the
// attractor round that decides it.
Json arena_position(const ArenaTable& table, Index i) {
  const ArenaValue v = table.value(i);
  const std::string& objective = table.objective();
  Json a{{"position", table.text(i)}, {"winner", v.a_wins ? "A" : "B"}, {"objective", objective}};
  if (objective == "reach" && v.a_wins) a["moves_to_target"] = v.detail;
  if (objective == "safety" && !v.a_wins) a["moves_to_leave"] = v.detail;
  if (objective == "buchi" || objective == "cobuchi") a["rank"] = v.detail;
  return a;
}

void print_arena_position(const Json& a, std::ostream& out) {
  out << a.at("position").get<std::string>() << ": " << a.at("winner").get<std::string>() << " wins ("
      << a.at("objective").get<std::string>();
  if (a.contains("moves_to_target")) out << ": A forces a target in " << a.at("moves_to_target") << " moves";
  if (a.contains("moves_to_leave"))
    out << ": B forces leaving the targets in " << a.at("moves_to_leave") << " moves";
  if (a.contains("rank")) out << ", rank " << a.at("rank");
  out << ")\n";
}

void dump_arena(const ArenaTable& table, std::ostream& out, bool json) {
  const auto codes = table.read_all();
  const AnyGame& game = table.opened().bare_game();
  std::string text;
  for (Index i = 0; i < codes.size(); ++i) {
    if (!game.legal(i)) continue;
    const bool a_wins = ArenaCode::a_wins(codes[i]);
    text += json ? Json{{"position", game.text(i)}, {"winner", a_wins ? "A" : "B"}}.dump() + "\n"
                 : game.text(i) + (a_wins ? " 1\n" : " 0\n");
    if (text.size() > (1 << 16)) out << text, text.clear();
  }
  out << text;
}

ValueKind arena_kind() {
  return {kArenaKind,
          "arena",
          "who wins an arena with owners, with --param objective=reach|safety|buchi|cobuchi",
          kArenaSolverKeys,
          &describe_counts,
          &file_in,
          &open_reader};
}

}  // namespace rtb::answers
