// Positions given as text, for games whose positions name their table
// (chess: a FEN's material names it, see contract::text_moves): the value of a
// position from whichever table of the directory holds it, its moves by
// name with the text after each, and the best line through every table it
// passes. A text no table holds (contract::valued_ahead: chess with an
// en-passant capture) is valued one ply ahead.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "probe/probe.h"

namespace rtb {

class TextProbe {
 public:
  // `extra`: parameters beside those the position gives (chess: metric=dtc).
  TextProbe(const Tablebase& tables, std::string game, Params extra);

  struct Move {
    std::string name;   // "Rd1+ d2d1", or "" where the game names no moves
    std::string after;  // the position after it
    Value value;        // for the player to move after the move
    bool ends_line;     // the table's depth restarts after it, or no table holds `after`
    Value for_mover() const { return value.after_move(); }
  };

  // The table holding `position`; throws ProbeError when the directory lacks it.
  const DepthTable& table_of(std::string_view position) const;
  Value value(std::string_view position) const;
  std::vector<Move> moves(std::string_view position) const;
  // The winner's fastest moves and the loser's slowest, to the end, to a
  // move after which the depth restarts, or to a repetition.
  std::vector<Move> best_line(std::string_view position, std::size_t max_plies = 1000) const;

 private:
  const Tablebase& tables_;
  std::string game_;
  Params extra_;
};

}  // namespace rtb
