/* tbreader.h: the C API of the tbgen reader library (SPEC 10), for engines in C, Rust, Go, ...
 *
 * A position of a board family member (mnk, lines, connect, hex, slide) is two masks: bit
 * row * cols + col (row 0 the top row) of `first` is set where the first player's mark stands,
 * of `second` where the second player's does. Its value is from the first player's view:
 * outcome 1 (first player wins), 0 (draw), -1; speed and margin their signed value.
 *
 * Threads: tbr_probe may be called from any number of threads at once on one tbr_game (and
 * games of one tbr_tablebase); opening and closing are not to race with probes of the same
 * objects. Errors: no C++ exception crosses this header; a failure returns NULL or a negative
 * code, and tbr_last_error() says what went wrong, one line, for the calling thread.
 * Link with tbgen::reader (CMake: find_package(tbreader)); compiles as C99. */
#ifndef TBREADER_H
#define TBREADER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tbr_tablebase tbr_tablebase;
typedef struct tbr_game tbr_game;

/* How decoded table blocks are kept: every block once decoded (fastest; memory up to the raw
 * size of the tables), one block a thread, or blocks shared by all threads up to cache_bytes
 * (those unused since the last sweep dropped first). */
enum { TBR_CACHE_DECODED = 0, TBR_CACHE_SINGLE_BLOCK = 1, TBR_CACHE_BOUNDED = 2 };

/* A directory of table files, opened lazily; NULL if it does not exist or cache_mode is unknown.
 * cache_bytes: the budget of TBR_CACHE_BOUNDED (ignored otherwise). */
tbr_tablebase* tbr_open(const char* dir, int cache_mode, uint64_t cache_bytes);

/* A game of a tablebase by its game string ("connect(cols=6,rows=5)"); NULL for a malformed
 * string or a game that has no numbers (the seed games, domineering, cram). The tablebase must
 * outlive it. */
tbr_game* tbr_game_open(tbr_tablebase* tb, const char* game);

/* Writes the value of the position to *value and returns 0; or returns -1 for a position that
 * cannot arise or bits beyond the board, -2 for a table missing or damaged (*value untouched). */
int tbr_probe(const tbr_game* g, uint64_t first, uint64_t second, int32_t* value);

/* The same with the side to move given (first_to_move 1: the first player, 0: the second): slide
 * members, whose board does not tell it once every mark is placed. Their value is 0 for a draw,
 * d + 1 when the first player wins with d turns still to be played, -(d + 1) when the second
 * does. Other games return -1 (their side follows from the counts). */
int tbr_probe_to_move(const tbr_game* g, uint64_t first, uint64_t second, int first_to_move,
                      int32_t* value);

/* A morris member (SPEC 6, 10): bit i of `first` / `second` is the i-th point in SPEC 6's list
 * (nine: a1 d1 g1 b2 ... d7 g7) where the first / second player's mark stands; the side to move
 * (first_to_move 1: the first player) and the marks each holds in hand are given. The value is
 * slide's: 0 a draw, d + 1 when the first player wins with d turns still to be played, -(d + 1)
 * when the second does. -1 for counts SPEC 6 refuses or another game, -2 as tbr_probe. */
int tbr_probe_morris(const tbr_game* g, uint64_t first, uint64_t second, int first_to_move,
                     int first_hand, int second_hand, int32_t* value);

/* A position of any game that has numbers (SPEC 10): the one probe call every game answers; the
 * calls above are its special cases, kept for the programs that use them.
 * first, second: the masks above (morris: points in SPEC 6's order; dobutsu: squares
 *   rank * 3 + file, rank 1 first: each side's squares, or both 0);
 * to_move: 0 the first player, 1 the second, -1 from the counts (games whose board tells it);
 * hand: the marks each side holds in hand (morris), else 0;
 * pieces: games with kinds of pieces (dobutsu): a code per square, then the hands, as
 *   docs/games.md defines them; NULL for the others. */
typedef struct tbr_position {
  uint64_t first, second;
  int32_t to_move;
  int32_t hand[2];
  const uint8_t* pieces;
} tbr_position;

/* Writes the position's value (as tbr_probe's) to *value and, where the game has a result line
 * (slide, morris, quixo, dobutsu, value=speed), the turns or plies of it to *distance (else -1;
 * distance may be NULL); returns 0, or -1 for a position that cannot arise or is malformed, -2
 * for a table missing or damaged. */
int tbr_probe_position(const tbr_game* g, const tbr_position* p, int32_t* value, int32_t* distance);

const char* tbr_last_error(void); /* this thread's last failure, one line */

void tbr_game_close(tbr_game* g);
void tbr_close(tbr_tablebase* tb);

#ifdef __cplusplus
}
#endif

#endif /* TBREADER_H */
