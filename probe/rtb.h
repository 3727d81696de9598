/* rtb.h: the plain C interface of the rtb probe library.
 *
 * Every name starts with rtb_ so that it never clashes with other probers an
 * engine already links. A table is opened once and may then be probed from
 * any number of threads at once. Functions that fail return NULL or -1 and
 * leave a message for rtb_last_error() in the calling thread.
 *
 * Values are for the side to move: RTB_WIN or RTB_LOSS in `depth` plies
 * with best play (the winner shortest, the loser longest), or RTB_DRAW.
 */
#ifndef RTB_H
#define RTB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtb_table rtb_table;

enum { RTB_LOSS = -1, RTB_DRAW = 0, RTB_WIN = 1 };

typedef struct rtb_value {
  int wdl;        /* RTB_WIN, RTB_DRAW or RTB_LOSS */
  unsigned depth; /* plies to the end; 0 for a draw */
} rtb_value;

/* Opens the table file at `path` (as written by tbgen). */
rtb_table* rtb_open(const char* path);

/* Opens the table of `game` with `params` ("key=value,key=value", or NULL
 * or "" for the defaults) in the directory of tables `dir`. */
rtb_table* rtb_open_dir(const char* dir, const char* game, const char* params);

/* The value of the position written as text (as tbprobe --dump prints it).
 * Returns 0, or -1 if the text is no position of this table. */
int rtb_probe(const rtb_table* table, const char* position, rtb_value* out);

/* The value of the position with index `index`. Returns 0, or -1 if the
 * index names no position. */
int rtb_probe_index(const rtb_table* table, uint64_t index, rtb_value* out);

/* The size of the table's index space: indices run from 0 to size - 1. */
uint64_t rtb_size(const rtb_table* table);

/* The message of the last failure in this thread, or "" if none. */
const char* rtb_last_error(void);

/* Closes the table; NULL is allowed. */
void rtb_close(rtb_table* table);

#ifdef __cplusplus
}
#endif

#endif /* RTB_H */
