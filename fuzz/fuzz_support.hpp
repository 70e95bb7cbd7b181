#pragma once
// Shared by the fuzz targets: small real tables built once, and the games by index.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "fuzz/temp_paths.hpp"
#include "generator/game_tables.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::fuzz {

// The tables of every game small enough to build here (nim3 with piles up to 2, and each
// family's example member of at most kMostPositions: family boards and several-mark moves);
// double5's, quixo 4x4's and dobutsu's take minutes under the sanitizers, so their probes fail
// with a missing-table error after the parsing being fuzzed.
inline constexpr std::uint64_t kMostPositions = 20'000'000;
inline const tbreader::Tablebase& small_tables() {
  static const tbreader::Tablebase tables([] {
    const auto dir =
        std::filesystem::temp_directory_path() / ("tbgen-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    remove_at_exit(dir);
    for (const char* game : {"score3", "weighted3", "surreal3", "nim3(max_pile=2)"})
      make_game_tables(game)->build({.tables = dir, .threads = 1});
    for (const auto& g : tbreader::games()) {
      if (!g.family) continue;
      const auto tables = make_game_tables(g.id);
      const auto needs = tables->needs(1);
      if (!needs || needs->positions <= kMostPositions)
        tables->build({.tables = dir, .threads = 1});
    }
    return dir;
  }());
  return tables;
}

// Every game of the list, by a selector byte.
inline const tbreader::Game& game_for(unsigned char selector) {
  static const std::vector<tbreader::Game> games = [] {
    std::vector<tbreader::Game> list;
    for (const auto& g : tbreader::games()) list.emplace_back(small_tables(), g.id);
    return list;
  }();
  return games[selector % games.size()];
}

}  // namespace tbgen::fuzz
