// A table file changed under a running reader: truncated, written back in place, corrupted in
// place, deleted, and replaced by a rename, while threads probe positions of every layer. No
// change may end the process; every answer given must be the untouched tables' answer; an error
// only for a position of the changed layer, naming its file; once the file is whole again (or a
// whole one is renamed into place), its positions are answered again, without reopening anything.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kGame = "connect(cols=5,rows=4)";
constexpr int kCols = 5, kRows = 4;
constexpr int kChangedLayer = 13;

struct Probe {
  std::uint64_t first = 0, second = 0;
  bool needs_table = false;  // of the changed layer: a position the board decides does not
  std::int32_t value = 0;
};

// Positions of every layer by random drops, kept where the untouched tables answer them; those
// that need the changed layer's table are the ones refused without it.
std::vector<Probe> positions(const tbreader::Game& reference, const tbreader::Game& without) {
  std::mt19937_64 random(39);
  std::vector<Probe> out;
  while (out.size() < 20000) {
    const int marks = static_cast<int>(random() % (kCols * kRows - 3));
    int height[kCols] = {};
    Probe p;
    for (int m = 0; m < marks; ++m) {
      int col;
      do col = static_cast<int>(random() % kCols);
      while (height[col] == kRows);
      const int row = kRows - 1 - height[col]++;
      (m % 2 ? p.second : p.first) |= std::uint64_t{1} << (row * kCols + col);
    }
    try {
      p.value = reference.value_of(p.first, p.second);
    } catch (const tbreader::InputError&) {  // play had ended before the last drop
      continue;
    }
    try {
      (void)without.value_of(p.first, p.second);
    } catch (const tbreader::TableMissing&) {
      p.needs_table = true;
    }
    out.push_back(p);
  }
  return out;
}

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void write(const fs::path& path, const std::string& bytes) {  // in place, as cp does
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

class TableChange : public ::testing::TestWithParam<tbreader::CacheMode> {};

TEST_P(TableChange, NeverEndsTheProcessNorAnswersWrong) {
  const fs::path built = tbgen::testing::built_tables(kGame);
  const fs::path dir = tbgen::testing::fresh_directory("changed");
  for (const auto& file : fs::directory_iterator(built)) fs::copy(file.path(), dir);
  fs::path changed;
  for (const auto& file : fs::directory_iterator(dir))
    if (file.path().filename().string().ends_with("-t" + std::to_string(kChangedLayer) + ".tb"))
      changed = file.path();
  ASSERT_FALSE(changed.empty());
  const std::string original = contents(changed);

  const fs::path without = tbgen::testing::fresh_directory("without");
  for (const auto& file : fs::directory_iterator(built))
    if (file.path().filename() != changed.filename()) fs::copy(file.path(), without);
  const tbreader::Tablebase reference_tables(built), tables_without(without);
  const auto probes =
      positions(tbreader::Game(reference_tables, kGame), tbreader::Game(tables_without, kGame));
  // A small budget, so that the bounded cache reads the file again and again.
  const tbreader::Tablebase tables(dir, GetParam(), 256 << 10);
  const tbreader::Game game(tables, kGame);

  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> answered{0}, refused{0}, wrong{0}, misplaced{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = t; !stop.load(); i = (i + 4) % probes.size()) {
        const Probe& p = probes[i];
        try {
          wrong += game.value_of(p.first, p.second) != p.value;
          ++answered;
        } catch (const tbreader::Error& e) {
          ++refused;
          const bool named = std::string(e.what()).find(changed.string()) != std::string::npos;
          misplaced += !p.needs_table || !named;
        }
      }
    });

  // Whether the changed layer's positions are all answered (whole) or all refused (broken), as
  // the threads see it once the reader has looked at the file again.
  const auto layer_state = [&](bool whole) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
      bool all = true;
      for (const Probe& p : probes) {
        if (!p.needs_table) continue;
        try {
          const bool right = game.value_of(p.first, p.second) == p.value;
          all = all && whole && right;
        } catch (const tbreader::Error&) {
          all = all && !whole;
        }
        if (!all) break;
      }
      if (all) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  };
  const auto settle = [] { std::this_thread::sleep_for(400ms); };

  settle();
  EXPECT_TRUE(layer_state(true)) << "before any change";
  fs::resize_file(changed, 4096);  // past the first page: a SIGBUS through a mapping
  settle();
  EXPECT_TRUE(layer_state(false)) << "truncated";
  write(changed, original);
  EXPECT_TRUE(layer_state(true)) << "written back in place";
  {  // a byte of the first block's compressed data flipped in place
    std::string corrupt = original;
    corrupt[corrupt.size() / 2] = static_cast<char>(corrupt[corrupt.size() / 2] ^ 0x40);
    write(changed, corrupt);
  }
  settle();
  write(changed, original);
  EXPECT_TRUE(layer_state(true)) << "written back after the corruption";
  fs::remove(changed);
  settle();
  EXPECT_TRUE(layer_state(false)) << "deleted";
  write(fs::path(changed) += ".new", original);
  fs::rename(fs::path(changed) += ".new", changed);
  EXPECT_TRUE(layer_state(true)) << "renamed into place";
  settle();

  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0u) << "answers that differ from the untouched tables";
  EXPECT_EQ(misplaced.load(), 0u) << "errors for other layers, or not naming the changed file";
  EXPECT_GT(answered.load(), 10000u);
  EXPECT_GT(refused.load(), 0u) << "the changes were never seen";
}

INSTANTIATE_TEST_SUITE_P(Modes, TableChange,
                         ::testing::Values(tbreader::CacheMode::decoded,
                                           tbreader::CacheMode::single_block,
                                           tbreader::CacheMode::bounded));

}  // namespace
