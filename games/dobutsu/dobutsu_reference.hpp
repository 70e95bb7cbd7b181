#pragma once
// dobutsu_reference: an independent reference for Dobutsu shogi ("Let's Catch the Lion!"),
// written from the rules of SPEC section 6 alone, sharing no code with the table generator.
// Header-only, standard library only. It is what the tests compare the generator's tables with.
//
// Board: 3 files (a..c from the left) x 4 ranks (1..4 from the top). Square index
// (rank - 1) * 3 + file, so a1 = 0, c1 = 2, a4 = 9, c4 = 11. Sente ("b", uppercase, the first
// player) moves towards rank 1, gote ("w", lowercase) towards rank 4.
//
// Values, for the side to move: won or lost in a number of plies, the winner hurrying, the loser
// delaying; a move that wins at once (the lion taken, or a safe try) is a win in 1 ply and leads
// to no position. A position is decided in 0 plies, checked in this order:
//   1. the side to move's own lion stands on its farthest rank: won;
//   2. the other side's lion stands on that side's farthest rank on a square the side to move
//      does not attack: lost;
//   3. the side to move has no legal move: lost.
//
// Internally a position is held as a 64-bit "state" seen from the side to move (the board turned
// round for gote, so the mover always moves towards rank 1 and its pieces have the low colour).
// The exact public key has the same layout plus the side to move:
//   bits 4i..4i+3   square i: 0 empty, 1 lion, 2 giraffe, 3 elephant, 4 chick, 5 hen, +8 gote
//   bits 48..53     sente's hand: giraffes (2 bits), elephants, chicks
//   bits 54..59     gote's hand, the same
//   bit 60          1 when gote is to move
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dobutsu_reference {

enum class Side : std::uint8_t { sente = 0, gote = 1 };

// Cell codes (a hand holds giraffes, elephants and chicks only).
inline constexpr std::uint8_t kEmpty = 0, kLion = 1, kGiraffe = 2, kElephant = 3, kChick = 4,
                              kHen = 5, kGoteBit = 8;

struct Position {
  std::array<std::uint8_t, 12> board{};               // cell codes by square index
  std::array<std::array<std::uint8_t, 3>, 2> hand{};  // [side][0 giraffe, 1 elephant, 2 chick]
  Side to_move = Side::sente;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::string name;           // "b3-b2", "b2-b1+", "C*b2"
  bool wins_at_once = false;  // takes the lion, or a safe try
  Position after;             // the position after the move (meaningless when wins_at_once)
};

enum class Outcome : std::uint8_t { win, loss, unknown };

// For the side to move. unknown: not decided within `plies` plies (the horizon asked).
struct Result {
  Outcome kind = Outcome::unknown;
  int plies = 0;
  friend bool operator==(const Result&, const Result&) = default;
};

inline std::string to_string(const Result& r) {
  if (r.kind == Outcome::win) return "win in " + std::to_string(r.plies);
  if (r.kind == Outcome::loss) return "loss in " + std::to_string(r.plies);
  return "unknown within " + std::to_string(r.plies);
}

// ---------------------------------------------------------------------------------------------
namespace detail {

using State = std::uint64_t;
inline constexpr std::uint64_t kBoardMask = (std::uint64_t{1} << 48) - 1;
inline constexpr std::uint64_t kStateMask = (std::uint64_t{1} << 60) - 1;
inline constexpr int kHandShift[2] = {48, 54};
inline constexpr std::uint64_t kSideBit = std::uint64_t{1} << 60;
inline constexpr std::uint16_t kAllSquares = 0xFFF;
inline constexpr std::uint16_t kRank1 = 0x007, kRank4 = 0xE00;

struct AttackTables {
  std::uint16_t us[6][12];    // the mover's piece (moving towards rank 1)
  std::uint16_t them[6][12];  // the other side's piece (moving towards rank 4)
};

constexpr AttackTables make_attack_tables() {
  AttackTables t{};
  struct D {
    int dr, df;
  };
  // Directions for a piece moving towards rank 1 (dr = -1 is forward).
  const D lion[8] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
  const D giraffe[4] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  const D elephant[4] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
  const D chick[1] = {{-1, 0}};
  const D hen[6] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}};
  const D* dirs[6] = {nullptr, lion, giraffe, elephant, chick, hen};
  const int count[6] = {0, 8, 4, 4, 1, 6};
  for (int k = 1; k <= 5; ++k)
    for (int sq = 0; sq < 12; ++sq) {
      const int r = sq / 3, f = sq % 3;
      for (int d = 0; d < count[k]; ++d) {
        const int r1 = r + dirs[k][d].dr, f1 = f + dirs[k][d].df;
        if (r1 >= 0 && r1 < 4 && f1 >= 0 && f1 < 3)
          t.us[k][sq] |= std::uint16_t(1u << (r1 * 3 + f1));
        const int r2 = r - dirs[k][d].dr, f2 = f - dirs[k][d].df;
        if (r2 >= 0 && r2 < 4 && f2 >= 0 && f2 < 3)
          t.them[k][sq] |= std::uint16_t(1u << (r2 * 3 + f2));
      }
    }
  return t;
}
inline constexpr AttackTables kAttacks = make_attack_tables();

inline int cell(State s, int i) {
  return int((s >> (4 * i)) & 15);
}
inline State set_cell(State s, int i, int code) {
  return (s & ~(std::uint64_t{15} << (4 * i))) | (std::uint64_t(code) << (4 * i));
}
inline int hand_count(State s, int side, int j) {
  return int((s >> (kHandShift[side] + 2 * j)) & 3);
}
inline std::uint64_t hand_unit(int side, int j) {
  return std::uint64_t{1} << (kHandShift[side] + 2 * j);
}

// The board turned round (square i -> 11 - i), colours swapped, hands swapped.
inline State flip(State s) {
  std::uint64_t b = __builtin_bswap64(s & kBoardMask) >> 16;            // byte order reversed
  b = ((b & 0x0F0F0F0F0F0Full) << 4) | ((b >> 4) & 0x0F0F0F0F0F0Full);  // nibbles in a byte
  const std::uint64_t occupied = (b | (b >> 1) | (b >> 2)) & 0x111111111111ull;
  b ^= occupied << 3;
  const std::uint64_t us = (s >> 48) & 63, them = (s >> 54) & 63;
  return b | (them << 48) | (us << 54);
}

// Files a <-> c.
inline State mirror(State s) {
  constexpr std::uint64_t a = 0x00F00F00F00Full, b = a << 4, c = a << 8;
  return (s & ~kBoardMask) | (s & b) | ((s & a) << 8) | ((s & c) >> 8);
}

// What one pass over the board tells.
struct Scan {
  std::uint16_t occ_us = 0, occ_them = 0, att_us = 0, att_them = 0;
  int lion_us = -1, lion_them = -1;
  int n_us = 0, n_them = 0;
  std::uint8_t sq_us[12], kind_us[12], sq_them[12], kind_them[12];
};

