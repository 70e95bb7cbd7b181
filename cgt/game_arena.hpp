#pragma once
// Short partizan games in canonical form (combinatorial game theory), interned once in an
// arena so that a value is an integer id and equal values have equal ids (as CGSuite's
// CanonicalShortGameOps and cgt-tools do).
//
// make() builds the canonical form of {L | R} from canonical options: duplicates and dominated
// options removed, reversible ones bypassed, until neither applies; numbers (the simplest number
// between the options) and nimbers (the mex) are recognised before the general loop. Comparison
// is where the time goes, so it is memoised, and it skips the options of a number (number
// avoidance); sums and negatives are memoised too, a number added to a non-number is
// translated through the other's options. Not thread-safe: a reader serialises its calls.
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/dyadic.hpp"

namespace tbgen::cgt {

using GameId = std::uint32_t;

// L: Left wins whoever starts (G > 0); R: Right does (G < 0); N: the first player (G || 0);
// P: the second player (G = 0).
enum class Outcome : char { L = 'L', R = 'R', N = 'N', P = 'P' };

class Arena {
 public:
  Arena();  // 0 is id 0

  GameId make(std::vector<GameId> left, std::vector<GameId> right);
  GameId number(const Dyadic& x);
  GameId nimber(int n);
  GameId add(GameId g, GameId h);
  GameId neg(GameId g);
  bool leq(GameId g, GameId h);
  Outcome outcome(GameId g);

  // A game's options: valid until the arena grows (make, number, nimber, add, neg, intern).
  std::span<const GameId> left(GameId g) const { return span(g, true); }
  std::span<const GameId> right(GameId g) const { return span(g, false); }
  const std::optional<Dyadic>& as_number(GameId g) const { return info_[g].number; }
  int as_nimber(GameId g) const { return info_[g].nimber; }  // -1 if not a nimber
  std::size_t size() const { return info_.size(); }
  int birthday(GameId g) const { return info_[g].birthday; }

  // Interns a form already canonical (its options interned before it): a dictionary read back.
  GameId intern(std::span<const GameId> left, std::span<const GameId> right);

 private:
  struct Info {
    std::uint64_t offset = 0;  // left options, then right options, in options_
    std::uint32_t lefts = 0, rights = 0;
    std::optional<Dyadic> number;
    int nimber = -1;
    int birthday = 0;
  };
  std::span<const GameId> span(GameId g, bool left_side) const {
    const Info& i = info_[g];
    return {options_.data() + i.offset + (left_side ? 0 : i.lefts), left_side ? i.lefts : i.rights};
  }
  // Comparisons with a game not yet built, given by its options: x <= {L | R} and {L | R} <= y.
  bool leq_built(GameId x, std::span<const GameId> l, std::span<const GameId> r);
  bool geq_built(GameId y, std::span<const GameId> l, std::span<const GameId> r);
  static std::uint64_t pair(GameId a, GameId b) { return std::uint64_t{a} << 32 | b; }
  std::uint64_t hash(std::span<const GameId> l, std::span<const GameId> r) const;

  std::vector<Info> info_;
  std::vector<GameId> options_;
  std::unordered_multimap<std::uint64_t, GameId> index_;  // by hash of the options
  std::unordered_map<std::uint64_t, bool> leq_;
  std::unordered_map<std::uint64_t, GameId> add_;
  std::vector<GameId> neg_;  // kNone until known
  std::unordered_map<std::int64_t, GameId> integers_;
};

}  // namespace tbgen::cgt
