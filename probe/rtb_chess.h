/** @file rtb_chess.h
 * @brief The engine-shaped chess probe of the rtb library, in plain C.
 *
 * An engine hands over the position as the bitboards it already keeps (bit
 * 0 is a1, bit 7 h1, bit 63 h8) and gets WDL and depth back, with no text
 * parsed. Tables are found by material in one directory of tables written
 * by `tbgen --game chess`, opened on first use and then shared by all
 * threads. Whole tables and compact ones (`tbgen --compact`: only the class
 * and depth streams this probe reads, several times smaller) answer the
 * same. A position with an en-passant capture is answered by looking one
 * ply ahead (the tables hold no en-passant rights). The tables assume no
 * castling rights: a position where castling is still allowed may have
 * another value than the one given (rtb_chess_probe_fen() refuses it).
 *
 * @par Values
 * Values are for the side to move: #RTB_WIN or #RTB_LOSS in `depth` plies
 * (to mate with metric "dtm", to the next capture, promotion or mate with
 * "dtc"), or #RTB_DRAW. Under "dtm" and "dtc" no 50-move rule is applied: a
 * win is a win however many moves it takes. Under "dtz" (Syzygy's DTZ50'')
 * `depth` is the exact number of plies to the next zeroing move (a capture
 * or a pawn move) or mate, counted past the rule's limit: a #RTB_WIN of more
 * than 100 plies is a cursed win (won, but drawn under the 50-move rule), a
 * #RTB_LOSS of more than 100 a blessed loss; a zeroing move into a cursed
 * win or blessed loss counts as 101. No function here reads a halfmove
 * clock: with `clock` plies played since the last zeroing move, a win or
 * loss whose `depth + clock` passes 100 is drawn under the rule.
 *
 * @par Errors, threads, ownership
 * As in rtb.h: functions returning int return 0 or the negative of an
 * #rtb_error, functions returning a pointer return NULL, and the calling
 * thread's rtb_last_error_code() and rtb_last_error() (or its alias
 * rtb_chess_last_error()) tell the failure. An #rtb_chess handle may be
 * probed by any number of threads at once; only rtb_chess_close() must not
 * race with its other uses. Each material's table is opened by the first
 * probe that needs it, under a lock; later probes of it take no lock. A material whose table is missing is
 * looked for again by every probe (a table written later is found), at the cost of a file-system lookup:
 * check rtb_chess_max_pieces() first in search.
 */
#ifndef RTB_CHESS_H
#define RTB_CHESS_H

#include <stddef.h>
#include <stdint.h>

#include "probe/rtb.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A directory of chess tables; see rtb_chess_open(). */
typedef struct rtb_chess rtb_chess;

enum {
  RTB_CHESS_WHITE = 0,  /**< side_to_move: white */
  RTB_CHESS_BLACK = 1,  /**< side_to_move: black */
  RTB_CHESS_NO_EP = -1, /**< ep_square: no en-passant capture is allowed */
  /** rtb_chess_open() flag: decompress each table whole when first used
   * (2 bytes per index, checked against the table's checksum) instead of
   * deriving values from its streams; no effect on a compact table. */
  RTB_CHESS_IN_MEMORY = 1
};

/** @brief Opens the chess tables in `dir`.
 *
 * No table is opened yet: each is opened by the first probe that needs it.
 * A material found without a table is answered #RTB_ERR_NO_TABLE without
 * asking the file system again for a second (about 0.1 us a probe), so a
 * table written later is found a second after it is there.
 * Thread-safe; the handle may then be shared by any number of threads.
 * @param[in] dir the directory of tables (NUL-terminated); read during the call only.
 * @param[in] metric "dtm" (or NULL) for depth to mate, "dtc" for depth to conversion,
 *   "dtz" for Syzygy's DTZ50''; the tables of that metric are used (tbgen names the
 *   dtc and dtz ones "KQvK-dtc.rtb" and "KQvK-dtz.rtb").
 * @param[in] flags 0 or #RTB_CHESS_IN_MEMORY.
 * @return the handle, owned by the caller until rtb_chess_close(); or NULL with:
 *  - #RTB_ERR_BAD_ARGUMENT: `dir` is NULL, `metric` is not "dtm", "dtc" or "dtz",
 *    or `flags` has an unknown bit;
 *  - #RTB_ERR_NO_TABLE: `dir` is not a directory;
 *  - #RTB_ERR_IO: the directory cannot be listed;
 *  - #RTB_ERR_NO_MEMORY, #RTB_ERR_INTERNAL.
 */
rtb_chess* rtb_chess_open(const char* dir, const char* metric, unsigned flags);

