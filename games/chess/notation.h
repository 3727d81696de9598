// FEN in and out, and moves in standard algebraic notation and UCI.
#pragma once

#include <string>
#include <string_view>

#include "games/chess/position.h"

namespace rtb::chess {

inline constexpr Square kNoSquare = -1;

struct ParsedFen {
  Board board;
  Square en_passant = kNoSquare;  // as written; may allow no capture
  std::uint32_t halfmove = 0;     // plies since the last capture or pawn move (0 if not written)
};

// Parses a FEN (the fields after the side to move may be left out, from the
// last). Throws GameError for a malformed FEN (no side to move, a field
// that is not one, anything after the move number), castling rights, or a
// position that cannot occur (pawns on rank 1 or 8, not one king each, the
// side not to move in check).
ParsedFen parse_fen(std::string_view fen);
std::string to_fen(const Board& b);
// The FEN as lichess's tablebase server reads it: castling rights whose king
// or rook is not on its home square, and an en-passant square that no
// double step of the side not to move can have left (wrong rank, no pawn
// in front of it, a piece on it or behind it), are dropped; the rest is
// left as written for parse_fen() to judge. Throws GameError for a board
// or side to move that cannot be read.
std::string lenient_fen(std::string_view fen);

std::string square_name(Square s);
std::string uci(const Move& m);
// SAN with check (+) and mate (#) marks; m must be legal in b.
std::string san(const Board& b, const Move& m);

}  // namespace rtb::chess
