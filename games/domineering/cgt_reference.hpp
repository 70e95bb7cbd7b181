#pragma once
// An independent, deliberately plain reference for SPEC 6's domineering and cram, written from
// the textbook definitions to check the canonical-form engine (cgt/) and its tables.
//
// A short partizan game is a tree: a node holds its Left options and its Right options.
//   G <= H  iff  no GL with H <= GL  and  no HR with HR <= G.
//   G = H   iff  G <= H and H <= G.
// The canonical form removes dominated options (a Left option below or equal to another, a Right
// option above or equal to another) and bypasses reversible ones (a Left option GL with some
// GLR <= G is replaced by the Left options of that GLR; a Right option GR with some GRL >= G by
// the Right options of that GRL) until neither applies. Canonical forms are unique, so two equal
// games have the same canonical tree up to the order of options; `cg_key` prints a tree with the
// options of every node sorted, so structural equality is equality of keys.
//
// Boards: cols x rows cells, rows from the top separated by '/', '.' empty, '#' covered; bit
// row * cols + col of a mask is set when that cell is covered. Domineering: Left places a
// vertical domino, Right a horizontal one; cram: either player either. A board's canonical form
// is computed by plain recursion over its moves: no memo across positions, no splitting into
// components (`form_cached` keeps a cache inside one top-level call; the tests use it only
// for the 4x4 and 5x4 published values, every 3x3 and 4x3 board is plain). Sums are checked by a
// plain minimax over the boards themselves (`BoardGame::sum_outcome`), without canonical forms.
// Everything here is std only and slow on purpose: it is the obvious code.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tbgen::testing {

struct CgGame;
using CgPtr = std::shared_ptr<const CgGame>;
struct CgGame {
  std::vector<CgPtr> left, right;
};

inline CgPtr cg_make(std::vector<CgPtr> left, std::vector<CgPtr> right) {
  return std::make_shared<const CgGame>(CgGame{std::move(left), std::move(right)});
}
inline CgPtr cg_zero() {
  return cg_make({}, {});
}

// ---- order ---------------------------------------------------------------------------------

inline bool cg_leq(const CgGame& g, const CgGame& h) {
  for (const auto& gl : g.left)
    if (cg_leq(h, *gl)) return false;
  for (const auto& hr : h.right)
    if (cg_leq(*hr, g)) return false;
  return true;
}
inline bool cg_leq(const CgPtr& g, const CgPtr& h) {
  return cg_leq(*g, *h);
}
inline bool cg_equal(const CgPtr& g, const CgPtr& h) {
  return cg_leq(g, h) && cg_leq(h, g);
}

inline CgPtr cg_negate(const CgPtr& g) {
  std::vector<CgPtr> l, r;
  for (const auto& x : g->right) l.push_back(cg_negate(x));
  for (const auto& x : g->left) r.push_back(cg_negate(x));
  return cg_make(std::move(l), std::move(r));
}

// Outcome class: 'L' Left wins whoever starts, 'R' Right does, 'N' the first player, 'P' the
// second. Left moving first wins iff not G <= 0; Right moving first wins iff not 0 <= G.
inline char cg_outcome(const CgPtr& g) {
  const auto zero = cg_zero();
  const bool ge = cg_leq(zero, g), le = cg_leq(g, zero);
  if (ge && le) return 'P';
  if (ge) return 'L';
  if (le) return 'R';
  return 'N';
}

// ---- canonical form ------------------------------------------------------------------------

// Removes dominated options from one side: a Left option x is dominated when x <= y for another
// Left option y (a Right option when y <= x); of several equal options the first is kept.
inline bool cg_remove_dominated(std::vector<CgPtr>& opts, bool left) {
  std::vector<CgPtr> kept;
  bool changed = false;
  for (std::size_t i = 0; i < opts.size(); ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < opts.size() && !dominated; ++j) {
      if (j == i) continue;
      const auto& x = opts[i];
      const auto& y = opts[j];
      const bool worse = left ? cg_leq(x, y) : cg_leq(y, x);
      if (!worse) continue;
      const bool better_too = left ? cg_leq(y, x) : cg_leq(x, y);  // x and y equal
      if (!better_too || j < i) dominated = true;
    }
    if (dominated)
      changed = true;
    else
      kept.push_back(opts[i]);
  }
  opts = std::move(kept);
  return changed;
}

