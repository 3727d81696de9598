// The engine-shaped chess probe (probe/rtb_chess.h) of one directory, for
// rtb.chess: a FEN in, win/draw/loss and depth in plies out, with the C
// API's error codes turned into the errors of errors.h.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "probe/rtb_chess.h"

namespace rtb::python {

class ChessProbe {
 public:
  // `metric`: "dtm" or "dtc", the tables of that metric.
  ChessProbe(const std::string& dir, const std::string& metric);
  // {RTB_WIN, RTB_DRAW or RTB_LOSS, plies} for the side to move.
  std::pair<int, unsigned> probe(const std::string& fen) const;
  int max_pieces() const;
  void close() { handle_.reset(); }

 private:
  struct Close {
    void operator()(rtb_chess* tb) const { rtb_chess_close(tb); }
  };
  const rtb_chess* handle() const;
  std::unique_ptr<rtb_chess, Close> handle_;
};

}  // namespace rtb::python
