// The class index both ways (tabled, worked out over a range of classes) against the definition
// worked out here by brute force: a set's canonical set is its least image under the group, the
// classes number the canonical sets in increasing order, and the symmetry is the inverse of the
// least that maps the canonical set back onto the set.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/combinatorial.hpp"
#include "core/game_string.hpp"
#include "family/family_game.hpp"
#include "family/family_symmetry.hpp"

namespace {

using tbgen::family::ClassIndex;
using tbgen::family::ClassRange;
using tbgen::family::Symmetry;

std::vector<std::uint32_t> sets_of(int cells, int size) {
  std::vector<std::uint32_t> out;
  for (std::uint64_t r = 0; r < tbgen::combinatorial::binomial(cells, size); ++r)
    out.push_back(tbgen::combinatorial::colex_unrank(r, size));
  return out;
}

// Every set of `size` located by `index` as the definition says; the held classes' sets.
void expect_as_defined(const Symmetry& sym, int size, const ClassIndex& index, ClassRange range,
                       const std::string& what) {
  const auto sets = sets_of(sym.cells(), size);
  std::vector<std::uint32_t> canonical;
  for (const std::uint32_t s : sets) {
    std::uint32_t least = s;
    for (int g = 0; g < sym.size(); ++g) least = std::min(least, sym.apply(g, s));
    if (least == s) canonical.push_back(s);
  }
  ASSERT_EQ(index.classes(), canonical.size()) << what;
  const std::uint64_t first = std::min<std::uint64_t>(range.first, canonical.size());
  const std::uint64_t end = std::min<std::uint64_t>(range.end, canonical.size());
  std::vector<ClassIndex::Place> places(sets.size());
  index.locate(sets, places.data());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const std::uint32_t s = sets[i];
    std::uint32_t least = s;
    for (int g = 0; g < sym.size(); ++g) least = std::min(least, sym.apply(g, s));
    int back = 0;
    while (sym.apply(back, least) != s) ++back;
    const auto cls = static_cast<std::uint64_t>(
        std::lower_bound(canonical.begin(), canonical.end(), least) - canonical.begin());
    const ClassIndex::Place& p = places[i];
    ASSERT_EQ(p.canonical, least) << what << " set " << s;
    ASSERT_EQ(p.symmetry, sym.inverse(back)) << what << " set " << s;
    if (cls >= first && cls < end) {
      ASSERT_EQ(p.cls, cls) << what << " set " << s;
      ASSERT_EQ(index.set(cls), least) << what;
    }
    if (p.cls != ClassIndex::kNotHeld) {
      ASSERT_EQ(p.cls, cls) << what << " set " << s;
    }
    ASSERT_EQ(index.locate(s).cls, p.cls) << what;
    const ClassIndex::Place one = index.locate_one(s);
    ASSERT_EQ(one.cls, p.cls) << what << " set " << s;
    ASSERT_EQ(one.canonical, p.canonical) << what << " set " << s;
    ASSERT_EQ(one.symmetry, p.symmetry) << what << " set " << s;
  }
  for (std::uint64_t cls = first; cls < end; ++cls)
    ASSERT_EQ(index.class_of(canonical[cls]), cls) << what;
  for (const std::uint64_t cls : {first, (first + end) / 2, end})
    ASSERT_EQ(index.set_of_any(cls), cls < canonical.size() ? canonical[cls] : ~0u) << what;
}

TEST(ClassIndex, BothWaysAsDefined) {
  const std::pair<const char*, int> members[] = {
      {"mnk(cols=4,rows=4,k=3)", 16},      // 8 symmetries
      {"mnk(cols=5,rows=4,k=4)", 10},      // 4
      {"lines(cols=4,rows=3,len=4)", 12},  // the board's 4
      {"hex(cols=4)", 8},                  // 2
      {"lines(cols=6,rows=5,len=4)", 4},   // 30 cells: the small sizes
      {"lines(cols=8,rows=4,len=4)", 3},   // 32 cells
  };
  for (const auto& [game, largest] : members) {
    const auto rules = tbgen::family_rules(tbgen::GameString(game));
    ASSERT_TRUE(rules) << game;
    const Symmetry sym(*rules);
    for (int size = 0; size <= largest; ++size) {
      const std::string what = std::string(game) + " size " + std::to_string(size);
      const ClassIndex& whole = sym.classes(size);
      ASSERT_TRUE(whole.tabled()) << what;
      expect_as_defined(sym, size, whole, {}, what + " tabled");
      const std::uint64_t n = whole.classes();
      // A range that is every class is still worked out; so are shares of 1, 3 and n processes.
      expect_as_defined(sym, size, ClassIndex(sym, size, {0, n}, 2), {0, n}, what + " all");
      for (const std::uint64_t parts : {std::uint64_t{3}, n})
        for (std::uint64_t r = 0; r < parts && parts <= 64; ++r) {
          const ClassRange range{n * r / parts, n * (r + 1) / parts};
          const ClassIndex part(sym, size, range, 2);
          ASSERT_FALSE(part.tabled()) << what;
          expect_as_defined(sym, size, part, range,
                            what + " part " + std::to_string(r) + "/" + std::to_string(parts));
        }
    }
  }
}

// A table larger than a core's cache: a set looked up alone is worked out (the bits kept beside
// the table), and agrees with the table on every set of double5's largest sizes (2^22 and more).
TEST(ClassIndex, AloneAsTabled) {
  const auto rules = tbgen::family_rules(tbgen::GameString(
      "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)"));
  ASSERT_TRUE(rules);
  const Symmetry sym(*rules);
  ASSERT_EQ(sym.size(), 32);
  for (const int size : {11, 12}) {
    const ClassIndex& index = sym.classes(size);
    ASSERT_TRUE(index.tabled()) << size;
    const auto sets = sets_of(sym.cells(), size);
    std::vector<ClassIndex::Place> places(sets.size());
    index.locate(sets, places.data());
    for (std::size_t i = 0; i < sets.size(); ++i) {
      const ClassIndex::Place one = index.locate_one(sets[i]);
      ASSERT_EQ(one.cls, places[i].cls) << "size " << size << " set " << sets[i];
      ASSERT_EQ(one.canonical, places[i].canonical) << "size " << size << " set " << sets[i];
      ASSERT_EQ(one.symmetry, places[i].symmetry) << "size " << size << " set " << sets[i];
    }
  }
}

// Burnside's count is the classes found by enumeration, up to 32 cells.
TEST(ClassIndex, CountsAsEnumerated) {
  for (const char* game : {"mnk(cols=5,rows=5,k=4)", "lines(cols=8,rows=4,len=4)",
                           "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11)"}) {
    const auto rules = tbgen::family_rules(tbgen::GameString(game));
    ASSERT_TRUE(rules) << game;
    const Symmetry sym(*rules);
    for (const int size : {0, 1, 5, 7}) {
      std::uint64_t canonical = 0;
      for (const std::uint32_t s : sets_of(sym.cells(), size)) {
        bool least = true;
        for (int g = 1; g < sym.size(); ++g) least = least && sym.apply(g, s) >= s;
        canonical += least;
      }
      EXPECT_EQ(sym.class_count(size), canonical) << game << " size " << size;
    }
  }
}

}  // namespace
