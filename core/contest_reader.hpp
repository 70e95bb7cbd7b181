#pragma once
// Reads contest input token by token from memory, tracking line and column for error
// messages. Descriptions of what is expected are built only when something is wrong.
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

#include "tbreader/tbreader.hpp"

namespace tbgen {

class ContestReader {
 public:
  ContestReader(std::istream& in, std::string source);

  // An integer in [lo, hi]; `what()` names it in the error ("the number of cases").
  template <class What>
  std::int64_t integer(What&& what, std::int64_t lo, std::int64_t hi) {
    skip("");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
    const std::string_view token(text_.data() + start, pos_ - start);
    std::int64_t value = 0;
    const Parsed parsed = parse_integer(token, value);
    if (parsed != Parsed::ok || value < lo || value > hi)
      fail_integer(start, token, parsed, describe(what), lo, hi);
    return value;
  }
  // One non-blank character, skipping blanks and any of `separators`.
  template <class What>
  char cell(What&& what, std::string_view separators) {
    skip(separators);
    if (pos_ == text_.size()) fail_at(pos_, "expected " + describe(what) + ", found end of input");
    return text_[pos_++];
  }
  bool at_end();        // true when only blanks are left
  std::string where();  // "stdin:LINE:COL" of the next token
  int next_line();      // line of the next token: where a multi-line record starts
  [[noreturn]] void fail_here(const std::string& what);

 private:
  enum class Parsed { ok, empty, not_a_number, overflow };
  static bool blank(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
  }
  template <class What>
  static std::string describe(What&& what) {
    if constexpr (std::is_invocable_v<What>)
      return what();
    else
      return std::string(what);
  }
  static Parsed parse_integer(std::string_view token, std::int64_t& value);
  void skip(std::string_view also);
  std::string position(std::size_t offset) const;
  [[noreturn]] void fail_at(std::size_t offset, const std::string& what) const;
  [[noreturn]] void fail_integer(std::size_t offset, std::string_view token, Parsed parsed,
                                 const std::string& what, std::int64_t lo, std::int64_t hi) const;

  std::string text_;
  std::string source_;
  std::size_t pos_ = 0;
  std::size_t counted_ = 0;  // newlines before this offset are in lines_before_
  std::ptrdiff_t lines_before_ = 0;
};

}  // namespace tbgen
