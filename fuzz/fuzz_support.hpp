#pragma once
// Shared by the fuzz targets: small real tables built once, and the games by index.
#include <unistd.h>

#include <filesystem>
#include <string>

#include "game_cli.hpp"
#include "games/game_tables.hpp"

namespace tbgen::fuzz {

// score3, weighted3, surreal3 and nim3 (K = 2) tables; double5's are too large to build
// here, so its probes fail with a missing-table error after the parsing being fuzzed.
inline const tbreader::Tablebase& small_tables() {
  static const tbreader::Tablebase tables([] {
    const auto dir =
        std::filesystem::temp_directory_path() / ("tbgen-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const char* game : {"score3", "weighted3", "surreal3"})
      find_game(game)->build({dir, 1, nullptr});
    find_game("nim3")->build({dir, 1, nullptr, 2});
    return dir;
  }());
  return tables;
}

inline const char* game_for(unsigned char selector) {
  static const char* games[] = {"score3", "weighted3", "surreal3", "nim3", "double5"};
  return games[selector % 5];
}

}  // namespace tbgen::fuzz
