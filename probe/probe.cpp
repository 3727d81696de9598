#include "probe/probe.h"

#include <set>

namespace rtb {

ProbeTable::ProbeTable(const std::filesystem::path& path, std::string_view expected_game)
    : ProbeTable(OpenedTable(path, expected_game)) {}

ProbeTable::ProbeTable(OpenedTable table) : table_(std::move(table)) {
  if (meta().value_kind != kWdlKind)
    throw ProbeError(table_.where() + " holds values of kind '" + meta().value_kind +
                     "'; this reader reads '" + std::string(kWdlKind) + "'");
}

std::vector<MoveResult> ProbeTable::moves(Index i) const {
  value(i);  // rejects an index that is no position
  std::vector<MoveResult> out;
  for (const Successor& s : game().moves(i)) {
    if (s.inside)
      out.push_back({s.index, text(s.index), Value::from_code(table_.code_unchecked(s.index))});
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
  if (const ProbeTable* found = find(game, params)) return *found;
  std::string name;
  try {
    name = make_game(game, params)->table_name();
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
  throw ProbeError("no table for " + std::string(game) + " " + params.canonical() + " in " + dir_.string() +
                   " (expected " + name + ".rtb)");
}

const ProbeTable& Tablebase::add(ProbeTable table) {
  const std::string path = (dir_ / table.opened().path().filename()).string();
  std::lock_guard lock(mutex_);
  auto& slot = open_[path];
  if (!slot) slot = std::make_unique<ProbeTable>(std::move(table));
  return *slot;
}

const ProbeTable* Tablebase::find(std::string_view game, const Params& params) const {
  std::unique_ptr<AnyGame> plugin;
  try {
    plugin = make_game(game, params);
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
  const auto path = dir_ / (plugin->table_name() + ".rtb");
  std::lock_guard lock(mutex_);
  if (auto it = open_.find(path.string()); it != open_.end()) return it->second.get();
  if (!std::filesystem::exists(path)) return nullptr;
  auto table = std::make_unique<ProbeTable>(path, game);
  if (table->meta().identity != plugin->identity())
    throw ProbeError("table " + path.string() + " was made for other parameters or input");
  return open_.emplace(path.string(), std::move(table)).first->second.get();
}

}  // namespace rtb
