// A chess position in the shape of lichess's tablebase answer
// (lila-tablebase's /standard): tbprobe --fen --json and tbserve's
// /standard print it.
#pragma once

#include <string>

#include "cli/json.h"
#include "probe/probe.h"

namespace rtb::cli {

// `fen` (underscores may stand for spaces) valued from the DTM and DTZ
// tables of `chess`'s directory: category, dtz, precise_dtz, dtm,
// checkmate, stalemate, insufficient_material, variant_win, variant_loss,
// and every move, best first, with uci, san, zeroing and the same fields
// for the position after it. A field whose table is missing is null.
// Throws GameError for a malformed FEN or one with castling rights.
Json lichess_answer(const Tablebase& chess, std::string fen);

}  // namespace rtb::cli
