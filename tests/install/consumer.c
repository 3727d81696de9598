/* An engine's use of the installed C API: built outside the source tree
 * against the installed prefix only (pkg-config rtb). Reads lines
 * "<position> ..." (tbprobe --dump) from stdin and prints "<position> <value>"
 * in tbprobe --dump's form ("WIN 5", "DRAW -"), so the test can compare.
 * argv: the directory of tables, the game. */
#include <rtb/rtb.h>
#include <rtb/rtb_chess.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: consumer DIR GAME < positions\n");
    return 2;
  }
  char header_version[64];
  snprintf(header_version, sizeof header_version, "%d.%d.%d", RTB_VERSION_MAJOR, RTB_VERSION_MINOR,
           RTB_VERSION_PATCH);
  if (strcmp(rtb_version(), header_version) != 0) {
    fprintf(stderr, "library version %s, header version %s\n", rtb_version(), header_version);
    return 1;
  }
  rtb_table* table = rtb_open_dir(argv[1], argv[2], NULL);
  if (table == NULL) {
    fprintf(stderr, "%s: %s\n", rtb_error_name(rtb_last_error_code()), rtb_last_error());
    return 1;
  }
  char line[4096];
  int probed = 0;
  while (fgets(line, sizeof line, stdin) != NULL) {
    line[strcspn(line, " \n")] = '\0';
    rtb_value v;
    if (rtb_probe(table, line, &v) != 0) {
      fprintf(stderr, "%s: %s\n", line, rtb_last_error());
      rtb_close(table);
      return 1;
    }
    if (v.wdl == RTB_DRAW)
      printf("%s DRAW -\n", line);
    else
      printf("%s %s %u\n", line, v.wdl == RTB_WIN ? "WIN" : "LOSS", v.depth);
    ++probed;
  }
  rtb_close(table);
  /* the chess header compiles and links too: no directory of chess tables here */
  rtb_chess* chess = rtb_chess_open(argv[1], "dtm", 0);
  const int pieces = chess != NULL ? rtb_chess_max_pieces(chess) : -1;
  rtb_chess_close(chess);
  fprintf(stderr, "probed %d positions; chess tables up to %d pieces\n", probed, pieces);
  return probed > 0 && pieces == 0 ? 0 : 1;
}