inline Scan scan(State s) {
  Scan sc;
  std::uint64_t b = s & kBoardMask;
  while (b) {
    const int i = std::countr_zero(b) >> 2;
    const int c = cell(s, i);
    b &= ~(std::uint64_t{15} << (4 * i));
    const int k = c & 7;
    if (c & kGoteBit) {
      sc.occ_them |= std::uint16_t(1u << i);
      sc.att_them |= kAttacks.them[k][i];
      if (k == kLion) sc.lion_them = i;
      sc.sq_them[sc.n_them] = std::uint8_t(i), sc.kind_them[sc.n_them++] = std::uint8_t(k);
    } else {
      sc.occ_us |= std::uint16_t(1u << i);
      sc.att_us |= kAttacks.us[k][i];
      if (k == kLion) sc.lion_us = i;
      sc.sq_us[sc.n_us] = std::uint8_t(i), sc.kind_us[sc.n_us++] = std::uint8_t(k);
    }
  }
  return sc;
}

// The other side's attacks with the piece on `gone` taken off.
inline std::uint16_t attacks_them_without(const Scan& sc, int gone) {
  std::uint16_t a = 0;
  for (int i = 0; i < sc.n_them; ++i)
    if (sc.sq_them[i] != gone) a |= kAttacks.them[sc.kind_them[i]][sc.sq_them[i]];
  return a;
}

inline bool has_move(State s, const Scan& sc) {
  if ((s >> 48) & 63) return true;  // a piece in hand; a board holds at most 8 pieces
  for (int i = 0; i < sc.n_us; ++i)
    if (kAttacks.us[sc.kind_us[i]][sc.sq_us[i]] & ~sc.occ_us) return true;
  return false;
}

// 0 not decided; 1 won (rule 1); 2 lost (rule 2); 3 lost (rule 3: no legal move).
inline int decided_rule(State s, const Scan& sc) {
  if (sc.lion_us >= 0 && sc.lion_us < 3) return 1;
  if (sc.lion_them >= 9 && !((sc.att_us >> sc.lion_them) & 1)) return 2;
  if (!has_move(s, sc)) return 3;
  return 0;
}

// Whether the mover has a move that wins at once: taking the lion or a safe try.
inline bool wins_at_once_exists(State s, const Scan& sc) {
  if (sc.lion_them >= 0 && ((sc.att_us >> sc.lion_them) & 1)) return true;
  if (sc.lion_us < 0) return false;
  std::uint16_t t = kAttacks.us[kLion][sc.lion_us] & kRank1 & ~sc.occ_us;
  while (t) {
    const int to = std::countr_zero(t);
    t &= t - 1;
    const std::uint16_t att = cell(s, to) ? attacks_them_without(sc, to) : sc.att_them;
    if (!((att >> to) & 1)) return true;
  }
  return false;
}

enum MoveFlags : std::uint8_t { kPromote = 1, kTakesLion = 2, kSafeTry = 4, kDrop = 8 };

struct Gen {
  State child;         // the position after, seen from the opponent (flip of the board after)
  std::uint8_t from;   // square, or the hand index (0 giraffe, 1 elephant, 2 chick) for a drop
  std::uint8_t to;     // square
  std::uint8_t flags;  // MoveFlags
};
inline constexpr int kMaxMoves = 96;

// Every legal move of the mover; returns the count.
inline int generate(State s, const Scan& sc, Gen* out) {
  int n = 0;
  for (int p = 0; p < sc.n_us; ++p) {
    const int from = sc.sq_us[p], k = sc.kind_us[p];
    std::uint16_t targets = kAttacks.us[k][from] & ~sc.occ_us;
    while (targets) {
      const int to = std::countr_zero(targets);
      targets &= targets - 1;
      const int captured = cell(s, to);
      std::uint8_t flags = 0;
      int code = k;
      if (k == kChick && to < 3) code = kHen, flags |= kPromote;
      State ns = set_cell(set_cell(s, from, 0), to, code);
      if (captured) {
        const int ck = captured & 7;
        if (ck == kLion)
          flags |= kTakesLion;
        else
          ns += hand_unit(0, ck == kHen ? 2 : ck - 2);
      }
      if (k == kLion && to < 3 && !(flags & kTakesLion)) {
        const std::uint16_t att = captured ? attacks_them_without(sc, to) : sc.att_them;
        if (!((att >> to) & 1)) flags |= kSafeTry;
      }
      out[n++] = Gen{flip(ns), std::uint8_t(from), std::uint8_t(to), flags};
    }
  }
  const std::uint16_t empty = std::uint16_t(kAllSquares & ~(sc.occ_us | sc.occ_them));
  for (int j = 0; j < 3; ++j) {
    if (!hand_count(s, 0, j)) continue;
    std::uint16_t t = empty;
    while (t) {
      const int to = std::countr_zero(t);
      t &= t - 1;
      const State ns = set_cell(s - hand_unit(0, j), to, kGiraffe + j);
      out[n++] = Gen{flip(ns), std::uint8_t(j), std::uint8_t(to), kDrop};
    }
  }
  return n;
}

inline State raw_of(const Position& p) {
  State s = 0;
  for (int i = 0; i < 12; ++i) s |= std::uint64_t(p.board[i] & 15) << (4 * i);
  for (int side = 0; side < 2; ++side)
    for (int j = 0; j < 3; ++j)
      s |= std::uint64_t(p.hand[side][j] & 3) << (kHandShift[side] + 2 * j);
  return s;
}

// The state seen from the side to move.
inline State state_of(const Position& p) {
  const State raw = raw_of(p);
  return p.to_move == Side::sente ? raw : flip(raw);
}

inline Position position_of(State state, Side to_move) {
  const State raw = to_move == Side::sente ? state : flip(state);
  Position p;
  for (int i = 0; i < 12; ++i) p.board[i] = std::uint8_t(cell(raw, i));
  for (int side = 0; side < 2; ++side)
    for (int j = 0; j < 3; ++j) p.hand[side][j] = std::uint8_t(hand_count(raw, side, j));
  p.to_move = to_move;
  return p;
}

inline Side other(Side s) {
  return s == Side::sente ? Side::gote : Side::sente;
}

