#include "family/morris/morris_game.hpp"

#include <algorithm>
#include <bit>
#include <map>

#include "core/game_string.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::morris {
namespace {

constexpr std::array<int, 8> kDx = {-1, 0, 1, 1, 1, 0, -1, -1};  // place k around a square
constexpr std::array<int, 8> kDy = {-1, -1, -1, 0, 1, 1, 1, 0};

// The board from its geometry: `squares` concentric squares, the outer of half-width
// `squares`, joined at the middles of their sides (every board) and at their corners
// (`diagonals`: twelve). Six's two squares have half-widths 2 and 1 with no join at the corners
// and its joins are its links; its mills are its sides alone (`join_mills` false).
Board make_board(std::string name, int squares, bool diagonals, bool join_mills) {
  Board b;
  b.name = std::move(name);
  b.squares = squares;
  b.points = 8 * squares;
  const int size = 2 * squares + 1, centre = squares;
  // Points in SPEC order: by rank from the bottom, then by file.
  std::vector<std::pair<int, int>> at;  // (s, k) of each point
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      for (int s = 0; s < squares; ++s)
        for (int k = 0; k < 8; ++k)
          if (centre + kDx[k] * (squares - s) == x && centre + kDy[k] * (squares - s) == y) {
            at.emplace_back(s, k);
            b.names.push_back(std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1));
          }
  const auto index = [&](int s, int k) {
    return static_cast<int>(std::find(at.begin(), at.end(), std::pair{s, k % 8}) - at.begin());
  };
  b.neighbours.assign(b.points, 0);
  const auto join = [&](int p, int q) {
    b.neighbours[p] |= Points{1} << q;
    b.neighbours[q] |= Points{1} << p;
  };
  const auto line = [&](int p, int q, int r) {
    b.mills.push_back(Points{1} << p | Points{1} << q | Points{1} << r);
  };
  for (int s = 0; s < squares; ++s)
    for (int k = 0; k < 8; ++k) {
      join(index(s, k), index(s, k + 1));
      if (k % 2 == 0) line(index(s, k), index(s, k + 1), index(s, k + 2));
    }
  for (int k = 0; k < 8; ++k) {
    if (k % 2 == 0 && !diagonals) continue;
    for (int s = 0; s + 1 < squares; ++s) join(index(s, k), index(s + 1, k));
    if (join_mills && squares == 3) line(index(0, k), index(1, k), index(2, k));
  }
  b.mills_through.assign(b.points, {~Points{0}, ~Points{0}, ~Points{0}});
  std::vector<int> through(b.points, 0);
  for (Points m : b.mills)
    for (Points rest = m; rest; rest &= rest - 1) {
      const int point = std::countr_zero(rest);
      b.mills_through[point].at(through[point]++) = m;
    }
  for (int y = size - 1; y >= 0; --y) {
    std::vector<int> rank;
    for (int p = 0; p < b.points; ++p)
      if (b.names[p][1] - '1' == y) rank.push_back(p);
    if (!rank.empty()) b.ranks.push_back(rank);
  }
  // The square's eight: k -> r * 2 + k (rotations) or r * 2 - k (reflections), then the
  // squares reversed or not.
  for (int reverse = 0; reverse < 2; ++reverse)
    for (int reflect = 0; reflect < 2; ++reflect)
      for (int turn = 0; turn < 4; ++turn) {
        std::array<std::int8_t, 24> map{};
        for (int p = 0; p < b.points; ++p) {
          const auto [s, k] = at[p];
          const int k2 = ((reflect ? 2 * turn - k : 2 * turn + k) % 8 + 8) % 8;
          map[p] = static_cast<std::int8_t>(index(reverse ? squares - 1 - s : s, k2));
        }
        b.symmetries.push_back(map);
      }
  return b;
}

[[noreturn]] void refuse(const std::string& text, const std::string& what) {
  throw tbreader::InputError("morris position '" + text + "': " + what);
}

}  // namespace

