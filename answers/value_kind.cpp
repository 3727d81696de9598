// The table of value kinds: finding a kind by its name or its solver, and
// what every kind shares (the asked-for identity, the meta record as JSON).
#include "answers/value_kind.h"

#include <algorithm>
#include <cstdio>

#include "answers/common.h"
#include "games/quote_input.h"
#include "games/registry.h"

namespace rtb::answers {

const std::vector<ValueKind>& value_kinds() {
  static const std::vector<ValueKind> kinds{depth_kind(), grundy_kind(), arena_kind()};
  return kinds;
}

const ValueKind& kind_named(std::string_view value_kind) {
  for (const ValueKind& k : value_kinds())
    if (k.name == value_kind) return k;
  std::string known;
  for (const ValueKind& k : value_kinds()) known += (known.empty() ? "" : ", ") + std::string(k.name);
  throw std::runtime_error("values of kind " + quote_input(value_kind) +
                           " are unknown to this build (it reads " + known + ")");
}

const ValueKind& kind_of_solver(std::string_view solver) {
  for (const ValueKind& k : value_kinds())
    if (k.solver == solver || (!k.solver_alias.empty() && k.solver_alias == solver)) return k;
  throw UsageError("unknown solver " + quote_input(solver) + " (" + solver_names() + ")");
}

std::string solver_names() {
  std::string out;
  const auto& kinds = value_kinds();
  for (std::size_t k = 0; k < kinds.size(); ++k)
    out += (k == 0 ? "" : k + 1 == kinds.size() ? " or " : ", ") + std::string(kinds[k].solver);
  return out;
}

SplitParams split_params(const Params& params, const std::vector<std::string_view>& solver_keys) {
  SplitParams out;
  for (const auto& [key, value] : params.values()) {
    const bool solver = std::find(solver_keys.begin(), solver_keys.end(), key) != solver_keys.end();
    (solver ? out.solver : out.game).set(key, value);
  }
  return out;
}

storage::TableIdentity asked_identity(const ValueKind& kind, const std::string& game, const Params& params) {
  const SplitParams split = split_params(params, kind.solver_keys);
  return {game, table_identity(make_game(game, split.game)->identity(), split.solver),
          std::string(kind.name)};
}

std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

Json meta_json(const storage::TableMeta& meta) {
  Json counts = Json::object();
  for (const auto& [name, value] : meta.counts.items()) counts[name] = value;
  return {{"game", meta.game},
          {"params", meta.params},
          {"solver_params", meta.solver_params},
          {"value_kind", meta.value_kind},
          {"index_size", meta.index_size},
          {"legal", meta.legal},
          {"counts", counts},
          {"generator", meta.generator_version},
          {"format_version", meta.format_version},
          {"checksum", hex64(meta.checksum)}};
}

Json KindReader::reachable(unsigned, const ReachedProgress&) const {
  throw UsageError("tables of this kind have no --reachable");
}

void KindReader::print_reachable(const Json&, std::ostream&) const {}

}  // namespace rtb::answers
