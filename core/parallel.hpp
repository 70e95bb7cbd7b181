#pragma once
// Runs independent work items on N threads. Items share no output, so results do not depend
// on the thread count or the schedule (tables are byte-identical for any --threads).
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tbgen {

inline unsigned default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

template <class Body>
void parallel_for(unsigned threads, std::uint64_t count, Body&& body) {
  if (threads <= 1 || count <= 1) {
    for (std::uint64_t i = 0; i < count; ++i) body(i);
    return;
  }
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    try {
      for (std::uint64_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) body(i);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next.store(count);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads && t < count; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tbgen
