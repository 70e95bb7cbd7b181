#include "games/game_tables.hpp"
#include "table.hpp"

namespace tbgen {

std::unique_ptr<GameTables> make_score3_tables();
std::unique_ptr<GameTables> make_double5_tables();
std::unique_ptr<GameTables> make_surreal3_tables();
std::unique_ptr<GameTables> make_nim3_tables();
std::unique_ptr<GameTables> make_weighted3_tables();

const std::vector<std::unique_ptr<GameTables>>& all_games() {
  static const auto games = [] {
    std::vector<std::unique_ptr<GameTables>> list;
    list.push_back(make_score3_tables());
    list.push_back(make_surreal3_tables());
    list.push_back(make_weighted3_tables());
    list.push_back(make_nim3_tables());
    list.push_back(make_double5_tables());
    return list;
  }();
  return games;
}

const GameTables* find_game(const std::string& id) {
  for (const auto& g : all_games())
    if (g->id() == id) return g.get();
  return nullptr;
}

bool table_is_complete(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) return false;
  try {
    Table(path, tbreader::CacheMode::single_block).verify_all();
    return true;
  } catch (const tbreader::Error&) {
    return false;
  }
}

}  // namespace tbgen
