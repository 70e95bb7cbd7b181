#include "contest_reader.hpp"

#include <cctype>
#include <limits>

namespace tbgen {

int ContestReader::get() {
  const int c = in_.get();
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else if (c != EOF) {
    ++column_;
  }
  return c;
}

void ContestReader::skip(const std::string& also) {
  for (int c; (c = peek()) != EOF;) {
    if (std::isspace(c) || also.find(static_cast<char>(c)) != std::string::npos) {
      get();
    } else {
      break;
    }
  }
}

bool ContestReader::at_end() {
  skip("");
  return peek() == EOF;
}

std::string ContestReader::where() {
  skip("");
  return source_ + ":" + std::to_string(line_) + ":" + std::to_string(column_);
}

void ContestReader::fail_here(const std::string& what) {
  throw InputError(where() + ": " + what);
}

std::int64_t ContestReader::integer(const std::string& what, std::int64_t lo, std::int64_t hi) {
  skip("");
  const std::string at = source_ + ":" + std::to_string(line_) + ":" + std::to_string(column_);
  std::string token;
  while (peek() != EOF && !std::isspace(peek())) token += static_cast<char>(get());
  if (token.empty()) throw InputError(at + ": expected " + what + ", found end of input");
  std::size_t pos = (token[0] == '-' || token[0] == '+') ? 1 : 0;
  bool digits = pos < token.size();
  for (std::size_t i = pos; i < token.size(); ++i) digits = digits && std::isdigit(token[i]);
  if (!digits) throw InputError(at + ": expected " + what + ", found '" + token + "'");
  std::int64_t value = 0;
  try {
    value = std::stoll(token);
  } catch (const std::out_of_range&) {
    throw InputError(at + ": " + what + " '" + token + "' is out of range");
  }
  if (value < lo || value > hi)
    throw InputError(at + ": " + what + " must be in [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "], found " + token);
  return value;
}

char ContestReader::cell(const std::string& what, const std::string& separators) {
  skip(separators);
  if (peek() == EOF) fail_here("expected " + what + ", found end of input");
  return static_cast<char>(get());
}

}  // namespace tbgen
