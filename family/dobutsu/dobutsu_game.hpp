#pragma once
// Dobutsu shogi ("Let's Catch the Lion!", SPEC 6): a 3x4 board, each side a lion, a giraffe, an
// elephant and a chick; captured pieces change sides and come back as drops; a chick that
// reaches the last rank is promoted to a hen. Taking the lion wins, and so does a lion that
// reaches its farthest rank where nothing attacks it (the try).
//
// A position is seen from the side to move, the board turned so that this side moves up: square
// s = row * 3 + file, row 0 the top (its farthest rank), and the other side's farthest rank is
// row 3. The first player (sente) to move sees the board as SFEN writes it; the second (gote)
// sees it turned round (square s is 11 - s). A side's pieces are masks of squares by kind.
//
//     a  b  c          row 0:  0  1  2   <- the mover's farthest rank
//   +--+--+--+         row 1:  3  4  5
//   |g |l |e | 1       row 2:  6  7  8
//   |  |c |  | 2       row 3:  9 10 11   <- the other side's farthest rank
//   |  |C |  | 3
//   |E |L |G | 4       (the start, sente to move)
//   +--+--+--+
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/distance_code.hpp"

namespace tbgen::dobutsu {

using Squares = std::uint16_t;  // 12 bits
inline constexpr Squares kAll = 0xfff;
inline constexpr Squares kTopRow = 0x7, kBottomRow = 0xe00;

enum Kind { kLion, kGiraffe, kElephant, kChick, kHen, kKinds };
// Kinds held in hand: a giraffe, an elephant or a chick (a hen taken becomes a chick).
inline constexpr int kHandKinds = 3;
inline constexpr char kLetters[kKinds] = {'L', 'G', 'E', 'C', 'H'};

struct Side {
  std::array<Squares, kKinds> on{};
  std::array<std::uint8_t, kHandKinds> hand{};  // giraffes, elephants, chicks
  Squares all() const { return on[kLion] | on[kGiraffe] | on[kElephant] | on[kChick] | on[kHen]; }
  bool operator==(const Side&) const = default;
};

struct Position {
  Side mine, theirs;  // the side to move's, the other side's
  bool operator==(const Position&) const = default;
};

// The squares a piece of `kind` on `square` attacks, moving up (the side to move's pieces).
Squares attacks_up(int kind, int square);
// The same for the other side's pieces, which move down.
Squares attacks_down(int kind, int square);
Squares attacked_by_mine(const Position& p);
Squares attacked_by_theirs(const Position& p);

// The board turned round (square s to 11 - s) and the sides swapped: the position as the other
// side sees it.
Position turned(const Position& p);
// The board reflected, files a and c swapped.
inline Position mirrored(const Position& p);

// What the rules say of a position before any turn: won with no turn left where the mover's lion
// stands on its farthest rank (it arrived and was not taken); lost where the other side's lion
// stands on row 3 unattacked (a try made). Else not over (a position without a legal turn is
// lost too, found by its turns).
enum class Over { no, won, lost };
Over over(const Position& p);
// The code of a position the rules decide (core/distance_code.hpp): those over, and those where
// the mover attacks the other lion, won in one ply by taking it. Nothing for the others, whose
// lions then stand apart, the mover's below its farthest rank and the other above its own.
std::optional<distance::Code> decided(const Position& p);

// One turn: a piece stepped from `from` (or dropped from the hand: from = -1, kind its kind)
// to `to`, promoting where a chick enters row 0; `wins` where it takes the lion or is a try
// onto an unattacked square (no position follows), else `after`, from the other side's view.
struct Turn {
  int from, to;
  int kind;
  bool promotes, wins;
  Position after;
};
// Calls visit(turn) for every turn of a position (not over), steps before drops.
template <class Visit>
void for_each_turn(const Position& p, Visit&& visit);

// Calls visit(q) for every position q, seen from its own mover, from which a turn that does not
// win at once leads to `c` (a position not over): the other side's last turn taken back. With
// kLionOnly, only the turns of its lion (those that change where the lions stand).
template <bool kLionOnly = false, class Visit>
void for_each_unturn(const Position& c, Visit&& visit);

// What SPEC 6 refuses in a position whose `mine` is sente's (as written): a lion missing or
// doubled on a side, a giraffe, elephant or chick (hens counted) not exactly twice on the board
// and in the hands, two pieces on a square; nothing if it is valid.
std::optional<std::string> invalid(const Position& sente_view);
// SFEN (SPEC 6): "gle/1c1/1C1/ELG b -". Throws tbreader::InputError naming what is wrong.
struct Text {
  Position p;  // as the side to move sees it
  bool sente_to_move = true;
};
Text parse_sfen(const std::string& text);
std::string sfen(const Position& p, bool sente_to_move);
// A turn's name in SPEC's notation, squares as the board is written: b3-b2, b2-b1+, C*b2.
std::string turn_name(const Turn& t, bool sente_to_move);

// ---- inline: the solver's loops ----

namespace detail {
struct Tables {
  std::array<std::array<Squares, 12>, kKinds> up, down;
  std::array<Squares, 4096> turn, mirror;  // a mask turned round, reflected
};
// Made at compile time, so that the solver's loops read them without a call or a guard.
constexpr Tables make_tables() {
  struct Step {
    int rows, files;
  };
  // Steps of a piece moving up: row - 1 is forward.
  constexpr Step kSteps[kKinds][8] = {
      {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},  // lion
      {{-1, 0}, {0, -1}, {0, 1}, {1, 0}},                                      // giraffe
      {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},                                    // elephant
      {{-1, 0}},                                                               // chick
      {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},                   // hen
  };
  constexpr int kStepCount[kKinds] = {8, 4, 4, 1, 6};
  Tables out{};
  for (int kind = 0; kind < kKinds; ++kind)
    for (int s = 0; s < 12; ++s)
      for (int i = 0; i < kStepCount[kind]; ++i) {
        const int r = s / 3, f = s % 3, dr = kSteps[kind][i].rows, df = kSteps[kind][i].files;
        if (r + dr >= 0 && r + dr < 4 && f + df >= 0 && f + df < 3)
          out.up[kind][s] |= Squares(1u << ((r + dr) * 3 + f + df));
        if (r - dr >= 0 && r - dr < 4 && f + df >= 0 && f + df < 3)
          out.down[kind][s] |= Squares(1u << ((r - dr) * 3 + f + df));
      }
  for (unsigned m = 0; m < 4096; ++m)
    for (int s = 0; s < 12; ++s)
      if (m >> s & 1) {
        out.turn[m] |= Squares(1u << (11 - s));
        out.mirror[m] |= Squares(1u << (s / 3 * 3 + 2 - s % 3));
      }
  return out;
}
inline constexpr Tables kTables = make_tables();
constexpr const Tables& tables() {
  return kTables;
}
inline Squares turn_mask(Squares m) {
  return tables().turn[m];
}
}  // namespace detail

inline Squares attacks_up(int kind, int square) {
  return detail::tables().up[kind][square];
}
inline Squares attacks_down(int kind, int square) {
  return detail::tables().down[kind][square];
}
inline Squares attacked_by(const Side& s, bool up) {
  const auto& t = detail::tables();
  Squares a = 0;
  for (int k = 0; k < kKinds; ++k)
    for (Squares m = s.on[k]; m; m &= m - 1) a |= (up ? t.up : t.down)[k][__builtin_ctz(m)];
  return a;
}
// The squares of the pieces of `s` that attack `square`: a piece attacks it from where a piece
// of its kind on `square` would attack, moving the other way. Five lookups, not one a piece: the
// solver asks this of every position and every predecessor.
inline Squares attackers_of(const Side& s, int square, bool up) {
  const auto& from = up ? detail::tables().down : detail::tables().up;
  return Squares((from[kLion][square] & s.on[kLion]) | (from[kGiraffe][square] & s.on[kGiraffe]) |
                 (from[kElephant][square] & s.on[kElephant]) |
                 (from[kChick][square] & s.on[kChick]) | (from[kHen][square] & s.on[kHen]));
}
inline bool attacks_square(const Side& s, int square, bool up) {
  return attackers_of(s, square, up) != 0;
}
// Whether the side to move attacks the other lion (it takes it next).
inline bool attacks_lion(const Position& p) {
  return attacks_square(p.mine, __builtin_ctz(p.theirs.on[kLion]), true);
}
inline Squares attacked_by_mine(const Position& p) {
  return attacked_by(p.mine, true);
}
inline Squares attacked_by_theirs(const Position& p) {
  return attacked_by(p.theirs, false);
}

inline Position turned(const Position& p) {
  Position q;
  for (int k = 0; k < kKinds; ++k) {
    q.mine.on[k] = detail::turn_mask(p.theirs.on[k]);
    q.theirs.on[k] = detail::turn_mask(p.mine.on[k]);
  }
  q.mine.hand = p.theirs.hand;
  q.theirs.hand = p.mine.hand;
  return q;
}

inline Position mirrored(const Position& p) {
  Position q = p;
  for (int k = 0; k < kKinds; ++k) {
    q.mine.on[k] = detail::tables().mirror[p.mine.on[k]];
    q.theirs.on[k] = detail::tables().mirror[p.theirs.on[k]];
  }
  return q;
}

inline Over over(const Position& p) {
  if (p.mine.on[kLion] & kTopRow) return Over::won;
  if ((p.theirs.on[kLion] & kBottomRow) && !attacks_lion(p)) return Over::lost;
  return Over::no;
}

inline std::optional<distance::Code> decided(const Position& p) {
  if (p.mine.on[kLion] & kTopRow) return distance::kWonNow;
  if (attacks_lion(p)) return distance::with_turns(true, 1);
  if (p.theirs.on[kLion] & kBottomRow) return distance::kLostNow;
  return std::nullopt;
}

// The position after a turn that does not win at once, still from the mover's view (turned()
// gives the other side's): a piece stepped (taking what stands there into the hand, a hen as a
// chick; a chick promoted on row 0) or dropped.
inline Position stepped(const Position& p, const Turn& t) {
  Position q = p;
  const Squares to_bit = Squares(1u << t.to);
  if (t.from < 0) {
    --q.mine.hand[t.kind - 1];
    q.mine.on[t.kind] |= to_bit;
    return q;
  }
  q.mine.on[t.kind] = Squares(q.mine.on[t.kind] & ~(1u << t.from));
  q.mine.on[t.promotes ? kHen : t.kind] |= to_bit;
  for (int k = kGiraffe; k < kKinds; ++k)
    if (q.theirs.on[k] & to_bit) {
      q.theirs.on[k] = Squares(q.theirs.on[k] & ~to_bit);
      ++q.mine.hand[k == kHen ? kChick - 1 : k - 1];
    }
  return q;
}

template <class Visit>
void for_each_turn(const Position& p, Visit&& visit) {
  const Squares mine = p.mine.all(), theirs = p.theirs.all(), empty = kAll & ~(mine | theirs);
  for (int kind = 0; kind < kKinds; ++kind)
    for (Squares from_set = p.mine.on[kind]; from_set; from_set &= from_set - 1) {
      const int from = __builtin_ctz(from_set);
      for (Squares to_set = attacks_up(kind, from) & ~mine; to_set; to_set &= to_set - 1) {
        const int to = __builtin_ctz(to_set);
        const Squares to_bit = Squares(1u << to);
        Turn t{from, to, kind, kind == kChick && to < 3, false, {}};
        if (p.theirs.on[kLion] & to_bit) {
          t.wins = true;
          visit(t);
          continue;
        }
        const Position q = stepped(p, t);
        // A lion onto its farthest rank where nothing attacks it: the try, won at once.
        if (kind == kLion && to < 3 && !attacks_square(q.theirs, to, false)) {
          t.wins = true;
          visit(t);
          continue;
        }
        t.after = turned(q);
        visit(t);
      }
    }
  for (int h = 0; h < kHandKinds; ++h) {
    if (!p.mine.hand[h]) continue;
    for (Squares to_set = empty; to_set; to_set &= to_set - 1) {
      const int to = __builtin_ctz(to_set);
      Turn t{-1, to, h + 1, false, false, {}};
      t.after = turned(stepped(p, t));
      visit(t);
    }
  }
}

template <bool kLionOnly, class Visit>
void for_each_unturn(const Position& c, Visit&& visit) {
  // The other side moved last: in `c` its pieces stand as they moved, down the board. Each is
  // taken back in the other side's own view, where it moved up: b = turned(c). Each turn is
  // taken back in b itself and then made again: a copy of a position just written field by
  // field stalls on its loads, and this is the solver's innermost loop.
  Position b = turned(c);
  const Squares mine = b.mine.all(), theirs = b.theirs.all(), empty = kAll & ~(mine | theirs);
  for (int kind = 0; kind < (kLionOnly ? 1 : kKinds); ++kind)
    for (Squares to_set = b.mine.on[kind]; to_set; to_set &= to_set - 1) {
      const int to = __builtin_ctz(to_set);
      const Squares to_bit = Squares(1u << to);
      b.mine.on[kind] = Squares(b.mine.on[kind] & ~to_bit);
      // A drop: a giraffe, an elephant or an unpromoted chick back into the hand.
      if (kind >= kGiraffe && kind <= kChick && b.mine.hand[kind - 1] < 2) {
        ++b.mine.hand[kind - 1];
        visit(std::as_const(b));
        --b.mine.hand[kind - 1];
      }
      // A chick on its farthest rank cannot have stepped there (it would have been promoted); a
      // hen there may have been a chick a step before. Steps come from where the piece attacks
      // back: a piece moving up came from a square it attacks moving down.
      const int before_kinds[2] = {kind, kind == kHen && to < 3 ? kChick : -1};
      for (const int was : before_kinds) {
        if (was < 0 || (was == kChick && kind == kChick && to < 3)) continue;
        for (Squares from_set = attacks_down(was, to) & empty; from_set; from_set &= from_set - 1) {
          const auto from_bit = Squares(from_set & -from_set);
          b.mine.on[was] |= from_bit;
          // A lion that stepped onto its farthest rank where nothing attacked it had won: no
          // position followed. (Without a capture the other side's pieces stood as now.)
          const auto step = [&] {
            if (was == kLion && to < 3 && !attacks_square(b.theirs, to, false)) return;
            visit(std::as_const(b));
          };
          step();
          // Or it took a piece there: one of the other side's, back from the mover's hand.
          for (int h = 0; h < kHandKinds; ++h) {
            if (!b.mine.hand[h]) continue;
            --b.mine.hand[h];
            b.theirs.on[h + 1] |= to_bit;
            step();
            b.theirs.on[h + 1] = Squares(b.theirs.on[h + 1] & ~to_bit);
            if (h + 1 == kChick) {  // a hen taken goes to the hand as a chick
              b.theirs.on[kHen] |= to_bit;
              step();
              b.theirs.on[kHen] = Squares(b.theirs.on[kHen] & ~to_bit);
            }
            ++b.mine.hand[h];
          }
          b.mine.on[was] = Squares(b.mine.on[was] & ~from_bit);
        }
      }
      b.mine.on[kind] |= to_bit;
    }
}

}  // namespace tbgen::dobutsu