/** @brief The value of a position given as bitboards.
 *
 * `white` and `black` are the squares of each colour's pieces; the six
 * piece bitboards hold both colours' pieces of that type. Together they
 * must place each piece once and cover white | black exactly.
 * Cost: a table with a depth stream (tbgen writes one; `tbgen --compact`
 * keeps only the streams) gives the value of the side it stores from its
 * class (a WDL probe), its zeroing moves and one stream block; the other
 * side's by one ply of search over those: about 5 us on average over
 * random positions of 4-piece tables, both sides. A table without one
 * decompresses a block of 4,096 values (about 8 us).
 * Thread-safe: any number of threads may probe one handle at once.
 * @param[in] tb a handle from rtb_chess_open().
 * @param[in] white, black, kings, queens, rooks, bishops, knights, pawns the bitboards.
 * @param[in] side_to_move #RTB_CHESS_WHITE or #RTB_CHESS_BLACK.
 * @param[in] ep_square the square a pawn just skipped (on rank 6 with white
 *   to move, rank 3 with black), or #RTB_CHESS_NO_EP. A square where no pawn
 *   can take en passant is allowed and changes nothing.
 * @param[out] out receives the value; unchanged on failure.
 * @return 0, or the negative code of:
 *  - #RTB_ERR_BAD_ARGUMENT: `tb` or `out` is NULL, `side_to_move` is neither 0 nor 1,
 *    or `ep_square` is neither #RTB_CHESS_NO_EP nor 0..63;
 *  - #RTB_ERR_ILLEGAL_POSITION: the bitboards overlap or leave a piece without a type,
 *    a side has no king or several, a pawn stands on rank 1 or 8, the side not to move
 *    is in check, or `ep_square` is on the wrong rank for the side to move;
 *  - #RTB_ERR_NO_TABLE: the position has more than 6 pieces, or the table of its
 *    material (or, when an en-passant capture is looked ahead through, of a material
 *    a move leads to) is not in the directory;
 *  - #RTB_ERR_CORRUPT: that table is damaged, truncated or incomplete;
 *  - #RTB_ERR_WRONG_KIND: the file of that name is not the table of that material
 *    and metric;
 *  - #RTB_ERR_IO: the table's file cannot be read;
 *  - #RTB_ERR_NO_MEMORY (with #RTB_CHESS_IN_MEMORY: the table does not fit),
 *    #RTB_ERR_INTERNAL.
 */
int rtb_chess_probe(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                    uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, int side_to_move,
                    int ep_square, rtb_value* out);

/** @brief The value of a position given as FEN.
 *
 * For callers that hold text, such as tbprobe valuing a FEN with an
 * en-passant capture or the position after each move of a FEN as the user
 * typed it. The move counters may be left out and are ignored.
 * Thread-safe, as rtb_chess_probe().
 * @param[in] tb a handle from rtb_chess_open().
 * @param[in] fen the FEN (NUL-terminated); castling rights must be "-".
 * @param[out] out receives the value; unchanged on failure.
 * @return 0, or the negative code of:
 *  - #RTB_ERR_BAD_ARGUMENT: `tb`, `fen` or `out` is NULL;
 *  - #RTB_ERR_ILLEGAL_POSITION: the FEN is malformed, has castling rights, or gives a
 *    position that cannot occur (as for rtb_chess_probe());
 *  - and the table failures of rtb_chess_probe().
 */
int rtb_chess_probe_fen(const rtb_chess* tb, const char* fen, rtb_value* out);

/** Syzygy's five classes under the 50-move rule, in Fathom's numbers
 * (TB_LOSS .. TB_WIN), for the side to move. */
enum {
  RTB_CHESS_LOSS = 0,         /**< lost within the 50-move rule */
  RTB_CHESS_BLESSED_LOSS = 1, /**< lost, but the rule saves the loser */
  RTB_CHESS_DRAW = 2,
  RTB_CHESS_CURSED_WIN = 3, /**< won, but not before the rule draws it */
  RTB_CHESS_WIN = 4         /**< won within the 50-move rule */
};

/** rtb_chess_root_move::promotion */
enum {
  RTB_CHESS_PROMOTES_NONE = 0,
  RTB_CHESS_PROMOTES_QUEEN = 1,
  RTB_CHESS_PROMOTES_ROOK = 2,
  RTB_CHESS_PROMOTES_BISHOP = 3,
  RTB_CHESS_PROMOTES_KNIGHT = 4
};

/** rtb_chess_root_move::dtz or dtm where no table of that metric is there. */
#define RTB_CHESS_UNKNOWN INT32_MIN

