#include "core/game_string.hpp"

#include <algorithm>
#include <charconv>

#include "tbreader/tbreader.hpp"

namespace tbgen {
namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

GameString::GameString(std::string_view text) : text_(text) {
  auto fail = [&](std::size_t at, const std::string& what) {
    throw tbreader::GameError("game '" + text_ + "', column " + std::to_string(at + 1) + ": " +
                              what);
  };
  std::size_t i = 0;
  while (i < text.size() && word_char(text[i])) ++i;
  name_ = text.substr(0, i);
  if (name_.empty()) {
    if (text.empty()) throw tbreader::GameError("missing game");
    fail(0, "expected a game name");
  }
  if (i == text.size()) return;
  if (text[i] != '(') fail(i, "unexpected '" + std::string(1, text[i]) + "' after the game name");
  ++i;
  if (i < text.size() && text[i] == ')' && i + 1 == text.size()) return;  // NAME()
  while (true) {
    const std::size_t key_start = i;
    while (i < text.size() && word_char(text[i])) ++i;
    if (i == key_start) fail(i, "expected a key");
    const std::string key(text.substr(key_start, i - key_start));
    if (i == text.size() || text[i] != '=') fail(i, "expected '=' after the key '" + key + "'");
    const std::size_t value_start = ++i;
    while (i < text.size() && word_char(text[i])) ++i;
    if (i == value_start) fail(i, "expected a value for the key '" + key + "'");
    if (find(key)) fail(key_start, "the key '" + key + "' is given twice");
    params_.push_back({key, std::string(text.substr(value_start, i - value_start))});
    if (i == text.size()) fail(i, "expected ',' or ')'");
    if (text[i] == ')') break;
    if (text[i] != ',') fail(i, "expected ',' or ')', found '" + std::string(1, text[i]) + "'");
    ++i;
  }
  if (i + 1 != text.size()) fail(i + 1, "unexpected text after ')'");
}

const GameString::Param* GameString::find(std::string_view key) const {
  for (const auto& p : params_)
    if (p.key == key) return &p;
  return nullptr;
}

bool GameString::has(std::string_view key) const {
  return find(key) != nullptr;
}

std::int64_t GameString::integer(std::string_view key, std::int64_t lo, std::int64_t hi,
                                 std::int64_t fallback) const {
  known_.emplace_back(key);
  const Param* p = find(key);
  if (!p) return fallback;
  p->read = true;
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(p->value.data(), p->value.data() + p->value.size(), v);
  if (ec != std::errc() || end != p->value.data() + p->value.size() || v < lo || v > hi)
    throw tbreader::GameError("game '" + text_ + "': " + std::string(key) +
                              " must be an integer in [" + std::to_string(lo) + ", " +
                              std::to_string(hi) + "], found '" + p->value + "'");
  return v;
}

std::int64_t GameString::integer(std::string_view key, std::int64_t lo, std::int64_t hi) const {
  if (!find(key))
    throw tbreader::GameError("game '" + text_ + "': missing key '" + std::string(key) +
                              "' (an integer in [" + std::to_string(lo) + ", " +
                              std::to_string(hi) + "])");
  return integer(key, lo, hi, lo);
}

std::string GameString::choice(std::string_view key,
                               std::initializer_list<std::string_view> allowed,
                               std::string_view fallback) const {
  known_.emplace_back(key);
  const Param* p = find(key);
  if (!p) return std::string(fallback);
  p->read = true;
  if (std::find(allowed.begin(), allowed.end(), p->value) == allowed.end()) {
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    throw tbreader::GameError("game '" + text_ + "': " + std::string(key) + " must be one of " +
                              list + ", found '" + p->value + "'");
  }
  return p->value;
}

void GameString::refuse_unread() const {
  for (const auto& p : params_) {
    if (p.read) continue;
    std::string keys;
    for (const auto& k : known_) keys += (keys.empty() ? "" : ", ") + k;
    throw tbreader::GameError("game '" + text_ + "': unknown key '" + p.key + "' (" + name_ +
                              (keys.empty() ? " takes no keys)" : " takes " + keys + ")"));
  }
}

}  // namespace tbgen
