// Probing through the public API from 8 threads while another thread keeps opening and
// closing table directories: every answer stays right (run under TSan in CI: scripts/test.sh).
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "test_tables.hpp"

namespace {

// score3 board `index` as text: '.', 'X', 'O' from cell 0.
std::string board_text(std::uint32_t index) {
  std::string text;
  for (int i = 0; i < 9; ++i, index /= 3) text += ".XO"[index % 3];
  return text;
}

// The value text, or "refused" for a board that cannot arise in play.
std::string answer(const tbreader::Game& game, std::uint32_t index) {
  try {
    return game.value(std::vector{board_text(index)}).text;
  } catch (const tbreader::InputError&) {
    return "refused";
  }
}

TEST(Concurrency, ProbesFromEightThreadsWhileTablesOpenAndClose) {
  const auto dir = tbgen::testing::built_tables("score3");
  std::vector<std::string> expected(19683);
  {
    const tbreader::Tablebase reference(dir);
    const tbreader::Game game(reference, "score3");
    for (std::uint32_t i = 0; i < 19683; ++i) expected[i] = answer(game, i);
  }
  for (auto mode : {tbreader::CacheMode::decoded, tbreader::CacheMode::single_block,
                    tbreader::CacheMode::bounded}) {
    const tbreader::Tablebase shared(dir, mode);
    const tbreader::Game game(shared, "score3");
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> wrong{0}, probes{0};
    std::vector<std::thread> probers;
    for (int t = 0; t < 8; ++t)
      probers.emplace_back([&, t] {
        std::mt19937 rng(static_cast<unsigned>(t));
        for (int n = 0; n < 20000; ++n) {
          const auto board = static_cast<std::uint32_t>(rng() % 19683);
          wrong += answer(game, board) != expected[board];
          ++probes;
        }
      });
    std::thread opener([&] {
      std::mt19937 rng(99);
      while (!stop) {
        const tbreader::Tablebase fresh(dir, mode);
        const auto board = static_cast<std::uint32_t>(rng() % 19683);
        wrong += answer(tbreader::Game(fresh, "score3"), board) != expected[board];
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
