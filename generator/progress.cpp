#include "generator/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace tbgen {

namespace {
std::string two_places(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", s);
  return text;
}
}  // namespace

std::string seconds_since(std::chrono::steady_clock::time_point start) {
  return two_places(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

std::string cpu_seconds_since(std::clock_t start) {
  return two_places(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
}

Progress::Progress(std::string label, std::uint64_t total)
    : label_(std::move(label)),
      total_(total),
      enabled_(::isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

Progress::~Progress() {
  finish();
}

void Progress::advance(std::uint64_t done) {
  if (!enabled_) return;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(200) && done < total_) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
  std::fprintf(stderr, "\r%s: %5.1f%%  %.3g positions/s  ETA %.0fs   ", label_.c_str(),
               total_ ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0,
               rate, eta);
  std::fflush(stderr);
}

void Progress::add(std::uint64_t count) {
  advance(done_.fetch_add(count, std::memory_order_relaxed) + count);
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (!enabled_) return;
  enabled_ = false;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

}  // namespace tbgen