// The canonical form of {left | right} whose options are canonical already.
inline CgPtr cg_canonical_from_options(std::vector<CgPtr> left, std::vector<CgPtr> right) {
  for (;;) {
    bool changed = cg_remove_dominated(left, true);
    changed = cg_remove_dominated(right, false) || changed;
    const CgGame g{left, right};
    // One reversible option bypassed per round, then the whole check again.
    bool bypassed = false;
    for (std::size_t i = 0; i < left.size() && !bypassed; ++i)
      for (const auto& glr : left[i]->right)
        if (cg_leq(*glr, g)) {
          std::vector<CgPtr> next(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), left.begin() + static_cast<std::ptrdiff_t>(i) + 1, left.end());
          next.insert(next.end(), glr->left.begin(), glr->left.end());
          left = std::move(next);
          bypassed = true;
          break;
        }
    for (std::size_t i = 0; i < right.size() && !bypassed; ++i)
      for (const auto& grl : right[i]->left)
        if (cg_leq(g, *grl)) {
          std::vector<CgPtr> next(right.begin(), right.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), right.begin() + static_cast<std::ptrdiff_t>(i) + 1, right.end());
          next.insert(next.end(), grl->right.begin(), grl->right.end());
          right = std::move(next);
          bypassed = true;
          break;
        }
    if (!changed && !bypassed) return cg_make(std::move(left), std::move(right));
  }
}

// The canonical form of any game tree (options made canonical first).
inline CgPtr cg_canonical(const CgPtr& g) {
  std::vector<CgPtr> l, r;
  for (const auto& x : g->left) l.push_back(cg_canonical(x));
  for (const auto& x : g->right) r.push_back(cg_canonical(x));
  return cg_canonical_from_options(std::move(l), std::move(r));
}

// The canonical form of G + H from canonical G and H: {GL+H, G+HL | GR+H, G+HR}.
inline CgPtr cg_sum(const CgPtr& g, const CgPtr& h) {
  std::vector<CgPtr> l, r;
  for (const auto& x : g->left) l.push_back(cg_sum(x, h));
  for (const auto& x : h->left) l.push_back(cg_sum(g, x));
  for (const auto& x : g->right) r.push_back(cg_sum(x, h));
  for (const auto& x : h->right) r.push_back(cg_sum(g, x));
  return cg_canonical_from_options(std::move(l), std::move(r));
}

// ---- numbers and nimbers -------------------------------------------------------------------

// A dyadic rational num / 2^exp in lowest terms (num odd when exp > 0).
struct Dyadic {
  std::int64_t num = 0;
  int exp = 0;
  friend bool operator==(const Dyadic&, const Dyadic&) = default;
};
inline Dyadic dyadic_reduce(std::int64_t num, int exp) {
  while (exp > 0 && num % 2 == 0) {
    num /= 2;
    --exp;
  }
  return {num, exp};
}
inline std::string dyadic_text(const Dyadic& d) {
  if (d.exp == 0) return std::to_string(d.num);
  return std::to_string(d.num) + "/" + std::to_string(std::int64_t{1} << d.exp);
}

// The canonical tree of a number: 0 = {|}, n = {n-1|}, -n = {|-n+1}, p/2^k = {(p-1)/2^k|(p+1)/2^k}.
inline CgPtr cg_number(Dyadic d) {
  if (d.exp == 0) {
    if (d.num == 0) return cg_zero();
    if (d.num > 0) return cg_make({cg_number({d.num - 1, 0})}, {});
    return cg_make({}, {cg_number({d.num + 1, 0})});
  }
  return cg_make({cg_number(dyadic_reduce(d.num - 1, d.exp))},
                 {cg_number(dyadic_reduce(d.num + 1, d.exp))});
}

// The canonical tree of *k: {0,*1,...,*(k-1) | 0,*1,...,*(k-1)}.
inline CgPtr cg_nimber(int k) {
  std::vector<CgPtr> opts;
  for (int i = 0; i < k; ++i) opts.push_back(cg_nimber(i));
  return cg_make(opts, opts);
}

