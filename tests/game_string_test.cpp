// Game strings: parsing, keys and their errors, and the canonical form through the public API.
#include "core/game_string.hpp"

#include <gtest/gtest.h>

#include "tbreader/tbreader.hpp"

namespace {

std::string error_of(std::string_view text) {
  try {
    tbreader::canonical(text);
  } catch (const tbreader::GameError& e) {
    return e.what();
  }
  return "";
}

TEST(GameString, ParsesNameAndKeysInAnyOrder) {
  const tbgen::GameString g("fam(b=2,a=x_1)");
  EXPECT_EQ(g.name(), "fam");
  EXPECT_EQ(g.choice("a", {"x_1", "y"}, "y"), "x_1");
  EXPECT_EQ(g.integer("b", 1, 3, 1), 2);
  EXPECT_EQ(g.integer("c", 1, 3, 3), 3);  // absent: the fallback
  EXPECT_NO_THROW(g.refuse_unread());
}

TEST(GameString, MalformedStringsNameTheColumn) {
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"", "missing game"},
           {"(a=1)", "column 1: expected a game name"},
           {"nim3(", "column 6: expected a key"},
           {"nim3(max_pile)", "column 14: expected '=' after the key 'max_pile'"},
           {"nim3(max_pile=)", "column 15: expected a value for the key 'max_pile'"},
           {"nim3(max_pile=3", "column 16: expected ',' or ')'"},
           {"nim3(max_pile=3;", "column 16: expected ',' or ')', found ';'"},
           {"nim3(max_pile=3)x", "column 17: unexpected text after ')'"},
           {"nim3(max_pile=3,max_pile=4)", "the key 'max_pile' is given twice"},
           {"nim3 (max_pile=3)", "column 5: unexpected ' ' after the game name"},
       }) {
    EXPECT_NE(error_of(text).find(message), std::string::npos) << text << ": " << error_of(text);
  }
}

TEST(GameString, KeysAreCheckedByTheGame) {
  EXPECT_NE(error_of("chess").find("unknown game 'chess'"), std::string::npos);
  EXPECT_NE(error_of("nim3(max_pile=9)").find("max_pile must be an integer in [1, 7], found '9'"),
            std::string::npos);
  EXPECT_NE(error_of("nim3(size=3)").find("unknown key 'size' (nim3 takes max_pile)"),
            std::string::npos);
  EXPECT_NE(error_of("score3(k=3)").find("unknown key 'k' (score3 takes no keys)"),
            std::string::npos);
}

TEST(GameString, CanonicalForms) {
  EXPECT_EQ(tbreader::canonical("score3"), "score3");
  EXPECT_EQ(tbreader::canonical("score3()"), "score3");
  EXPECT_EQ(tbreader::canonical("nim3"), "nim3");
  EXPECT_EQ(tbreader::canonical("nim3(max_pile=4)"), "nim3(max_pile=4)");
}

TEST(GameString, EveryListedGameIsKnown) {
  ASSERT_EQ(tbreader::games().size(), 15u);  // five seed games, ten families
  for (const auto& g : tbreader::games()) {
    // A family's entry is an example member; its canonical form spells out every key.
    const std::string canonical = tbreader::canonical(g.id);
    EXPECT_EQ(g.family ? tbreader::canonical(canonical) : canonical, g.family ? canonical : g.id);
  }
}

TEST(GameString, FamilyMembersAreCanonicalAndCheckTheirKeys) {
  EXPECT_EQ(tbreader::canonical("mnk(k=4,rows=5,cols=5)"),
            "mnk(cols=5,rows=5,k=4,p=1,q=1,value=outcome,first=X)");
  EXPECT_EQ(tbreader::canonical("mnk(cols=4,rows=4,k=4,p=2,q=1)"),
            "mnk(cols=4,rows=4,k=4,p=2,q=1,value=outcome,first=X)");
  EXPECT_EQ(
      tbreader::canonical("lines(cols=5,rows=5,threshold=4,p=2,turns=11,fill=second,first=O)"),
      "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,value=outcome,"
      "first=O)");
  EXPECT_EQ(
      tbreader::canonical("lines(cols=4,rows=3)"),
      "lines(cols=4,rows=3,len=3,threshold=3,p=1,q=1,turns=12,fill=none,value=outcome,first=X)");
  // connect lists every key, misere among them (it was one from the start).
  EXPECT_EQ(tbreader::canonical("connect()"),
            "connect(cols=7,rows=6,k=4,value=outcome,first=X,misere=0)");
  EXPECT_EQ(tbreader::canonical("connect(misere=1,rows=4,cols=5,value=speed)"),
            "connect(cols=5,rows=4,k=4,value=speed,first=X,misere=1)");
  const std::pair<const char*, const char*> refused[] = {
      {"mnk(cols=5,rows=5)", "missing key 'k'"},
      {"mnk(cols=5,rows=5,k=6)", "k must be an integer in [2, 5], found '6'"},
      {"mnk(cols=7,rows=5,k=4)", "cols x rows must be at most 32 cells, found 7x5 = 35"},
      {"mnk(cols=3,rows=3,k=3,value=margin)", "value must be one of outcome, speed"},
      {"mnk(cols=3,rows=3,k=3,len=3)", "unknown key 'len'"},
      {"lines(cols=3,rows=3,turns=10)", "turns must be an integer in [1, 9], found '10'"},
      {"lines(cols=3,rows=3,threshold=4)", "threshold must be an integer in [1, 3]"},
      {"lines(cols=3,rows=3,fill=both)", "fill must be one of none, first, second"},
      {"mnk(cols=3,rows=3,k=3,first=Y)", "first must be one of X, O"},
      {"connect(cols=8,rows=8)", "cols x (rows + 1) must be at most 64, found 8 x 9"},
      {"connect(rows=17)", "rows must be an integer in [1, 16], found '17'"},
      {"connect(misere=2)", "misere must be an integer in [0, 1], found '2'"},
      {"connect(p=2)", "unknown key 'p'"},
  };
  for (const auto& [game, message] : refused) {
    try {
      (void)tbreader::canonical(game);
      ADD_FAILURE() << game << " accepted";
    } catch (const tbreader::GameError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
}

}  // namespace