inline void check(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Positions, keys, SFEN.

// "a1" .. "c4".
inline std::string square_name(int sq) {
  return std::string{char('a' + sq % 3), char('1' + sq / 3)};
}

// Why a position is not valid, or empty when it is.
inline std::string invalid_reason(const Position& p) {
  int lions[2] = {0, 0};
  int kinds[3] = {0, 0, 0};  // giraffes, elephants, chicks (hens counted as chicks)
  for (int i = 0; i < 12; ++i) {
    const int c = p.board[i];
    if (c == 0) continue;
    const int k = c & 7;
    if (k < kLion || k > kHen || (c & ~15))
      return "bad cell code " + std::to_string(c) + " on " + square_name(i);
    if (k == kLion)
      ++lions[c >> 3];
    else
      ++kinds[k == kHen ? 2 : k - 2];
  }
  for (int side = 0; side < 2; ++side)
    for (int j = 0; j < 3; ++j) kinds[j] += p.hand[side][j];
  const char* side_name[2] = {"sente", "gote"};
  for (int side = 0; side < 2; ++side) {
    if (lions[side] == 0) return std::string("the ") + side_name[side] + " lion is missing";
    if (lions[side] > 1)
      return std::string(side_name[side]) + " has " + std::to_string(lions[side]) + " lions";
  }
  const char* kind_name[3] = {"giraffes", "elephants", "chicks (hens included)"};
  for (int j = 0; j < 3; ++j)
    if (kinds[j] != 2)
      return std::to_string(kinds[j]) + " " + kind_name[j] +
             " on the board and in the hands, expected 2";
  if (p.to_move != Side::sente && p.to_move != Side::gote) return "bad side to move";
  return {};
}

// Exact 61-bit encoding (see the top of the file).
inline std::uint64_t key(const Position& p) {
  return detail::raw_of(p) | (p.to_move == Side::gote ? detail::kSideBit : 0);
}

inline Position from_key(std::uint64_t k) {
  const Side side = (k & detail::kSideBit) ? Side::gote : Side::sente;
  Position p = detail::position_of(k & detail::kStateMask, Side::sente);
  p.to_move = side;
  return p;
}

inline Position parse(std::string_view text) {
  using detail::check;
  std::vector<std::string_view> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() &&
           !(text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r'))
      ++j;
    tokens.push_back(text.substr(i, j - i));
    i = j;
  }
  check(tokens.size() >= 3 && tokens.size() <= 4,
        "expected 'BOARD SIDE HANDS [MOVE_NUMBER]', found " + std::to_string(tokens.size()) +
            " fields");
  Position p;
  // Board.
  const std::string_view board = tokens[0];
  std::vector<std::string_view> ranks;
  for (std::size_t i = 0;;) {
    const std::size_t slash = board.find('/', i);
    ranks.push_back(
        board.substr(i, slash == std::string_view::npos ? std::string_view::npos : slash - i));
    if (slash == std::string_view::npos) break;
    i = slash + 1;
  }
  check(ranks.size() == 4, "the board has " + std::to_string(ranks.size()) + " ranks, expected 4");
  for (int r = 0; r < 4; ++r) {
    int file = 0;
    const std::string where = "rank " + std::to_string(r + 1);
    for (std::size_t i = 0; i < ranks[r].size(); ++i) {
      const char ch = ranks[r][i];
      if (ch >= '1' && ch <= '9') {
        file += ch - '0';
        check(file <= 3, where + " has more than 3 squares");
        continue;
      }
      bool promoted = false;
      char letter = ch;
      if (ch == '+') {
        check(i + 1 < ranks[r].size(), where + ": '+' at the end");
        letter = ranks[r][++i];
        check(letter == 'C' || letter == 'c',
              where + ": '+" + std::string(1, letter) + "' (only a chick promotes)");
        promoted = true;
      }
      int kind = 0;
      switch (letter) {
        case 'L':
        case 'l':
          kind = kLion;
          break;
        case 'G':
        case 'g':
          kind = kGiraffe;
          break;
        case 'E':
        case 'e':
          kind = kElephant;
          break;
        case 'C':
        case 'c':
          kind = promoted ? kHen : kChick;
          break;
        default:
          throw std::invalid_argument(where + ": unknown letter '" + std::string(1, letter) + "'");
      }
      check(file < 3, where + " has more than 3 squares");
      const bool gote = letter >= 'a' && letter <= 'z';
      p.board[r * 3 + file] = std::uint8_t(kind | (gote ? kGoteBit : 0));
      ++file;
    }
    check(file == 3, where + " has " + std::to_string(file) + " squares, expected 3");
  }
  // Side to move.
  check(tokens[1] == "b" || tokens[1] == "w",
        "side to move '" + std::string(tokens[1]) + "', expected 'b' or 'w'");
  p.to_move = tokens[1] == "b" ? Side::sente : Side::gote;
  // Hands.
  const std::string_view hands = tokens[2];
  if (hands != "-") {
    for (std::size_t i = 0; i < hands.size(); ++i) {
      int count = 1;
      if (hands[i] >= '0' && hands[i] <= '9') {
        count = hands[i] - '0';
        check(count >= 1 && count <= 2, "hands: a count of " + std::to_string(count));
        check(++i < hands.size(), "hands: a count with no piece after it");
      }
      const char ch = hands[i];
      check(ch != 'L' && ch != 'l', "hands: a lion in hand");
      check(ch != '+', "hands: a hen in hand");
      int j = -1;
      switch (ch) {
        case 'G':
        case 'g':
          j = 0;
          break;
        case 'E':
        case 'e':
          j = 1;
          break;
        case 'C':
        case 'c':
          j = 2;
          break;
        default:
          throw std::invalid_argument("hands: unknown letter '" + std::string(1, ch) + "'");
      }
      const int side = (ch >= 'a' && ch <= 'z') ? 1 : 0;
      check(p.hand[side][j] + count <= 2, "hands: more than 2 of '" + std::string(1, ch) + "'");
      p.hand[side][j] = std::uint8_t(p.hand[side][j] + count);
    }
  }
  if (tokens.size() == 4) {
    bool digits = !tokens[3].empty();
    for (char ch : tokens[3]) digits = digits && ch >= '0' && ch <= '9';
    check(digits, "move number '" + std::string(tokens[3]) + "' is not a number");
  }
  const std::string why = invalid_reason(p);
  check(why.empty(), why);
  return p;
}

inline std::string sfen(const Position& p) {
  std::string out;
  for (int r = 0; r < 4; ++r) {
    if (r) out += '/';
    int run = 0;
    for (int f = 0; f < 3; ++f) {
      const int c = p.board[r * 3 + f];
      if (!c) {
        ++run;
        continue;
      }
      if (run) out += char('0' + run), run = 0;
      const int k = c & 7;
      const bool gote = c & kGoteBit;
      if (k == kHen) out += '+';
      const char letters[6] = {'?', 'L', 'G', 'E', 'C', 'C'};
      out += gote ? char(letters[k] - 'A' + 'a') : letters[k];
    }
    if (run) out += char('0' + run);
  }
  out += p.to_move == Side::sente ? " b " : " w ";
  std::string hands;
  const char letters[3] = {'G', 'E', 'C'};
  for (int side = 0; side < 2; ++side)
    for (int j = 0; j < 3; ++j) {
      const int n = p.hand[side][j];
      if (!n) continue;
      if (n > 1) hands += char('0' + n);
      hands += side ? char(letters[j] - 'A' + 'a') : letters[j];
    }
  out += hands.empty() ? "-" : hands;
  return out;
}

inline Position start() {
  return parse("gle/1c1/1C1/ELG b -");
}

// The colour-swapped image: the board turned round, cases swapped, hands and side swapped.
inline Position colour_swapped(const Position& p) {
  return from_key(detail::flip(key(p) & detail::kStateMask) |
                  (p.to_move == Side::sente ? detail::kSideBit : 0));
}

// The mirror image: files a <-> c.
inline Position mirrored(const Position& p) {
  return from_key(detail::mirror(key(p)));
}

// ---------------------------------------------------------------------------------------------
// Rules.

// Every legal move (also in a position that is decided in 0 plies: the rules there end the
// game, but the moves are listed all the same), board moves by the square they leave (a1, b1,
// ..., c4) and then by target square, then drops of giraffes, elephants, chicks by square.
inline std::vector<Move> moves(const Position& p) {
  using namespace detail;
  const State s = state_of(p);
  const Scan sc = scan(s);
  Gen gen[kMaxMoves];
  const int n = generate(s, sc, gen);
  const bool turned = p.to_move == Side::gote;
  auto real = [&](int sq) { return turned ? 11 - sq : sq; };
  std::vector<Move> out;
  out.reserve(n);
  for (int i = 0; i < n; ++i) {
    Move m;
    const Gen& g = gen[i];
    if (g.flags & kDrop) {
      const char letters[3] = {'G', 'E', 'C'};
      m.name = std::string(1, letters[g.from]) + "*" + square_name(real(g.to));
    } else {
      m.name = square_name(real(g.from)) + "-" + square_name(real(g.to));
      if (g.flags & kPromote) m.name += '+';
    }
    m.wins_at_once = g.flags & (kTakesLion | kSafeTry);
    if (!(g.flags & kTakesLion)) m.after = position_of(g.child, other(p.to_move));
    out.push_back(std::move(m));
  }
  // Sorted as documented (the generator goes by piece order, which is square order already;
  // drops come last by kind and square).
  std::stable_sort(out.begin(), out.end(), [](const Move& a, const Move& b) {
    const bool da = a.name[1] == '*', db = b.name[1] == '*';
    if (da != db) return db;
    auto sq = [](std::string_view nm, std::size_t at) {
      return (nm[at + 1] - '1') * 3 + (nm[at] - 'a');
    };
    if (!da) {
      const int fa = sq(a.name, 0), fb = sq(b.name, 0);
      if (fa != fb) return fa < fb;
      return sq(a.name, 3) < sq(b.name, 3);
    }
    const std::string order = "GEC";
    const auto ka = order.find(a.name[0]), kb = order.find(b.name[0]);
    if (ka != kb) return ka < kb;
    return sq(a.name, 2) < sq(b.name, 2);
  });
  return out;
}

// The 0-ply rules: won or lost in 0 plies, or nothing.
inline std::optional<Result> decided(const Position& p) {
  const detail::State s = detail::state_of(p);
  const int rule = detail::decided_rule(s, detail::scan(s));
  if (rule == 1) return Result{Outcome::win, 0};
  if (rule >= 2) return Result{Outcome::loss, 0};
  return std::nullopt;
}

// Whether the side to move has a move that wins at once (takes the lion, or a safe try).
inline bool has_winning_move(const Position& p) {
  const detail::State s = detail::state_of(p);
  return detail::wins_at_once_exists(s, detail::scan(s));
}

// A random game from the start, `plies` long at most, that plays like a weak player: it stops
// at a position decided in 0 plies or where the side to move can win at once (the position is
// kept), and otherwise plays a uniformly chosen move after which the opponent cannot win at
// once (any move if there is none). Rng: a 64-bit generator such as std::mt19937_64.
template <class Rng>
Position random_game(Rng& rng, int plies);

// Which 0-ply rule decides (0 none, 1 own lion on its farthest rank, 2 a safe try already made,
// 3 no legal move).
inline int decided_rule(const Position& p) {
  const detail::State s = detail::state_of(p);
  return detail::decided_rule(s, detail::scan(s));
}

// ---------------------------------------------------------------------------------------------
// Depth-limited exact search.
//
// W(s, n): the mover wins within n plies; L(s, n): the mover loses within n plies. With n >= 1
// and s not decided: W = some move wins at once, or leads to a position lost within n - 1;
// L = no move wins at once and every move leads to a position won within n - 1. Both are
// monotone in n; the transposition table stores, per state, the largest n known false and the
// smallest n known true of each, which are facts whatever the horizon asked, so the table is
// kept across calls. solve() deepens n = 1, 2, ... and returns the first n that decides: that
// is the exact distance of the rules (the winner hurrying, the loser delaying).
class Solver {
 public:
  explicit Solver(int log2_entries = 21)
      : table_(std::size_t{1} << log2_entries), mask_((std::uint64_t{1} << log2_entries) - 1) {}

  Result solve(const Position& p, int horizon) { return solve_state(detail::state_of(p), horizon); }

  Result solve_state(detail::State s, int horizon) {
    horizon = std::clamp(horizon, 0, 120);
    const int rule = detail::decided_rule(s, detail::scan(s));
    if (rule == 1) return {Outcome::win, 0};
    if (rule >= 2) return {Outcome::loss, 0};
    for (int n = 1; n <= horizon; ++n) {
      if (won_within(s, n)) return {Outcome::win, n};
      if (lost_within(s, n)) return {Outcome::loss, n};
    }
    return {Outcome::unknown, horizon};
  }

  std::uint64_t nodes() const { return nodes_; }
  void clear() {
    std::fill(table_.begin(), table_.end(), Entry{});
    nodes_ = 0;
  }

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t w_false = -1, w_true = 127, l_false = -1, l_true = 127;
    std::uint8_t w_hint = 255, l_hint = 255;
    std::uint8_t pad[2] = {0, 0};
  };
  std::vector<Entry> table_;
  std::uint64_t mask_;
  std::uint64_t nodes_ = 0;

  std::size_t slot(detail::State s) const {
    return std::size_t(((s * 0x9E3779B97F4A7C15ull) >> 17) & mask_ & ~std::uint64_t{1});
  }
  Entry* find(detail::State s) {
    const std::size_t i = slot(s);
    if (table_[i].key == s) return &table_[i];
    if (table_[i + 1].key == s) return &table_[i + 1];
    return nullptr;
  }
  Entry& place(detail::State s) {
    const std::size_t i = slot(s);
    if (table_[i].key == s) return table_[i];
    if (table_[i + 1].key == s) return table_[i + 1];
    auto worth = [](const Entry& e) {
      return e.key == 0 ? -2 : std::max<int>(e.w_false, e.l_false);
    };
    Entry& victim = worth(table_[i]) <= worth(table_[i + 1]) ? table_[i] : table_[i + 1];
    victim = Entry{};
    victim.key = s;
    return victim;
  }

  // The only way to win in 1 ply besides a move that wins at once: a move after which the
  // opponent has no legal move. The opponent always has a drop when it holds a piece, and its
  // lion a step when a neighbour is not its own piece (our move never adds one of its pieces).
  bool stalemate_move_exists(detail::State s, const detail::Scan& sc) {
    using namespace detail;
    if ((s >> 54) & 63) return false;
    if (sc.lion_them < 0 || (kAttacks.them[kLion][sc.lion_them] & ~sc.occ_them)) return false;
    Gen gen[kMaxMoves];
    const int n = generate(s, sc, gen);
    for (int i = 0; i < n; ++i) {
      const State c = gen[i].child;
      if (decided_rule(c, scan(c)) >= 2) return true;
    }
    return false;
  }

  bool won_within(detail::State s, int n) {
    using namespace detail;
    ++nodes_;
    const Scan sc = scan(s);
    const int rule = decided_rule(s, sc);
    if (rule == 1) return true;
    if (rule >= 2 || n <= 0) return false;
    if (wins_at_once_exists(s, sc)) return true;
    if (n == 1) return stalemate_move_exists(s, sc);
    if (Entry* e = find(s)) {
      if (n >= e->w_true) return true;
      if (n <= e->w_false) return false;
    }
    Gen gen[kMaxMoves];
    const int count = generate(s, sc, gen);
    int hint = 255;
    if (Entry* e = find(s)) hint = e->w_hint;
    bool won = false;
    int by = 255;
    if (hint < count && lost_within(gen[hint].child, n - 1)) won = true, by = hint;
    for (int i = 0; i < count && !won; ++i)
      if (i != hint && lost_within(gen[i].child, n - 1)) won = true, by = i;
    Entry& e = place(s);
    if (won) {
      e.w_true = std::int8_t(std::min<int>(e.w_true, n));
      e.w_hint = std::uint8_t(by);
    } else {
      e.w_false = std::int8_t(std::max<int>(e.w_false, n));
    }
    return won;
  }

  bool lost_within(detail::State s, int n) {
    using namespace detail;
    ++nodes_;
    const Scan sc = scan(s);
    const int rule = decided_rule(s, sc);
    if (rule >= 2) return true;
    if (rule == 1 || n <= 0) return false;
    if (wins_at_once_exists(s, sc)) return false;
    // Lost within 1 would need every move to leave the opponent's lion on its farthest rank
    // untaken: then it is attacked (else rule 2) and taking it wins at once.
    if (n == 1) return false;
    if (Entry* e = find(s)) {
      if (n >= e->l_true) return true;
      if (n <= e->l_false) return false;
    }
    Gen gen[kMaxMoves];
    const int count = generate(s, sc, gen);
    int hint = 255;
    if (Entry* e = find(s)) hint = e->l_hint;
    bool lost = true;
    int by = 255;
    if (hint < count && !won_within(gen[hint].child, n - 1)) lost = false, by = hint;
    for (int i = 0; i < count && lost; ++i)
      if (i != hint && !won_within(gen[i].child, n - 1)) lost = false, by = i;
    Entry& e = place(s);
    if (lost) {
      e.l_true = std::int8_t(std::min<int>(e.l_true, n));
    } else {
      e.l_false = std::int8_t(std::max<int>(e.l_false, n));
      e.l_hint = std::uint8_t(by);
    }
    return lost;
  }
};

