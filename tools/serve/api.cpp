#include "api.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

namespace tbgen::serve {
namespace {

Reply error(int status, std::string_view message) {
  // A message quotes the request, which may hold bytes that are not UTF-8: replaced in JSON.
  const auto body = nlohmann::ordered_json{{"error", message}}.dump(
      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  return {.status = status, .body = body + "\n"};
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A game string that names a known game or family but is malformed is a bad parameter
// (400); one that names nothing tbgen knows is an unknown game (404).
bool names_known_game(std::string_view game) {
  const auto name = game.substr(0, game.find('('));
  const auto& known = tbreader::games();
  return std::any_of(known.begin(), known.end(), [&](const auto& g) {
    return std::string_view(g.id).substr(0, g.id.find('(')) == name;
  });
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_query(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t at = 0;
  while (at <= query.size()) {
    const std::size_t end = std::min(query.find('&', at), query.size());
    const auto field = query.substr(at, end - at);
    if (!field.empty()) {
      std::string key, value;
      std::string* out = &key;
      for (std::size_t i = 0; i < field.size(); ++i) {
        const char c = field[i];
        if (c == '=' && out == &key) {
          out = &value;
        } else if (c == '+') {
          *out += ' ';
        } else if (c == '%') {
          const int high = i + 2 < field.size() ? hex_digit(field[i + 1]) : -1;
          const int low = high >= 0 ? hex_digit(field[i + 2]) : -1;
          if (low < 0)
            throw tbreader::InputError("query, column " + std::to_string(at + i + 1) +
                                       ": '%' must be followed by two hex digits");
          *out += static_cast<char>(high * 16 + low);
          i += 2;
        } else {
          *out += c;
        }
      }
      pairs.emplace_back(std::move(key), std::move(value));
    }
    at = end + 1;
  }
  return pairs;
}

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '.' || c == '-' || c == '_' || c == '~') {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

Reply Api::answer(std::string_view method, std::string_view target) const {
  if (method != "GET" && method != "HEAD")
    return error(405, "method " + std::string(method) + " not allowed (GET or HEAD)");
  const std::size_t mark = target.find('?');
  const auto path = target.substr(0, mark);
  const auto query = mark == std::string_view::npos ? std::string_view() : target.substr(mark + 1);
  try {
    if (path == "/" || path == "/index.html")
      return {.content_type = "text/html; charset=utf-8", .body = std::string(explorer_html())};
    if (path == "/api/v1/games") return games();
    if (path == "/api/v1/probe") return probe(query);
  } catch (const tbreader::GameError& e) {
    return error(404, e.what());
  } catch (const tbreader::InputError& e) {
    return error(400, e.what());
  } catch (const tbreader::TableMissing& e) {
    return error(404, e.what());
  } catch (const std::exception& e) {  // damaged tables, or anything unforeseen
    return error(500, e.what());
  }
  return error(404, "no such path: " + std::string(path) + " (see / for the explorer)");
}

Reply Api::games() const {
  auto list = nlohmann::ordered_json::array();
  for (const auto& g : tables_.games())
    list.push_back({{"game", g.game}, {"tables", g.tables}, {"bytes", g.bytes}});
  return {.body = nlohmann::ordered_json{{"games", list}}.dump() + "\n"};
}

Reply Api::probe(std::string_view query) const {
  std::optional<std::string> game_string;
  std::vector<std::string> boards;
  tbreader::ProbeOptions options;
  for (auto& [key, value] : parse_query(query)) {
    if (key == "game") {
      if (game_string) throw tbreader::InputError("parameter 'game' given twice");
      game_string = std::move(value);
    } else if (key == "board") {
      boards.push_back(std::move(value));
    } else if (key == "weights") {
      if (options.weights) throw tbreader::InputError("parameter 'weights' given twice");
      options.weights = std::move(value);
    } else {
      throw tbreader::InputError("unknown parameter '" + key + "' (game, board, weights)");
    }
  }
  if (!game_string) throw tbreader::InputError("missing parameter 'game'");
  if (boards.empty()) throw tbreader::InputError("missing parameter 'board'");
  try {
    const auto position = game(*game_string)->probe(boards, options);
    return {.body = tbreader::json(position) + "\n"};
  } catch (const tbreader::GameError& e) {
    if (names_known_game(*game_string)) throw tbreader::InputError(e.what());
    throw;
  }
}

std::shared_ptr<const tbreader::Game> Api::game(const std::string& name) const {
  {
    const std::shared_lock lock(mutex_);
    if (const auto it = games_.find(name); it != games_.end()) return it->second;
  }
  auto opened = std::make_shared<const tbreader::Game>(tables_, name);
  const std::unique_lock lock(mutex_);
  if (games_.size() < kGames) games_.emplace(name, opened);
  return opened;
}

}  // namespace tbgen::serve
