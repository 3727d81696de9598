/* An engine in C that knows no chess beyond making a move on bitboards:
 * from each FEN it plays both sides by rtb_chess_probe_root() alone
 * (always the first move) under the 50-move rule, and checks that the game
 * ends as rtb_chess_probe_wdl() said it would at the start:
 *  - WIN: the side to move mates, its class stays WIN at each of its turns,
 *    and the 50-move count never reaches 100;
 *  - LOSS: the same for the other side;
 *  - CURSED_WIN, BLESSED_LOSS, DRAW: no mate; the game ends drawn (the
 *    50-move rule, a stalemate, bare kings, or 400 plies of a drawn class).
 * At every ply the first root move's class is the position's own class.
 *   c_engine_test DIR FEN...   (DIR holds the -dtz.rtb tables, and DTM
 *   tables for the dtm field where present)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/rtb_chess.h"

enum { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };

typedef struct {
  uint64_t color[2];     /* white, black */
  uint64_t type[6];      /* KING .. PAWN */
  int white_to_move, ep; /* ep: 0 for none */
  unsigned rule50;
} Game;

static int failures = 0;

static int game_failed = 0;

static void fail(const char* fen, int ply, const char* what) {
  printf("FAIL %s, ply %d: %s\n", fen, ply, what);
  ++failures;
  game_failed = 1;
}

static int parse_fen(const char* fen, Game* g) {
  memset(g, 0, sizeof *g);
  int square = 56;
  const char* p = fen;
  for (; *p && *p != ' '; ++p) {
    if (*p == '/') {
      square -= 16;
    } else if (*p >= '1' && *p <= '8') {
      square += *p - '0';
    } else {
      const char* letters = "kqrbnp";
      const char lower = (char)(*p | 0x20);
      const char* t = strchr(letters, lower);
      if (!t) return 0;
      g->type[t - letters] |= 1ULL << square;
      g->color[*p == lower] |= 1ULL << square;
      ++square;
    }
  }
  char side = 'w', castling[8] = "-", ep[4] = "-";
  if (sscanf(p, " %c %7s %3s %u", &side, castling, ep, &g->rule50) < 3) return 0;
  g->white_to_move = side == 'w';
  if (strcmp(ep, "-") != 0) g->ep = (ep[0] - 'a') + 8 * (ep[1] - '1');
  return strcmp(castling, "-") == 0;
}

static void play(Game* g, const rtb_chess_root_move* m) {
  const int us = !g->white_to_move;
  const uint64_t from = 1ULL << m->from, to = 1ULL << m->to;
  int moving = KING;
  while (!(g->type[moving] & from)) ++moving;
  const int captures = (g->color[!us] & to) != 0;
  const int en_passant = moving == PAWN && !captures && (m->to - m->from) % 8 != 0;
  for (int t = 0; t < 6; ++t) g->type[t] &= ~(from | to);
  g->color[!us] &= ~to;
  if (en_passant) {
    const uint64_t victim = us == 0 ? to >> 8 : to << 8;
    g->type[PAWN] &= ~victim;
    g->color[!us] &= ~victim;
  }
  static const int promoted[5] = {PAWN, QUEEN, ROOK, BISHOP, KNIGHT};
  g->type[m->promotion ? promoted[m->promotion] : moving] |= to;
  g->color[us] = (g->color[us] & ~from) | to;
  g->ep = moving == PAWN && abs(m->to - m->from) == 16 ? (m->from + m->to) / 2 : 0;
  g->rule50 = m->zeroing ? 0 : g->rule50 + 1;
  g->white_to_move = !g->white_to_move;
}

static int wdl(const rtb_chess* tb, const Game* g) {
  return rtb_chess_probe_wdl(tb, g->color[0], g->color[1], g->type[KING], g->type[QUEEN], g->type[ROOK],
                             g->type[BISHOP], g->type[KNIGHT], g->type[PAWN], g->rule50, 0, g->ep,
                             g->white_to_move);
}

