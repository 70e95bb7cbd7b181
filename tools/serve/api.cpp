#include "api.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
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

// The command that rebuilds a game's tables, as a shell takes it.
std::string build_command(const std::string& game) {
  const bool quote = game.find('(') != std::string::npos;
  return "tbgen build " + (quote ? "'" + game + "'" : game);
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
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

Api::Api(const tbreader::Tablebase& tables) : tables_(tables) {
  namespace fs = std::filesystem;
  const fs::path& directory = tables.directory();
  std::vector<fs::path> forms = {directory, directory.lexically_normal()};
  std::error_code failed;
  if (const auto absolute = fs::absolute(directory, failed); !failed) {
    forms.push_back(absolute);
    forms.push_back(absolute.lexically_normal());
  }
  if (const auto canonical = fs::weakly_canonical(directory, failed); !failed)
    forms.push_back(canonical);
  for (const auto& form : forms) {
    std::string prefix = form.string();
    while (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
    if (prefix.empty() || prefix == "/") continue;  // the root: its files' paths say no more
    prefix += '/';
    if (std::find(directory_prefixes_.begin(), directory_prefixes_.end(), prefix) ==
        directory_prefixes_.end())
      directory_prefixes_.push_back(prefix);
  }
  std::sort(directory_prefixes_.begin(), directory_prefixes_.end(),
            [](const auto& a, const auto& b) { return a.size() > b.size(); });
}

// The reader names a table by its path (the directory joined with the file name), which is
// the server's business, not the client's: the body keeps the file name alone, and an
// absolute directory named on its own becomes "the table directory".
Reply Api::failure(int status, std::string message) const {
  for (const auto& prefix : directory_prefixes_) replace_all(message, prefix, "");
  for (const auto& prefix : directory_prefixes_)
    if (prefix.front() == '/')
      replace_all(message, std::string_view(prefix).substr(0, prefix.size() - 1),
                  "the table directory");
  return error(status, message);
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
    return failure(404, e.what());
  } catch (const tbreader::InputError& e) {
    return failure(400, e.what());
  } catch (const tbreader::TableMissing& e) {
    return failure(404, e.what());
  } catch (const std::exception& e) {  // damaged tables, or anything unforeseen
    return failure(500, e.what());
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
  std::shared_ptr<const tbreader::Game> opened;
  try {
    opened = game(*game_string);
    return {.body = tbreader::json(opened->probe(boards, options)) + "\n"};
  } catch (const tbreader::GameError& e) {
    if (names_known_game(*game_string)) throw tbreader::InputError(e.what());
    throw;
  } catch (const tbreader::TableMissing&) {
    throw;  // its message already ends with the command that builds the table
  } catch (const tbreader::Error& e) {  // a table damaged, truncated or of another game
    throw tbreader::Error(std::string(e.what()) + " (run " +
                          build_command(opened ? opened->name() : *game_string) +
                          " to rebuild it)");
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
