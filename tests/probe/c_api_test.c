/* The C API from C: only rtb.h, no C++ header, no Boost. argv[1] is a
 * directory holding the tic-tac-toe table; the test writes a few files of
 * its own there (a file that is no table, a truncated and a misnamed copy,
 * a copy truncated while open) and removes them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The thread's last failure is `code`, with a message. */
static int failed_with(int code) {
  return rtb_last_error_code() == code && strlen(rtb_last_error()) > 0;
}

/* The thread's last call succeeded and left no failure behind. */
static int succeeded(void) {
  return rtb_last_error_code() == RTB_OK && strlen(rtb_last_error()) == 0;
}

/* Writes the first `bytes` bytes of `from` (all of it if bytes < 0) to `to`. */
static int copy_file(const char* from, const char* to, long bytes) {
  FILE* in = fopen(from, "rb");
  FILE* out = fopen(to, "wb");
  int ok = in != NULL && out != NULL;
  char buffer[4096];
  while (ok && bytes != 0) {
    const size_t want = bytes < 0 || bytes > (long)sizeof buffer ? sizeof buffer : (size_t)bytes;
    const size_t got = fread(buffer, 1, want, in);
    if (got == 0) break;
    ok = fwrite(buffer, 1, got, out) == got;
    if (bytes > 0) bytes -= (long)got;
  }
  if (in) fclose(in);
  if (out && fclose(out) != 0) ok = 0;
  return ok;
}

static void check_version(void) {
  char expected[64];
  snprintf(expected, sizeof expected, "%d.%d.%d", RTB_VERSION_MAJOR, RTB_VERSION_MINOR, RTB_VERSION_PATCH);
  CHECK(rtb_version() != NULL && strcmp(rtb_version(), expected) == 0);
}

static void check_error_names(void) {
  const int codes[] = {RTB_OK,          RTB_ERR_NO_TABLE,     RTB_ERR_ILLEGAL_POSITION, RTB_ERR_CORRUPT,
                       RTB_ERR_IO,      RTB_ERR_BAD_ARGUMENT, RTB_ERR_WRONG_KIND,       RTB_ERR_NO_MEMORY,
                       RTB_ERR_INTERNAL};
  const int n = (int)(sizeof codes / sizeof codes[0]);
  for (int i = 0; i < n; ++i) {
    const char* name = rtb_error_name(codes[i]);
    CHECK(name != NULL && strlen(name) > 0);
    CHECK(strcmp(name, "RTB_ERR_UNKNOWN") != 0);
    CHECK(strcmp(rtb_error_name(-codes[i]), name) == 0); /* as a function returns it */
    for (int j = 0; j < i; ++j) CHECK(strcmp(rtb_error_name(codes[j]), name) != 0);
  }
  CHECK(strcmp(rtb_error_name(RTB_ERR_NO_TABLE), "RTB_ERR_NO_TABLE") == 0);
  CHECK(strcmp(rtb_error_name(1000), "RTB_ERR_UNKNOWN") == 0);
  CHECK(strcmp(rtb_error_name(-2147483647 - 1), "RTB_ERR_UNKNOWN") == 0);
}

