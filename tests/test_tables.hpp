#pragma once
// Builds a game's tables once per test binary into a temporary directory.
#include <filesystem>
#include <string>

#include "games/game_tables.hpp"

namespace tbgen::testing {

inline std::filesystem::path fresh_directory(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tbgen-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline const std::filesystem::path& built_tables(const std::string& game) {
  static const std::filesystem::path dir = [&] {
    auto d = fresh_directory("tables-" + game);
    find_game(game)->build({d, 2, nullptr});
    return d;
  }();
  return dir;
}

}  // namespace tbgen::testing
