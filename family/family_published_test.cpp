// The seed games against their member strings, and SPEC 6's published values and reachable
// position counts: these read the suite's double5 tables, as the seed and relabelled as its
// member (the same generator since double5's own solver was retired, so here it checks the
// seed's name, files and refusals; games/double5/double5_table_test checks its values against an
// independent search), and build the 4x4 and 5x4 members, so they run with the full tables, not
// under the sanitizers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "family/family_game.hpp"
#include "format/checksum.hpp"
#include "format/table_file.hpp"
#include "reference/family_minimax.hpp"

namespace {

using namespace tbgen::testing;

// The seed games' tables as the suite's `tbgen build all` wrote them (TBGEN_TEST_TABLES, set
// by CTest), else built here.
const tbreader::Tablebase& seed_tables(const std::string& seed) {
  static const char* dir = std::getenv("TBGEN_TEST_TABLES");
  if (!dir) return tablebase(seed);
  static const tbreader::Tablebase all(dir);
  return all;
}

// The seed's tables as the member's: each file under the member's name with the member's game
// string in its header (the header's and the file's checksums made again), as a build of the
// member writes them: the seed is the member under its own name (double5_rules, score3's
// likewise), so a second build of double5 would give the same entries.
std::filesystem::path relabelled(const std::string& seed, const std::string& member) {
  const char* suite = std::getenv("TBGEN_TEST_TABLES");
  const std::filesystem::path from = suite ? suite : built_tables(seed);
  const auto dir = fresh_directory("relabelled-" + seed);
  const auto rules = tbgen::family_rules(tbgen::GameString(member));
  for (const auto& file : std::filesystem::directory_iterator(from)) {
    if (file.path().filename().string().rfind(seed + "-", 0) != 0) continue;
    std::ifstream in(file.path(), std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    auto header = tbgen::format::decode_header(bytes, file.path().string());
    header.game = rules->canonical;
    const auto head = tbgen::format::encode_header(header);
    std::copy(head.begin(), head.end(), bytes.begin());
    const std::size_t body = bytes.size() - tbgen::format::kTrailerSize;
    tbgen::format::store_u64(bytes.data() + body, tbgen::xxh3(bytes.data(), body));
    std::ofstream(
        dir / (tbgen::family::layer_table_name(*rules, rules->layer_letter, header.layer) + ".tb"),
        std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  }
  return dir;
}

// The seed games are members: every board of score3 (3^9) and random boards of every double5
// round answer exactly as their member strings do, and the same boards are refused.
TEST(FamilySeeds, Score3AndDouble5AnswerAsTheirMembers) {
  const std::pair<const char*, const char*> seeds[] = {
      {"score3", "mnk(cols=3,rows=3,k=3,value=speed)"},
      {"double5", "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)"}};
  for (const auto& [seed, member] : seeds) {
    std::vector<std::string> boards;
    if (std::string(seed) == "score3") {
      for (int b = 0; b < 19683; ++b) {
        std::string t;
        for (int i = 0, v = b; i < 9; ++i, v /= 3) t += ".XO"[v % 3];
        boards.push_back(t);
      }
    } else {  // every count of marks, in random cells: 12 rounds' counts and many refused
      std::mt19937_64 rng(4);
      for (int n = 0; n < 2000; ++n) {
        std::string t(25, '.');
        const int no = static_cast<int>(rng() % 14), nx = static_cast<int>(rng() % 12);
        for (int i = 0; i < no + nx; ++i) t[rng() % 25] = i < no ? 'O' : 'X';
        boards.push_back(t);
      }
    }
    const tbreader::Game a(seed_tables(seed), seed);
    const tbreader::Tablebase member_tables(relabelled(seed, member));
    const tbreader::Game b(member_tables, member);
    std::size_t answered = 0;
    for (const auto& board : boards) {
      std::string va, vb;
      try {
        va = tbreader::json(a.probe(std::vector{board}));
      } catch (const tbreader::InputError&) {
        va = "refused";
      }
      try {
        vb = tbreader::json(b.probe(std::vector{board}));
      } catch (const tbreader::InputError&) {
        vb = "refused";
      }
      if (vb != "refused") vb.replace(vb.find(b.name()), b.name().size(), seed), ++answered;
      ASSERT_EQ(va, vb) << seed << " " << board;
    }
    EXPECT_GT(answered, std::string(seed) == "score3" ? 5477u : 100u) << seed;
  }
}

// SPEC 6: published values from the empty board and reachable position counts.
TEST(FamilyPublished, ValuesAndPositionCounts) {
  EXPECT_EQ(compare("mnk(cols=3,rows=3,k=3,value=speed)", mnk(3, 3, 3, 1, 1, 's'), false), 5478u);
  EXPECT_EQ(compare("mnk(cols=4,rows=4,k=3)", mnk(4, 4, 3), false), 6036001u);
  EXPECT_EQ(compare("mnk(cols=4,rows=4,k=4)", mnk(4, 4, 4), false), 9722011u);
  const struct {
    const char* game;
    int cells;
    const char* value;
  } published[] = {
      {"mnk(cols=3,rows=3,k=3)", 9, "Draw"},   {"mnk(cols=4,rows=3,k=3)", 12, "X win"},
      {"mnk(cols=4,rows=4,k=3)", 16, "X win"}, {"mnk(cols=4,rows=4,k=4)", 16, "Draw"},
      {"mnk(cols=5,rows=4,k=4)", 20, "Draw"},  {"mnk(cols=3,rows=3,k=3,p=2,q=2)", 9, "X win"},
  };
  for (const auto& [game, cells, value] : published) {
    const tbreader::Game member(tbgen::testing::tablebase(game), game);
    EXPECT_EQ(member.value(std::vector<std::string>{std::string(cells, '.')}).text, value) << game;
  }
}

}  // namespace