/** @brief The class of a position under the 50-move rule, shaped like
 * Fathom's tb_probe_wdl().
 *
 * With a handle of metric "dtz", the position's class with `rule50` plies
 * already played since the last capture or pawn move: a win whose DTZ plus
 * `rule50` passes 100 plies is a cursed win, a loss a blessed loss (a mate
 * stays a mate), as engines judge it. Fathom refuses `rule50` other than 0;
 * this applies it. With "dtm" or "dtc" tables, which know nothing of the
 * rule, #RTB_CHESS_WIN, #RTB_CHESS_DRAW or #RTB_CHESS_LOSS.
 * Thread-safe, as rtb_chess_probe(), without a lock once the tables are
 * open. Tables written by this version hold a WDL class stream: a probe
 * looks through the position's captures (each a probe of a smaller table)
 * and decodes one 32-byte block of the stream, about 1 us on warm tables
 * (README.md, "Chess for engines"); older tables, and a win or loss under a
 * nonzero `rule50`, cost a value lookup (a block of the table read and
 * decompressed when not cached). Where an en-passant capture is possible,
 * one probe per move.
 * @param[in] tb a handle from rtb_chess_open().
 * @param[in] white, black, kings, queens, rooks, bishops, knights, pawns the bitboards,
 *   as for rtb_chess_probe().
 * @param[in] rule50 plies since the last capture or pawn move (the FEN's halfmove clock).
 * @param[in] castling castling rights in any encoding; anything but 0 fails, as in Fathom.
 * @param[in] ep_square the en-passant square, or 0 or #RTB_CHESS_NO_EP for none (0, a1,
 *   is never one: Fathom's "none").
 * @param[in] white_to_move nonzero when white is to move (Fathom's `turn`).
 * @return #RTB_CHESS_LOSS .. #RTB_CHESS_WIN, or the negative code of a failure:
 *  - #RTB_ERR_NO_TABLE: `castling` is not 0 (no table holds castling rights), and
 *    the failures of rtb_chess_probe().
 */
int rtb_chess_probe_wdl(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                        uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned rule50,
                        unsigned castling, int ep_square, int white_to_move);

/** One legal move at the root and what it leads to, for the side that plays it. */
typedef struct rtb_chess_root_move {
  uint8_t from, to;  /**< squares, 0 = a1 .. 63 = h8 */
  uint8_t promotion; /**< RTB_CHESS_PROMOTES_* */
  uint8_t zeroing;   /**< 1 for a capture or a pawn move (the 50-move count restarts) */
  /** The class the mover keeps by playing it (RTB_CHESS_LOSS .. RTB_CHESS_WIN),
   *  the root's `rule50` counted; without the rule with a "dtm" or "dtc" handle. */
  int32_t wdl;
  /** Plies from the root to the next zeroing move or mate on this line, positive
   *  when the mover wins, negative when it loses, 0 for a draw (Syzygy's DTZ50'',
   *  exact); RTB_CHESS_UNKNOWN unless the handle's metric is "dtz". */
  int32_t dtz;
  /** Plies from the root to mate on this line, signed the same way, 0 for a draw;
   *  RTB_CHESS_UNKNOWN where the directory has no DTM table of the material. */
  int32_t dtm;
} rtb_chess_root_move;

/** @brief Every legal move of a position, ranked the way an engine filters its
 * root moves under the 50-move rule, shaped like Fathom's tb_probe_root().
 *
 * Ranking: by `wdl` (a win within the rule first, then a cursed win, a draw,
 * a blessed loss, a loss); among wins the shortest `dtz` first (then the
 * shortest `dtm`), among losses the longest. An engine keeps the moves whose
 * `wdl` equals moves[0].wdl; playing moves[0] at every turn wins every won
 * position within the rule and delays every lost one as long as it can.
 * Thread-safe, as rtb_chess_probe(); it costs a lookup per move in the
 * handle's tables and, for a "dtz" or "dtc" handle, one more in the DTM tables.
 * @param[in] tb a handle from rtb_chess_open().
 * @param[in] white, black, kings, queens, rooks, bishops, knights, pawns, rule50, castling,
 *   ep_square, white_to_move as for rtb_chess_probe_wdl().
 * @param[out] moves receives the first min(count, capacity) moves, best first; may be
 *   NULL when `capacity` is 0.
 * @param[in] capacity the room in `moves` (a position has at most 218 legal moves).
 * @return the number of legal moves (0 for a mate or a stalemate: nothing written), or
 *   the negative code of a failure, as for rtb_chess_probe_wdl(), and
 *   #RTB_ERR_BAD_ARGUMENT if `moves` is NULL with `capacity` above 0.
 */
int rtb_chess_probe_root(const rtb_chess* tb, uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                         uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned rule50,
                         unsigned castling, int ep_square, int white_to_move, rtb_chess_root_move* moves,
                         size_t capacity);

/** @brief The largest number of pieces (kings included) that the directory
 * had a table for when it was opened.
 *
 * Thread-safe. An engine probes only positions with at most this many
 * pieces, so that a missing table costs no file-system lookup in search.
 * @param[in] tb a handle from rtb_chess_open().
 * @return the number, or 0 if the directory had no chess table of the metric;
 *   0 with #RTB_ERR_BAD_ARGUMENT if `tb` is NULL.
 */
int rtb_chess_max_pieces(const rtb_chess* tb);

/** @brief The same as rtb_last_error(): the message of the calling thread's
 * last failure, "" if none. Never NULL; valid until the thread's next call of
 * a function that can fail.
 */
const char* rtb_chess_last_error(void);

/** @brief Closes the tables and frees what they hold.
 * @param[in] tb a handle from rtb_chess_open(), or NULL (nothing happens). No
 *   thread may use it during or after the call. Never fails.
 */
void rtb_chess_close(rtb_chess* tb);

#ifdef __cplusplus
}
#endif

#endif /* RTB_CHESS_H */