int Board::point(const std::string& point_name) const {
  const auto it = std::find(names.begin(), names.end(), point_name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

Points Board::in_mills(Points own) const {
  Points in = 0;
  for (Points m : mills)
    if ((own & m) == m) in |= m;
  return in;
}

Points Board::map(Points set, int symmetry) const {
  Points out = 0;
  for (; set; set &= set - 1) out |= Points{1} << symmetries[symmetry][std::countr_zero(set)];
  return out;
}

const Board& board(const std::string& name) {
  static const std::map<std::string, Board> boards = {
      {"six", make_board("six", 2, false, false)},
      {"nine", make_board("nine", 3, false, true)},
      {"twelve", make_board("twelve", 3, true, true)}};
  return boards.at(name);
}

Rules rules_of(const GameString& game) {
  Rules r;
  const std::string name = game.choice("board", {"six", "nine", "twelve"}, "nine");
  r.board = &board(name);
  const int usual = name == "six" ? 6 : name == "nine" ? 9 : 12;
  // pieces is read after lasker, whose default it follows, but written before it.
  r.fly = game.integer("fly", 0, 1, 1) == 1;
  r.lasker = game.integer("lasker", 0, 1, 0) == 1;
  r.pieces = static_cast<int>(game.integer("pieces", 3, usual + 1, usual + r.lasker));
  r.first = game.choice("first", {"X", "O"}, "X")[0];
  r.second = r.first == 'X' ? 'O' : 'X';
  game.refuse_unread();
  const auto n = [](int v) { return std::to_string(v); };
  r.canonical = "morris(board=" + name + ",pieces=" + n(r.pieces) + ",fly=" + n(r.fly) +
                ",lasker=" + n(r.lasker) + ",first=" + r.first + ")";
  r.stem = "morris-" + name + "-n" + n(r.pieces) + (r.fly ? "-fly" : "") +
           (r.lasker ? "-lasker" : "") + "-" + r.first;
  return r;
}

std::vector<Move> moves(const Rules& rules, const Position& p) {
  std::vector<Move> out;
  for_each_move(rules, p, [&](const Move& m) { out.push_back(m); });
  return out;
}

bool lost(const Rules& rules, const Position& p) {
  if (std::popcount(p.mine) + p.mine_hand < 3) return true;
  if (std::popcount(p.theirs) + p.theirs_hand < 3) return false;
  bool any = false;
  for_each_move(rules, p, [&](const Move&) { any = true; });
  return !any;
}

std::string move_text(const Board& board, const Move& m) {
  std::string text = m.from < 0 ? board.names[m.to] : board.names[m.from] + "-" + board.names[m.to];
  if (m.removed >= 0) text += "x" + board.names[m.removed];
  return text;
}

Text parse_position(const Rules& rules, const std::string& text) {
  const Board& b = *rules.board;
  Text t;
  std::size_t at = 0;
  for (std::size_t r = 0; r < b.ranks.size(); ++r) {
    for (std::size_t i = 0; i < b.ranks[r].size(); ++i) {
      const int p = b.ranks[r][i];
      if (at >= text.size() || text[at] == '/' || text[at] == ':')
        refuse(text, "rank " + std::to_string(b.ranks.size() - r) + " has " + std::to_string(i) +
                         " points, not " + std::to_string(b.ranks[r].size()) + " (the " + b.name +
                         " board)");
      const char c = text[at++];
      if (c == 'X')
        t.x |= Points{1} << p;
      else if (c == 'O')
        t.o |= Points{1} << p;
      else if (c != '.')
        refuse(text, "column " + std::to_string(at) + ": '" + std::string(1, c) +
                         "' is not '.', 'X' or 'O'");
    }
    if (r + 1 < b.ranks.size()) {
      if (at >= text.size() || text[at] != '/')
        refuse(text, "column " + std::to_string(at + 1) + ": rank " +
                         std::to_string(b.ranks.size() - r) + " has more than " +
                         std::to_string(b.ranks[r].size()) + " points, or no '/' after it");
      ++at;
    }
  }
  // Then :X or :O, and :H1:H2.
  std::vector<std::string> fields;
  if (at < text.size() && text[at] != ':')
    refuse(text, "column " + std::to_string(at + 1) + ": the last rank has too many points");
  while (at < text.size()) {
    const std::size_t next = text.find(':', at + 1);
    fields.push_back(
        text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
    at = next == std::string::npos ? text.size() : next;
  }
  if (fields.empty() || (fields[0] != "X" && fields[0] != "O"))
    refuse(text, "the side to move (:X or :O) must follow the board");
  t.x_to_move = fields[0] == "X";
  if (fields.size() != 1 && fields.size() != 3)
    refuse(text, "after the side to move come both hand counts (:H1:H2) or none");
  if (fields.size() == 3) {
    int* hands[2] = {&t.x_hand, &t.o_hand};
    for (int i = 0; i < 2; ++i) {
      const std::string& f = fields[1 + i];
      const auto digit = [](char c) { return c >= '0' && c <= '9'; };
      if (f.empty() || f.size() > 2 || !std::all_of(f.begin(), f.end(), digit))
        refuse(text, std::string(i ? "O" : "X") + "'s marks in hand '" + f + "' is not a number");
      *hands[i] = std::stoi(f);
    }
  }
  check_counts(rules, t, "morris position '" + text + "'");
  return t;
}

void check_counts(const Rules& rules, const Text& t, const std::string& where) {
  const auto refused = [&](const std::string& what) {
    throw tbreader::InputError(where + ": " + what);
  };
  if ((t.x | t.o) >> rules.board->points || (t.x & t.o))
    refused((t.x & t.o) ? "a point of both sides"
                        : "points beyond the board's " + std::to_string(rules.board->points));
  if (t.x_hand < 0 || t.o_hand < 0) refused("a negative number of marks in hand");
  const int x = std::popcount(t.x) + t.x_hand, o = std::popcount(t.o) + t.o_hand;
  if (x > rules.pieces || o > rules.pieces)
    refused(std::string(x > rules.pieces ? "X" : "O") + " has " + std::to_string(std::max(x, o)) +
            " marks on the board and in hand, more than " + std::to_string(rules.pieces));
  if (x < 3 && o < 3) refused("both sides have fewer than three marks");
  if (!rules.lasker && (t.x_hand || t.o_hand)) {
    // Alternate placing: the first player holds as many as the other when it is to move.
    const bool first_moves = t.x_to_move == (rules.first == 'X');
    const int first_hand = rules.first == 'X' ? t.x_hand : t.o_hand;
    const int second_hand = rules.first == 'X' ? t.o_hand : t.x_hand;
    if (first_hand != second_hand - (first_moves ? 0 : 1))
      refused(std::string(1, rules.first) + " holds " + std::to_string(first_hand) +
              " marks in hand and " + rules.second + " " + std::to_string(second_hand) +
              ": alternate placing gives " + rules.first + " as many when " +
              (first_moves ? "it is" : "it is not") + " to move" +
              (first_moves ? "" : ", one fewer"));
  }
}

std::string position_text(const Rules& rules, const Text& t) {
  const Board& b = *rules.board;
  std::string out;
  for (const auto& rank : b.ranks) {
    if (!out.empty()) out += '/';
    for (int p : rank) out += t.x >> p & 1 ? 'X' : t.o >> p & 1 ? 'O' : '.';
  }
  out += t.x_to_move ? ":X" : ":O";
  if (t.x_hand || t.o_hand) out += ":" + std::to_string(t.x_hand) + ":" + std::to_string(t.o_hand);
  return out;
}

Position to_move(const Rules&, const Text& t) {
  return t.x_to_move ? Position{t.x, t.o, t.x_hand, t.o_hand}
                     : Position{t.o, t.x, t.o_hand, t.x_hand};
}

Text as_text(const Rules&, const Position& p, bool x_to_move) {
  return x_to_move ? Text{p.mine, p.theirs, true, p.mine_hand, p.theirs_hand}
                   : Text{p.theirs, p.mine, false, p.theirs_hand, p.mine_hand};
}

}  // namespace tbgen::morris
