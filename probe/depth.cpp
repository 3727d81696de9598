#include "probe/depth.h"

#include <set>

namespace rtb {

DepthTable::DepthTable(const std::filesystem::path& path, std::string_view expected_game)
    : DepthTable(OpenedTable(path, expected_game)) {}

DepthTable::DepthTable(OpenedTable table) : table_(std::move(table)) {
  if (meta().value_kind != kDepthKind)
    throw ProbeError(table_.where() + " holds values of kind '" + meta().value_kind +
                     "'; this reader reads '" + std::string(kDepthKind) + "'");
}

std::vector<MoveResult> DepthTable::moves(Index i) const {
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

std::vector<MoveResult> DepthTable::best_line(Index i, std::size_t max_plies) const {
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

}  // namespace rtb
