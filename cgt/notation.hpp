#pragma once
// Canonical forms as text: CGSuite's notation (SPEC 6: `3/4`, `*2`, `^*`, `+-1`, `2Tiny(2)`,
// `{3||2*|1*}`), the plain grammar programs parse (`{1|1}` for 1*, `{0|*}` for ^), and that
// grammar read back. Options print in CGSuite's order: numbers ascending, then nimbers, then
// number-up-star values, then the rest by their option lists.
//
// Number-up-star values (x + n.^ + *m) are recognised by their stops and a table of the
// infinitesimals n.^ + *m for small n and m, built once: a Notation lives beside its arena.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "cgt/game_arena.hpp"

namespace tbgen::cgt {

class Notation {
 public:
  explicit Notation(Arena& arena);
  std::string cgsuite(GameId g);
  std::string plain(GameId g);
  // form := number | '*' digits? | '{' list '|' list '}'; throws tbreader::InputError naming
  // the column of the first character it cannot read.
  GameId parse(std::string_view text);

 private:
  struct Nus {
    Dyadic number;
    int ups = 0, nimber = 0;
  };
  std::optional<Nus> nus(GameId g);
  std::optional<Dyadic> stop(GameId g, bool left);
  std::optional<Dyadic> mean(GameId g);
  bool before(GameId a, GameId b);
  bool negatives(GameId a, GameId b);  // a = -b, without interning -b
  std::vector<GameId> sorted(std::span<const GameId> options);
  std::pair<std::string, int> text(GameId g, bool brackets, bool parens);     // and its slashes
  std::pair<std::string, int> written(GameId g, bool brackets, bool parens);  // text, uncached
  std::optional<std::string> tiny(GameId g, bool parens);

  Arena& arena_;
  std::unordered_map<GameId, Nus> infinitesimals_;  // n.^ + *m, small n and m
  int oldest_infinitesimal_ = 0;                    // the latest birthday among them
  std::map<std::pair<GameId, bool>, std::optional<Dyadic>> stops_;
  // What was worked out once: forms repeat across boards (5x5: 107,584 values in 33.5M boards).
  std::unordered_map<GameId, std::optional<Nus>> nus_;
  std::unordered_map<std::uint64_t, std::pair<std::string, int>>
      texts_;  // by (g, brackets, parens)
  std::map<std::pair<GameId, GameId>, bool> negatives_;
};

}  // namespace tbgen::cgt
