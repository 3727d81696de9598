#include "answers/kinds/grundy.h"

#include <map>
#include <type_traits>

#include "answers/common.h"
#include "answers/value_kind.h"
#include "games/quote_input.h"
#include "games/registry.h"

namespace rtb::answers {
namespace {

Json grundy_json(const GrundyValue& v) {
  return {{"value", to_string(v)},
          {"outcome", v.outcome() == Outcome::Win    ? "win"
                      : v.outcome() == Outcome::Loss ? "loss"
                                                     : "draw"}};
}

// "3 (WIN)", "inf(1) (DRAW)".
std::string describe(const Json& v) {
  std::string outcome = v.at("outcome");
  for (char& c : outcome) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return v.at("value").get<std::string>() + " (" + outcome + ")";
}

std::string describe_counts(const storage::TableMeta& m) {
  std::string s = std::to_string(m.legal) + " positions: " + std::to_string(m.counts.get("wins")) +
                  " wins, " + std::to_string(m.counts.get("draws")) + " draws, " +
                  std::to_string(m.counts.get("losses")) + " losses; largest finite value " +
                  std::to_string(m.counts.get("max_value")) + ", " +
                  std::to_string(m.counts.get("infinite")) + " infinite";
  if (m.counts.get("loopy"))
    s += " (loopy pass: " + std::to_string(m.counts.get("loopy")) + " positions, " +
         std::to_string(m.counts.get("loopy_levels")) + " levels)";
  return s;
}

std::filesystem::path file_in(const std::filesystem::path& dir, const std::string& game,
                              const Params& params) {
  return grundy_table_file(dir, *make_game(game, params));
}

class GrundyReader final : public KindReader {
 public:
  explicit GrundyReader(OpenedTable table) : table_(std::move(table)) {}

  Json position(const PositionQuery& q) const override {
    return grundy_position(table_, q.text ? table_.parse(*q.text) : *q.index);
  }
  void print_position(const Json& a, std::ostream& out) const override { print_grundy_position(a, out); }

  Json stats() const override {
    Json j = meta_json(table_.meta());
    std::map<std::uint16_t, std::uint64_t> count;  // by code: finite values, then infinity sets
    const auto values = table_.read_all();
    for (Index i = 0; i < values.size(); ++i)
      if (table_.opened().bare_game().legal(i)) ++count[values[i]];
    j["values"] = Json::array();
    for (const auto& [code, n] : count)
      j["values"].push_back({{"value", to_string(table_.decode(code))}, {"positions", n}});
    return j;
  }
  void print_stats(const Json& j, std::ostream& out) const override {
    const Json& c = j.at("counts");
    const std::string params = j.at("params");
    out << "game " << j.at("game").get<std::string>() << (params.empty() ? "" : " " + params) << "\n"
        << "indices " << j.at("index_size") << ", positions " << j.at("legal") << "\n"
        << "wins " << c.value("wins", 0) << ", draws " << c.value("draws", 0) << ", losses "
        << c.value("losses", 0) << "\n"
        << "largest finite value " << c.value("max_value", 0) << "\n"
        << "generator " << j.at("generator").get<std::string>() << ", format " << j.at("format_version")
        << "\n"
        << "checksum " << j.at("checksum").get<std::string>() << "\n"
        << "value  positions\n";
    for (const Json& v : j.at("values"))
      out << v.at("value").get<std::string>() << "  " << v.at("positions") << "\n";
  }
  void dump(std::ostream& out, bool json) const override { dump_grundy(table_, out, json); }

