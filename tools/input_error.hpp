#pragma once
// Bad user input: one line naming what is wrong and where; tbprobe exits 1 on it.
#include <stdexcept>

namespace tbgen {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tbgen
