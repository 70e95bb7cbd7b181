// A gravity member (connect) in the reader library: boards of rows from the top, or the columns
// played ("4453"); the value from the member's tables (the last few layers played out); every
// move, named by its column, with its value.
#include "family/gravity/gravity_reader.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

#include "core/board_text.hpp"
#include "core/combinatorial.hpp"
#include "layered_values.hpp"

namespace tbgen {

using namespace family;

GravityReader::GravityReader(Rules rules)
    : member_(std::make_shared<GravityMember>(std::move(rules))),
      first_slot_(TableSet::slot_base(member_->rules().canonical)) {
  const Rules& r = member_->rules();
  to_columns_.resize(static_cast<std::size_t>((r.cells() + 7) / 8));
  for (int i = 0; i < r.cells(); ++i) {  // cell i of the board (row 0 the top) to its bit
    const int at = member_->index().shift(i % r.cols) + r.rows - 1 - i / r.cols;
    const Bits bit = Bits{1} << at;
    to_cells_[static_cast<std::size_t>(at)] = std::uint64_t{1} << i;
    for (int byte = 0; byte < 256; ++byte)
      if (byte >> (i % 8) & 1) to_columns_[static_cast<std::size_t>(i / 8)][byte] |= bit;
  }
}

namespace {

// Columns played (none: the empty board), not a board of cells.
bool all_digits(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

// Boards (column masks) from which no order of play was found, per thread: a table of fixed
// size that forgets everything when half full. Forgetting costs only repeated work, so probes
// stay exact with memory bounded and nothing allocated after a thread's first board.
class GravityReader::DeadEnds {
 public:
  static DeadEnds& of_this_thread() {
    thread_local std::unique_ptr<DeadEnds> mine = std::make_unique<DeadEnds>();
    return *mine;
  }
  void forget_all() {
    ++generation_;
    used_ = 0;
  }
  bool contains(Bits mask) const {
    for (std::size_t i = slot(mask);; i = (i + 1) & (kSlots - 1)) {
      if (stamps_[i] != generation_) return false;
      if (keys_[i] == mask) return true;
    }
  }
  void insert(Bits mask) {
    if (++used_ > kSlots / 2) forget_all(), used_ = 1;
    std::size_t i = slot(mask);
    while (stamps_[i] == generation_) i = (i + 1) & (kSlots - 1);
    keys_[i] = mask;
    stamps_[i] = generation_;
  }

 private:
  static constexpr std::size_t kSlots = std::size_t{1} << 14;
  static std::size_t slot(Bits mask) { return (mask * 0x9E3779B97F4A7C15ull) >> 50; }
  std::array<Bits, kSlots> keys_{};
  std::array<std::uint32_t, kSlots> stamps_{};
  std::uint32_t generation_ = 1;
  std::size_t used_ = 0;
};

bool GravityReader::arises(std::uint64_t first, std::uint64_t second, const Position& p) const {
  if (taken_back(first, second, p)) return true;
  DeadEnds& dead = DeadEnds::of_this_thread();
  dead.forget_all();  // dead ends of another board say nothing here
  return search(p.board, p.t, p.lines_free, dead);
}

GravityReader::Lane GravityReader::lane_of(std::uint64_t first, std::uint64_t second,
                                           const Position& p) const {
  const std::uint64_t mine = p.t > 0 && member_->first_moves(p.t - 1) ? first : second;
  const Lane lane{mine, first ^ second ^ mine, first | second, p.t};
  if (p.lines_free) return lane;
  // The move that made the lines, found by checked_but_order(), taken back first: the board
  // before it has no line, nor has any before that.
  return {lane.others, lane.mine ^ p.last, lane.all ^ p.last, p.t - 1};
}

bool GravityReader::taken_back(std::uint64_t first, std::uint64_t second, const Position& p) const {
  for (Lane b = lane_of(first, second, p); b.t > 0; --b.t, std::swap(b.mine, b.others)) {
    const std::uint64_t pick = take_back(b.mine, b.others, b.all);
    if (pick == 0) return false;
    b.mine ^= pick;
    b.all ^= pick;
  }
  return true;
}

std::uint64_t GravityReader::take_back(std::uint64_t mine, std::uint64_t others,
                                       std::uint64_t all) const {
  const int cols = member_->rules().cols;
  const auto lowest = [](std::uint64_t x) { return x & (~x + 1); };
  // Tops: marks with no mark above them (the cell above is `cols` bits lower).
  const std::uint64_t tops = mine & ~(all << cols);
  // A top with the other player's mark below it, so that the next mark taken back (theirs)
  // has a top to come from; else any. Of those, the tallest column's (the lowest bit: rows
  // from the top), then the leftmost. On 200,000 boards of connect 6x5 drawn uniformly that
  // arise, this finds an order for all but 0.17% (the leftmost top alone: 38%).
  const std::uint64_t other_below = tops & (others >> cols);
  // Without a branch: which it is changes from mark to mark, and mispredicted it cost half
  // of the order's time. The lowest mark of each set is found side by side, then one kept.
  return lowest(other_below) | (lowest(tops) & (0 - std::uint64_t{other_below == 0}));
}

// take_back()'s rule in every lane at once, each lane a board of its own number of marks:
// a mark's step is the same few operations in all, so that the boards' chains of steps, each
// step waiting for the one before, overlap; and the loop ends once for all, where a board's own
// ended at a branch mispredicted at every board (docs/performance.md). A lane whose marks are
// all taken back, or that holds no board, stays as it is. Word: a lane's bits, 32 where the
// board's cells fit (twice the lanes an instruction).
template <class Word>
std::uint32_t GravityReader::taken_back_lanes(std::span<const Lane> boards) const {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return taken_back_avx2<Word>(boards);
#endif
  return taken_back_in<Word, 16>(boards);
}

template <class Word>
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2")))
#endif
std::uint32_t
GravityReader::taken_back_avx2(std::span<const Lane> boards) const {
  return taken_back_in<Word, 32>(boards);
}

namespace {

// Words in a vector of kBytes: a typedef in a class, where GCC keeps the attribute of a size
// that depends on a template's parameter (an alias drops it, and the vector is one word).
template <class Word, std::size_t kBytes>
struct VectorOf {
  typedef Word type __attribute__((vector_size(kBytes)));
};

}  // namespace

template <class Word, std::size_t kBytes>
std::uint32_t GravityReader::taken_back_in(std::span<const Lane> boards) const {
  // kVectors vectors of kBytes for the kLanes: GCC keeps vectors as wide as the processor's in
  // registers, and one twice as wide in memory between operations. AVX2's vectors of 32 bytes
  // take half the instructions a step of SSE2's 16, each operation given its own destination.
  using Vector = typename VectorOf<Word, kBytes>::type;
  constexpr std::size_t kWidth = kBytes / sizeof(Word), kVectors = kLanes / kWidth;
  using Lanes = std::array<Vector, kVectors>;
  constexpr int kTop = 8 * sizeof(Word) - 1;
  const int cols = member_->rules().cols;
  std::array<Word, kLanes> words[4] = {};  // mine, others, all, marks: lanes with no board empty
  Word most = 0, least = boards.empty() ? 0 : ~Word{0};
  for (std::size_t k = 0; k < boards.size(); ++k) {
    words[0][k] = static_cast<Word>(boards[k].mine);
    words[1][k] = static_cast<Word>(boards[k].others);
    words[2][k] = static_cast<Word>(boards[k].all);
    words[3][k] = static_cast<Word>(boards[k].t);
    most = std::max(most, words[3][k]);
    least = std::min(least, words[3][k]);
  }
  Lanes mine, others, all, marks;
  std::memcpy(mine.data(), words[0].data(), sizeof mine);
  std::memcpy(others.data(), words[1].data(), sizeof others);
  std::memcpy(all.data(), words[2].data(), sizeof all);
  std::memcpy(marks.data(), words[3].data(), sizeof marks);
  // Masks without compares (64-bit lanes have none before SSE4.1): (x | (0 - x)) >> kTop is 1
  // where x is not 0. A step takes a mark back from `mover`'s in the lanes `keep` holds.
  const auto step = [&](Lanes& mover, const Lanes& waiting, const Lanes& keep) {
    for (std::size_t v = 0; v < kVectors; ++v) {
      const Vector tops = mover[v] & ~(all[v] << cols);
      const Vector other_below = tops & (waiting[v] >> cols);
      const Vector none_below = ((other_below | (0 - other_below)) >> kTop) - 1;
      const Vector pick =
          ((other_below & (0 - other_below)) | (tops & (0 - tops) & none_below)) & keep[v];
      mover[v] ^= pick;
      all[v] ^= pick;
    }
  };
  // Two steps a turn of the loop, each side's once, while every lane has marks left: the sides
  // named, not swapped.
  Word s = 0;
  Lanes keep;
  keep.fill(0 - Vector{} - 1);
  for (; s + 2 <= least; s += 2) {
    step(mine, others, keep);
    step(others, mine, keep);
  }
  // Then the lanes with marks left: `s - marks` wraps to a top bit there.
  for (; s < most; ++s) {
    for (std::size_t v = 0; v < kVectors; ++v) keep[v] = 0 - ((s - marks[v]) >> kTop);
    if (s % 2 == 0)
      step(mine, others, keep);
    else
      step(others, mine, keep);
  }
  // A lane's t steps each took back a mark, or one did not and a mark is left: no test a step.
  std::memcpy(words[2].data(), all.data(), sizeof all);
  std::uint32_t bits = 0;
  for (std::size_t k = 0; k < boards.size(); ++k) bits |= std::uint32_t{words[2][k] != 0} << k;
  return bits;
}

void GravityReader::expect_orders(std::span<const std::uint64_t> first,
                                  std::span<const std::uint64_t> second, std::size_t i0,
                                  std::span<const Position> positions,
                                  std::span<const std::uint32_t> order) const {
  bool refused = false;
  std::array<Lane, kLanes> lanes;
  std::array<std::uint32_t, kLanes> at;
  std::size_t n = 0;
  const auto run = [&] {
    const std::span<const Lane> boards(lanes.data(), n);
    const std::uint32_t failed = member_->rules().cells() <= 32
                                     ? taken_back_lanes<std::uint32_t>(boards)
                                     : taken_back_lanes<std::uint64_t>(boards);
    for (std::uint32_t bits = failed; bits; bits &= bits - 1) {
      const std::uint32_t j = at[__builtin_ctz(bits)];
      refused |= !arises(first[i0 + j], second[i0 + j], positions[j]);
    }
    n = 0;
  };
  for (const std::uint32_t j : order) {
    lanes[n] = lane_of(first[i0 + j], second[i0 + j], positions[j]);
    at[n++] = j;
    if (n == kLanes) run();
  }
  run();
  if (!refused) return;
  for (std::size_t j = 0; j < positions.size(); ++j) {  // the first refused, in index order
    const std::uint64_t f = first[i0 + j], s = second[i0 + j];
    try {
      expect_order(f, s, positions[j], [&] { return position_name(f, s); });
    } catch (const tbreader::InputError& e) {
      throw tbreader::InputError(e.what(), i0 + j);
    }
  }
}

bool GravityReader::search(const GravityBoard& b, int t, bool lines_free, DeadEnds& dead) const {
  if (t == 0) return true;
  if (dead.contains(b.mask)) return false;
  const bool by_first = member_->first_moves(t - 1);  // who made the t-th mark
  // The top marks of the player who made the t-th mark, from the left column.
  Bits tops = member_->index().tops(b.mask) & (by_first ? b.first : ~b.first);
  for (; tops != 0; tops &= tops - 1) {
    const Bits top = tops & (~tops + 1);
    const GravityBoard before{.first = b.first & ~top, .mask = b.mask ^ top};
    if (!lines_free &&
        (member_->has_line(before.first) || member_->has_line(before.mask ^ before.first)))
      continue;
    if (search(before, t - 1, true, dead)) return true;
  }
  dead.insert(b.mask);
  return false;
}

Bits GravityReader::top_of(const GravityBoard& b, int c) const {
  const GravityIndex& index = member_->index();
  return index.drops(b.mask) & index.column(c);
}

GravityReader::Position GravityReader::parse(const std::string& text) const {
  const Rules& r = member_->rules();
  const auto where = [&] { return std::string("board '") + text + "'"; };
  Position p;
  if (all_digits(text)) {  // the columns played, 1 the leftmost
    for (std::size_t i = 0; i < text.size(); ++i) {
      const int c = text[i] - '1';
      const auto at = [&] { return "moves '" + text + "', move " + std::to_string(i + 1); };
      if (c < 0 || c >= r.cols)
        throw tbreader::InputError(at() + ": column " + std::string(1, text[i]) +
                                   " is not on the board (columns 1 to " + std::to_string(r.cols) +
                                   ")");
      Code ignored = 0;
      if (decided(p, &ignored)) throw tbreader::InputError(at() + ": the game is already over");
      const Bits top = top_of(p.board, c);
      if (!top) throw tbreader::InputError(at() + ": column " + std::to_string(c + 1) + " is full");
      p.board.mask |= top;
      if (member_->first_moves(p.t)) p.board.first |= top;
      ++p.t;
    }
    return p;
  }
  const std::string alphabet = std::string(".") + r.first + r.second;
  const std::string cells = parse_board_text(text, r.cells(), r.cols, alphabet);
  std::uint64_t first = 0, second = 0;
  for (int i = 0; i < r.cells(); ++i) {
    first |= std::uint64_t{cells[i] == r.first} << i;
    second |= std::uint64_t{cells[i] == r.second} << i;
  }
  return checked(first, second, where);
}

GravityReader::Position GravityReader::checked(std::uint64_t first, std::uint64_t second,
                                               Where where) const {
  const Position p = checked_but_order(first, second, where);
  expect_order(first, second, p, where);
  return p;
}

GravityReader::Position GravityReader::checked_but_order(std::uint64_t first, std::uint64_t second,
                                                         Where where) const {
  const Rules& r = member_->rules();
  const GravityIndex& index = member_->index();
  Position p;
  p.board = to_columns(first, second);
  // Adding each column's bottom cell carries through a run of marks from the bottom to the cell
  // above it, and leaves a mark above a gap where it was: every column at once.
  for (int c = 0; c < r.cols && ((p.board.mask + index.bottoms()) & p.board.mask); ++c) {
    const Bits column = (p.board.mask & index.column(c)) >> index.shift(c);
    if (column & (column + 1)) {  // not a run from the bottom: a mark above a gap
      const int gap = __builtin_ctzll(~column);
      const int row = __builtin_ctzll(column >> gap) + gap;  // the lowest mark above it
      throw tbreader::InputError(
          where() + ": the mark at " + cell_name((r.rows - 1 - row) * r.cols + c, r.cols) +
          " is above an empty cell (a mark drops to the lowest empty cell of its column)");
    }
  }
  const int nf = combinatorial::count_bits(p.board.first);
  const int ns = combinatorial::count_bits(p.board.mask) - nf;
  if (nf != ns && nf != ns + 1)
    throw tbreader::InputError(where() + ": " + std::to_string(nf) + " " + r.first + " and " +
                               std::to_string(ns) + " " + r.second + " marks cannot arise (" +
                               r.first + " moves first, then the players alternate)");
  p.t = nf + ns;
  const bool first_moves = member_->first_moves(p.t);
  const Bits firsts = p.board.first, seconds = p.board.mask ^ p.board.first;
  const unsigned lines_of = member_->lines_of(firsts, seconds);
  const bool first_line = lines_of & 1, second_line = lines_of >> 1;
  if (first_line && second_line)
    throw tbreader::InputError(where() + ": both " + std::string(1, r.first) + " and " + r.second +
                               " have a line; the game ends at the first");
  if (first_line == first_moves && (first_line || second_line))
    throw tbreader::InputError(where() + ": " + (first_moves ? r.first : r.second) +
                               " has a line but is to move; the game ends at a line");
  if (first_line || second_line) {  // the last move made every line: it is on a column's top
    const Bits lines = first_line ? firsts : seconds;
    // Every column's top at once, from the left.
    for (Bits x = index.tops(p.board.mask) & lines; x != 0 && p.last == 0; x &= x - 1)
      if (const Bits top = x & (~x + 1); !member_->has_line(lines ^ top))
        p.last = to_cells_[static_cast<std::size_t>(__builtin_ctzll(top))];
    if (p.last == 0)
      throw tbreader::InputError(where() + ": no single last move of " +
                                 (first_line ? r.first : r.second) + " made its lines");
  }
  p.lines_free = !first_line && !second_line;
  return p;
}

void GravityReader::expect_order(std::uint64_t first, std::uint64_t second, const Position& p,
                                 Where where) const {
  if (!arises(first, second, p))
    throw tbreader::InputError(where() + ": cannot arise in play (no order of alternate drops " +
                               "builds these columns without a line before the last move)");
}

const Table& GravityReader::table_of(const TableSet& tables, int t) const {
  const Rules& r = member_->rules();
  const Table& table = member_table(tables, first_slot_ + static_cast<std::size_t>(t),
                                    member_->table_name(t), r.canonical);
  expect_layout(table, kGravityIndexScheme, member_->value_codec(), member_->index().entries(t));
  return table;
}

Code GravityReader::code(const TableSet& tables, const Position& p, Code alpha, Code beta) const {
  if (Code by_board = 0; decided(p, &by_board)) return by_board;
  if (p.t < member_->stored_layers()) {
    return member_code_once(table_of(tables, p.t), member_->index().entry(p.t, p.board),
                            member_->rules().codes());
  }
  // A layer without a table: its few moves played out, alpha-beta. A move is looked at no
  // further once it cannot change the choice of the move before (connect 6x5's positions drawn
  // uniformly, 17% of them in such layers: 1.09x fewer instructions than each move's exact
  // value).
  const bool first_moves = member_->first_moves(p.t);
  const Code worst = first_moves ? 0 : member_->rules().codes() - 1;
  const Code most = member_->rules().codes() - 1 - worst;
  const Bits drops = member_->index().drops(p.board.mask);
  // A line made now, where that is the best the mover can have, ends the search before any
  // other move is played out (the moves left of it would be, in column order).
  const Bits mover = first_moves ? p.board.first : p.board.mask ^ p.board.first;
  if (member_->line_code(p.t + 1) == most)
    for (Bits x = drops; x != 0; x &= x - 1)
      if (member_->has_line(mover | (x & (~x + 1)))) return most;
  Code best = worst;
  for (Bits x = drops; x != 0; x &= x - 1) {
    const Position next = played(p, x & (~x + 1));
    if (first_moves) {
      best = std::max(best, code(tables, next, std::max(alpha, best), beta));
      if (best >= beta) break;
    } else {
      best = std::min(best, code(tables, next, alpha, std::min(beta, best)));
      if (best <= alpha) break;
    }
  }
  return best;
}

GravityReader::Position GravityReader::played(const Position& p, Bits top) const {
  Position next{.board = p.board, .t = p.t + 1};  // lines unknown
  next.board.mask |= top;
  if (member_->first_moves(p.t)) next.board.first |= top;
  return next;
}

tbreader::Position GravityReader::probe(const TableSet& tables, std::span<const std::string> boards,
                                        const tbreader::ProbeOptions&) const {
  const Rules& r = member_->rules();
  expect_one_board(name(), boards);
  const Position p = parse(boards[0]);
  const Code value = code(tables, p);
  tbreader::Position out{name(),
                         boards[0],
                         "none",
                         member_value(r, value),
                         {},
                         {},
                         member_result(r, p.t, r.cells() - p.t, value)};
  Code ignored = 0;
  if (decided(p, &ignored)) {
    const Bits last_mover =
        member_->first_moves(p.t) ? p.board.mask ^ p.board.first : p.board.first;
    out.notes.push_back(member_->has_line(last_mover)
                            ? std::string("game over: ") +
                                  (member_->first_moves(p.t) ? r.second : r.first) + " has a line"
                            : "game over: the board is full");
    return out;
  }
  const bool first_moves = member_->first_moves(p.t);
  out.to_move = std::string(1, first_moves ? r.first : r.second);
  const int sign = first_moves ? 1 : -1;              // the mover's gain is sign * value
  std::vector<std::pair<int, tbreader::Move>> moves;  // (gain, move), in column order
  for (int c = 0; c < r.cols; ++c) {
    const Bits top = top_of(p.board, c);
    if (!top) continue;
    const Code v = code(tables, played(p, top));
    const int gain = sign * r.value_of(v);
    moves.push_back({gain,
                     {std::to_string(c + 1), member_value(r, v),
                      gain > 0   ? tbreader::Outcome::win
                      : gain < 0 ? tbreader::Outcome::loss
                                 : tbreader::Outcome::draw,
                      member_result(r, p.t + 1, r.cells() - p.t - 1, v)}});
  }
  // Best first; equal moves from the left.
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& m : moves) out.moves.push_back(std::move(m.second));
  return out;
}

tbreader::Value GravityReader::value(const TableSet& tables, std::span<const std::string> boards,
                                     const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  return member_value(member_->rules(), code(tables, parse(boards[0])));
}

std::int32_t GravityReader::value_of(const TableSet& tables, std::uint64_t first,
                                     std::uint64_t second) const {
  const auto where = [&] { return position_name(first, second); };
  expect_masks(first, second, member_->rules().cells());
  const Rules& r = member_->rules();
  const Position p = checked_but_order(first, second, where);
  const bool tabled = p.t < member_->stored_layers();
  if (Code by_board = 0; !tabled || decided(p, &by_board)) {
    expect_order(first, second, p, where);
    return r.value_of(tabled ? by_board : code(tables, p));
  }
  // The entry is asked for before the order of play is looked for, so that its read (a miss)
  // and the search overlap: 1.15x the single probes of connect 6x5 (docs/performance.md). Only
  // from a table already open: a board that cannot arise is refused before any table is opened.
  const std::uint64_t index = member_->index().entry(p.t, p.board);
  if (const Table* open =
          tables.open_table(first_slot_ + static_cast<std::size_t>(p.t), member_->table_name(p.t)))
    open->prefetch_entry(index);
  expect_order(first, second, p, where);
  return r.value_of(member_code(table_of(tables, p.t), index, r.codes()));
}

void GravityReader::values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                              std::span<const std::uint64_t> second,
                              std::span<std::int32_t> out) const {
  const Rules& r = member_->rules();
  // A group's entries are asked for together, then read: their misses overlap. They are asked
  // for in a loop of their own once the group's indices are worked out: a prefetch does not
  // retire until its page walk ends, and amid the index's work it held that work up (10%,
  // docs/performance.md).
  constexpr std::size_t kGroup = 32;
  constexpr std::uint64_t kDecided = ~std::uint64_t{0};  // an index: answered by the board
  std::array<std::uint64_t, kGroup> index;
  const auto check_one = [&](std::size_t i) {
    expect_masks(first[i], second[i], r.cells());
    return checked_but_order(first[i], second[i],
                             [&] { return position_name(first[i], second[i]); });
  };
  const auto answer = [&](int t, std::size_t i0, std::span<const Position> positions,
                          std::span<const std::uint32_t> order) {
    if (t >= member_->stored_layers()) {  // no table: the few moves left played out
      for (const std::uint32_t j : order) out[i0 + j] = r.value_of(code(tables, positions[j]));
      return;
    }
    const Table* table = nullptr;  // looked up at the first board its table answers
    for (std::size_t g = 0; g < order.size(); g += kGroup) {
      const std::size_t m = std::min(kGroup, order.size() - g);
      for (std::size_t k = 0; k < m; ++k) {
        const Position& p = positions[order[g + k]];
        Code by_board = 0;
        index[k] = decided(p, &by_board) ? kDecided : member_->index().entry(t, p.board);
        if (index[k] == kDecided) {
          out[i0 + order[g + k]] = r.value_of(by_board);
          continue;
        }
        if (!table) table = &table_of(tables, t);
      }
      for (std::size_t k = 0; k < m; ++k)
        if (index[k] != kDecided) table->prefetch_entry(index[k]);
      for (std::size_t k = 0; k < m; ++k)
        if (index[k] != kDecided)
          out[i0 + order[g + k]] = r.value_of(member_code(*table, index[k], r.codes()));
    }
  };
  values_by_layer<Position, kMaxGravityBits + 1>(
      first.size(), static_cast<std::size_t>(member_->layers()), check_one,
      [](const Position& p) { return p.t; }, answer,
      [&](std::size_t i0, std::span<const Position> positions,
          std::span<const std::uint32_t> order) {
        expect_orders(first, second, i0, positions, order);
      });
}

std::unique_ptr<GameReader> make_gravity_reader(family::Rules rules) {
  return std::make_unique<GravityReader>(std::move(rules));
}

}  // namespace tbgen
