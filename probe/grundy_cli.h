// What tbprobe prints for a grundy16 table: a position with its moves,
// --dump, --stats, and --sum over positions of one or several tables.
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "probe/grundy_probe.h"

namespace rtb {

// Whether the table at `path` is a grundy16 table (throws StorageError if
// it cannot be opened at all).
inline bool is_grundy_table(const std::filesystem::path& path) {
  return storage::TableReader(path).meta().value_kind == kGrundyKind;
}

// "3 (WIN)", "inf(1) (DRAW)".
inline std::string describe(const GrundyValue& v) {
  return to_string(v) + " (" + outcome_name(v.outcome()) + ")";
}

inline void print_grundy_position(const GrundyTable& table, Index i, std::ostream& out) {
  out << table.text(i) << ": " << describe(table.value(i)) << "\n";
  const auto moves = table.moves(i);
  if (moves.empty()) out << "no moves: the game is over\n";
  for (const GrundyMove& m : moves)
    out << "  move to " << table.move_text(m.move) << ": " << describe(m.value)
        << " for the player then to move" << (m.value.outcome() == Outcome::Loss ? "  <- wins" : "") << "\n";
}

// Every position in index order: "<position> <value>".
inline void dump_grundy(const GrundyTable& table, std::ostream& out) {
  const auto values = table.read_all();
  const ImpartialView& game = table.game();
  std::string text;
  for (Index i = 0; i < values.size(); ++i) {
    if (!game.legal(i)) continue;
    text += game.text(i);
    text += ' ';
    text += to_string(table.decode(values[i]));
    text += '\n';
    if (text.size() > (1 << 16)) out << text, text.clear();
  }
  out << text;
}

inline void print_grundy_stats(const GrundyTable& table, std::ostream& out) {
  const storage::TableMeta& m = table.meta();
  out << "game " << m.game << (m.params.empty() ? "" : " " + m.params) << "\n"
      << "indices " << m.positions << ", positions " << m.legal << "\n"
      << "wins " << m.wins << ", draws " << m.draws << ", losses " << m.losses << "\n"
      << "largest finite value " << m.max_depth << "\n"
      << "generator " << m.generator_version << ", format " << m.format_version << "\n";
  std::map<std::uint16_t, std::uint64_t> count;  // by code: finite values, then infinity sets
  const auto values = table.read_all();
  for (Index i = 0; i < values.size(); ++i)
    if (table.game().legal(i)) ++count[values[i]];
  out << "value  positions\n";
  for (const auto& [code, n] : count) out << to_string(table.decode(code)) << "  " << n << "\n";
}

// The tables and positions of a --sum: each term is "POSITION" of the
// default table or "TABLE:POSITION" (split at the last ':').
class SumInput {
 public:
  SumInput(const std::vector<std::string>& terms, const std::string& default_table) {
    for (const std::string& term : terms) {
      const auto colon = term.rfind(':');
      const std::string path = colon == std::string::npos ? default_table : term.substr(0, colon);
      const std::string position = colon == std::string::npos ? term : term.substr(colon + 1);
      if (path.empty())
        throw ProbeError("sum term '" + term + "' names no table: use TABLE:POSITION or --table");
      auto& table = tables_[path];
      if (!table) table = std::make_unique<GrundyTable>(path);
      parts_.push_back({table.get(), table->parse(position)});
    }
    if (parts_.empty()) throw ProbeError("--sum needs at least one position");
  }
  const std::vector<SumPart>& parts() const { return parts_; }

 private:
  std::map<std::string, std::unique_ptr<GrundyTable>> tables_;
  std::vector<SumPart> parts_;
};

inline void print_grundy_sum(const std::vector<SumPart>& parts, std::ostream& out) {
  const SumAnswer a = solve_sum(parts);
  for (std::size_t j = 0; j < parts.size(); ++j)
    out << parts[j].table->text(parts[j].index) << " (" << parts[j].table->game().table_name()
        << "): " << to_string(a.values[j]) << "\n";
  out << "sum: " << to_string(a.total) << ", " << outcome_name(a.outcome) << " for the player to move\n";
  if (a.move)
    out << "winning move: in component " << *a.part + 1 << " ("
        << parts[*a.part].table->text(parts[*a.part].index) << "), move to "
        << parts[*a.part].table->move_text(a.move->move) << " (value " << to_string(a.move->value)
        << "), leaving a sum of value 0\n";
  else if (a.outcome == Outcome::Loss)
    out << "every move leaves a sum the opponent wins\n";
  else
    out << "no move wins: with best play neither side wins\n";
}

}  // namespace rtb
