#pragma once
// What the readers of every move structure say of a member's positions and values: the
// names of positions given as masks, the value text and the result line.
#include <cstdint>
#include <optional>
#include <string>

#include "family/family_rules.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen {

// What names a board or position in an error, called only then: a reference to the caller's
// callable, two words to pass (a std::function would be built on every probe).
class Where {
 public:
  template <class F>
  Where(const F& f)  // NOLINT(google-explicit-constructor): lambdas convert in place
      : f_(&f), call_([](const void* g) { return (*static_cast<const F*>(g))(); }) {}
  std::string operator()() const { return call_(f_); }

 private:
  const void* f_;
  std::string (*call_)(const void*);
};

// A position given as two masks, as errors name it: "position (first 0x5, second 0x18)".
std::string position_name(std::uint64_t first, std::uint64_t second);
// Refuses masks with a cell of both players or bits beyond the board's `cells`, naming them.
// Inline, the message built out of line: every probe asks.
[[noreturn]] void refuse_masks(std::uint64_t first, std::uint64_t second, int cells);
inline void expect_masks(std::uint64_t first, std::uint64_t second, int cells) {
  if ((cells < 64 && (first | second) >> cells) || (first & second))
    refuse_masks(first, second, cells);
}
// What a probe of any family member says of a value code: "X win", "Draw", "+5", ...
tbreader::Value member_value(const family::Rules& rules, family::Code code);
// The winner and the turns still to be played from a position between whole turns after `turn`
// turns with `empties` empty cells (value=speed members: the code counts the empty cells at the
// end; a draw fills the board); nothing for other members.
std::optional<tbreader::Result> member_result(const family::Rules& rules, int turn, int empties,
                                              family::Code code);

}  // namespace tbgen
