// Probing grundy16 tables (gen/grundy_table.h): the value of a position,
// of each of its moves, and of a sum of positions of one or several tables,
// with a winning move when the player to move has one. Like the rest of the
// probe library it needs no generator code; a GrundyTable may be shared by
// threads.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "games/grundy_value.h"
#include "games/impartial.h"
#include "games/registry.h"
#include "probe/probe.h"
#include "storage/table_reader.h"

namespace rtb {

// One move of an impartial game: to a position of the table (parts 1), to
// the sum of two (parts 2), or out of the table to a known loss (parts 0).
struct ImpartialMove {
  int parts = 1;
  Index a = 0, b = 0;
};

// An impartial game behind one virtual interface, built once per table.
class ImpartialView {
 public:
  virtual ~ImpartialView() = default;
  virtual std::string_view name() const = 0;
  virtual std::string identity() const = 0;
  virtual std::string table_name() const = 0;
  virtual Index size() const = 0;
  virtual bool legal(Index i) const = 0;
  virtual std::string text(Index i) const = 0;
  virtual Index parse(std::string_view s) const = 0;
  virtual std::vector<ImpartialMove> moves(Index i) const = 0;
};

template <Game G>
class ImpartialViewOf final : public ImpartialView {
 public:
  explicit ImpartialViewOf(G game) : game_(std::move(game)) {}
  std::string_view name() const override { return G::kName; }
  std::string identity() const override { return game_.identity(); }
  std::string table_name() const override { return game_.table_name(); }
  Index size() const override { return game_.size(); }
  bool legal(Index i) const override { return game_.legal(i); }
  std::string text(Index i) const override { return game_.text(i); }
  Index parse(std::string_view s) const override { return game_.parse(s); }
  std::vector<ImpartialMove> moves(Index i) const override {
    std::vector<ImpartialMove> out;
    game_.moves(i, [&](Successor s) {
      out.push_back(s.inside ? ImpartialMove{1, s.index, 0} : ImpartialMove{0, 0, 0});
    });
    for_each_split(game_, i, [&](Index a, Index b) { out.push_back({2, a, b}); });
    return out;
  }

 private:
  G game_;
};

using ImpartialFactory = std::function<std::unique_ptr<ImpartialView>(std::string_view, const Params&)>;

// The registered game `name`; throws GameError (unknown, bad parameters).
inline std::unique_ptr<ImpartialView> make_impartial_view(std::string_view name, const Params& params) {
  return with_game(name, params, []<class G>(const G& game) -> std::unique_ptr<ImpartialView> {
    return std::make_unique<ImpartialViewOf<G>>(game);
  });
}

// A move with the value of the position (or sum) it leads to, for the
// player to move after it.
struct GrundyMove {
  ImpartialMove move;
  GrundyValue value;
};

class GrundyTable {
 public:
  // Opens a grundy16 table; with `expected_game`, refuses a table of another
  // game. `factory` builds the game from the table's metadata. Throws
  // ProbeError with a one-line reason.
  explicit GrundyTable(const std::filesystem::path& path, std::string_view expected_game = {},
                       const ImpartialFactory& factory = make_impartial_view)
      : reader_(path) {
    const storage::TableMeta& m = reader_.meta();
    const std::string where = "table " + path.string();
    if (!expected_game.empty() && m.game != expected_game)
      throw ProbeError(where + " is a " + m.game + " table, not " + std::string(expected_game));
    if (m.value_kind != kGrundyKind)
      throw ProbeError(where + " holds values of kind '" + m.value_kind + "', not grundy16");
    try {
      game_ = factory(m.game, Params::from_canonical(m.params));
      sets_ = decode_inf_sets(m.extra);
    } catch (const std::exception& e) {
      throw ProbeError(where + ": " + e.what());
    }
    if (game_->identity() != m.identity)
      throw ProbeError(where + " was made from different input than its parameters now give");
    if (game_->size() != m.positions)
      throw ProbeError(where + " has " + std::to_string(m.positions) + " values, the game " +
                       std::to_string(game_->size()));
  }

  const storage::TableMeta& meta() const { return reader_.meta(); }
  const ImpartialView& game() const { return *game_; }
  const std::vector<InfSet>& inf_sets() const { return sets_; }

  Index parse(std::string_view text) const {
    try {
      return game_->parse(text);
    } catch (const GameError& e) {
      throw ProbeError(e.what());
    }
  }
  std::string text(Index i) const { return game_->text(i); }

  // Throws ProbeError for an index that is no position, or a damaged value.
  GrundyValue value(Index i) const {
    if (i >= game_->size() || !game_->legal(i))
      throw ProbeError("index " + std::to_string(i) + " is not a position of this table");
    return decode(reader_.value(i));
  }
  GrundyValue value(std::string_view text) const { return value(parse(text)); }
  GrundyValue decode(std::uint16_t code) const {
    try {
      return decode_grundy(code, sets_);
    } catch (const GrundyFormatError& e) {
      throw ProbeError("table " + reader_.path().string() + ": " + e.what());
    }
  }

  std::vector<GrundyMove> moves(Index i) const {
    value(i);  // rejects an index that is no position
    std::vector<GrundyMove> out;
    for (const ImpartialMove& m : game_->moves(i)) {
      if (m.parts == 0) out.push_back({m, GrundyValue::of(0)});
      if (m.parts == 1) out.push_back({m, value(m.a)});
      if (m.parts == 2) out.push_back({m, value(m.a) + value(m.b)});
    }
    return out;
  }
  // "7", "3 + 4", or "(outside the table)".
  std::string move_text(const ImpartialMove& m) const {
    if (m.parts == 0) return "(outside the table)";
    return m.parts == 1 ? text(m.a) : text(m.a) + " + " + text(m.b);
  }

  std::vector<std::uint16_t> read_all() const { return reader_.read_all(); }

 private:
  storage::TableReader reader_;
  std::unique_ptr<ImpartialView> game_;
  std::vector<InfSet> sets_;
};

// The grundy16 table of `game` with `params` in a directory of tables.
inline std::filesystem::path grundy_table_file(const std::filesystem::path& dir, const ImpartialView& game) {
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
