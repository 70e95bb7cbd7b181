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
  ASSERT_EQ(tbreader::games().size(), 5u);
  for (const auto& g : tbreader::games()) EXPECT_EQ(tbreader::canonical(g.id), g.id);
}

}  // namespace
