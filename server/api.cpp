// The /api answers: a query to the table it names, and that table's answer.
#include "server/api.h"

#include <algorithm>
#include <system_error>

#include "answers/common.h"
#include "answers/table_lookup.h"
#include "games/quote_input.h"
#include "games/registry.h"
#include "server/answer.h"

namespace rtb::server {
namespace {

// Query keys that are tbprobe's options, not game parameters.
constexpr std::string_view kPosition = "position", kIndex = "index", kLine = "line", kSolver = "solver";

std::optional<std::string> last_value(const Query& query, std::string_view key) {
  auto [first, last] = query.equal_range(std::string(key));
  if (first == last) return std::nullopt;
  return std::prev(last)->second;
}

bool flag(const Query& query, std::string_view key) {
  const auto v = last_value(query, key);
  return v && *v != "0" && *v != "false";
}

answers::TableLookup lookup_of(const std::string& game, const std::filesystem::path& dir,
                               const Query& query) {
  if (!is_game(game)) throw NotFound("unknown game " + quote_input(game));
  answers::TableLookup lookup;
  lookup.dir = dir;
  lookup.game = game;
  lookup.solver = last_value(query, kSolver).value_or("wdl");
  lookup.position = last_value(query, kPosition);
  for (const auto& [key, value] : query)
    if (key.empty())
      throw answers::UsageError("a query parameter without a name");
    else if (key != kPosition && key != kIndex && key != kLine && key != kSolver) {
      // One of two values would silently win, as with tbprobe's --param.
      if (lookup.params.has(key))
        throw answers::UsageError("the game parameter " + quote_input(key) + " is given twice");
      lookup.params.set(key, value);
    }
  return lookup;
}

}  // namespace

Reply error_reply(int status, const std::string& message) {
  return {status, answers::Json{{"error", message}}.dump()};
}

Api::Api(std::filesystem::path dir) : open_(dir), chess_(dir) {}

std::shared_ptr<const ServedTable> Api::table_for(const std::string& game, const Query& query) const {
  const answers::TableLookup lookup = lookup_of(game, open_.dir(), query);
  const std::string key = game + '\n' + lookup.solver + '\n' + answers::table_params(lookup).canonical();
  std::optional<Found> found;
  {
    const std::lock_guard lock(found_mutex_);
    if (const auto it = found_.find(key); it != found_.end()) found = it->second;
  }
  std::shared_ptr<const ServedTable> table;
  try {
    if (!found) found = Found{answers::find_table(lookup), answers::asked_identity(lookup)};
    table = open_.at(found->path);
  } catch (const ProbeError& e) {
    if (!std::filesystem::exists(answers::expected_table(lookup))) throw NotFound(e.what());
    throw;
  } catch (const storage::StorageError& e) {  // found before, deleted since
    if (found && !std::filesystem::exists(found->path)) throw NotFound(e.what());
    throw;
  }
  // Each time: the file may have been replaced by another table since.
  storage::require_identity(table->meta, found->asked, "table " + found->path.string());
  const std::lock_guard lock(found_mutex_);
  if (found_.size() < kMaxFound) found_.emplace(key, *found);
  return table;
}

template <class Answer>
answers::Json Api::read(const ServedTable& table, Answer&& answer) {
  try {
    return answer();
  } catch (const storage::StorageError&) {
    table.failed = true;
    throw;
  }
}

Reply Api::tables() const {
  return answer([&] {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(open_.dir()))
      if (entry.path().extension() == ".rtb") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    answers::Json out = answers::Json::array();
    for (const auto& file : files) {
      try {
        const auto held = open_.at(file);  // kept while read, even if the file is reopened meanwhile
        const ServedTable& t = *held;
        answers::Json params = answers::Json::object();
        for (const std::string& canonical : {t.meta.params, t.meta.solver_params}) {
          const Params given = Params::from_canonical(canonical);
          for (const auto& [key, value] : given.values()) params[key] = value;
        }
        // The query that names this table again: /api/GAME?<params> (wdl is the default).
        if (t.solver != "wdl") params[std::string(kSolver)] = t.solver;
        out.push_back({{"game", t.meta.game},
                       {"params", params},
                       {"file", file.filename().string()},
                       {"kind", t.solver},
                       {"start", t.start ? answers::Json(*t.start) : answers::Json(nullptr)}});
      } catch (const std::exception&) {
        // A damaged or foreign file is left out of the list; probing it says why.
      }
    }
    return out;
  });
}

Reply Api::position(const std::string& game, const Query& query) const {
  return answer([&] {
    const auto t = table_for(game, query);
    answers::PositionQuery q;
    q.text = last_value(query, kPosition);
    if (const auto index = last_value(query, kIndex))
      q.index = answers::number_option("index", *index, 0, UINT64_MAX);
    if (!q.text == !q.index) throw answers::UsageError("give one of position=TEXT and index=N");
    q.line = flag(query, kLine);
    return read(*t, [&] { return t->reader->position(q); });
  });
}

Reply Api::stats(const std::string& game, const Query& query) const {
  return answer([&] {
    const auto t = table_for(game, query);
    std::call_once(t->stats_once, [&] { t->stats = read(*t, [&] { return t->reader->stats(); }); });
    return t->stats;
  });
}

}  // namespace rtb::server
