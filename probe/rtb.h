/** @file rtb.h
 * @brief The plain C interface of the rtb probe library.
 *
 * An engine (or any program written in C or C++) opens a table written by
 * `tbgen` and asks for the value of positions, given as text or as an index.
 * The library needs no Boost: link librtb (pkg-config rtb, or CMake's
 * find_package(rtb) and rtb::rtb), which brings what it needs.
 *
 * @par Names
 * Every name starts with rtb_ or RTB_ so that it never clashes with other
 * probers an engine already links.
 *
 * @par Values
 * Values are for the side to move: #RTB_WIN or #RTB_LOSS in `depth` plies
 * with best play (the winner takes the shortest win, the loser the longest
 * defence), or #RTB_DRAW with depth 0.
 *
 * @par Errors
 * A function that returns int returns 0 (#RTB_OK) on success and the
 * negative of an #rtb_error code on failure, so `if (rtb_probe(...) != 0)`
 * detects every failure and `-rc` names it. A function that returns a
 * pointer returns NULL on failure. Either way the failure's code and a
 * one-line message are kept for the calling thread: rtb_last_error_code()
 * and rtb_last_error() read them until the thread's next call of a function
 * that can fail, which clears them when it succeeds. Output arguments are
 * written only on success.
 *
 * @par Threads
 * Every function may be called from any thread. A table, once open, may be
 * probed by any number of threads at once; no lock is taken by readers, and
 * many processes may open one file. Only rtb_close() must not run while
 * another thread still uses the same table.
 *
 * @par Ownership
 * Strings passed in are read during the call only. A table returned by
 * rtb_open() or rtb_open_dir() belongs to the caller until rtb_close().
 * Strings returned belong to the library: see each function for how long
 * they stay valid.
 */
