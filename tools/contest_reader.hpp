#pragma once
// Reads contest input token by token, tracking line and column for error messages.
#include <cstdint>
#include <istream>
#include <string>

#include "input_error.hpp"

namespace tbgen {

class ContestReader {
 public:
  ContestReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}

  // An integer in [lo, hi]; `what` names it in the error ("the number of cases").
  std::int64_t integer(const std::string& what, std::int64_t lo, std::int64_t hi);
  // One non-blank character, skipping blanks and any of `separators`.
  char cell(const std::string& what, const std::string& separators);
  // True when only whitespace is left.
  bool at_end();
  // "stdin:LINE:COL" of the next unread character (after skipping blanks).
  std::string where();
  // Line of the next token (after skipping blanks): where a multi-line record starts.
  int next_line() {
    skip("");
    return line_;
  }

  [[noreturn]] void fail_here(const std::string& what);

 private:
  int peek() { return in_.peek(); }
  int get();
  void skip(const std::string& also);

  std::istream& in_;
  std::string source_;
  int line_ = 1, column_ = 1;
};

}  // namespace tbgen
