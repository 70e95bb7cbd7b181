#pragma once
// Shared by the fuzz targets: small real tables, and the games by index.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace tbgen::fuzz {

// The tables fuzz_tables made (every game's small enough; the others' probes fail with a
// missing-table error after the parsing being fuzzed), in the folder $TBGEN_FUZZ_TABLES names.
inline const tbreader::Tablebase& small_tables() {
  static const tbreader::Tablebase tables([] {
    const char* dir = std::getenv("TBGEN_FUZZ_TABLES");
    if (!dir || !std::filesystem::is_directory(dir)) {
      std::fprintf(stderr, "fuzz: TBGEN_FUZZ_TABLES must name the folder `fuzz_tables DIR` made\n");
      std::exit(2);
    }
    return std::filesystem::path(dir);
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
