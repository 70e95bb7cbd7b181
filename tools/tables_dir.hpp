#pragma once
// Where the tables live: --tables DIR, else $TBGEN_TABLES, else ./tables (SPEC section 1).
#include <cstdlib>
#include <filesystem>
#include <string>

namespace tbgen {

inline std::filesystem::path tables_directory(const std::string& option) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("TBGEN_TABLES"); env != nullptr && *env != '\0') return env;
  return "tables";
}

}  // namespace tbgen
