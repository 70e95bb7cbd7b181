/* Probes Connect Four positions through the installed tbgen reader library, from C: two masks
 * in, a number out (tbreader/tbreader.h).
 *   probe TABLES 'connect(cols=6,rows=4)'
 * prints the value of the empty board and of each first move (here: O wins on the last ply, so
 * -1 for each), then shows an error for a mark above an empty cell. */
#include <stdint.h>
#include <stdio.h>
#include <tbreader/tbreader.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s TABLES GAME (a connect member)\n", argv[0]);
    return 2;
  }
  tbr_tablebase* tb = tbr_open(argv[1], TBR_CACHE_BOUNDED, UINT64_C(64) << 20);
  if (!tb) {
    fprintf(stderr, "%s\n", tbr_last_error());
    return 1;
  }
  tbr_game* game = tbr_game_open(tb, argv[2]);
  if (!game) {
    fprintf(stderr, "%s\n", tbr_last_error());
    tbr_close(tb);
    return 1;
  }
  /* Bit row * cols + col, row 0 the top: a first mark in column c of a 6x4 board lands on the
   * bottom row, row 3. */
  const int cols = 6, rows = 4;
  int32_t value = 0;
  int status = tbr_probe(game, 0, 0, &value);
  printf("empty board: %d\n", status == 0 ? value : status);
  for (int c = 0; c < cols; ++c) {
    const uint64_t first = UINT64_C(1) << ((rows - 1) * cols + c);
    status = tbr_probe(game, first, 0, &value);
    printf("first mark in column %d: %d\n", c + 1, status == 0 ? value : status);
  }
  /* A mark in the top row above empty cells cannot arise: -1 and the reason. */
  status = tbr_probe(game, 1, 0, &value);
  printf("a floating mark: %d (%s)\n", status, tbr_last_error());
  tbr_game_close(game);
  tbr_close(tb);
  return 0;
}
