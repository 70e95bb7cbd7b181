// An independent reference solver for Hex, written only from the rules, to check the tablebase.
//
// Negamax over boolean results (Hex has no draws, so "the side to move wins" is the whole answer)
// with a transposition table of proven results, keyed up to symmetry. No rule is a guess: each
// rests on one of these facts about Hex.
//
//  * The Hex theorem: a chain of X (top to bottom) and a chain of O (left to right) cannot both
//    exist, since they would have to cross. So the game never ends in a draw, and who wins is who
//    has a chain once the board is full.
//  * Monotony: an extra mark of one's own never hurts. So a move is never worse than a pass, and
//    a move outside the cells that an opponent's winning line relies on (its carrier) is no
//    better than a pass: the line still wins.
//
// The rules, for the side to move, once it has no win at once:
//  * The opponent threatens to win at two cells: we lose (we can block only one).
//  * The opponent threatens to win at one cell: we must play there.
//  * We have a forcing win (marks that each leave one winning cell, which must be blocked at once,
//    then one that leaves two): we win.
//  * Else our move must lie in the carrier of every winning line the opponent would have if we
//    passed (their forcing wins, and marks after which those have carriers with no common cell).
//  * A dead cell (one whose colour changes the winner of no full board) is never the only win.
// The search also tries the transposition table on every move before searching any
// (a child known to lose for the opponent decides at once).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace hex_reference {

