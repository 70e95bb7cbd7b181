// Morris as a structure of the cyclic engine on small members, every group in order: each
// position's code agrees with its turns one ply on (the deep check), equivalent positions agree,
// and the layout numbers every position of a sector exactly once up to symmetry.
#include "family/morris/morris_structure.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "core/game_string.hpp"

namespace tbgen::morris {
namespace {

class Tables : public retrograde::Solved {
 public:
  const distance::Code* codes_of(int part) const override { return codes.at(part).data(); }
  std::map<int, retrograde::Codes> codes;
};

Tables solve_all(const MorrisStructure& structure) {
  Tables t;
  for (const auto& group : structure.groups()) {
    auto codes = retrograde::solve_group(structure, t, group, {.threads = 2});
    for (std::size_t i = 0; i < group.size(); ++i) t.codes[group[i]] = std::move(codes[i]);
  }
  return t;
}

class MorrisMembers : public ::testing::TestWithParam<const char*> {};

TEST_P(MorrisMembers, EveryCodeAgreesWithItsTurns) {
  const MorrisStructure structure(rules_of(GameString(GetParam())));
  const Layout& layout = structure.layout();
  const Tables t = solve_all(structure);
  std::uint64_t positions = 0, wins = 0, draws = 0;
  for (const auto& [part, codes] : t.codes)
    for (std::uint64_t e = 0; e < codes.size(); ++e) {
      const Position p = layout.position(structure.sector(part), e);
      ASSERT_EQ(codes[e],
                retrograde::one_ply(structure, part, p,
                                    [&](int to, std::uint64_t k) { return t.code(to, k); }))
          << GetParam() << " " << structure.table_name(part) << " entry " << e;
      for (std::uint64_t other : layout.equivalent_entries(p)) ASSERT_EQ(codes[other], codes[e]);
      ++positions;
      wins += distance::mover_wins(codes[e]);
      draws += !distance::decided(codes[e]);
    }
  std::cout << GetParam() << ": " << positions << " entries, " << wins << " won, " << draws
            << " drawn\n";
  EXPECT_GT(wins, 0u);
}

INSTANTIATE_TEST_SUITE_P(Members, MorrisMembers,
                         ::testing::Values("morris(board=six,pieces=3)",
                                           "morris(board=six,pieces=3,fly=0)",
                                           "morris(board=six,pieces=4)",
                                           "morris(board=six,pieces=4,fly=0,lasker=1)",
                                           "morris(board=nine,pieces=3,fly=0)"));

TEST(MorrisLayout, EntriesCoverEveryPositionOfASector) {
  const Layout layout(rules_of(GameString("morris(board=six,pieces=4)")));
  const Sector s{4, 3, 0, 0};
  std::vector<bool> seen(layout.entries(s), false);
  std::vector<Points> fours, threes;
  for (Points set = 0; set < Points{1} << 16; ++set) {
    if (std::popcount(set) == 4) fours.push_back(set);
    if (std::popcount(set) == 3) threes.push_back(set);
  }
  for (Points mine : fours) {
    for (Points theirs : threes) {
      if (mine & theirs) continue;
      const Position p{mine, theirs, 0, 0};
      const std::uint64_t e = layout.entry(p);
      ASSERT_LT(e, seen.size());
      seen[e] = true;
      const Position back = layout.position(s, e);
      bool image = false;  // the entry's position is an image of p under the 16 symmetries
      for (int g = 0; g < 16; ++g)
        image = image || (layout.rules().board->map(mine, g) == back.mine &&
                          layout.rules().board->map(theirs, g) == back.theirs);
      ASSERT_TRUE(image);
    }
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), false), 0);
}

}  // namespace
}  // namespace tbgen::morris
