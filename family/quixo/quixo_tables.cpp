// Quixo as a structure of the cyclic engine (generator/structure.hpp): sectors by blanks, a
// group each count of cubes with its colour-swapped twin (a turn that takes an own cube leads
// from m cubes against t to t against m), solved from the full board (no blank) up to the
// empty one; a turn that takes a blank reads the sector with one blank fewer.
#include <optional>
#include <span>

#include "family/family_rules.hpp"
#include "family/quixo/quixo_layout.hpp"
#include "generator/game_tables.hpp"
#include "generator/structure.hpp"

namespace tbgen::quixo {
namespace {

using distance::Code;

class Structure {
 public:
  using Position = quixo::Position;
  explicit Structure(const family::Rules& rules)
      : game_(rules.canonical), layout_(rules.cols, rules.stem) {}

  // The driver's part.
  const std::string& game() const { return game_; }
  int parts() const { return layout_.parts(); }
  std::uint64_t entries(int part) const { return layout_.entries(part); }
  std::uint64_t positions(int part) const { return layout_.positions(part); }
  std::string table_name(int part) const { return layout_.table_name(part); }
  format::Header header(int part) const {
    format::Header h;
    h.index_scheme = kIndexScheme;
    h.value_codec = distance::kCodec;
    h.layer = Layout::layer_of(layout_.counts(part));
    return h;
  }
  std::vector<std::vector<int>> groups() const {
    std::vector<std::vector<int>> out;
    const int n = layout_.board().cells();
    for (int blanks = 0; blanks <= n; ++blanks)
      for (int mine = 0; 2 * mine <= n - blanks; ++mine) {
        const int theirs = n - blanks - mine;
        out.push_back({layout_.part(blanks, mine)});
        if (theirs != mine) out.back().push_back(layout_.part(blanks, theirs));
      }
    return out;
  }
  std::vector<int> reads(std::span<const int> group) const {
    std::vector<int> out;
    for (const int part : group) {
      const Counts& c = layout_.counts(part);
      if (c.blanks > 0) out.push_back(layout_.part(c.blanks - 1, c.theirs));
    }
    return out;
  }
  std::string describe(int part, std::uint64_t entry) const {
    return text(layout_.board(), as_text(layout_.position(part, entry), true));
  }

  // The engine's part.
  struct Walker {
    const Layout* layout;
    int part;
    Position position(std::uint64_t entry) const { return layout->position(part, entry); }
  };
  Walker walker(int part) const { return {&layout_, part}; }
  bool cyclic(std::span<const int> group) const {
    const Counts& c = layout_.counts(group[0]);
    return c.mine + c.theirs > 0;
  }
  std::optional<Code> decided(int, const Position& p) const {
    return over_code(layout_.board(), p);
  }
  template <class Turns>
  bool turns(int, const Position& p, Turns& t) const {
    const Board& b = layout_.board();
    const Cells blanks = b.all() & ~(p.mine | p.theirs);
    for (Cells from = b.rim() & ~p.theirs; from; from &= from - 1) {
      const int cell = __builtin_ctz(from);
      const bool blank = blanks >> cell & 1;
      for (const int i : b.pushes_from(cell)) {
        const Position q = Board::after(p, b.pushes()[i]);
        if (const auto c = decided(0, q)) {
          t.known(*c);
        } else if (blank) {
          t.solved(layout_.part_of(q), layout_.entry(q));
        } else {
          t.inside(true, layout_.part_of(q), [&] { return layout_.least_entry(q); });
        }
      }
    }
    return true;  // a position without a turn has every rim cube the other side's: a line
  }
  template <class Back>
  bool unturns(int, std::uint64_t entry, const Position& c, Back&& back) const {
    // The position's images tell once, through the least of their entries.
    if (layout_.least_entry(c) != entry) return true;
    const Board& b = layout_.board();
    const int part = layout_.part(b.cells() - __builtin_popcount(c.mine | c.theirs),
                                  __builtin_popcount(c.theirs));
    for (Cells to = b.rim() & c.theirs; to; to &= to - 1)
      for (const int i : b.pushes_to(__builtin_ctz(to))) {
        const Position q = Board::before(c, b.pushes()[i]);
        if (over(b, q) == Over::no) back(part, q);
      }
    return true;  // images of one predecessor tell once
  }
  int entries_of(int, const Position& q, std::uint64_t* out) const {
    return layout_.entries_of(q, out);
  }

 private:
  std::string game_;
  Layout layout_;
};

}  // namespace
}  // namespace tbgen::quixo

namespace tbgen {

std::unique_ptr<GameTables> make_quixo_tables(family::Rules rules) {
  return engine_tables(quixo::Structure(rules));
}

}  // namespace tbgen
