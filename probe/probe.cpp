#include "probe/probe.h"

#include <set>

namespace rtb {

ProbeTable::ProbeTable(const std::filesystem::path& path, std::string_view expected_game) : reader_(path) {
  const storage::TableMeta& m = reader_.meta();
  if (!expected_game.empty() && m.game != expected_game)
    throw ProbeError("table " + path.string() + " is a " + m.game + " table, not " +
                     std::string(expected_game));
  if (m.value_kind != "wdl16")
    throw ProbeError("table " + path.string() + " holds values of kind '" + m.value_kind +
                     "'; this prober reads 'wdl16'");
  game_ = make_game(m.game, Params::from_canonical(m.params));
  if (game_->identity() != m.identity)
    throw ProbeError("table " + path.string() +
                     " was made from different input than its parameters now give");
  if (game_->size() != m.positions)
    throw ProbeError("table " + path.string() + " has " + std::to_string(m.positions) + " values, the game " +
                     std::to_string(game_->size()));
  attach_dependencies(path.parent_path());
}

// The tables a table depends on live beside it, as tbgen writes them.
void ProbeTable::attach_dependencies(const std::filesystem::path& dir) {
  const auto deps = game_->dependencies();
  if (deps.empty()) return;
  for (const Dependency& dep : deps) {
    const auto sub = make_game(dep.game, dep.params);
    const auto path = dir / (sub->table_name() + ".rtb");
    if (!std::filesystem::exists(path))
      throw ProbeError("table " + reader_.path().string() + " needs " + path.filename().string() +
                       " beside it");
    const storage::TableReader reader(path);
    if (reader.meta().identity != sub->identity())
      throw ProbeError("table " + path.string() + " was made for other parameters or input");
    dependency_values_.push_back(reader.read_all());
  }
  game_->attach(DependencyValues(dependency_values_.begin(), dependency_values_.end()));
}

Index ProbeTable::parse(std::string_view text) const {
  try {
    return game_->parse(text);
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
}

Value ProbeTable::value(Index i) const {
  if (i >= game_->size() || !game_->legal(i))
    throw ProbeError("index " + std::to_string(i) + " is not a position of this table");
  return Value::from_code(reader_.value(i));
}

std::vector<MoveResult> ProbeTable::moves(Index i) const {
  value(i);  // rejects an index that is no position
  std::vector<MoveResult> out;
  for (const Successor& s : game_->moves(i)) {
    if (s.inside)
      out.push_back({s.index, game_->text(s.index), Value::from_code(reader_.value(s.index))});
    else
      out.push_back({std::nullopt, "", s.value});
  }
  return out;
}

std::vector<MoveResult> ProbeTable::best_line(Index i, std::size_t max_plies) const {
  std::vector<MoveResult> line;
  std::set<Index> seen{i};
  for (Value v = value(i); line.size() < max_plies;) {
    const auto options = moves(i);
    const MoveResult* best = nullptr;
    for (const MoveResult& m : options)
      if (m.for_mover() == v) {  // a move that keeps the value is a best move
        best = &m;
        break;
      }
    if (!best) break;  // no moves: the game is over
    line.push_back(*best);
    if (!best->index || !seen.insert(*best->index).second) break;
    i = *best->index;
    v = best->value;
  }
  return line;
}

Tablebase::Tablebase(std::filesystem::path dir) : dir_(std::move(dir)) {
  if (!std::filesystem::is_directory(dir_)) throw ProbeError("no directory of tables at " + dir_.string());
}

const ProbeTable& Tablebase::table(std::string_view game, const Params& params) const {
  std::unique_ptr<AnyGame> plugin;
  try {
    plugin = make_game(game, params);
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
  const auto path = dir_ / (plugin->table_name() + ".rtb");
  std::lock_guard lock(mutex_);
  auto& slot = open_[path.string()];
  if (!slot) {
    if (!std::filesystem::exists(path))
      throw ProbeError("no table for " + std::string(game) + " " + params.canonical() + " in " +
                       dir_.string() + " (expected " + path.filename().string() + ")");
    auto table = std::make_unique<ProbeTable>(path, game);
    if (table->meta().identity != plugin->identity())
      throw ProbeError("table " + path.string() + " was made for other parameters or input");
    slot = std::move(table);
  }
  return *slot;
}

}  // namespace rtb