static void check_null_arguments(rtb_table* table, const char* dir) {
  rtb_value v = {42, 42};
  CHECK(rtb_open(NULL) == NULL && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_open_dir(NULL, "tictactoe", NULL) == NULL && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_open_dir(dir, NULL, NULL) == NULL && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_probe(NULL, ".........", &v) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_probe(table, NULL, &v) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_probe(table, ".........", NULL) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_probe_index(NULL, 0, &v) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_probe_index(table, 0, NULL) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_size(NULL) == 0 && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(v.wdl == 42 && v.depth == 42); /* a failed probe writes nothing */
  CHECK(rtb_size(table) == 19683 && succeeded());
}

static void check_positions(rtb_table* table) {
  rtb_value v = {42, 42};
  CHECK(rtb_probe(table, "xxxxxxxxx", &v) == -RTB_ERR_ILLEGAL_POSITION &&
        failed_with(RTB_ERR_ILLEGAL_POSITION));
  CHECK(rtb_probe(table, "not a board", &v) == -RTB_ERR_ILLEGAL_POSITION &&
        failed_with(RTB_ERR_ILLEGAL_POSITION));
  CHECK(v.wdl == 42 && v.depth == 42);
  CHECK(rtb_probe(table, ".........", &v) == 0 && succeeded()); /* a success clears the failure */
  /* index 2 is "o........": o cannot move first */
  CHECK(rtb_probe_index(table, 2, &v) == -RTB_ERR_ILLEGAL_POSITION && failed_with(RTB_ERR_ILLEGAL_POSITION));
  /* index 9 is "..x......", the mirror of index 1 */
  CHECK(rtb_probe_index(table, 9, &v) == -RTB_ERR_ILLEGAL_POSITION && failed_with(RTB_ERR_ILLEGAL_POSITION));
  /* out of range: the first index past the end, and far past it */
  CHECK(rtb_probe_index(table, rtb_size(table), &v) == -RTB_ERR_ILLEGAL_POSITION &&
        failed_with(RTB_ERR_ILLEGAL_POSITION));
  CHECK(rtb_probe_index(table, 99999999, &v) == -RTB_ERR_ILLEGAL_POSITION &&
        failed_with(RTB_ERR_ILLEGAL_POSITION));
  CHECK(rtb_probe_index(table, UINT64_MAX, &v) == -RTB_ERR_ILLEGAL_POSITION &&
        failed_with(RTB_ERR_ILLEGAL_POSITION));
}

static void check_opening(const char* dir, const char* path) {
  char other[4096];
  CHECK(rtb_open("/nonexistent/table.rtb") == NULL && failed_with(RTB_ERR_NO_TABLE));
  CHECK(rtb_open(dir) == NULL && failed_with(RTB_ERR_BAD_ARGUMENT)); /* a directory, not a file */
  CHECK(rtb_open_dir("/nonexistent", "tictactoe", NULL) == NULL && failed_with(RTB_ERR_NO_TABLE));
  CHECK(rtb_open_dir(dir, "nosuchgame", NULL) == NULL && failed_with(RTB_ERR_BAD_ARGUMENT) &&
        strstr(rtb_last_error(), "nosuchgame") != NULL);
  CHECK(rtb_open_dir(dir, "tictactoe", "m=3,n") == NULL && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_open_dir(dir, "tictactoe", "rows=3") == NULL && failed_with(RTB_ERR_BAD_ARGUMENT));
  CHECK(rtb_open_dir(dir, "tictactoe", "m=4,n=4,k=4") == NULL && failed_with(RTB_ERR_NO_TABLE));

  /* 20,000 bytes that are no LMDB file */
  snprintf(other, sizeof other, "%s/c_api_test_not_a_table.rtb", dir);
  FILE* f = fopen(other, "wb");
  CHECK(f != NULL);
  if (f) {
    for (int i = 0; i < 20000; ++i) fputc('x', f);
    fclose(f);
    CHECK(rtb_open(other) == NULL && failed_with(RTB_ERR_CORRUPT));
    remove(other);
  }

  /* the table cut short */
  snprintf(other, sizeof other, "%s/c_api_test_truncated.rtb", dir);
  CHECK(copy_file(path, other, 10000));
  CHECK(rtb_open(other) == NULL && failed_with(RTB_ERR_CORRUPT));
  remove(other);

  /* the 3x3 table where the 4x4 one, or a nim table, is looked for */
  snprintf(other, sizeof other, "%s/tictactoe-4x4-k4.rtb", dir);
  CHECK(copy_file(path, other, -1));
  CHECK(rtb_open_dir(dir, "tictactoe", "m=4,n=4,k=4") == NULL && failed_with(RTB_ERR_WRONG_KIND));
  remove(other);
  snprintf(other, sizeof other, "%s/nim-2x3.rtb", dir);
  CHECK(copy_file(path, other, -1));
  CHECK(rtb_open_dir(dir, "nim", "heaps=2,max=3") == NULL && failed_with(RTB_ERR_WRONG_KIND));
  rtb_table* copy = rtb_open(other); /* by its path it is a good tic-tac-toe table */
  CHECK(copy != NULL && succeeded());
  rtb_close(copy);
  remove(other);
}

/* A copy of the table truncated to half while open: every probe of it
 * gives the intact table's value or fails with RTB_ERR_CORRUPT ("changed on
 * disk"), never a signal, and some fail. */
static void check_truncated_while_open(const char* dir, const rtb_table* intact, const char* path) {
  char copy_path[4096];
  snprintf(copy_path, sizeof copy_path, "%s/c_api_test_shrinking.rtb", dir);
  CHECK(copy_file(path, copy_path, -1));
  rtb_table* copy = rtb_open(copy_path);
  CHECK(copy != NULL);
  struct stat st;
  if (copy == NULL || stat(copy_path, &st) != 0 || truncate(copy_path, st.st_size / 2) != 0) {
    CHECK(0);
    rtb_close(copy);
    remove(copy_path);
    return;
  }
  int same = 1, errors = 0, named = 1;
  for (uint64_t i = rtb_size(intact); i-- > 0;) {
    rtb_value expected, got;
    if (rtb_probe_index(intact, i, &expected) != 0) continue; /* no position */
    const int status = rtb_probe_index(copy, i, &got);
    if (status == 0) {
      same = same && got.wdl == expected.wdl && got.depth == expected.depth;
    } else {
      ++errors;
      named = named && status == -RTB_ERR_CORRUPT && strstr(rtb_last_error(), "changed on disk") != NULL;
    }
  }
  CHECK(same);
  CHECK(errors > 0);
  CHECK(named);
  rtb_close(copy);
  remove(copy_path);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: c_api_test DIR\n");
    return 2;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/tictactoe.rtb", argv[1]);

  CHECK(rtb_last_error_code() == RTB_OK && strlen(rtb_last_error()) == 0); /* before any call */
  rtb_table* by_dir = rtb_open_dir(argv[1], "tictactoe", NULL);
  rtb_table* by_path = rtb_open(path);
  CHECK(by_dir != NULL);
  CHECK(by_path != NULL && succeeded());
  if (!by_dir || !by_path) {
    fprintf(stderr, "open failed: %s (%s)\n", rtb_last_error(), rtb_error_name(rtb_last_error_code()));
    return 1;
  }

  CHECK(rtb_check(by_path) == 0 && succeeded()); /* the whole file is intact */
  CHECK(rtb_check(NULL) == -RTB_ERR_BAD_ARGUMENT && failed_with(RTB_ERR_BAD_ARGUMENT));

  rtb_value v;
  CHECK(rtb_probe(by_dir, ".........", &v) == 0 && v.wdl == RTB_DRAW && v.depth == 0);
  CHECK(rtb_probe(by_path, "xx.oo....", &v) == 0 && v.wdl == RTB_WIN &&
        v.depth == 1); /* x completes the row */
  CHECK(rtb_probe(by_path, "xxxoo....", &v) == 0 && v.wdl == RTB_LOSS &&
        v.depth == 0);                                             /* o to move, x has won */
  CHECK(rtb_probe_index(by_dir, 0, &v) == 0 && v.wdl == RTB_DRAW); /* index 0: the empty board */
  CHECK(rtb_size(by_dir) == 19683);

  check_version();
  check_error_names();
  check_null_arguments(by_dir, argv[1]);
  check_positions(by_dir);
  check_opening(argv[1], path);
  check_truncated_while_open(argv[1], by_path, path);

  rtb_close(by_dir);
  rtb_close(by_path);
  rtb_close(NULL);
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
