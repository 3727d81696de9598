// A chess position in the shape of lichess's tablebase answer
// (lila-tablebase's /standard): tbprobe --fen --json and tbserve's
// /standard print it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "answers/json.h"
#include "games/value.h"
#include "probe/rtb_chess.h"

namespace rtb::answers {

// A directory's DTM and DTZ chess tables, read through the chess C API
// (probe/rtb_chess.h), which reads whole and compact tables alike (a
// compact table has no values for the generic probes). Thread-safe.
class ChessTables {
 public:
  // Throws ProbeError where `dir` cannot be opened.
  explicit ChessTables(const std::filesystem::path& dir);
  // A FEN's value for its side to move; nullopt where the directory has no
  // table of its material. Throws storage::StorageError for a damaged or
  // changed table or a failed read, ProbeError for any other failure.
  std::optional<Value> dtm(const std::string& fen) const { return value(dtm_.get(), fen); }
  std::optional<Value> dtz(const std::string& fen) const { return value(dtz_.get(), fen); }

 private:
  struct Close {
    void operator()(rtb_chess* tb) const { rtb_chess_close(tb); }
  };
  static std::optional<Value> value(const rtb_chess* tb, const std::string& fen);
  std::unique_ptr<rtb_chess, Close> dtm_, dtz_;
};

// `fen` (underscores may stand for spaces) valued from the DTM and DTZ
// tables of `chess`: category, dtz, precise_dtz, dtm, checkmate,
// stalemate, insufficient_material, variant_win, variant_loss, and every
// move, best first, with uci, san, zeroing and the same fields for the
// position after it. A field whose table is missing is null. The FEN is
// read as lila reads it (chess::lenient_fen). Throws GameError for a
// malformed FEN or one with castling rights that hold.
Json lichess_answer(const ChessTables& chess, std::string fen);

}  // namespace rtb::answers