// solve() on this thread's own solver (its table, 32 MB, is kept between calls).
inline Result solve(const Position& p, int horizon) {
  thread_local Solver solver;
  return solver.solve(p, horizon);
}

// ---------------------------------------------------------------------------------------------
// Uniform sampling over every valid position (both sides to move).
namespace detail {

struct Shape {
  std::vector<std::uint8_t> codes;  // board pieces besides the two lions
  std::uint8_t hand[2][3];
  std::uint64_t weight;  // boards of this shape
};

struct ShapeTable {
  std::vector<Shape> shapes;
  std::vector<std::uint64_t> cumulative;
  std::uint64_t total = 0;  // valid positions with one side to move
};

inline const ShapeTable& shapes() {
  static const ShapeTable table = [] {
    struct Option {
      std::vector<std::uint8_t> codes;
      std::uint8_t sente, gote;
      int same;  // 2 when both pieces on the board have the same code
    };
    auto options_of = [](std::vector<std::uint8_t> types) {
      std::vector<Option> out;
      for (int h = 0; h <= 2; ++h) out.push_back({{}, std::uint8_t(h), std::uint8_t(2 - h), 1});
      for (auto t : types)
        for (int h = 0; h <= 1; ++h) out.push_back({{t}, std::uint8_t(h), std::uint8_t(1 - h), 1});
      for (std::size_t a = 0; a < types.size(); ++a)
        for (std::size_t b = a; b < types.size(); ++b)
          out.push_back({{types[a], types[b]}, 0, 0, a == b ? 2 : 1});
      return out;
    };
    const auto g = options_of({kGiraffe, kGiraffe | kGoteBit});
    const auto e = options_of({kElephant, kElephant | kGoteBit});
    const auto c = options_of({kChick, kHen, kChick | kGoteBit, kHen | kGoteBit});
    ShapeTable t;
    for (const auto& og : g)
      for (const auto& oe : e)
        for (const auto& oc : c) {
          Shape s;
          s.codes = og.codes;
          s.codes.insert(s.codes.end(), oe.codes.begin(), oe.codes.end());
          s.codes.insert(s.codes.end(), oc.codes.begin(), oc.codes.end());
          s.hand[0][0] = og.sente, s.hand[1][0] = og.gote;
          s.hand[0][1] = oe.sente, s.hand[1][1] = oe.gote;
          s.hand[0][2] = oc.sente, s.hand[1][2] = oc.gote;
          const int m = 2 + int(s.codes.size());
          std::uint64_t w = 1;
          for (int i = 0; i < m; ++i) w *= std::uint64_t(12 - i);
          w /= std::uint64_t(og.same * oe.same * oc.same);
          s.weight = w;
          t.total += w;
          t.shapes.push_back(std::move(s));
          t.cumulative.push_back(t.total);
        }
    return t;
  }();
  return table;
}

}  // namespace detail