#ifndef RTB_H
#define RTB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup version Version
 * The version of the library this header belongs to (semantic versioning:
 * a new MAJOR may break callers, a new MINOR only adds).
 * @{ */
#define RTB_VERSION_MAJOR 0
#define RTB_VERSION_MINOR 1
#define RTB_VERSION_PATCH 0
/** @} */

/** @brief The codes of failures.
 *
 * Functions return their negative (-RTB_ERR_NO_TABLE, ...);
 * rtb_last_error_code() returns them as they are listed here. New codes may
 * be added in a MINOR version: treat an unknown code like #RTB_ERR_INTERNAL.
 */
typedef enum rtb_error {
  RTB_OK = 0,                   /**< success */
  RTB_ERR_NO_TABLE = 1,         /**< the table, its directory, or a table it leads into is missing */
  RTB_ERR_ILLEGAL_POSITION = 2, /**< the text, index or board is no position of the table */
  RTB_ERR_CORRUPT = 3,          /**< damaged, truncated, incomplete, shrunk while open, or no table */
  RTB_ERR_IO = 4,               /**< the operating system refused or failed (permissions, read errors) */
  RTB_ERR_BAD_ARGUMENT = 5,     /**< a NULL pointer, an out-of-range number, an unknown game or metric */
  RTB_ERR_WRONG_KIND = 6,       /**< a table of another game, value kind, parameters or input */
  RTB_ERR_NO_MEMORY = 7,        /**< memory ran out */
  RTB_ERR_INTERNAL = 8          /**< anything else: a bug worth reporting */
} rtb_error;

/** An open table; see rtb_open(). */
typedef struct rtb_table rtb_table;

/** Values of rtb_value.wdl, for the side to move. */
enum { RTB_LOSS = -1, RTB_DRAW = 0, RTB_WIN = 1 };

/** The value of a position for the side to move. */
typedef struct rtb_value {
  int wdl;        /**< #RTB_WIN, #RTB_DRAW or #RTB_LOSS */
  unsigned depth; /**< plies to the end with best play; 0 for a draw */
} rtb_value;

/** @brief The version of the library linked, as "MAJOR.MINOR.PATCH".
 *
 * Compare it with the RTB_VERSION_ macros to detect a program built against
 * another header than the library it runs with.
 * @return a static string; never NULL. Never fails; thread-safe.
 */
const char* rtb_version(void);

/** @brief Opens the table file at `path`, as written by tbgen.
 *
 * Opening checks the file's structure and metadata; values need no other
 * table (the tables this one's moves lead into are read only by the C++
 * API's moves and best lines). The table's own blocks are checked as probes read them: a damaged block fails
 * the probe (#RTB_ERR_CORRUPT) and never gives a wrong value. Thread-safe;
 * the table may then be probed by any number of threads.
 * @param[in] path the file's path (NUL-terminated); read during the call only.
 * @return the open table, owned by the caller until rtb_close(); or NULL with:
 *  - #RTB_ERR_BAD_ARGUMENT: `path` is NULL;
 *  - #RTB_ERR_NO_TABLE: no file at `path`, or one that is no regular file (a
 *    directory, a FIFO, a device: refused at once, never waited on);
 *  - #RTB_ERR_CORRUPT: the file is damaged, truncated, incomplete or not a table;
 *  - #RTB_ERR_WRONG_KIND: the table holds another value kind than win/draw/loss
 *    (a Grundy or arena table), is of a game this library does not know, or was made
 *    from other input than its parameters now give;
 *  - #RTB_ERR_IO: the file cannot be read;
 *  - #RTB_ERR_NO_MEMORY, #RTB_ERR_INTERNAL.
 */
rtb_table* rtb_open(const char* path);

/** @brief Opens the table of `game` with `params` in the directory of tables `dir`.
 *
 * The file name is the one tbgen gives that game and those parameters.
 * Thread-safe, as rtb_open().
 * @param[in] dir the directory of tables (NUL-terminated).
 * @param[in] game the game's name, as `tbgen --list` shows it ("tictactoe", "chess" ...).
 * @param[in] params "key=value,key=value" as for `tbgen --param`; NULL or "" for the defaults.
 * @return the open table, owned by the caller until rtb_close(); or NULL with:
 *  - #RTB_ERR_BAD_ARGUMENT: `dir` or `game` is NULL, the game is unknown, or
 *    `params` are malformed or not valid for the game;
 *  - #RTB_ERR_NO_TABLE: `dir` has no such table, or lacks a table it leads into;
 *  - #RTB_ERR_WRONG_KIND: the file of that name holds another table: of another
 *    game, value kind, parameters, input file or metric (its meta record's
 *    identity is not the one asked for; the message names both);
 *  - and the failures of rtb_open().
 */
rtb_table* rtb_open_dir(const char* dir, const char* game, const char* params);

/** @brief The value of the position written as text (as `tbprobe --dump` prints it).
 *
 * Thread-safe: any number of threads may probe one table at once.
 * @param[in] table an open table.
 * @param[in] position the position's text (NUL-terminated).
 * @param[out] out receives the value; unchanged on failure.
 * @return 0, or the negative code of:
 *  - #RTB_ERR_BAD_ARGUMENT: `table`, `position` or `out` is NULL;
 *  - #RTB_ERR_ILLEGAL_POSITION: the text does not parse or is no legal position of this table;
 *  - #RTB_ERR_CORRUPT: the block holding the value is damaged;
 *  - #RTB_ERR_NO_MEMORY, #RTB_ERR_INTERNAL.
 */
int rtb_probe(const rtb_table* table, const char* position, rtb_value* out);

/** @brief The value of the position with index `index`.
 *
 * Thread-safe: any number of threads may probe one table at once. Each
 * thread keeps the blocks it decompressed last, so probes near each other
 * decompress nothing.
 * @param[in] table an open table.
 * @param[in] index from 0 to rtb_size(table) - 1.
 * @param[out] out receives the value; unchanged on failure.
 * @return 0, or the negative code of:
 *  - #RTB_ERR_BAD_ARGUMENT: `table` or `out` is NULL;
 *  - #RTB_ERR_ILLEGAL_POSITION: `index` is out of range or names no legal position
 *    (an unreachable placement, or a mirror image of a position with a smaller index);
 *  - #RTB_ERR_CORRUPT: the block holding the value is damaged;
 *  - #RTB_ERR_NO_MEMORY, #RTB_ERR_INTERNAL.
 */
int rtb_probe_index(const rtb_table* table, uint64_t index, rtb_value* out);

/** @brief The size of the table's index space: indices run from 0 to size - 1.
 *
 * Thread-safe.
 * @param[in] table an open table.
 * @return the size; 0 with #RTB_ERR_BAD_ARGUMENT if `table` is NULL.
 */
uint64_t rtb_size(const rtb_table* table);

/** @brief Checks the whole table file: the checksum of every page, every
 * block, and the checksum over all values.
 *
 * Opening a table checks only what opening reads, and a probe only the block
 * it reads; this reads the whole file once (cost: one pass over it). Thread-safe.
 * @param[in] table an open table.
 * @return 0 if the file is intact, or a negative #rtb_error:
 *  - #RTB_ERR_BAD_ARGUMENT: `table` is NULL;
 *  - #RTB_ERR_CORRUPT: some part of the file is damaged (rtb_last_error() says which);
 *  - #RTB_ERR_NO_MEMORY, #RTB_ERR_INTERNAL.
 */
int rtb_check(const rtb_table* table);

/** @brief The code of the calling thread's last failure.
 *
 * Each thread has its own: another thread's calls never change it.
 * @return an #rtb_error (positive), or #RTB_OK if the thread's last call of a
 * function that can fail succeeded (or it made none). Never fails.
 */
int rtb_last_error_code(void);

/** @brief The message of the calling thread's last failure.
 *
 * Each thread has its own, as for rtb_last_error_code().
 * @return a one-line message, or "" if the last call succeeded. Never NULL; the
 * string belongs to the library and stays valid until the thread's next call of
 * a function that can fail.
 */
const char* rtb_last_error(void);

/** @brief The name of an error code, such as "RTB_ERR_NO_TABLE".
 * @param[in] code an #rtb_error, or its negative as a function returned it.
 * @return a static string; "RTB_ERR_UNKNOWN" for a code this version does not
 * know. Never NULL; never fails; thread-safe.
 */
const char* rtb_error_name(int code);

/** @brief Closes the table and frees what it holds.
 * @param[in] table a table from rtb_open() or rtb_open_dir(), or NULL (nothing
 * happens). No thread may use it during or after the call. Never fails.
 */
void rtb_close(rtb_table* table);

#ifdef __cplusplus
}
#endif

#endif /* RTB_H */