// Whether a tree IS (structurally) the canonical tree of a number, and which.
inline std::optional<Dyadic> cg_as_number(const CgGame& g) {
  if (g.left.size() > 1 || g.right.size() > 1) return std::nullopt;
  std::optional<Dyadic> l, r;
  if (!g.left.empty() && !(l = cg_as_number(*g.left[0]))) return std::nullopt;
  if (!g.right.empty() && !(r = cg_as_number(*g.right[0]))) return std::nullopt;
  if (!l && !r) return Dyadic{0, 0};
  if (l && !r) {
    if (l->exp == 0 && l->num >= 0) return Dyadic{l->num + 1, 0};
    return std::nullopt;
  }
  if (!l && r) {
    if (r->exp == 0 && r->num <= 0) return Dyadic{r->num - 1, 0};
    return std::nullopt;
  }
  // {a|b} is the canonical p/2^k iff a = (p-1)/2^k and b = (p+1)/2^k with p odd, k >= 1.
  const int k = std::max(l->exp, r->exp) + 1;
  if (k > 60) return std::nullopt;
  const std::int64_t a = l->num << (k - l->exp), b = r->num << (k - r->exp);
  if (b - a != 2) return std::nullopt;
  const std::int64_t p = a + 1;
  if (p % 2 == 0) return std::nullopt;
  return Dyadic{p, k};
}

// Whether a tree IS the canonical tree of a nimber *k with k >= 1, and which.
inline std::optional<int> cg_as_nimber(const CgGame& g) {
  if (g.left.empty() || g.left.size() != g.right.size()) return std::nullopt;
  const int k = static_cast<int>(g.left.size());
  std::vector<bool> seen_l(static_cast<std::size_t>(k)), seen_r(static_cast<std::size_t>(k));
  auto mark = [&](const CgPtr& x, std::vector<bool>& seen) {
    int v;
    if (x->left.empty() && x->right.empty())
      v = 0;
    else if (auto n = cg_as_nimber(*x))
      v = *n;
    else
      return false;
    if (v >= k || seen[static_cast<std::size_t>(v)]) return false;
    seen[static_cast<std::size_t>(v)] = true;
    return true;
  };
  for (const auto& x : g.left)
    if (!mark(x, seen_l)) return std::nullopt;
  for (const auto& x : g.right)
    if (!mark(x, seen_r)) return std::nullopt;
  return k;
}

// ---- printing and parsing the plain grammar ------------------------------------------------
// form := number | '*' digits? | '{' list '|' list '}';  list := (form (',' form)*)?;
// number := '-'? digits ('/' digits)?  (dyadic, lowest terms).

// The plain-grammar text of a tree with the options of every node sorted (as strings): equal
// keys <=> structurally identical trees up to the order of options. Numbers and nimbers print as
// such only when the subtree is exactly their canonical tree; anything else prints in braces.
inline std::string cg_key(const CgGame& g) {
  if (auto n = cg_as_number(g)) return dyadic_text(*n);
  if (auto k = cg_as_nimber(g)) return *k == 1 ? std::string("*") : "*" + std::to_string(*k);
  auto side = [](const std::vector<CgPtr>& opts) {
    std::vector<std::string> texts;
    for (const auto& x : opts) texts.push_back(cg_key(*x));
    std::sort(texts.begin(), texts.end());
    std::string out;
    for (std::size_t i = 0; i < texts.size(); ++i) out += (i ? "," : "") + texts[i];
    return out;
  };
  return "{" + side(g.left) + "|" + side(g.right) + "}";
}
inline std::string cg_key(const CgPtr& g) {
  return cg_key(*g);
}
inline bool cg_same(const CgPtr& g, const CgPtr& h) {
  return cg_key(g) == cg_key(h);
}

