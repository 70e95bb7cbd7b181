// The morris solver on small members, every sector in order: each position's code agrees with
// its turns one ply on (the deep check), equivalent positions agree, and the layout numbers
// every position of a sector exactly once up to symmetry.
#include "family/morris/morris_solver.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "core/game_string.hpp"

namespace tbgen::morris {
namespace {

class Tables : public Solved {
 public:
  const Code* codes_of(const Sector& s) const override { return codes.at(s).data(); }
  std::map<Sector, Codes> codes;
};

Tables solve_all(const Layout& layout) {
  Tables t;
  for (const Sector& s : layout.sectors()) {
    if (t.codes.count(s)) continue;
    auto group = solve_group(layout, t, s, {.threads = 2});
    const auto sides = group_of(layout, s);
    for (std::size_t i = 0; i < sides.size(); ++i) t.codes[sides[i]] = std::move(group[i]);
  }
  return t;
}

class MorrisSolver : public ::testing::TestWithParam<const char*> {};

TEST_P(MorrisSolver, EveryCodeAgreesWithItsTurns) {
  const Layout layout(rules_of(GameString(GetParam())));
  const Tables t = solve_all(layout);
  std::uint64_t positions = 0, wins = 0, draws = 0;
  for (const auto& [s, codes] : t.codes)
    for (std::uint64_t e = 0; e < codes.size(); ++e) {
      const Position p = layout.position(s, e);
      ASSERT_EQ(codes[e], one_ply(layout, t, p))
          << GetParam() << " sector " << s.mine << "," << s.theirs << "," << s.mine_hand << ","
          << s.theirs_hand << " entry " << e;
      for (std::uint64_t other : layout.equivalent_entries(p)) ASSERT_EQ(codes[other], codes[e]);
      ++positions;
      wins += codes[e] && codes[e] % 2 == 0;
      draws += codes[e] == 0;
    }
  std::cout << GetParam() << ": " << positions << " entries, " << wins << " won, " << draws
            << " drawn\n";
  EXPECT_GT(wins, 0u);
}

INSTANTIATE_TEST_SUITE_P(Members, MorrisSolver,
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
