#pragma once
// Game strings (SPEC section 6): a game id or NAME(key=value,...) as OpenSpiel names
// games; keys in any order, no spaces. Parsed once; each game reads the keys it knows and
// refuses the rest, naming the key and what is allowed.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tbgen {

class GameString {
 public:
  // Throws tbreader::GameError naming the column of a malformed string.
  explicit GameString(std::string_view text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  bool has(std::string_view key) const;

  // A key's value (the key is then known); `fallback` where it is absent. Throws GameError
  // naming the key and what is allowed.
  std::int64_t integer(std::string_view key, std::int64_t lo, std::int64_t hi,
                       std::int64_t fallback) const;
  // A key the game cannot do without: throws GameError if it is absent.
  std::int64_t integer(std::string_view key, std::int64_t lo, std::int64_t hi) const;
  std::string choice(std::string_view key, std::initializer_list<std::string_view> allowed,
                     std::string_view fallback) const;
  // Throws GameError naming the first key no read asked for, and the keys the game has.
  void refuse_unread() const;

 private:
  struct Param {
    std::string key, value;
    mutable bool read = false;
  };
  const Param* find(std::string_view key) const;
  std::string text_, name_;
  std::vector<Param> params_;
  mutable std::vector<std::string> known_;  // keys asked for, in order
};

}  // namespace tbgen
