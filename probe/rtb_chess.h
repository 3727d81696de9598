/* rtb_chess.h: the engine-shaped chess probe of the rtb library, in plain C.
 *
 * An engine hands over the position as the bitboards it already keeps (bit
 * 0 is a1, bit 7 h1, bit 63 h8) and gets WDL and depth back, with no text
 * parsed. Tables are found by material in one directory of tables written
 * by `tbgen --game chess`, opened on first use and then shared by all
 * threads. A position with an en-passant square is answered by looking one
 * ply ahead (the tables hold no en-passant rights).
 *
 * Values are for the side to move: RTB_WIN or RTB_LOSS in `depth` plies
 * (to mate with metric "dtm", to the next capture, promotion or mate with
 * "dtc"), or RTB_DRAW. No 50-move rule is applied.
 */
#ifndef RTB_CHESS_H
#define RTB_CHESS_H

#include <stdint.h>

#include "probe/rtb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtb_chess rtb_chess;

enum {
  RTB_CHESS_WHITE = 0,
  RTB_CHESS_BLACK = 1,
  RTB_CHESS_NO_EP = -1,
  /* rtb_chess_open flag: decompress each table whole when first used
   * (2 bytes per index) instead of block by block. */
  RTB_CHESS_IN_MEMORY = 1
};

/* Opens the chess tables in `dir`; metric is "dtm" (or NULL) or "dtc".
 * Returns NULL with a message for rtb_chess_last_error() on failure. */
rtb_chess* rtb_chess_open(const char* dir, const char* metric, unsigned flags);

/* The value of a position. `ep_square` is the square a pawn just skipped
 * (0..63), or RTB_CHESS_NO_EP. Returns 0, or -1 when the position is not
 * legal or its table (or one it leads into) is missing. */
int rtb_chess_probe(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                    uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, int side_to_move,
                    int ep_square, rtb_value* out);

/* The same for a position given as FEN (castling rights must be "-"), for
 * callers that hold text, such as tbprobe valuing a FEN with an en-passant
 * capture or the position after each move of a FEN as the user typed it. */
int rtb_chess_probe_fen(const rtb_chess* tb, const char* fen, rtb_value* out);

/* The largest number of pieces (kings included) that `dir` has a table
 * for, as seen when it was opened; 0 if none. */
int rtb_chess_max_pieces(const rtb_chess* tb);

/* The message of the last failure of an rtb_chess_ call in this thread. */
const char* rtb_chess_last_error(void);

void rtb_chess_close(rtb_chess* tb);

#ifdef __cplusplus
}
#endif

#endif /* RTB_CHESS_H */
