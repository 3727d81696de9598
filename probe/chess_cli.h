// tbprobe --dir DIR --game chess --fen FEN [--line]: the position valued
// with rtb_chess (so an en-passant FEN works) and printed in the user's
// orientation with SAN and UCI; the best line goes on through captures and
// promotions into the smaller tables, to mate.
#pragma once

#include <iostream>
#include <memory>
#include <set>
#include <string>

#include "games/chess/chess.h"
#include "probe/rtb_chess.h"

namespace rtb {

inline Value chess_value(const rtb_chess* tb, const std::string& fen) {
  rtb_value v;
  if (rtb_chess_probe_fen(tb, fen.c_str(), &v) != 0) throw std::runtime_error(rtb_chess_last_error());
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

// "WIN, mate in 16" / "LOSS, mated in 15" / "DRAW" (dtm); plies for dtc.
inline std::string chess_describe(Value v, bool dtc) {
  if (v.is_draw()) return "DRAW";
  if (dtc)
    return std::string(v.is_win() ? "WIN" : "LOSS") + ", conversion in " + std::to_string(v.depth()) +
           " plies";
  return v.is_win() ? "WIN, mate in " + std::to_string((v.depth() + 1) / 2)
                    : "LOSS, mated in " + std::to_string(v.depth() / 2);
}

inline void print_chess_fen(const std::string& dir, bool dtc, std::string fen, bool line) {
  const std::unique_ptr<rtb_chess, decltype(&rtb_chess_close)> owned(
      rtb_chess_open(dir.c_str(), dtc ? "dtc" : "dtm", 0), &rtb_chess_close);
  const rtb_chess* tb = owned.get();
  if (!tb) throw std::runtime_error(rtb_chess_last_error());
  const Value v = chess_value(tb, fen);
  std::cout << fen << ": " << chess_describe(v, dtc) << "\n";
  for (const auto& m : Chess::text_moves(fen)) {
    const Value after = m.bare_kings ? Value::draw() : chess_value(tb, m.after);
    std::cout << "  " << m.name << ": " << chess_describe(after.after_move(), dtc) << "\n";
  }
  std::set<std::string> seen{fen};
  for (int ply = 1; line && ply <= 1000; ++ply) {
    const Value now = chess_value(tb, fen);
    const auto moves = Chess::text_moves(fen);
    const Chess::TextMove* best = nullptr;
    for (const auto& m : moves) {
      Value after = m.bare_kings ? Value::draw() : chess_value(tb, m.after);
      if (dtc && m.converts && !after.is_draw()) after = after.is_win() ? Value::win(0) : Value::loss(0);
      if (after.after_move() == now) {
        best = &m;
        break;
      }
    }
    if (!best) break;  // mate or stalemate
    std::cout << (ply == 1 ? "best line:" : "") << " " << best->name.substr(0, best->name.find(' '));
    if ((dtc && best->converts) || best->bare_kings) break;  // the conversion ends a dtc line
    fen = best->after;
    if (!seen.insert(fen.substr(0, fen.find(" - "))).second) break;  // a drawn line repeats
  }
  if (line) std::cout << "\n";
}

}  // namespace rtb