 private:
  GrundyTable table_;
};

std::unique_ptr<KindReader> open_reader(OpenedTable table) {
  return std::make_unique<GrundyReader>(std::move(table));
}

}  // namespace

Json grundy_position(const GrundyTable& table, Index i) {
  Json a{{"position", table.text(i)}, {"value", grundy_json(table.value(i))}, {"moves", Json::array()}};
  for (const GrundyMove& m : table.moves(i))
    a["moves"].push_back(
        {{"position", table.move_text(m.move)}, {"parts", m.move.parts}, {"value", grundy_json(m.value)}});
  return a;
}

void print_grundy_position(const Json& a, std::ostream& out) {
  out << a.at("position").get<std::string>() << ": " << describe(a.at("value")) << "\n";
  if (a.at("moves").empty()) out << "no moves: the game is over\n";
  for (const Json& m : a.at("moves"))
    out << "  move to " << m.at("position").get<std::string>() << ": " << describe(m.at("value"))
        << " for the player then to move" << (m.at("value").at("outcome") == "loss" ? "  <- wins" : "")
        << "\n";
}

void dump_grundy(const GrundyTable& table, std::ostream& out, bool json) {
  const auto values = table.read_all();
  const AnyGame& game = table.opened().bare_game();
  std::string text;
  for (Index i = 0; i < values.size(); ++i) {
    if (!game.legal(i)) continue;
    const GrundyValue v = table.decode(values[i]);
    text += json ? Json{{"position", game.text(i)}, {"value", grundy_json(v)}}.dump()
                 : game.text(i) + ' ' + to_string(v);
    text += '\n';
    if (text.size() > (1 << 16)) out << text, text.clear();
  }
  out << text;
}

SumInput::SumInput(const std::vector<std::string>& terms, const std::string& default_table) {
  for (const std::string& term : terms) {
    const auto colon = term.rfind(':');
    const std::string path = colon == std::string::npos ? default_table : term.substr(0, colon);
    const std::string position = colon == std::string::npos ? term : term.substr(colon + 1);
    if (path.empty())
      throw ProbeError("sum term " + quote_input(term) + " names no table: use TABLE:POSITION or --table");
    auto& table = tables_[path];
    if (!table) table = std::make_unique<GrundyTable>(path);
    parts_.push_back({table.get(), table->parse(position)});
  }
  if (parts_.empty()) throw ProbeError("--sum needs at least one position");
}

Json grundy_sum(const std::vector<SumPart>& parts) {
  const SumAnswer s = solve_sum(parts);
  Json a{{"parts", Json::array()}};
  for (std::size_t j = 0; j < parts.size(); ++j)
    a["parts"].push_back({{"position", parts[j].table->text(parts[j].index)},
                          {"table", parts[j].table->game().table_name()},
                          {"value", grundy_json(s.values[j])}});
  a["sum"] = grundy_json(s.total);
  if (s.move)
    a["winning_move"] = {{"component", *s.part + 1},
                         {"from", parts[*s.part].table->text(parts[*s.part].index)},
                         {"to", parts[*s.part].table->move_text(s.move->move)},
                         {"value", grundy_json(s.move->value)}};
  return a;
}

void print_grundy_sum(const Json& a, std::ostream& out) {
  for (const Json& p : a.at("parts"))
    out << p.at("position").get<std::string>() << " (" << p.at("table").get<std::string>()
        << "): " << p.at("value").at("value").get<std::string>() << "\n";
  const Json& sum = a.at("sum");
  std::string outcome = sum.at("outcome");
  for (char& c : outcome) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out << "sum: " << sum.at("value").get<std::string>() << ", " << outcome << " for the player to move\n";
  if (a.contains("winning_move")) {
    const Json& m = a.at("winning_move");
    out << "winning move: in component " << m.at("component") << " (" << m.at("from").get<std::string>()
        << "), move to " << m.at("to").get<std::string>() << " (value "
        << m.at("value").at("value").get<std::string>() << "), leaving a sum of value 0\n";
  } else if (outcome == "LOSS") {
    out << "every move leaves a sum the opponent wins\n";
  } else {
    out << "no move wins: with best play neither side wins\n";
  }
}

ValueKind grundy_kind() {
  return {kGrundyKind, "grundy",         "Sprague-Grundy values of an impartial game (finite or loopy)",
          {},          &describe_counts, &file_in,
          &open_reader};
}

}  // namespace rtb::answers