// The number of valid positions (both lions on the board, each other kind exactly twice on the
// board and in the hands together), counting both sides to move.
inline std::uint64_t count_valid_positions() {
  return 2 * detail::shapes().total;
}

// A uniform integer below n from a 64-bit generator (rejection; the same on every platform).
template <class Rng>
std::uint64_t uniform_below(Rng& rng, std::uint64_t n) {
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n + 1) % n;
  for (;;) {
    const std::uint64_t x = rng();
    if (x <= limit) return x % n;
  }
}

// A valid position drawn uniformly from all of them (both sides to move). Rng: a 64-bit
// generator such as std::mt19937_64.
template <class Rng>
Position random_position(Rng& rng) {
  const auto& t = detail::shapes();
  const std::uint64_t r = uniform_below(rng, 2 * t.total);
  const Side side = r < t.total ? Side::sente : Side::gote;
  const std::uint64_t x = r % t.total;
  const auto it = std::upper_bound(t.cumulative.begin(), t.cumulative.end(), x);
  const detail::Shape& shape = t.shapes[std::size_t(it - t.cumulative.begin())];
  std::array<int, 12> squares;
  for (int i = 0; i < 12; ++i) squares[i] = i;
  std::vector<std::uint8_t> codes = {kLion, kLion | kGoteBit};
  codes.insert(codes.end(), shape.codes.begin(), shape.codes.end());
  Position p;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t j = i + std::size_t(uniform_below(rng, 12 - i));
    std::swap(squares[i], squares[j]);
    p.board[squares[i]] = codes[i];
  }
  for (int s = 0; s < 2; ++s)
    for (int j = 0; j < 3; ++j) p.hand[s][j] = shape.hand[s][j];
  p.to_move = side;
  return p;
}