class HexSolver {
 public:
  // table_bits: log2 of the number of transposition-table entries (8 bytes each).
  HexSolver(int cols, int rows, int table_bits = 22)
      : cols_(cols),
        rows_(rows),
        cells_(cols * rows),
        table_(std::size_t{1} << table_bits),
        table_shift_(64 - table_bits) {
    if (cols < 1 || rows < 1 || cells_ > 25) throw std::invalid_argument("hex: 1 to 25 cells");
    board_ = (std::uint32_t{1} << cells_) - 1;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        const std::uint32_t bit = std::uint32_t{1} << (r * cols_ + c);
        if (r == 0) top_ |= bit;
        if (r == rows_ - 1) bottom_ |= bit;
        if (c == 0) left_ |= bit;
        if (c == cols_ - 1) right_ |= bit;
      }
    }
    not_left_ = board_ & ~left_;
    not_right_ = board_ & ~right_;
    // For the dead-cell patterns: each cell's neighbour in each direction, in turn around the
    // cell, is a cell, a side of X (top, bottom) or of O (left, right), or (at the two obtuse
    // corners, beyond both sides at once) nothing either player can use.
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        const std::uint32_t bit = std::uint32_t{1} << (r * cols_ + c);
        for (int d = 0; d < 6; ++d) {
          const int nr = r + kAround[d][0], nc = c + kAround[d][1];
          const bool off_row = nr < 0 || nr >= rows_, off_col = nc < 0 || nc >= cols_;
          if (!off_row && !off_col) {
            on_board_[d] |= bit;
          } else if (!off_col) {
            side_x_[d] |= bit;
          } else if (!off_row) {
            side_o_[d] |= bit;
          }
        }
      }
    }
    for (int byte = 0; byte < 256; ++byte) {
      for (int b = 0; b < 8; ++b) {
        if (byte >> b & 1) reverse_byte_[byte] |= 1 << (7 - b);
      }
    }
    // Transposing a square board maps the hex adjacency onto itself and swaps the players' sides.
    if (cols_ == rows_) {
      for (int part = 0; part < 4; ++part) {
        for (int byte = 0; byte < 256; ++byte) {
          for (int b = 0; b < 8; ++b) {
            const int i = part * 8 + b;
            if ((byte >> b & 1) && i < cells_) {
              transpose_[part][byte] |= std::uint32_t{1} << ((i % cols_) * cols_ + i / cols_);
            }
          }
        }
      }
    }
    // Static move order: cells nearest the centre first (they take part in the most chains).
    for (int i = 0; i < cells_; ++i) order_.push_back(i);
    auto distance = [&](int i) {  // hex distance from the centre, in half cells
      const int dr = 2 * (i / cols_) - (rows_ - 1), dc = 2 * (i % cols_) - (cols_ - 1);
      return std::abs(dr) + std::abs(dc) + std::abs(dr + dc);
    };
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return distance(a) < distance(b); });
  }

  // x, o: masks of cells (bit = row * cols + col). Whether the side to move (X if x_to_move)
  // wins with best play. The position has no chain yet.
  bool to_move_wins(std::uint32_t x, std::uint32_t o, bool x_to_move) {
    return x_to_move ? solve(x, o, true) : solve(o, x, false);
  }

  // Whether the marks of X (is_x: top to bottom) or of O (left to right) hold a chain.
  bool has_chain(std::uint32_t marks, bool is_x) const {
    return (fill(side_a(is_x), marks) & side_b(is_x)) != 0;
  }

  // The number of positions searched so far.
  std::uint64_t nodes() const { return nodes_; }

 private:
  // How many marks a forcing win may take. Longer ones are found by the search itself; on 5x5, 2
  // was the fastest (1 searched twice the positions, 3 spent more on each than it saved).
  static constexpr int kForcingDepth = 2;

  // The cells of a player's marks joined to their first side (a) and to their second side (b),
  // and the cells where a mark would join side a (near_a: on it, or touching a), and side b.
  struct Reach {
    std::uint32_t a, b, near_a, near_b;
  };

  std::uint32_t side_a(bool is_x) const { return is_x ? top_ : left_; }
  std::uint32_t side_b(bool is_x) const { return is_x ? bottom_ : right_; }

  // The six neighbours of a cell in turn around it (row, column offsets); each touches the next.
  static constexpr int kAround[6][2] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}};

  // The cells whose neighbour in direction d (of kAround) is in s.
  std::uint32_t toward(int d, std::uint32_t s) const {
    switch (d) {
      case 0:
        return (s << cols_) & on_board_[0];
      case 1:
        return (s << (cols_ - 1)) & on_board_[1];
      case 2:
        return (s >> 1) & on_board_[2];
      case 3:
        return (s >> cols_) & on_board_[3];
      case 4:
        return (s >> (cols_ - 1)) & on_board_[4];
      default:
        return (s << 1) & on_board_[5];
    }
  }

  // Empty cells that are dead: whatever their colour, no full board changes winner. A cell is
  // dead if, for each player, any two neighbours (or sides) the player could join through it are
  // already joined around it by the player's own marks, so that a chain through it has a way
  // round it. Checked by three patterns around the cell (either colour as P, the other as Q):
  //   P P P P . .    P P P . Q .    P P . Q Q .
  // (in each, the cells P can use form one arc whose inner cells are P, and likewise for Q).
  std::uint32_t dead_cells(std::uint32_t x, std::uint32_t o) const {
    std::array<std::uint32_t, 6> nx, no;
    for (int d = 0; d < 6; ++d) {
      nx[d] = toward(d, x) | side_x_[d];
      no[d] = toward(d, o) | side_o_[d];
    }
    std::uint32_t dead = 0;
    for (int k = 0; k < 6; ++k) {
      for (const auto* p : {&nx, &no}) {
        const auto& q = p == &nx ? no : nx;
        const std::uint32_t two = (*p)[k] & (*p)[(k + 1) % 6];
        dead |= two & (*p)[(k + 2) % 6] & ((*p)[(k + 3) % 6] | q[(k + 4) % 6]);
        dead |= two & q[(k + 3) % 6] & q[(k + 4) % 6];
      }
    }
    return dead & board_ & ~(x | o);
  }

  // Whether s has two or more cells (std::popcount may be a library call without -mpopcnt).
  static bool at_least_two(std::uint32_t s) { return (s & (s - 1)) != 0; }

  // s together with every cell touching s.
  std::uint32_t grow(std::uint32_t s) const {
    std::uint32_t g = s | (s << cols_) | (s >> cols_);
    g |= ((s << 1) | (s >> (cols_ - 1))) & not_left_;   // (r, c+1) and (r-1, c+1)
    g |= ((s >> 1) | (s << (cols_ - 1))) & not_right_;  // (r, c-1) and (r+1, c-1)
    return g & board_;
  }

  // The cells of `within` joined to `seed` inside `within`.
  std::uint32_t fill(std::uint32_t seed, std::uint32_t within) const {
    std::uint32_t s = seed & within;
    for (;;) {
      const std::uint32_t next = grow(s) & within;
      if (next == s) return s;
      s = next;
    }
  }

  Reach reach(std::uint32_t stones, bool is_x) const {
    const std::uint32_t a = fill(side_a(is_x), stones), b = fill(side_b(is_x), stones);
    return {a, b, side_a(is_x) | grow(a), side_b(is_x) | grow(b)};
  }

  // The reach after a new mark m of the player: only a part that m touches grows, and without
  // another flood fill when m touches no other mark of the player's outside that part.
  Reach reach_after(Reach r, std::uint32_t stones_with_m, std::uint32_t m, bool is_x) const {
    const std::uint32_t around = grow(m), others = around & stones_with_m & ~m;
    // The part joined to one side, and the cells near it, with m.
    const auto join = [&](std::uint32_t& part, std::uint32_t& near, std::uint32_t side) {
      if (!(m & near)) return;
      if (others & ~part) {
        part = fill(part | m, stones_with_m);
        near = side | grow(part);
      } else {
        part |= m;
        near |= around;
      }
    };
    join(r.a, r.near_a, side_a(is_x));
    join(r.b, r.near_b, side_b(is_x));
    return r;
  }

  // The empty cells where a mark makes a chain: those touching (or on) both the part joined to
  // side a and the part joined to side b, as a new chain must pass through the new mark.
  static std::uint32_t winning_cells(const Reach& r, std::uint32_t empty) {
    return empty & r.near_a & r.near_b;
  }

  // The empty cells on some chain of the player's that needs at most k (1 to 7) more marks.
  std::uint32_t on_short_chains(std::uint32_t stones, std::uint32_t others, bool is_x,
                                int k) const {
    const std::uint32_t empty = board_ & ~(stones | others);
    // from_a[i]: the cells joined to side a by the player's marks and at most i empty cells.
    std::array<std::uint32_t, 8> from_a, from_b;
    auto layers = [&](std::uint32_t side, std::array<std::uint32_t, 8>& from) {
      from[0] = fill(side, stones);
      for (int i = 1; i <= k; ++i) {
        const std::uint32_t next = empty & (side | grow(from[i - 1]));
        from[i] = fill(from[i - 1] | next, stones | from[i - 1] | next);
      }
    };
    layers(side_a(is_x), from_a);
    layers(side_b(is_x), from_b);
    std::uint32_t cells = 0;
    for (int i = 1; i <= k; ++i) cells |= from_a[i] & from_b[k + 1 - i];
    return cells & empty;
  }

  // Forcing wins of player a (to move) against b: a line of at most `depth` marks of a, each
  // leaving exactly one winning cell (which b must take at once) but the last, which leaves two
  // or more (b can block only one). Returns whether there is one. With `must`, stores there the
  // intersection of their carriers (the empty cells a line relies on); with `uses`, adds to it the
  // union of the carriers of the lines found; without `must`, stops at the first line.
  //
  // b's own threats need no look: every line ends in a chain of a avoiding all of b's marks, so by
  // the Hex theorem b can have had no chain on the way; and a mark of b outside a line's carrier
  // leaves the line working. Missing some lines only makes the results weaker, never wrong.
  bool forcing_win(std::uint32_t a, std::uint32_t b, Reach reach_a, bool a_is_x, int depth,
                   std::uint32_t* must, std::uint32_t* uses) const {
    const std::uint32_t empty = board_ & ~(a | b);
    // Only a mark that extends a part of the reach adds winning cells.
    std::uint32_t candidates = empty & (reach_a.near_a | reach_a.near_b);
    bool found = false;
    if (must) *must = empty;
    for (; candidates; candidates &= candidates - 1) {
      const std::uint32_t m = candidates & -candidates;
      const Reach next = reach_after(reach_a, a | m, m, a_is_x);
      const std::uint32_t wins = winning_cells(next, empty & ~m);
      std::uint32_t carrier;
      if (at_least_two(wins & (wins - 1))) {
        carrier = m;  // all pairs of winning cells are carriers; they have only m in common
        if (uses) *uses |= m | wins;
      } else if (at_least_two(wins)) {
        carrier = m | wins;
        if (uses) *uses |= carrier;
      } else if (wins && depth > 1) {
        std::uint32_t rest = 0, rest_uses = 0;
        if (!forcing_win(a | m, b | wins, next, a_is_x, depth - 1, must ? &rest : nullptr,
                         uses ? &rest_uses : nullptr)) {
          continue;
        }
        carrier = m | wins | rest;
        if (uses) *uses |= m | wins | rest_uses;
      } else {
        continue;
      }
      found = true;
      if (!must) break;
      *must &= carrier;
      if (!*must) break;  // nothing can stop them all: no need to find more
    }
    return found;
  }

  // Our moves that may win (we to move, neither side able to win at once) lie in the carrier of
  // every winning line the opponent would have after a pass of ours. The first kind of line: the
  // opponent's forcing wins. Returns the empty cells in all their carriers.
  std::uint32_t must_play(std::uint32_t me, std::uint32_t opp, bool me_is_x) const {
    std::uint32_t moves = board_ & ~(me | opp);
    forcing_win(opp, me, reach(opp, !me_is_x), !me_is_x, kForcingDepth, &moves, nullptr);
    return moves;
  }

  // The second kind, dearer to find: an opponent mark m after which the carriers of their forcing
  // wins have no cell in common, so whatever we then play misses one of them. Such a line has
  // carrier m plus the union of those carriers. Narrows `moves` (from must_play).
  std::uint32_t must_play_more(std::uint32_t me, std::uint32_t opp, bool me_is_x,
                               std::uint32_t moves) const {
    const bool opp_is_x = !me_is_x;
    const Reach reach_opp = reach(opp, opp_is_x);
    // Trying fewer m only narrows less, never wrongly. Try those on a chain of the opponent's
    // that needs only m and two more marks (on 5x5, allowing three more searched exactly the same
    // positions, only slower).
    for (std::uint32_t rest = on_short_chains(opp, me, opp_is_x, 3); rest && moves;
         rest &= rest - 1) {
      const std::uint32_t m = rest & -rest;
      std::uint32_t must = 0, uses = 0;
      if (forcing_win(opp | m, me, reach_after(reach_opp, opp | m, m, opp_is_x), opp_is_x,
                      kForcingDepth, &must, &uses) &&
          !must) {
        moves &= m | uses;
      }
    }
    return moves;
  }

  // Whether the player to move (owning `me`, X if me_is_x) wins.
  bool solve(std::uint32_t me, std::uint32_t opp, bool me_is_x) {
    ++nodes_;
    const std::uint32_t empty = board_ & ~(me | opp);
    const Reach reach_me = reach(me, me_is_x);
    if (winning_cells(reach_me, empty)) return true;
    const std::uint32_t threats = winning_cells(reach(opp, !me_is_x), empty);
    // Two threats: blocking one leaves the other (and we have no win at once to play first).
    if (at_least_two(threats)) return false;
    const std::uint64_t k = key(me, opp, me_is_x);
    if (const int known = probe(k); known >= 0) return known;
    std::uint32_t moves = threats;  // a single threat must be blocked at once
    bool narrowed = true;
    if (!threats) {
      if (forcing_win(me, opp, reach_me, me_is_x, kForcingDepth, nullptr, nullptr)) {
        return store(k, true);
      }
      moves = must_play(me, opp, me_is_x);
      // Most first tries win; narrow the moves further only once one has failed.
      narrowed = !at_least_two(moves);
    }
    // A dead cell is no better than a pass, and a pass no better than any move (monotony): if
    // one wins, every empty cell wins, so `moves` holds them all, live ones among them (were all
    // empty cells dead, every full board would have the same winner, even the one where the
    // loser takes them all: the winner would have a chain already).
    if (at_least_two(moves)) moves &= ~dead_cells(me_is_x ? me : opp, me_is_x ? opp : me);
    for (std::uint32_t rest = moves; rest; rest &= rest - 1) {  // a child known to be lost?
      const std::uint32_t bit = rest & -rest;
      if (probe(key(opp, me | bit, !me_is_x)) == 0) return store(k, true);
    }
    for (int cell : order_) {
      const std::uint32_t bit = std::uint32_t{1} << cell;
      if (!(moves & bit)) continue;
      if (!solve(opp, me | bit, !me_is_x)) return store(k, true);
      if (!narrowed) {
        moves = must_play_more(me, opp, me_is_x, moves);
        narrowed = true;
      }
    }
    return store(k, false);
  }

  std::uint32_t transpose(std::uint32_t s) const {
    return transpose_[0][s & 255] | transpose_[1][s >> 8 & 255] | transpose_[2][s >> 16 & 255] |
           transpose_[3][s >> 24 & 255];
  }

  // The half turn maps cell i to cell cells-1-i: a bit reversal.
  std::uint32_t half_turn(std::uint32_t s) const {
    const std::uint32_t r = std::uint32_t{reverse_byte_[s & 255]} << 24 |
                            std::uint32_t{reverse_byte_[s >> 8 & 255]} << 16 |
                            std::uint32_t{reverse_byte_[s >> 16 & 255]} << 8 |
                            reverse_byte_[s >> 24];
    return r >> (32 - cells_);
  }

  // A key for the position up to its symmetries: the half turn (it keeps both players' sides)
  // and, on square boards, the transposition (it swaps the players' roles: fold onto X to move).
  std::uint64_t key(std::uint32_t me, std::uint32_t opp, bool me_is_x) const {
    if (cols_ == rows_ && !me_is_x) {
      me = transpose(me);
      opp = transpose(opp);
      me_is_x = true;
    }
    const std::uint64_t a = std::uint64_t{me} << 25 | opp;
    const std::uint64_t b = std::uint64_t{half_turn(me)} << 25 | half_turn(opp);
    return std::min(a, b) | std::uint64_t{me_is_x} << 50;
  }

  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << 51) - 1;
  static constexpr std::uint64_t kValid = std::uint64_t{1} << 51;
  static constexpr std::uint64_t kWin = std::uint64_t{1} << 52;

  // The table: each entry holds its whole key, so that a hit is never wrong; a newer result
  // overwrites an older one. Returns 1 (the side to move wins), 0 (loses) or -1 (not stored).
  int probe(std::uint64_t k) const {
    const std::uint64_t e = table_[index(k)];
    return (e & (kValid | kKeyMask)) == (kValid | k) ? (e & kWin) != 0 : -1;
  }

  bool store(std::uint64_t k, bool win) {
    table_[index(k)] = k | kValid | (win ? kWin : 0);
    return win;
  }

  std::size_t index(std::uint64_t k) const { return (k * 0x9E3779B97F4A7C15ull) >> table_shift_; }

  int cols_, rows_, cells_;
  std::uint32_t board_ = 0, top_ = 0, bottom_ = 0, left_ = 0, right_ = 0;
  std::uint32_t not_left_ = 0, not_right_ = 0;
  std::array<std::uint32_t, 6> on_board_{}, side_x_{}, side_o_{};
  std::array<std::array<std::uint32_t, 256>, 4> transpose_{};
  std::array<std::uint8_t, 256> reverse_byte_{};
  std::vector<int> order_;
  std::vector<std::uint64_t> table_;
  int table_shift_;
  std::uint64_t nodes_ = 0;
};

}  // namespace hex_reference
