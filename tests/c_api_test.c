/* The C API from C: only rtb.h, no C++ header, no Boost. argv[1] is a
 * directory holding the tic-tac-toe table. */
#include <stdio.h>
#include <string.h>

#include "probe/rtb.h"

static int passed = 0, failed = 0;

#define CHECK(cond)                                                      \
  do {                                                                   \
    if (cond) {                                                          \
      ++passed;                                                          \
    } else {                                                             \
      ++failed;                                                          \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                    \
  } while (0)

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: c_api_test DIR\n");
    return 2;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/tictactoe.rtb", argv[1]);

  rtb_table* by_dir = rtb_open_dir(argv[1], "tictactoe", NULL);
  rtb_table* by_path = rtb_open(path);
  CHECK(by_dir != NULL);
  CHECK(by_path != NULL);
  if (!by_dir || !by_path) {
    fprintf(stderr, "open failed: %s\n", rtb_last_error());
    return 1;
  }

  rtb_value v;
  CHECK(rtb_probe(by_dir, ".........", &v) == 0 && v.wdl == RTB_DRAW && v.depth == 0);
  CHECK(rtb_probe(by_path, "xx.oo....", &v) == 0 && v.wdl == RTB_WIN &&
        v.depth == 1); /* x completes the row */
  CHECK(rtb_probe(by_path, "xxxoo....", &v) == 0 && v.wdl == RTB_LOSS &&
        v.depth == 0);                                             /* o to move, x has won */
  CHECK(rtb_probe_index(by_dir, 0, &v) == 0 && v.wdl == RTB_DRAW); /* index 0: the empty board */
  CHECK(rtb_size(by_dir) == 19683);

  CHECK(rtb_probe(by_dir, "xxxxxxxxx", &v) == -1);
  CHECK(strlen(rtb_last_error()) > 0);
  CHECK(rtb_probe(by_dir, ".........", &v) == 0 && strlen(rtb_last_error()) == 0);
  CHECK(rtb_probe_index(by_dir, 2, &v) == -1); /* index 2 is "o........": o cannot move first */
  CHECK(rtb_probe_index(by_dir, 9, &v) == -1); /* index 9 is "..x......", the mirror of index 1 */
  CHECK(rtb_probe_index(by_dir, 99999999, &v) == -1);
  CHECK(rtb_probe(NULL, ".........", &v) == -1);

  CHECK(rtb_open("/nonexistent/table.rtb") == NULL && strlen(rtb_last_error()) > 0);
  CHECK(rtb_open_dir(argv[1], "nosuchgame", NULL) == NULL && strstr(rtb_last_error(), "nosuchgame") != NULL);
  CHECK(rtb_open_dir(argv[1], "tictactoe", "m=4,n=4,k=4") == NULL); /* no such table in the directory */

  rtb_close(by_dir);
  rtb_close(by_path);
  rtb_close(NULL);
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
