// Tablebase: a directory's wdl16 tables, each opened on first use, kept
// open, and refused unless it is the table its name promises.
#include "probe/probe.h"

#include <set>

namespace rtb {

Tablebase::Tablebase(std::filesystem::path dir) : dir_(std::move(dir)) {
  if (!std::filesystem::is_directory(dir_)) throw ProbeError("no directory of tables at " + dir_.string());
}

const DepthTable& Tablebase::table(std::string_view game, const Params& params) const {
  if (const DepthTable* found = find(game, params)) return *found;
  std::string name;
  try {
    name = make_game(game, params)->table_name();
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
  throw ProbeError("no table for " + std::string(game) + " " + params.canonical() + " in " + dir_.string() +
                   " (expected " + name + ".rtb)");
}

const DepthTable& Tablebase::add(DepthTable table) {
  const std::string path = (dir_ / table.opened().path().filename()).string();
  std::lock_guard lock(mutex_);
  auto& slot = open_[path];
  if (!slot) slot = std::make_unique<DepthTable>(std::move(table));
  return *slot;
}

const DepthTable* Tablebase::find(std::string_view game, const Params& params) const {
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
  auto table = std::make_unique<DepthTable>(path, game);
  storage::require_identity(table->meta(), {std::string(game), plugin->identity(), std::string(kDepthKind)},
                            table->opened().where());
  return open_.emplace(path.string(), std::move(table)).first->second.get();
}

}  // namespace rtb
