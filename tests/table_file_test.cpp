// The table format: round trips for every entry width, and every kind of damage refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <thread>

#include "format/checksum.hpp"
#include "format/table.hpp"
#include "format/table_writer.hpp"
#include "test_tables.hpp"

namespace {

using tbgen::Table;
namespace fs = std::filesystem;

struct Written {
  fs::path path;
  std::vector<std::uint64_t> values;
};

Written write_random_table(const fs::path& dir, std::uint32_t bits, std::uint64_t entries,
                           std::uint32_t block_log2, unsigned threads, std::uint32_t seed = 1) {
  std::mt19937_64 rng(seed);
  Written w{dir / ("t" + std::to_string(bits) + ".tb"), {}};
  std::vector<std::uint8_t> packed(tbgen::format::packed_bytes(entries, bits));
  for (std::uint64_t i = 0; i < entries; ++i) {
    // Skewed values so that zstd has something to compress.
    std::uint64_t v = rng() % 5 == 0 ? rng() : 0;
    if (bits < 64) v &= (std::uint64_t{1} << bits) - 1;
    w.values.push_back(v);
    tbgen::pack_entry(packed.data(), i, bits, v);
  }
  tbgen::format::Header h;
  h.game = "testgame";
  h.layer = 3;
  h.index_scheme = 7;
  h.value_codec = 9;
  h.entry_bits = bits;
  h.entry_count = entries;
  tbgen::write_table(w.path, h, packed,
                     {.block_entries_log2 = block_log2, .zstd_level = 3, .threads = threads});
  return w;
}

std::vector<char> read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void write_file(const fs::path& p, const std::vector<char>& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(TableFile, RoundTripsEveryEntryWidth) {
  const auto dir = tbgen::testing::fresh_directory("roundtrip");
  for (std::uint32_t bits : {1u, 2u, 4u, 8u, 16u, 32u, 64u}) {
    const auto w = write_random_table(dir, bits, 10'000 + bits, 10, 2);
    for (auto mode : {tbreader::CacheMode::decoded, tbreader::CacheMode::single_block}) {
      const Table t(w.path, mode);
      EXPECT_EQ(t.header().game, "testgame");
      EXPECT_EQ(t.header().layer, 3u);
      EXPECT_EQ(t.header().entry_count, w.values.size());
      for (std::uint64_t i = 0; i < w.values.size(); ++i)
        ASSERT_EQ(t.entry(i), w.values[i]) << bits << " " << i;
      EXPECT_THROW(t.entry(w.values.size()), tbreader::Error);
      EXPECT_NO_THROW(t.verify_all());
    }
    // Bounded, each probe in another block than the one before: after the first pass every
    // probe is a hit that copies its entry's bytes alone out of the cache.
    tbgen::BlockCache cache(std::uint64_t{1} << 20);
    const Table t(w.path, tbreader::CacheMode::bounded, &cache);
    for (int pass = 0; pass < 2; ++pass)
      for (std::uint64_t k = 0; k < w.values.size(); ++k) {
        const std::uint64_t i = k * 7919 % w.values.size();
        ASSERT_EQ(t.entry(i), w.values[i]) << bits << " " << i << " pass " << pass;
      }
  }
}

// A bounded cache far smaller than the table: four threads read random entries, each right,
// while blocks are dropped and decoded again; the cache never holds more than its budget.
TEST(TableFile, BoundedCacheAnswersWithinItsBudget) {
  const auto dir = tbgen::testing::fresh_directory("bounded");
  const auto w = write_random_table(dir, 16, 200'000, 10, 2);  // 196 blocks of 2 KiB
  constexpr std::uint64_t kBudget = 16 * 3 * 2048;             // three blocks a shard
  tbgen::BlockCache cache(kBudget);
  const Table t(w.path, tbreader::CacheMode::bounded, &cache);
  std::atomic<std::uint64_t> wrong{0}, over_budget{0};
  std::vector<std::thread> readers;
  for (unsigned r = 0; r < 4; ++r)
    readers.emplace_back([&, r] {
      std::mt19937_64 rng(r);
      for (int n = 0; n < 20'000; ++n) {
        const std::uint64_t i = rng() % w.values.size();
        wrong += t.entry(i) != w.values[i];
        over_budget += cache.bytes() > kBudget;
      }
    });
  for (auto& r : readers) r.join();
  EXPECT_EQ(wrong.load(), 0u);
  EXPECT_EQ(over_budget.load(), 0u);
  EXPECT_GT(cache.bytes(), kBudget / 2);
  EXPECT_THROW(Table(w.path, tbreader::CacheMode::bounded), std::logic_error);
}

// The cache alone, against what it was given: every block found is the one inserted under its
// key (the open-addressing table moves blocks as others are dropped), a block just inserted is
// found, the budget holds, and a block used between any two inserts is never dropped (CLOCK
// passes over a marked block; it could drop one only if every block of its shard had been used
// since the hand last passed, which this run's mix of keys never makes).
TEST(TableFile, BlockCacheKeepsItsBlocksAndItsBudget) {
  constexpr std::uint64_t kBudget = 16 * 8000;
  tbgen::BlockCache cache(kBudget);
  const auto size_of = [](std::uint64_t key) { return 1 + key % 700; };  // one to three chunks
  // The bytes of the block of `key` from byte `from` (each byte tells its place).
  const auto bytes_of = [&](std::uint64_t key, std::size_t from, std::size_t size) {
    std::vector<std::uint8_t> block(size);
    for (std::size_t i = 0; i < size; ++i)
      block[i] = static_cast<std::uint8_t>(key * 31 + from + i);
    return block;
  };
  const auto insert = [&](std::uint64_t key) { cache.insert(key, bytes_of(key, 0, size_of(key))); };
  const auto right = [&](const std::vector<std::uint8_t>& out, std::uint64_t key) {
    return out == bytes_of(key, 0, size_of(key));
  };
  const auto holds = [&](std::uint64_t key) {
    std::vector<std::uint8_t> out(size_of(key));
    return cache.copy(key, 0, out) && right(out, key);
  };
  constexpr std::uint64_t kHot = 1 << 20;
  insert(kHot);
  std::mt19937_64 rng(5);
  std::uint64_t hits = 0, wrong = 0, lost = 0, hot_dropped = 0, over_budget = 0;
  for (int n = 0; n < 200'000; ++n) {
    const std::uint64_t key = 1 + rng() % 5000;
    std::vector<std::uint8_t> found(size_of(key));
    if (cache.copy(key, 0, found)) {
      ++hits;
      wrong += !right(found, key);
      // Any part of it, across the chunks' ends too.
      const std::size_t from = rng() % size_of(key);
      std::vector<std::uint8_t> part(1 + rng() % (size_of(key) - from));
      wrong += !cache.copy(key, from, part) || part != bytes_of(key, from, part.size());
      continue;
    }
    insert(key);
    lost += !holds(key);
    hot_dropped += !holds(kHot);
    over_budget += cache.bytes() > kBudget;
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(lost, 0u);
  EXPECT_EQ(hot_dropped, 0u);
  EXPECT_EQ(over_budget, 0u);
  EXPECT_GT(hits, 5'000u);  // the budget holds about 4% of the keys' blocks with their overhead
  EXPECT_LT(hits, 15'000u);
}

TEST(TableFile, RoundTripsBase3Digits) {
  const auto dir = tbgen::testing::fresh_directory("base3");
  std::mt19937_64 rng(3);
  for (const std::uint64_t entries : {1ull, 4ull, 5ull, 6ull, 1024ull, 10'007ull}) {
    std::vector<std::uint8_t> values(entries);
    for (auto& v : values) v = rng() % 7 == 0 ? static_cast<std::uint8_t>(rng() % 3) : 1;
    tbgen::format::Header h;
    h.game = "testgame";
    h.entry_bits = 2;
    h.entry_radix = tbgen::format::kTernary;
    h.entry_count = entries;
    const auto path = dir / "t3.tb";
    tbgen::write_table(path, h,
                       [&](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
                         for (std::uint64_t i = 0; i < count; i += 5)
                           out[i / 5] = tbgen::format::pack_trits(
                               values.data() + first + i,
                               static_cast<std::uint32_t>(std::min<std::uint64_t>(5, count - i)));
                       },
                       {.block_entries_log2 = 8, .zstd_level = 3, .threads = 2});
    const Table t(path, tbreader::CacheMode::decoded);
    EXPECT_EQ(t.header().entry_radix, 3u);
    EXPECT_EQ(t.header().block_raw_bytes(0), (std::min<std::uint64_t>(entries, 256) + 4) / 5);
    for (std::uint64_t i = 0; i < entries; ++i) ASSERT_EQ(t.entry(i), values[i]) << i;
    EXPECT_NO_THROW(t.verify_all());
  }
}

TEST(TableFile, SameBytesForAnyThreadCount) {
  const auto a = tbgen::testing::fresh_directory("threads-a");
  const auto b = tbgen::testing::fresh_directory("threads-b");
  const auto one = write_random_table(a, 2, 300'000, 12, 1);
  const auto many = write_random_table(b, 2, 300'000, 12, 8);
  EXPECT_EQ(read_file(one.path), read_file(many.path));
}

TEST(TableFile, NoTemporaryFileIsLeftBehind) {
  const auto dir = tbgen::testing::fresh_directory("tmpfiles");
  write_random_table(dir, 8, 1000, 8, 2);
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path().filename());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0], "t8.tb");
}

// Every single flipped byte is caught by verify, and a probe never returns a wrong value:
// it is refused at open, throws, or (for a block the damage does not touch) answers right.
TEST(TableFile, EveryFlippedByteIsCaught) {
  const auto dir = tbgen::testing::fresh_directory("flip");
  const auto w = write_random_table(dir, 4, 3000, 9, 1);
  const auto original = read_file(w.path);
  const auto damaged_path = dir / "damaged.tb";
  for (std::size_t pos = 0; pos < original.size(); ++pos) {
    auto bytes = original;
    bytes[pos] = static_cast<char>(bytes[pos] ^ (1 << (pos % 8)));
    write_file(damaged_path, bytes);
    std::unique_ptr<Table> t;
    try {
      t = std::make_unique<Table>(damaged_path, tbreader::CacheMode::single_block);
    } catch (const tbreader::Error& e) {
      EXPECT_NE(std::string(e.what()).find("damaged.tb"), std::string::npos) << e.what();
      continue;
    }
    EXPECT_THROW(t->verify_all(), tbreader::Error) << "byte " << pos;
    for (std::uint64_t i = 0; i < w.values.size(); ++i) {
      try {
        ASSERT_EQ(t->entry(i), w.values[i]) << "byte " << pos << " entry " << i;
      } catch (const tbreader::Error&) {
      }
    }
  }
}

TEST(TableFile, EveryTruncationIsRefused) {
  const auto dir = tbgen::testing::fresh_directory("truncate");
  const auto w = write_random_table(dir, 8, 2000, 8, 1);
  const auto original = read_file(w.path);
  for (std::size_t size = 0; size < original.size(); ++size) {
    write_file(w.path, {original.begin(), original.begin() + static_cast<std::ptrdiff_t>(size)});
    EXPECT_THROW(Table(w.path, tbreader::CacheMode::decoded), tbreader::Error) << size;
  }
  auto longer = original;
  longer.push_back(0);
  write_file(w.path, longer);
  EXPECT_THROW(Table(w.path, tbreader::CacheMode::decoded), tbreader::Error);
}

void expect_refused(const fs::path& path, const std::string& message) {
  try {
    Table t(path, tbreader::CacheMode::decoded);
    ADD_FAILURE() << "accepted " << path;
  } catch (const tbreader::Error& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
}

// Re-seals a header after an edit so that only the edited field is wrong.
void reseal_header(std::vector<char>& bytes) {
  const auto sum = tbgen::xxh3(bytes.data(), 248);
  tbgen::format::store_u64(reinterpret_cast<std::uint8_t*>(bytes.data()) + 248, sum);
}

TEST(TableFile, ForeignWrongVersionAndReservedFieldsAreRefused) {
  const auto dir = tbgen::testing::fresh_directory("foreign");
  const auto w = write_random_table(dir, 8, 1000, 8, 1);
  const auto original = read_file(w.path);

  auto foreign = original;
  foreign[0] = 'X';
  write_file(w.path, foreign);
  expect_refused(w.path, "not a tbgen table");

  // Version 3 had no dictionary nor frames: its files are refused in one line, never read.
  auto version = original;
  version[8] = 3;
  reseal_header(version);
  write_file(w.path, version);
  expect_refused(w.path, "format version 3, this reader reads version 4: rebuild the table");

  auto frames = original;
  frames[204] = 4;  // at most 2^3 frames a block
  reseal_header(frames);
  write_file(w.path, frames);
  expect_refused(w.path, "frames a block out of range");

  auto radix = original;
  radix[200] = 3;  // base-3 packing is for 2-bit entries only
  reseal_header(radix);
  write_file(w.path, radix);
  expect_refused(w.path, "invalid entry radix 3 for 8-bit entries");

  for (const std::size_t byte : {212, 230}) {
    auto reserved = original;
    reserved[byte] = 1;
    reseal_header(reserved);
    write_file(w.path, reserved);
    expect_refused(w.path, "reserved header byte " + std::to_string(byte));
  }

  write_file(w.path, std::vector<char>(500, 'a'));
  expect_refused(w.path, "not a tbgen table");
}

// A table compressed with a trained dictionary, in two frames a block (as the layers of large
// family members are): every entry read back in every cache mode, a bounded cache decoding
// single frames; the same bytes for any thread count; a damaged dictionary refused.
TEST(TableFile, DictionaryAndFramesRoundTrip) {
  const auto dir = tbgen::testing::fresh_directory("dictionary");
  for (const std::uint32_t radix : {0u, tbgen::format::kTernary}) {
    // Codes 0..2 in runs drawn from a few motifs, as a game's values are: something to learn.
    constexpr std::uint64_t kEntries = 3'000'001;  // the last block partial
    std::mt19937_64 rng(radix);
    std::vector<std::uint64_t> values;
    while (values.size() < kEntries) {
      const std::uint64_t motif = rng() % 8, length = 1 + rng() % 300;
      for (std::uint64_t k = 0; k < length && values.size() < kEntries; ++k)
        values.push_back((motif * k / 7 + motif) % 3);
    }
    tbgen::format::Header h;
    h.game = "testgame";
    h.entry_bits = 2;
    h.entry_radix = radix;
    h.entry_count = kEntries;
    const tbgen::EntryProducer produce = [&](std::uint64_t first, std::uint64_t count,
                                             std::uint8_t* out) {
      for (std::uint64_t e = 0; e < count; ++e) {
        if (radix == 0) {
          tbgen::pack_entry(out, e, 2, values[first + e]);
        } else if (e % 5 == 0) {
          std::uint8_t digits[5] = {};
          const std::uint64_t n = std::min<std::uint64_t>(5, count - e);
          for (std::uint64_t d = 0; d < n; ++d)
            digits[d] = static_cast<std::uint8_t>(values[first + e + d]);
          out[e / 5] = tbgen::format::pack_trits(digits, static_cast<std::uint32_t>(n));
        }
      }
    };
    tbgen::WriteOptions options{.block_entries_log2 = 12,
                                .zstd_level = 3,
                                .two_frames_from = 1,
                                .dictionary_capacity = 4096};
    const auto path = dir / ("radix" + std::to_string(radix) + ".tb");
    const std::uint64_t checksum = tbgen::write_table(path, h, produce, options);
    options.threads = 2;
    EXPECT_EQ(tbgen::write_table(dir / "again.tb", h, produce, options), checksum);

    tbgen::BlockCache cache(64 * 1024);
    const Table decoded(path, tbreader::CacheMode::decoded);
    const Table single(path, tbreader::CacheMode::single_block);
    const Table bounded(path, tbreader::CacheMode::bounded, &cache);
    EXPECT_EQ(decoded.header().frames_log2, 1u);
    EXPECT_GT(decoded.header().dictionary_size, 1000u);
    EXPECT_LE(decoded.header().dictionary_size, 4096u);
    EXPECT_NO_THROW(decoded.verify_all());
    for (std::uint64_t i = 0; i < kEntries; i += 1 + i % 7) {
      ASSERT_EQ(decoded.entry(i), values[i]) << i;
      ASSERT_EQ(single.entry(i), values[i]) << i;
      ASSERT_EQ(bounded.entry(i), values[i]) << i;
    }
    EXPECT_EQ(single.entry(kEntries - 1), values.back());

    auto damaged = read_file(path);
    const std::uint64_t blocks = decoded.header().block_count;
    damaged[256 + 16 * blocks + 100] ^= 1;  // a byte of the dictionary
    write_file(path, damaged);
    expect_refused(path, "dictionary checksum mismatch");
  }
}

// Every board of score3 with two marks of each side, and its value (score3's table of layer 4).
std::vector<std::pair<std::string, std::string>> score3_layer4(const tbreader::Game& score3) {
  std::vector<std::pair<std::string, std::string>> out;
  for (int idx = 0; idx < 19683; ++idx) {
    std::string board;
    for (int i = 0, rest = idx; i < 9; ++i, rest /= 3) board += ".XO"[rest % 3];
    if (std::count(board.begin(), board.end(), 'X') != 2 ||
        std::count(board.begin(), board.end(), 'O') != 2)
      continue;
    out.emplace_back(board, score3.value(std::vector{board}).text);
  }
  return out;
}

// A directory holding score3's tables with `layer4` as the file of layer 4.
fs::path score3_with(const std::string& name, const std::vector<char>& layer4) {
  const auto dir = tbgen::testing::fresh_directory(name);
  for (const auto& e : fs::directory_iterator(tbgen::testing::built_tables("score3")))
    fs::copy_file(e.path(), dir / e.path().filename());
  write_file(dir / "score3-t04.tb", layer4);
  return dir;
}

// A real game table, every byte flipped in turn: each probe of every board is refused or
// right, never wrong; and every truncation is refused.
TEST(TableFile, MutatedScore3TableNeverAnswersWrong) {
  const auto original = read_file(tbgen::testing::built_tables("score3") / "score3-t04.tb");
  const auto boards = score3_layer4(tbreader::Game(tbgen::testing::tablebase("score3"), "score3"));
  ASSERT_GT(boards.size(), 300u);
  const auto dir = score3_with("mutate-score3", original);
  std::uint64_t refused = 0, answered = 0;
  for (std::size_t pos = 0; pos < original.size(); ++pos) {
    auto bytes = original;
    bytes[pos] = static_cast<char>(bytes[pos] ^ 0x5a);
    write_file(dir / "score3-t04.tb", bytes);
    const tbreader::Tablebase tb(dir);
    const tbreader::Game score3(tb, "score3");
    for (std::size_t i = 0; i < boards.size(); i += 7) {
      try {
        ASSERT_EQ(score3.value(std::vector{boards[i].first}).text, boards[i].second)
            << "byte " << pos;
        ++answered;
      } catch (const tbreader::Error& e) {
        ASSERT_NE(std::string(e.what()).find("score3-t04.tb"), std::string::npos) << e.what();
        ++refused;
      }
    }
  }
  EXPECT_GT(refused, 0u);
  for (std::size_t size = 0; size < original.size(); size += 13) {
    write_file(dir / "score3-t04.tb",
               {original.begin(), original.begin() + static_cast<std::ptrdiff_t>(size)});
    const tbreader::Tablebase tb(dir);
    EXPECT_THROW(tbreader::Game(tb, "score3").value(std::vector{boards[0].first}), tbreader::Error)
        << size;
  }
}

// A table of another game under a game's name is refused, naming the file.
TEST(TableFile, TableOfAnotherGameIsRefused) {
  const auto dir = score3_with("foreign-game",
                               read_file(tbgen::testing::built_tables("surreal3") / "surreal3.tb"));
  const tbreader::Tablebase tb(dir);
  try {
    tbreader::Game(tb, "score3").value(std::vector<std::string>{"XX.OO...."});
    ADD_FAILURE() << "a surreal3 table answered a score3 probe";
  } catch (const tbreader::Error& e) {
    EXPECT_NE(std::string(e.what()).find("score3-t04.tb: holds a table of game 'surreal3'"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