// Reads the plain grammar strictly (no spaces; numbers dyadic in lowest terms, no "-0").
// Throws std::invalid_argument naming the offset. With `respell`, the text itself is also
// rewritten with every node's options sorted (the spelling kept: "{|}" stays "{|}"), so the way
// a form is spelled can be compared with cg_key up to the order of options.
class CgParser {
 public:
  explicit CgParser(std::string_view text) : s_(text) {}
  CgPtr parse(std::string* respelled = nullptr) {
    std::string spelled;
    auto g = form(spelled);
    if (i_ != s_.size()) fail("trailing text");
    if (respelled) *respelled = spelled;
    return g;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("form \"" + std::string(s_) + "\": " + what + " at offset " +
                                std::to_string(i_));
  }
  bool digit() const { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; }
  std::int64_t digits() {
    if (!digit()) fail("digit expected");
    if (s_[i_] == '0' && i_ + 1 < s_.size() && s_[i_ + 1] >= '0' && s_[i_ + 1] <= '9')
      fail("leading zero");
    std::int64_t v = 0;
    while (digit()) {
      if (v > (std::int64_t{1} << 50)) fail("number too large");
      v = v * 10 + (s_[i_++] - '0');
    }
    return v;
  }
  CgPtr form(std::string& spelled) {
    const std::size_t start = i_;
    if (i_ >= s_.size()) fail("form expected");
    const char c = s_[i_];
    if (c == '*') {
      ++i_;
      std::int64_t k = 1;
      if (digit()) k = digits();
      if (k > 64) fail("nimber too large");
      spelled = std::string(s_.substr(start, i_ - start));
      return cg_nimber(static_cast<int>(k));
    }
    if (c == '-' || digit()) {
      bool negative = false;
      if (c == '-') {
        negative = true;
        ++i_;
      }
      const std::int64_t num = digits();
      int exp = 0;
      if (i_ < s_.size() && s_[i_] == '/') {
        ++i_;
        const std::int64_t den = digits();
        if (den < 2 || (den & (den - 1)) != 0) fail("denominator not a power of two above 1");
        while ((std::int64_t{1} << exp) != den) ++exp;
        if (num % 2 == 0) fail("fraction not in lowest terms");
      }
      if (negative && num == 0) fail("-0");
      spelled = std::string(s_.substr(start, i_ - start));
      return cg_number({negative ? -num : num, exp});
    }
    if (c != '{') fail("'{', '*', '-' or a digit expected");
    ++i_;
    std::vector<std::string> ls, rs;
    auto l = list(ls);
    if (i_ >= s_.size() || s_[i_] != '|') fail("'|' expected");
    ++i_;
    auto r = list(rs);
    if (i_ >= s_.size() || s_[i_] != '}') fail("'}' expected");
    ++i_;
    auto join = [](std::vector<std::string>& v) {
      std::sort(v.begin(), v.end());
      std::string out;
      for (std::size_t k = 0; k < v.size(); ++k) out += (k ? "," : "") + v[k];
      return out;
    };
    spelled = "{" + join(ls) + "|" + join(rs) + "}";
    return cg_make(std::move(l), std::move(r));
  }
  std::vector<CgPtr> list(std::vector<std::string>& spelled) {
    std::vector<CgPtr> out;
    if (i_ < s_.size() && (s_[i_] == '|' || s_[i_] == '}')) return out;
    for (;;) {
      spelled.emplace_back();
      out.push_back(form(spelled.back()));
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      return out;
    }
  }
  std::string_view s_;
  std::size_t i_ = 0;
};
inline CgPtr cg_parse(std::string_view text, std::string* respelled = nullptr) {
  return CgParser(text).parse(respelled);
}

// ---- boards: domineering and cram ----------------------------------------------------------

struct BoardGame {
  int cols = 0, rows = 0;
  bool cram = false;  // false: domineering

  int cells() const { return cols * rows; }
  std::uint32_t full() const { return cells() == 32 ? ~0u : (1u << cells()) - 1; }

  // '.' empty, '#' covered, rows from the top separated by '/'. Throws std::invalid_argument.
  std::uint32_t parse(std::string_view board) const {
    std::uint32_t covered = 0;
    int r = 0, c = 0;
    for (char ch : board) {
      if (ch == '/') {
        if (c != cols) throw std::invalid_argument("board row of the wrong length");
        ++r;
        c = 0;
        continue;
      }
      if (ch != '.' && ch != '#') throw std::invalid_argument("board character");
      if (r >= rows || c >= cols) throw std::invalid_argument("board too large");
      if (ch == '#') covered |= 1u << (r * cols + c);
      ++c;
    }
    if (r != rows - 1 || c != cols) throw std::invalid_argument("board of the wrong size");
    return covered;
  }
  std::string text(std::uint32_t covered) const {
    std::string out;
    for (int r = 0; r < rows; ++r) {
      if (r) out += '/';
      for (int c = 0; c < cols; ++c) out += (covered >> (r * cols + c) & 1) ? '#' : '.';
    }
    return out;
  }
  std::string cell_name(int cell) const {
    return std::string(1, static_cast<char>('a' + cell % cols)) + std::to_string(cell / cols + 1);
  }

