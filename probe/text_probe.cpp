#include "probe/text_probe.h"

#include <set>

#include "games/derive.h"

namespace rtb {

TextProbe::TextProbe(const Tablebase& tables, std::string game, Params extra)
    : tables_(tables), game_(std::move(game)), extra_(std::move(extra)) {}

const DepthTable& TextProbe::table_of(std::string_view position) const {
  std::optional<Params> params;
  try {
    params = params_for_position(game_, position);
  } catch (const GameError& e) {
    throw ProbeError(e.what());
  }
  if (!params) throw ProbeError("game " + game_ + " cannot tell a position's table from its text");
  for (const auto& [key, value] : extra_.values()) params->set(key, value);
  return tables_.table(game_, *params);
}

Value TextProbe::value(std::string_view position) const {
  const DepthTable& table = table_of(position);
  if (!table.game().valued_ahead(position)) return table.value(position);
  BestOfMoves best;
  for (const Move& m : moves(position)) best.add(m.value);
  return best.value();  // there is a move: the one that made the text unheld
}

std::vector<TextProbe::Move> TextProbe::moves(std::string_view position) const {
  std::vector<Move> out;
  for (TextMove& m : table_of(position).game().text_moves(position)) {
    Value v = m.known ? *m.known : value(m.after);
    if (m.resets_depth && !v.is_draw()) v = v.is_win() ? Value::win(0) : Value::loss(0);
    out.push_back({std::move(m.name), std::move(m.after), v, m.resets_depth || m.known.has_value()});
  }
  return out;
}

std::vector<TextProbe::Move> TextProbe::best_line(std::string_view position, std::size_t max_plies) const {
  std::vector<Move> line;
  std::string at(position);
  std::set<std::string> seen{at};
  while (line.size() < max_plies) {
    const Value now = value(at);
    std::vector<Move> options = moves(at);
    Move* best = nullptr;
    for (Move& m : options)
      if (m.for_mover() == now) {  // a move that keeps the value is a best move
        best = &m;
        break;
      }
    if (!best) break;  // no moves: the game is over
    line.push_back(*best);
    if (best->ends_line || !seen.insert(best->after).second) break;
    at = best->after;
  }
  return line;
}

}  // namespace rtb
