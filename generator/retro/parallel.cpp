#include "retro/parallel.hpp"

namespace tbgen {

unsigned default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

}  // namespace tbgen
