#include "core/contest_reader.hpp"

#include <algorithm>
#include <iterator>
#include <sstream>

namespace tbgen {

ContestReader::ContestReader(std::istream& in, std::string source) : source_(std::move(source)) {
  std::ostringstream all;
  all << in.rdbuf();  // one bulk read: contest inputs run to tens of megabytes
  text_ = std::move(all).str();
}

void ContestReader::skip(std::string_view also) {
  while (pos_ < text_.size() &&
         (blank(text_[pos_]) || also.find(text_[pos_]) != std::string_view::npos))
    ++pos_;
}

bool ContestReader::at_end() {
  skip("");
  return pos_ == text_.size();
}

std::string ContestReader::position(std::size_t offset) const {
  const auto begin = text_.begin(), at = text_.begin() + static_cast<std::ptrdiff_t>(offset);
  const auto line = 1 + std::count(begin, at, '\n');
  const auto line_start = std::find(std::make_reverse_iterator(at), text_.rend(), '\n').base();
  return source_ + ":" + std::to_string(line) + ":" + std::to_string(at - line_start + 1);
}

std::string ContestReader::where() {
  skip("");
  return position(pos_);
}

int ContestReader::next_line() {
  skip("");
  // The reader only moves forward: count the newlines passed since the last call.
  lines_before_ += std::count(text_.begin() + static_cast<std::ptrdiff_t>(counted_),
                              text_.begin() + static_cast<std::ptrdiff_t>(pos_), '\n');
  counted_ = pos_;
  return 1 + static_cast<int>(lines_before_);
}

void ContestReader::fail_at(std::size_t offset, const std::string& what) const {
  throw tbreader::InputError(position(offset) + ": " + what);
}

void ContestReader::fail_here(const std::string& what) {
  fail_at(pos_, what);
}

ContestReader::Parsed ContestReader::parse_integer(std::string_view token, std::int64_t& value) {
  if (token.empty()) return Parsed::empty;
  std::size_t i = token[0] == '-' || token[0] == '+' ? 1 : 0;
  if (i == token.size()) return Parsed::not_a_number;
  const bool negative = token[0] == '-';
  std::uint64_t magnitude = 0;
  for (; i < token.size(); ++i) {
    if (token[i] < '0' || token[i] > '9') return Parsed::not_a_number;
    if (magnitude > (std::uint64_t{1} << 62)) return Parsed::overflow;
    magnitude = magnitude * 10 + static_cast<std::uint64_t>(token[i] - '0');
  }
  if (magnitude > (std::uint64_t{1} << 62)) return Parsed::overflow;
  value = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  return Parsed::ok;
}

void ContestReader::fail_integer(std::size_t offset, std::string_view token, Parsed parsed,
                                 const std::string& what, std::int64_t lo, std::int64_t hi) const {
  const std::string shown(token);
  switch (parsed) {
    case Parsed::empty:
      fail_at(offset, "expected " + what + ", found end of input");
    case Parsed::not_a_number:
      fail_at(offset, "expected " + what + ", found '" + shown + "'");
    case Parsed::overflow:
      fail_at(offset, what + " '" + shown + "' is out of range");
    case Parsed::ok:
      break;
  }
  fail_at(offset, what + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                      "], found " + shown);
}

}  // namespace tbgen
