// Probing grundy16 tables (gen/grundy/build.h): the value of a position,
// of each of its moves, and of a sum of positions of one or several tables,
// with a winning move when the player to move has one. Like the rest of the
// probe library it needs no generator code; a GrundyTable may be shared by
// threads.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/grundy_value.h"
#include "probe/table.h"

namespace rtb {

// One move of an impartial game: to a position of the table (parts 1), to
// the sum of two (parts 2), or out of the table to a known loss (parts 0).
struct ImpartialMove {
  int parts = 1;
  Index a = 0, b = 0;
};

// A move with the value of the position (or sum) it leads to, for the
// player to move after it.
struct GrundyMove {
  ImpartialMove move;
  GrundyValue value;
};

class GrundyTable {
 public:
  // Opens a grundy16 table; with `expected_game`, refuses a table of another
  // game. Throws ProbeError with a one-line reason.
  explicit GrundyTable(const std::filesystem::path& path, std::string_view expected_game = {})
      : GrundyTable(OpenedTable(path, expected_game)) {}
  explicit GrundyTable(OpenedTable table) : table_(std::move(table)) {
    const storage::TableMeta& m = table_.meta();
    if (m.value_kind != kGrundyKind)
      throw ProbeError(table_.where() + " holds values of kind '" + m.value_kind + "', not grundy16");
    try {
      sets_ = decode_inf_sets(m.extra);
    } catch (const std::exception& e) {
      throw ProbeError(table_.where() + ": " + e.what());
    }
  }

  const storage::TableMeta& meta() const { return table_.meta(); }
  const AnyGame& game() const { return table_.game(); }
  const OpenedTable& opened() const { return table_; }
  const std::vector<InfSet>& inf_sets() const { return sets_; }

  Index parse(std::string_view text) const { return table_.parse(text); }
  std::string text(Index i) const { return table_.bare_game().text(i); }

  // Throws ProbeError for an index that is no position, or a damaged value.
  GrundyValue value(Index i) const { return decode(table_.code(i)); }
  GrundyValue value(std::string_view text) const { return value(parse(text)); }
  GrundyValue decode(std::uint16_t code) const {
    try {
      return decode_grundy(code, sets_);
    } catch (const GrundyFormatError& e) {
      throw ProbeError(table_.where() + ": " + e.what());
    }
  }

  std::vector<GrundyMove> moves(Index i) const {
    value(i);  // rejects an index that is no position
    std::vector<GrundyMove> out;
    for (const Successor& s : game().moves(i)) {
      if (s.inside)
        out.push_back({{1, s.index, 0}, value(s.index)});
      else
        out.push_back({{0, 0, 0}, GrundyValue::of(0)});
    }
    for (const auto& [a, b] : game().splits(i)) out.push_back({{2, a, b}, value(a) + value(b)});
    return out;
  }
  // "7", "3 + 4", or "(outside the table)".
  std::string move_text(const ImpartialMove& m) const {
    if (m.parts == 0) return "(outside the table)";
    return m.parts == 1 ? text(m.a) : text(m.a) + " + " + text(m.b);
  }

  std::vector<std::uint16_t> read_all() const { return table_.read_all(); }

 private:
  OpenedTable table_;
  std::vector<InfSet> sets_;
};

// The grundy16 table of `game` with `params` in a directory of tables.
inline std::filesystem::path grundy_table_file(const std::filesystem::path& dir, const AnyGame& game) {
  return dir / (game.table_name() + ".grundy.rtb");
}

// One component of a sum.
struct SumPart {
  const GrundyTable* table;
  Index index;
};

struct SumAnswer {
  std::vector<GrundyValue> values;  // of the parts
  GrundyValue total;                // of the sum
  Outcome outcome;                  // for the player to move
  // A move to a sum of value 0, when the player to move wins: made in
  // component `part`.
  std::optional<std::size_t> part;
  std::optional<GrundyMove> move;
};

namespace grundy_probe_detail {
// A move of `p` to a finite value `target`, if there is one.
inline std::optional<GrundyMove> move_to(const SumPart& p, std::uint32_t target) {
  for (GrundyMove& m : p.table->moves(p.index))
    if (m.value.finite && m.value.n == target) return m;
  return std::nullopt;
}
}  // namespace grundy_probe_detail

// The value of the sum of `parts` and the winning move. Finite values add
// by XOR; a winning move takes one finite component g to g xor total < g.
// With one infinite component infinity(K), the others worth y, the sum is
// infinity(K xor y): a win exactly when y is in K, by moving that
// component to a follower of value y. Two infinite components: a draw.
inline SumAnswer solve_sum(const std::vector<SumPart>& parts) {
  SumAnswer a{{}, GrundyValue::of(0), Outcome::Loss, std::nullopt, std::nullopt};
  std::vector<std::size_t> infinite;
  std::uint32_t y = 0;  // XOR of the finite parts
  for (std::size_t j = 0; j < parts.size(); ++j) {
    a.values.push_back(parts[j].table->value(parts[j].index));
    a.total = a.total + a.values.back();
    if (a.values.back().finite)
      y ^= a.values.back().n;
    else
      infinite.push_back(j);
  }
  a.outcome = a.total.outcome();
  if (a.outcome != Outcome::Win) return a;
  for (std::size_t j = 0; j < parts.size() && !a.move; ++j) {
    const GrundyValue& v = a.values[j];
    if (infinite.empty() && (v.n ^ y) < v.n) a.move = grundy_probe_detail::move_to(parts[j], v.n ^ y);
    if (infinite.size() == 1 && infinite[0] == j) a.move = grundy_probe_detail::move_to(parts[j], y);
    if (a.move) a.part = j;
  }
  return a;
}

}  // namespace rtb
