#pragma once
// Scratch directories that are removed when the test binary exits, and a game's tables built
// once per test binary into one of them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "generator/game_tables.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::testing {

// A new empty directory under the temporary directory, removed at exit.
inline std::filesystem::path fresh_directory(const std::string& name) {
  struct Scratch {
    std::mutex mutex;
    std::vector<std::filesystem::path> made;
    ~Scratch() {
      for (const auto& dir : made) {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
      }
    }
  };
  static Scratch scratch;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tbgen-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::lock_guard lock(scratch.mutex);
  scratch.made.push_back(dir);
  return dir;
}

inline std::filesystem::path built_tables(const std::string& game) {
  static std::mutex mutex;
  static std::map<std::string, std::filesystem::path> built;
  std::lock_guard lock(mutex);
  if (auto it = built.find(game); it != built.end()) return it->second;
  auto dir = fresh_directory("tables-" + std::to_string(built.size()));
  make_game_tables(game)->build({.tables = dir, .threads = 2});
  return built[game] = dir;
}

// The built tables of `game`, through the public API and through the internal table set.
inline const tbreader::Tablebase& tablebase(const std::string& game) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<tbreader::Tablebase>> open;
  const auto dir = built_tables(game);
  std::lock_guard lock(mutex);
  auto& t = open[game];
  if (!t) t = std::make_unique<tbreader::Tablebase>(dir);
  return *t;
}
inline const TableSet& table_set(const std::string& game) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<TableSet>> open;
  const auto dir = built_tables(game);
  std::lock_guard lock(mutex);
  auto& t = open[game];
  if (!t) t = std::make_unique<TableSet>(dir, tbreader::CacheMode::decoded);
  return *t;
}

// The contest answers of `game` for `input`.
inline std::string solve(const std::string& game, const tbreader::Tablebase& tables,
                         const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  tbreader::Game(tables, game).solve(in, out);
  return out.str();
}

// Each input must be refused with an InputError whose message contains the expected text,
// and nothing may be printed for it.
inline void expect_refused(const std::string& game, const tbreader::Tablebase& tables,
                           std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (const auto& [input, message] : cases) {
    std::istringstream in(input);
    std::ostringstream out;
    try {
      tbreader::Game(tables, game).solve(in, out);
      ADD_FAILURE() << game << " accepted: " << input;
    } catch (const tbreader::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
    EXPECT_EQ(out.str(), "") << "nothing is printed for a bad input";
  }
}

}  // namespace tbgen::testing
