// BoundTable: one table as the Python module sees it (bound_table.h).
#include "bound_table.h"

#include "answers/common.h"
#include "errors.h"
#include "games/registry.h"

namespace rtb::python {
namespace {

void require_file(const std::filesystem::path& path, const std::string& what) {
  const auto status = std::filesystem::status(path);
  if (!std::filesystem::exists(status)) throw MissingTable(what);
  if (std::filesystem::is_directory(status))
    throw MissingTable(path.string() + " is a directory, not a table");
  // A FIFO would block the open until a writer came; a device never ends.
  if (!std::filesystem::is_regular_file(status))
    throw MissingTable(path.string() + " is not a regular file, so not a table");
}

// A table's dependencies live beside it (OpenedTable::attach_dependencies);
// checked here so that a missing one is a MissingTable, not a late ProbeError.
void require_dependencies(const OpenedTable& table) {
  for (const Dependency& dep : table.bare_game().dependencies()) {
    const std::string name = make_game(dep.game, dep.params)->table_name() + ".rtb";
    require_file(table.path().parent_path() / name, table.where() + " needs " + name + " beside it");
  }
}

template <class F>
auto reading_position(F&& f) {
  try {
    return f();
  } catch (const GameError& e) {
    throw BadPosition(e.what());
  } catch (const ProbeError& e) {
    throw BadPosition(e.what());
  }
}

// The table at `path`, of `expected_game` or `asked` where given.
OpenedTable open(const std::filesystem::path& path, const std::string& expected_game,
                 const std::optional<storage::TableIdentity>& asked) {
  if (!asked) return OpenedTable(path, expected_game);
  try {
    return OpenedTable(path, *asked);
  } catch (const storage::IdentityError& e) {
    throw MissingTable(e.what());  // the table asked for is not here, another is under its name
  }
}

}  // namespace

BoundTable::BoundTable(const std::filesystem::path& path, const std::string& expected_game,
                       const std::optional<storage::TableIdentity>& asked)
    : path_(path) {
  require_file(path, "no table " + path.string());
  OpenedTable table = open(path, expected_game, asked);
  require_dependencies(table);
  meta_ = table.meta();
  game_ = make_game(meta_.game, Params::from_canonical(meta_.params));
  reader_ = answers::kind_named(meta_.value_kind).open(std::move(table));
}

BoundTable::Found BoundTable::file_in(const std::filesystem::path& dir, const std::string& game,
                                      const Params& params, const std::string& solver,
                                      const std::optional<std::string>& position) {
  if (!is_game(game)) throw BadArgument("unknown game '" + game + "'");
  if (!std::filesystem::is_directory(dir)) throw MissingTable("no directory of tables at " + dir.string());
  Params all;
  if (position)
    if (auto named = reading_position([&] { return params_for_position(game, *position); })) all = *named;
  for (const auto& [key, value] : params.values()) all.set(key, value);
  const answers::ValueKind* kind = nullptr;
  try {
    kind = &answers::kind_of_solver(solver);
  } catch (const answers::UsageError& e) {
    throw BadArgument(e.what());
  }
  Found found;
  try {
    found = {kind->file_in(dir, game, all), answers::asked_identity(*kind, game, all)};
  } catch (const GameError& e) {
    throw BadArgument(e.what());
  }
  require_file(found.path, "no table for " + game + (all.canonical().empty() ? "" : " " + all.canonical()) +
                               " in " + dir.string() + " (expected " + found.path.filename().string() + ")");
  return found;
}

answers::Json BoundTable::position(const std::string& text, bool line) const {
  const answers::KindReader& r = reader();
  const auto named = reading_position([&] { return params_for_position(meta_.game, text); });
  if (named) {
    // A position that names its table (chess): that table must be here.
    Params all = *named;
    const Params table_params = Params::from_canonical(meta_.params);
    for (const auto& [key, value] : table_params.values())
      if (!all.has(key)) all.set(key, value);
    const auto file = answers::kind_named(meta_.value_kind).file_in(path_.parent_path(), meta_.game, all);
    require_file(file, "no table for " + meta_.game + " " + all.canonical() + " in " +
                           path_.parent_path().string() + " (expected " + file.filename().string() + ")");
  } else {
    reading_position([&] { return game_->parse(text); });
  }
  return r.position({text, std::nullopt, line});
}

answers::Json BoundTable::position_at(Index index, bool line) const {
  const answers::KindReader& r = reader();
  if (index >= game_->size() || !game_->legal(index))
    throw BadPosition("index " + std::to_string(index) + " is not a position of this table");
  return r.position({std::nullopt, index, line});
}

void BoundTable::check() const {
  reader();
  OpenedTable(path_).check();
}

const GrundyTable& BoundTable::grundy() const {
  reader();
  if (meta_.value_kind != kGrundyKind)
    throw BadArgument("table " + path_.string() + " holds " + meta_.value_kind + " values, not grundy16");
  if (!grundy_) grundy_ = std::make_unique<GrundyTable>(path_);
  return *grundy_;
}

void BoundTable::close() {
  reader_.reset();
  grundy_.reset();
}

const answers::KindReader& BoundTable::reader() const {
  if (!reader_) throw Closed("table " + path_.string() + " is closed");
  return *reader_;
}

}  // namespace rtb::python
