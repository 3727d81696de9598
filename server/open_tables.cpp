#include "server/open_tables.h"

namespace rtb::server {

const ServedTable& OpenTables::at(const std::filesystem::path& path) const {
  const std::lock_guard lock(mutex_);  // opening is rare: one lock keeps a file from opening twice
  auto& slot = open_[path];
  if (slot) return *slot;
  try {
    OpenedTable table(path);
    auto served = std::make_unique<ServedTable>();
    served->meta = table.meta();
    served->solver = answers::kind_named(served->meta.value_kind).solver;
    const AnyGame& game = table.bare_game();
    if (const auto start = game.start()) served->start = game.text(*start);
    served->reader = answers::kind_named(served->meta.value_kind).open(std::move(table));
    slot = std::move(served);
  } catch (...) {
    open_.erase(path);
    throw;
  }
  return *slot;
}

}  // namespace rtb::server