static int play_until_over(const rtb_chess* tb, const char* fen, const char** end);

static const char* const kClass[5] = {"loss", "blessed-loss", "draw", "cursed-win", "win"};

/* Plays one game; prints how it went. */
static void play_out(const rtb_chess* tb, const char* fen) {
  const char* end = "";
  const int before = failures;
  const int plies = play_until_over(tb, fen, &end);
  printf("%s: %s, %d plies, %s\n", fen, end, plies, failures > before ? "FAILED" : "as predicted");
}

/* Plays one game; returns the number of plies, and in `end` how it ended. */
static int play_until_over(const rtb_chess* tb, const char* fen, const char** end) {
  Game g;
  if (!parse_fen(fen, &g)) {
    fail(fen, 0, "cannot read the FEN");
    return 0;
  }
  const int start = wdl(tb, &g);
  if (start < 0) {
    fail(fen, 0, rtb_chess_last_error());
    return 0;
  }
  const int decisive = start == RTB_CHESS_WIN || start == RTB_CHESS_LOSS;
  *end = kClass[start];
  const int winner_moves = start == RTB_CHESS_WIN ? g.white_to_move : !g.white_to_move;
  game_failed = 0;
  for (int ply = 0; !game_failed; ++ply) {
    rtb_chess_root_move moves[256];
    const int n = rtb_chess_probe_root(tb, g.color[0], g.color[1], g.type[KING], g.type[QUEEN], g.type[ROOK],
                                       g.type[BISHOP], g.type[KNIGHT], g.type[PAWN], g.rule50, 0, g.ep,
                                       g.white_to_move, moves, 256);
    const int here = wdl(tb, &g);
    if (n < 0 || here < 0) {
      fail(fen, ply, rtb_chess_last_error());
      return ply;
    }
    if (n == 0) { /* mate or stalemate */
      const int mated = here == RTB_CHESS_LOSS;
      if (decisive && !(mated && g.white_to_move != winner_moves)) fail(fen, ply, "the winner did not mate");
      if (!decisive && mated) fail(fen, ply, "a drawn game ended in mate");
      return ply;
    }
    if (moves[0].wdl != here) fail(fen, ply, "the best root move's class is not the position's");
    for (int k = 1; k < n; ++k)
      if (moves[k].wdl > moves[k - 1].wdl) fail(fen, ply, "root moves are not ranked by class");
    if (decisive) {
      const int expected = g.white_to_move == winner_moves ? RTB_CHESS_WIN : RTB_CHESS_LOSS;
      if (here != expected) fail(fen, ply, "the decisive class changed");
      if (g.rule50 >= 100) fail(fen, ply, "the 50-move rule drew a won game");
      if (expected == RTB_CHESS_WIN && moves[0].dtz <= 0)
        fail(fen, ply, "a winning move without a positive DTZ");
      if (expected == RTB_CHESS_WIN && moves[0].dtm != RTB_CHESS_UNKNOWN && moves[0].dtm <= 0)
        fail(fen, ply, "a winning move without a positive DTM");
    } else {
      if (here == RTB_CHESS_WIN || here == RTB_CHESS_LOSS) fail(fen, ply, "a drawn game became decisive");
      if (g.rule50 >= 100 || ply >= 400) return ply;
      if (__builtin_popcountll(g.color[0] | g.color[1]) == 2) return ply;
    }
    play(&g, &moves[0]);
  }
  return -1;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: c_engine_test DIR FEN...\n");
    return 2;
  }
  rtb_chess* tb = rtb_chess_open(argv[1], "dtz", 0);
  if (!tb) {
    printf("FAIL open %s: %s\n", argv[1], rtb_chess_last_error());
    return 1;
  }
  for (int i = 2; i < argc; ++i) {
    play_out(tb, argv[i]);
  }
  rtb_chess_close(tb);
  return failures ? 1 : 0;
}