template <class Rng>
Position random_game(Rng& rng, int plies) {
  Position p = start();
  for (int i = 0; i < plies; ++i) {
    if (decided(p) || has_winning_move(p)) break;
    std::vector<Move> all = moves(p), safe;
    for (const auto& m : all)
      if (!has_winning_move(m.after)) safe.push_back(m);
    const std::vector<Move>& from = safe.empty() ? all : safe;
    p = from[std::size_t(uniform_below(rng, from.size()))].after;
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// Positions reachable from the start by legal play.
//
// Breadth-first over positions, with the visited set kept per orbit of the four symmetries
// {identity, mirror a<->c, colour swap, both}: one 64-bit slot holds the orbit's representative
// (the smaller of a state seen from the side to move and its mirror image, 60 bits) and four bits
// saying which of its members, (mirror?, side to move), have been reached. The counts under the
// three conventions follow from the bits:
//   exact:          (board, hands, side to move);
//   colour:         a position identified with its colour-swapped image;
//   colour_mirror:  also with the mirror images.
// Positions decided in 0 plies are reached but not expanded (the game is over there). A move
// that wins at once leads to no position: the positions right after a safe try (rule-2
// positions) and the boards right after a lion is taken are counted apart, not as positions.
//
// Tanaka's 246,803,167 (2009) is, as found with this code: must_take_lion, identified under
// colour swap and mirror (colour_mirror), the positions right after a safe try included:
// positions.colour_mirror 239,784,182 + after_safe_try.colour_mirror 7,018,985.
struct ReachableOptions {
  // false: a safe try is an ordinary move (the rule "a lion that reaches the last rank and is
  // not taken at once wins"): the position after it is a position and is expanded, and its
  // successors (the lion still there) are terminal, won for the lion's owner (rule 1).
  bool try_wins_at_once = true;
  // false: a position where the side to move has a move that wins at once is reached (counted)
  // but not expanded, as if the game ended there.
  bool expand_wins_in_one = true;
  // true: a position where the side to move can take the lion is reached (counted) but not
  // expanded: the lion is always taken when it can be (Tanaka's condition, "when the opponent's
  // lion can be taken it is always taken", for his 246,803,167 reachable positions).
  bool must_take_lion = false;
  // true: a move after which the mover's own lion can be taken is not played (as in shogi
  // programs, where leaving one's king in check is illegal): the game then ends only by a try
  // or by having no such move; positions where the side to move could take the lion never arise.
  bool lion_safe_moves_only = false;
  // Also count the boards right after a lion is taken (a table of their own).
  bool count_lion_taken = false;
  // The visited table starts with 2^log2_slots slots of 8 bytes (it doubles past 75% full).
  int log2_slots = 24;
};

struct ReachableCounts {
  struct Row {
    std::uint64_t exact = 0, colour = 0, colour_mirror = 0;
  };
  ReachableOptions options;
  Row positions;                  // every position reached (start included), terminal ones included
  Row terminal;                   // of which decided in 0 plies (not expanded)
  Row terminal_rule[4];           // [1], [2], [3]: by the rule that decides them
  Row wins_in_one;                // of the others: the side to move has a move that wins at once
  Row after_safe_try;             // positions right after a safe try (try_wins_at_once only)
  Row after_lion_taken;           // boards right after a lion is taken (count_lion_taken only)
  int depth = 0;                  // plies to the farthest position (breadth-first layers - 1)
  std::uint64_t table_bytes = 0;  // the visited tables at their largest (one doubling included)
  std::uint64_t frontier_bytes = 0;  // the two frontier lists at their largest
  double seconds = 0;
};

namespace detail {

class OrbitTable {
 public:
  explicit OrbitTable(int log2 = 16) { reset(log2); }
  // Marks members `bits` of the orbit of `rep` reached; returns the bits newly set.
  unsigned add(std::uint64_t rep, unsigned bits) {
    if (used_ * 4 >= slots_.size() * 3) grow();
    std::size_t i = index(rep);
    for (;;) {
      const std::uint64_t v = slots_[i];
      if (v == 0) {
        slots_[i] = (rep << 4) | bits;
        ++used_;
        return bits;
      }
      if ((v >> 4) == rep) {
        const unsigned fresh = bits & ~unsigned(v & 15);
        slots_[i] = v | fresh;
        return fresh;
      }
      i = (i + 1) & (slots_.size() - 1);
    }
  }
  void prefetch(std::uint64_t rep) const { __builtin_prefetch(&slots_[index(rep)]); }
  template <class F>
  void for_each(F f) const {
    for (std::uint64_t v : slots_)
      if (v) f(v >> 4, unsigned(v & 15));
  }
  std::size_t bytes() const { return slots_.size() * sizeof(std::uint64_t); }
  std::size_t peak_bytes() const { return std::max(peak_, bytes()); }
  std::size_t size() const { return used_; }

 private:
  std::vector<std::uint64_t> slots_;
  int shift_ = 0;
  std::size_t used_ = 0;
  std::size_t peak_ = 0;
  std::size_t index(std::uint64_t rep) const {
    return std::size_t((rep * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  void reset(int log2) {
    slots_.assign(std::size_t{1} << log2, 0);
    shift_ = 64 - log2;
    used_ = 0;
  }
  void grow() {
    std::vector<std::uint64_t> old;
    old.swap(slots_);
    const int log2 = 64 - shift_ + 1;
    reset(log2);
    peak_ = std::max(peak_, (old.size() + slots_.size()) * sizeof(std::uint64_t));
    for (std::uint64_t v : old) {
      if (!v) continue;
      std::size_t i = index(v >> 4);
      while (slots_[i]) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = v;
      ++used_;
    }
  }
};

// (representative, 1 when the state is the mirror image of it)
inline std::pair<std::uint64_t, unsigned> orbit_of(State s) {
  const State m = mirror(s);
  return m < s ? std::pair{m, 1u} : std::pair{s, 0u};
}

// Member bit (mirror m, side to move t) = 1 << (2m + t). When the representative is its own
// mirror image, members (0, t) and (1, t) are one position: the bits are kept closed under that.
inline unsigned close_bits(std::uint64_t rep, unsigned bits) {
  if (mirror(rep) == rep) bits |= ((bits & 3) << 2) | ((bits >> 2) & 3);
  return bits;
}

// The members reached by moving from members `bits` to a child whose state is the mirror image
// of its representative when `mb`: mirror bit xor mb, the other side to move.
inline unsigned child_bits(unsigned bits, unsigned mb) {
  unsigned out = 0;
  for (unsigned b = 0; b < 4; ++b)
    if (bits & (1u << b)) {
      const unsigned m = (b >> 1) ^ mb, t = (b & 1) ^ 1;
      out |= 1u << (2 * m + t);
    }
  return out;
}

inline void add_row(ReachableCounts::Row& row, std::uint64_t rep, unsigned bits) {
  const bool symmetric = mirror(rep) == rep;
  const int members = std::popcount(bits);
  row.exact += std::uint64_t(symmetric ? members / 2 : members);
  row.colour +=
      std::uint64_t(symmetric ? (bits ? 1 : 0) : ((bits & 3) ? 1 : 0) + ((bits & 12) ? 1 : 0));
  row.colour_mirror += bits ? 1 : 0;
}

}  // namespace detail

inline ReachableCounts count_reachable(const ReachableOptions& options = {},
                                       std::ostream* log = nullptr) {
  using namespace detail;
  const auto t0 = std::chrono::steady_clock::now();
  ReachableCounts out;
  out.options = options;
  const bool try_ends = options.try_wins_at_once;
  OrbitTable visited(options.log2_slots), tries(16), taken(16);
  std::vector<std::uint64_t> frontier, next;  // rep << 4 | member bits newly reached
  {
    const auto [rep, mb] = orbit_of(state_of(start()));
    const unsigned bits = close_bits(rep, 1u << (2 * mb + 0));
    visited.add(rep, bits);
    frontier.push_back((rep << 4) | bits);
  }
  Gen gen[kMaxMoves];
  std::pair<std::uint64_t, unsigned> kids[kMaxMoves];
  int depth = 0;
  while (!frontier.empty()) {
    next.clear();
    for (const std::uint64_t item : frontier) {
      const State s = item >> 4;
      const unsigned bits = unsigned(item & 15);
      const Scan sc = scan(s);
      const int rule = decided_rule(s, sc);
      if (rule == 1 || rule == 3 || (rule == 2 && try_ends)) continue;
      if (!options.expand_wins_in_one && wins_at_once_exists(s, sc)) continue;
      if (options.must_take_lion && sc.lion_them >= 0 && ((sc.att_us >> sc.lion_them) & 1))
        continue;
      const int n = generate(s, sc, gen);
      for (int i = 0; i < n; ++i) {
        kids[i] = orbit_of(gen[i].child);
        visited.prefetch(kids[i].first);
      }
      for (int i = 0; i < n; ++i) {
        const auto [rep, mb] = kids[i];
        const unsigned cb = close_bits(rep, child_bits(bits, mb));
        if (options.lion_safe_moves_only && !(gen[i].flags & kTakesLion)) {
          const Scan after = scan(gen[i].child);  // seen from the opponent
          if (after.lion_them >= 0 && ((after.att_us >> after.lion_them) & 1)) continue;
        }
        if (gen[i].flags & kTakesLion) {
          if (options.count_lion_taken) taken.add(rep, cb);
          continue;
        }
        if ((gen[i].flags & kSafeTry) && try_ends) {
          tries.add(rep, cb);
          continue;
        }
        const unsigned fresh = visited.add(rep, cb);
        if (fresh) next.push_back((rep << 4) | fresh);
      }
    }
    out.frontier_bytes = std::max<std::uint64_t>(
        out.frontier_bytes, (frontier.capacity() + next.capacity()) * sizeof(std::uint64_t));
    if (log)
      *log << "ply " << depth << ": " << frontier.size() << " items expanded, " << next.size()
           << " new, " << visited.size() << " orbits so far, "
           << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s"
           << std::endl;
    frontier.swap(next);
    if (!frontier.empty()) ++depth;
  }
  out.depth = depth;
  out.table_bytes = visited.peak_bytes() + tries.peak_bytes() + taken.peak_bytes();
  std::vector<std::uint64_t>().swap(frontier);
  std::vector<std::uint64_t>().swap(next);
  visited.for_each([&](std::uint64_t rep, unsigned bits) {
    add_row(out.positions, rep, bits);
    const Scan sc = scan(rep);
    const int rule = decided_rule(rep, sc);
    if (rule) {
      add_row(out.terminal, rep, bits);
      add_row(out.terminal_rule[rule], rep, bits);
    } else if (wins_at_once_exists(rep, sc)) {
      add_row(out.wins_in_one, rep, bits);
    }
  });
  tries.for_each([&](std::uint64_t rep, unsigned bits) { add_row(out.after_safe_try, rep, bits); });
  taken.for_each(
      [&](std::uint64_t rep, unsigned bits) { add_row(out.after_lion_taken, rep, bits); });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// A perfect index of the valid states (positions seen from the side to move): every state gets
// a number below count_valid_positions() / 2, and back.
namespace detail {

class StateIndex {
 public:
  StateIndex() : table_(shapes()) {
    shape_of_.assign(27 * 27 * 243, -1);
    for (std::size_t i = 0; i < table_.shapes.size(); ++i) {
      const Shape& sh = table_.shapes[i];
      int c[16] = {};
      for (auto code : sh.codes) ++c[code];
      shape_of_[std::size_t(key_of(c, sh.hand[0]))] = int(i);
    }
  }
  std::uint64_t size() const { return table_.total; }

  std::uint64_t rank(State s) const {
    int c[16] = {};
    for (int i = 0; i < 12; ++i) ++c[cell(s, i)];
    const std::uint8_t hand[3] = {std::uint8_t(hand_count(s, 0, 0)),
                                  std::uint8_t(hand_count(s, 0, 1)),
                                  std::uint8_t(hand_count(s, 0, 2))};
    const int shape = shape_of_[std::size_t(key_of(c, hand))];
    std::uint64_t r = shape ? table_.cumulative[std::size_t(shape) - 1] : 0;
    std::uint64_t m = multinomial(c);
    int n = 12;
    for (int i = 0; i < 12; ++i) {
      const int a = cell(s, i);
      for (int k = 0; k < a; ++k)
        if (c[k]) r += m * std::uint64_t(c[k]) / std::uint64_t(n);
      m = m * std::uint64_t(c[a]) / std::uint64_t(n);
      --c[a], --n;
    }
    return r;
  }

  State unrank(std::uint64_t index) const {
    const auto it = std::upper_bound(table_.cumulative.begin(), table_.cumulative.end(), index);
    const std::size_t shape = std::size_t(it - table_.cumulative.begin());
    std::uint64_t r = index - (shape ? table_.cumulative[shape - 1] : 0);
    const Shape& sh = table_.shapes[shape];
    int c[16] = {};
    c[kLion] = 1, c[kLion | kGoteBit] = 1;
    for (auto code : sh.codes) ++c[code];
    c[0] = 12 - 2 - int(sh.codes.size());
    State s = 0;
    for (int side = 0; side < 2; ++side)
      for (int j = 0; j < 3; ++j)
        s |= std::uint64_t(sh.hand[side][j]) << (kHandShift[side] + 2 * j);
    std::uint64_t m = multinomial(c);
    int n = 12;
    for (int i = 0; i < 12; ++i) {
      for (int k = 0; k < 16; ++k) {
        if (!c[k]) continue;
        const std::uint64_t t = m * std::uint64_t(c[k]) / std::uint64_t(n);
        if (r < t) {
          s |= std::uint64_t(k) << (4 * i);
          m = t;
          --c[k], --n;
          break;
        }
        r -= t;
      }
    }
    return s;
  }

 private:
  const ShapeTable& table_;
  std::vector<int> shape_of_;

  static int key_of(const int* c, const std::uint8_t* sente_hand) {
    const int g = (c[kGiraffe] * 3 + c[kGiraffe | kGoteBit]) * 3 + sente_hand[0];
    const int e = (c[kElephant] * 3 + c[kElephant | kGoteBit]) * 3 + sente_hand[1];
    const int ch =
        (((c[kChick] * 3 + c[kHen]) * 3 + c[kChick | kGoteBit]) * 3 + c[kHen | kGoteBit]) * 3 +
        sente_hand[2];
    return (g * 27 + e) * 243 + ch;
  }
  static std::uint64_t multinomial(const int* c) {
    std::uint64_t m = 479001600;  // 12!
    for (int k = 0; k < 16; ++k)
      for (int f = 2; f <= c[k]; ++f) m /= std::uint64_t(f);
    return m;
  }
};

}  // namespace detail

// The same count as count_reachable, with the sets kept as bitmaps over the perfect index of
// valid states (one bit per state and side to move): 8 bitmaps of 196 MB (visited, this layer,
// the next, after a safe try; each for both sides), 1.6 GB whatever the count. count_lion_taken
// is not supported here (those boards are not valid positions). Slower than count_reachable
// per position, but bounded in memory.
inline ReachableCounts count_reachable_bitmap(const ReachableOptions& options = {},
                                              std::ostream* log = nullptr) {
  using namespace detail;
  const auto t0 = std::chrono::steady_clock::now();
  ReachableCounts out;
  out.options = options;
  const bool try_ends = options.try_wins_at_once;
  const StateIndex index;
  const std::size_t words = std::size_t((index.size() + 63) / 64);
  using Bits = std::vector<std::uint64_t>;
  Bits visited[2], cur[2], nxt[2], tries[2];
  for (int t = 0; t < 2; ++t) {
    visited[t].assign(words, 0), cur[t].assign(words, 0), nxt[t].assign(words, 0);
    if (try_ends) tries[t].assign(words, 0);
  }
  auto test = [](const Bits& b, std::uint64_t i) { return (b[i >> 6] >> (i & 63)) & 1; };
  auto set = [](Bits& b, std::uint64_t i) { b[i >> 6] |= std::uint64_t{1} << (i & 63); };
  {
    const std::uint64_t i = index.rank(state_of(start()));
    set(visited[0], i), set(cur[0], i);
  }
  Gen gen[kMaxMoves];
  int depth = 0;
  for (;;) {
    std::uint64_t expanded = 0, fresh = 0;
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t any = cur[0][w] | cur[1][w];
      while (any) {
        const int b = std::countr_zero(any);
        any &= any - 1;
        const std::uint64_t i = std::uint64_t(w) * 64 + std::uint64_t(b);
        const unsigned sides =
            unsigned((cur[0][w] >> b) & 1) | unsigned(((cur[1][w] >> b) & 1) << 1);
        ++expanded;
        const State s = index.unrank(i);
        const Scan sc = scan(s);
        const int rule = decided_rule(s, sc);
        if (rule == 1 || rule == 3 || (rule == 2 && try_ends)) continue;
        if (!options.expand_wins_in_one && wins_at_once_exists(s, sc)) continue;
        if (options.must_take_lion && sc.lion_them >= 0 && ((sc.att_us >> sc.lion_them) & 1))
          continue;
        const int n = generate(s, sc, gen);
        for (int k = 0; k < n; ++k) {
          if (gen[k].flags & kTakesLion) continue;
          if (options.lion_safe_moves_only) {
            const Scan after = scan(gen[k].child);
            if (after.lion_them >= 0 && ((after.att_us >> after.lion_them) & 1)) continue;
          }
          const std::uint64_t j = index.rank(gen[k].child);
          const bool to_try = (gen[k].flags & kSafeTry) && try_ends;
          for (int t = 0; t < 2; ++t) {
            if (!((sides >> t) & 1)) continue;
            const int u = 1 - t;  // the side to move after the move
            if (to_try) {
              set(tries[u], j);
            } else if (!test(visited[u], j)) {
              set(visited[u], j), set(nxt[u], j);
              ++fresh;
            }
          }
        }
      }
    }
    if (log)
      *log << "ply " << depth << ": " << expanded << " expanded, " << fresh << " new, "
           << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s"
           << std::endl;
    if (!fresh) break;
    ++depth;
    for (int t = 0; t < 2; ++t) {
      cur[t].swap(nxt[t]);
      std::fill(nxt[t].begin(), nxt[t].end(), 0);
    }
  }
  out.depth = depth;
  out.table_bytes = std::uint64_t(words) * 8 * (try_ends ? 8 : 6);
  for (int t = 0; t < 2; ++t) Bits().swap(cur[t]), Bits().swap(nxt[t]);
  // One pass over the states: the rows. An orbit under the mirror is counted at the member of
  // smaller index among those reached.
  auto count = [&](const Bits* set_of, ReachableCounts::Row& row, std::uint64_t i, State s,
                   unsigned sides) {
    row.exact += unsigned(std::popcount(sides));
    row.colour += 1;
    const State m = mirror(s);
    if (m == s) {
      row.colour_mirror += 1;
      return;
    }
    const std::uint64_t mi = index.rank(m);
    if (mi > i || !(test(set_of[0], mi) || test(set_of[1], mi))) row.colour_mirror += 1;
  };
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t any = visited[0][w] | visited[1][w];
    if (try_ends) any |= tries[0][w] | tries[1][w];
    while (any) {
      const int b = std::countr_zero(any);
      any &= any - 1;
      const std::uint64_t i = std::uint64_t(w) * 64 + std::uint64_t(b);
      const State s = index.unrank(i);
      const unsigned sides =
          unsigned((visited[0][w] >> b) & 1) | unsigned(((visited[1][w] >> b) & 1) << 1);
      if (sides) {
        count(visited, out.positions, i, s, sides);
        const Scan sc = scan(s);
        const int rule = decided_rule(s, sc);
        if (rule) {
          count(visited, out.terminal, i, s, sides);
          count(visited, out.terminal_rule[rule], i, s, sides);
        } else if (wins_at_once_exists(s, sc)) {
          count(visited, out.wins_in_one, i, s, sides);
        }
      }
      if (try_ends) {
        const unsigned ts =
            unsigned((tries[0][w] >> b) & 1) | unsigned(((tries[1][w] >> b) & 1) << 1);
        if (ts) count(tries, out.after_safe_try, i, s, ts);
      }
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

inline std::ostream& operator<<(std::ostream& os, const ReachableCounts::Row& r) {
  return os << r.exact << " exact, " << r.colour << " up to colour swap, " << r.colour_mirror
            << " up to colour swap and mirror";
}

}  // namespace dobutsu_reference
