// OpenedTable: a table's file, its meta record checked against what was
// asked for, and the game rebuilt from that record.
#include "probe/table.h"

namespace rtb {

OpenedTable::OpenedTable(const std::filesystem::path& path, std::string_view expected_game) : reader_(path) {
  const storage::TableMeta& m = reader_.meta();
  if (!expected_game.empty() && m.game != expected_game)
    throw ProbeError(where() + " is a " + m.game + " table, not " + std::string(expected_game));
  open_game();
}

OpenedTable::OpenedTable(const std::filesystem::path& path, const storage::TableIdentity& asked)
    : reader_(path) {
  storage::require_identity(reader_.meta(), asked, where());
  open_game();
}

// The game the meta record names, which must give the identity the record
// carries: a graph file changed since the table was made gives another.
void OpenedTable::open_game() {
  const storage::TableMeta& m = reader_.meta();
  try {
    game_ = make_game(m.game, Params::from_canonical(m.params));
  } catch (const GameError& e) {
    throw ProbeError(where() + ": " + e.what());
  }
  if (table_identity(game_->identity(), Params::from_canonical(m.solver_params)) != m.identity)
    throw ProbeError(where() + " was made from different input than its parameters now give");
  if (game_->size() != m.index_size)
    throw ProbeError(where() + " has " + std::to_string(m.index_size) + " values, the game " +
                     std::to_string(game_->size()));
}

OpenedTable::OpenedTable(OpenedTable&&) noexcept = default;
OpenedTable::~OpenedTable() = default;

const AnyGame& OpenedTable::game() const {
  std::call_once(*attached_, [&] { attach_dependencies(); });
  return *game_;
}

// The tables a table depends on live beside it, as tbgen writes them, and
// must be the very tables its moves lead into, of its value kind.
void OpenedTable::attach_dependencies() const {
  const auto deps = game_->dependencies();
  if (deps.empty()) return;
  dependency_values_.clear();  // a failed attempt may have read some; call_once retries
  for (const Dependency& dep : deps) {
    const auto sub = make_game(dep.game, dep.params);
    const auto path = reader_.path().parent_path() / (sub->table_name() + ".rtb");
    if (!std::filesystem::exists(path))
      throw ProbeError(where() + " needs " + path.filename().string() + " beside it");
    const storage::TableReader reader(path);
    storage::require_identity(reader.meta(), {dep.game, sub->identity(), meta().value_kind},
                              "table " + path.string() + ", which " + where() + " reads,");
    dependency_values_.push_back(reader.read_all());
  }
  game_->attach(DependencyValues(dependency_values_.begin(), dependency_values_.end()));
}

std::uint16_t OpenedTable::code(Index i) const {
  if (i >= game_->size() || !game_->legal(i))
    throw ProbeError("index " + std::to_string(i) + " is not a position of this table");
  return reader_.value(i);
}

Index OpenedTable::parse(std::string_view text) const {
  try {
    return game_->parse(text);
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
}

}  // namespace rtb
