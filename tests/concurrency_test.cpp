// Probing one table from 8 threads while another thread keeps opening and closing table
// directories: every answer stays right (run under TSan in CI: scripts/test.sh).
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "test_tables.hpp"

namespace {

TEST(Concurrency, ProbesFromEightThreadsWhileTablesOpenAndClose) {
  const auto dir = tbgen::testing::built_tables("score3");
  std::vector<std::optional<int>> expected(19683);
  {
    const tbreader::Tablebase reference(dir);
    for (std::uint32_t i = 0; i < 19683; ++i) expected[i] = tbreader::probe_score3(reference, i);
  }
  for (auto mode : {tbreader::CacheMode::decoded, tbreader::CacheMode::single_block}) {
    const tbreader::Tablebase shared(dir, mode);
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> wrong{0}, probes{0};
    std::vector<std::thread> probers;
    for (int t = 0; t < 8; ++t)
      probers.emplace_back([&, t] {
        std::mt19937 rng(static_cast<unsigned>(t));
        for (int n = 0; n < 20000; ++n) {
          const auto board = static_cast<std::uint32_t>(rng() % 19683);
          wrong += tbreader::probe_score3(shared, board) != expected[board];
          ++probes;
        }
      });
    std::thread opener([&] {
      std::mt19937 rng(99);
      while (!stop) {
        const tbreader::Tablebase fresh(dir, mode);
        const auto board = static_cast<std::uint32_t>(rng() % 19683);
        wrong += tbreader::probe_score3(fresh, board) != expected[board];
      }
    });
    for (auto& t : probers) t.join();
    stop = true;
    opener.join();
    EXPECT_EQ(wrong.load(), 0u);
    EXPECT_EQ(probes.load(), 160000u);
  }
}

}  // namespace
