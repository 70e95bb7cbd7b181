#pragma once
// A progress line on stderr with rate and ETA, shown only when stderr is a terminal.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <string>

namespace tbgen {

// Seconds since `start`, as "12.34": the build logs' timings.
std::string seconds_since(std::chrono::steady_clock::time_point start);
// This process's CPU seconds since `start` (std::clock()), as "12.34".
std::string cpu_seconds_since(std::clock_t start);

class Progress {
 public:
  Progress(std::string label, std::uint64_t total);
  ~Progress();
  void advance(std::uint64_t done);  // thread-safe; redraws at most five times a second
  void add(std::uint64_t count);     // advance by `count` more (thread-safe)
  void finish();

 private:
  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_;
  std::atomic<std::uint64_t> done_{0};
  std::mutex mutex_;
};

}  // namespace tbgen
