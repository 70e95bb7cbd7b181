// The C API (tbreader/tbreader.h) over the C++ one: no exception crosses it; each failure is kept
// as the calling thread's last error.
#include <string>

#include "tbreader/tbreader.h"
#include "tbreader/tbreader.hpp"

struct tbr_tablebase {
  tbreader::Tablebase tables;
};
struct tbr_game {
  tbreader::Game game;
};

namespace {

thread_local std::string last_error;

// Runs `f`, turning an exception into `failed` and the thread's last error.
template <class F, class R>
R guarded(F&& f, R failed, R failed_tables) {
  try {
    last_error.clear();
    return f();
  } catch (const tbreader::InputError& e) {
    last_error = e.what();
    return failed;
  } catch (const std::exception& e) {  // tables (tbreader::Error) or anything else
    last_error = e.what();
    return failed_tables;
  } catch (...) {
    last_error = "unknown error";
    return failed_tables;
  }
}

}  // namespace

extern "C" {

tbr_tablebase* tbr_open(const char* dir, int cache_mode, uint64_t cache_bytes) {
  return guarded(
      [&]() -> tbr_tablebase* {
        if (!dir) throw tbreader::InputError("tbr_open: no directory given");
        if (cache_mode < TBR_CACHE_DECODED || cache_mode > TBR_CACHE_BOUNDED)
          throw tbreader::InputError("tbr_open: unknown cache mode " + std::to_string(cache_mode) +
                                     " (0, 1 or 2)");
        return new tbr_tablebase{
            tbreader::Tablebase(dir, static_cast<tbreader::CacheMode>(cache_mode), cache_bytes)};
      },
      static_cast<tbr_tablebase*>(nullptr), static_cast<tbr_tablebase*>(nullptr));
}

tbr_game* tbr_game_open(tbr_tablebase* tb, const char* game) {
  return guarded(
      [&]() -> tbr_game* {
        if (!tb || !game) throw tbreader::InputError("tbr_game_open: no tablebase or game given");
        tbreader::Game g(tb->tables, game);
        if (!g.board_family())
          throw tbreader::InputError("tbr_game_open: " + g.name() +
                                     " has no numbers (the seed games, domineering and cram)");
        return new tbr_game{std::move(g)};
      },
      static_cast<tbr_game*>(nullptr), static_cast<tbr_game*>(nullptr));
}

int tbr_probe(const tbr_game* g, uint64_t first, uint64_t second, int32_t* value) {
  return guarded(
      [&] {
        if (!g || !value) throw tbreader::InputError("tbr_probe: no game or value given");
        *value = g->game.value_of(first, second);
        return 0;
      },
      -1, -2);
}

int tbr_probe_to_move(const tbr_game* g, uint64_t first, uint64_t second, int first_to_move,
                      int32_t* value) {
  return guarded(
      [&] {
        if (!g || !value) throw tbreader::InputError("tbr_probe_to_move: no game or value given");
        *value = g->game.value_of(first, second, first_to_move != 0);
        return 0;
      },
      -1, -2);
}

int tbr_probe_morris(const tbr_game* g, uint64_t first, uint64_t second, int first_to_move,
                     int first_hand, int second_hand, int32_t* value) {
  return guarded(
      [&] {
        if (!g || !value) throw tbreader::InputError("tbr_probe_morris: no game or value given");
        *value = g->game.value_of(first, second, first_to_move != 0, first_hand, second_hand);
        return 0;
      },
      -1, -2);
}

int tbr_probe_position(const tbr_game* g, const tbr_position* p, int32_t* value,
                       int32_t* distance) {
  return guarded(
      [&] {
        if (!g || !p || !value)
          throw tbreader::InputError("tbr_probe_position: no game, position or value given");
        const tbreader::Game::Answer a =
            g->game.probe(tbreader::Game::Position{.first = p->first,
                                                   .second = p->second,
                                                   .to_move = p->to_move,
                                                   .hand = {p->hand[0], p->hand[1]},
                                                   .pieces = p->pieces});
        *value = a.value;
        if (distance) *distance = a.distance;
        return 0;
      },
      -1, -2);
}

const char* tbr_last_error(void) {
  return last_error.c_str();
}

void tbr_game_close(tbr_game* g) {
  delete g;
}

void tbr_close(tbr_tablebase* tb) {
  delete tb;
}

}  // extern "C"