  // Domino placements on empty cells: the two cells, the top (vertical) or left (horizontal)
  // one first.
  std::vector<std::pair<int, int>> placements(std::uint32_t covered, bool vertical) const {
    std::vector<std::pair<int, int>> out;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const int a = r * cols + c;
        const int b = vertical ? a + cols : a + 1;
        if (vertical ? r + 1 >= rows : c + 1 >= cols) continue;
        if ((covered >> a & 1) || (covered >> b & 1)) continue;
        out.emplace_back(a, b);
      }
    return out;
  }
  // A player's moves: Left vertical and Right horizontal in domineering, both in cram.
  std::vector<std::pair<int, int>> moves(std::uint32_t covered, bool left) const {
    if (!cram) return placements(covered, left);
    auto out = placements(covered, true);
    const auto h = placements(covered, false);
    out.insert(out.end(), h.begin(), h.end());
    return out;
  }
  std::string move_name(std::pair<int, int> m) const {
    return cell_name(m.first) + "-" + cell_name(m.second);
  }
  static std::uint32_t after(std::uint32_t covered, std::pair<int, int> m) {
    return covered | (1u << m.first) | (1u << m.second);
  }

  // The canonical form of a board by plain recursion over its moves: each option's canonical
  // form, then cg_canonical_from_options. No decomposition into components. `cache`, when
  // given, keeps the forms met during this one call (boards reached by several orders of moves
  // are then computed once); without it nothing at all is remembered.
  CgPtr form(std::uint32_t covered,
             std::unordered_map<std::uint32_t, CgPtr>* cache = nullptr) const {
    if (cache)
      if (auto it = cache->find(covered); it != cache->end()) return it->second;
    std::vector<CgPtr> l, r;
    for (const auto& m : moves(covered, true)) l.push_back(form(after(covered, m), cache));
    if (cram)
      r = l;  // the same placements: the same option boards
    else
      for (const auto& m : moves(covered, false)) r.push_back(form(after(covered, m), cache));
    auto g = cg_canonical_from_options(std::move(l), std::move(r));
    if (cache) cache->emplace(covered, g);
    return g;
  }
  // One top-level board, with a cache local to this call (dropped when it returns).
  CgPtr form_cached(std::uint32_t covered) const {
    std::unordered_map<std::uint32_t, CgPtr> cache;
    return form(covered, &cache);
  }

  // ---- plain minimax of a sum of boards (no canonical forms) ----
  // Whether the side to move wins a sum of boards (a move is a move in one component; the
  // player who cannot move loses). `memo` remembers results by the sorted components and the
  // side, packed in 64 bits (up to 3 boards of up to 16 cells); it may be shared between calls
  // on the same BoardGame.
  using SumMemo = std::unordered_map<std::uint64_t, bool>;
  bool sum_first_player_wins(std::vector<std::uint32_t> boards, bool left_to_move,
                             SumMemo& memo) const {
    if (boards.size() > 3 || cells() > 16)
      throw std::invalid_argument("sum minimax: at most 3 boards of at most 16 cells");
    std::sort(boards.begin(), boards.end());
    std::uint64_t key = boards.size() * 2 + (left_to_move ? 1 : 0);
    for (auto b : boards) key = key << 16 | b;
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < boards.size() && !wins; ++i)
      for (const auto& m : moves(boards[i], left_to_move)) {
        auto next = boards;
        next[i] = after(boards[i], m);
        if (!sum_first_player_wins(next, !left_to_move, memo)) {
          wins = true;
          break;
        }
      }
    memo.emplace(key, wins);
    return wins;
  }
  // Outcome class of the sum: 'L', 'R', 'N' or 'P'.
  char sum_outcome(const std::vector<std::uint32_t>& boards, SumMemo& memo) const {
    const bool left_first = sum_first_player_wins(boards, true, memo);
    const bool right_first = sum_first_player_wins(boards, false, memo);
    if (left_first && right_first) return 'N';
    if (left_first) return 'L';
    if (right_first) return 'R';
    return 'P';
  }
};

}  // namespace tbgen::testing
