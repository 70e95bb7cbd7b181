#include "family/placement/placement_reader.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "core/board_text.hpp"
#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "family/family_game.hpp"
#include "layered_values.hpp"

namespace tbgen {

using namespace family;

PlacementReader::PlacementReader(Rules rules)
    : member_(std::make_shared<Member>(std::move(rules))),
      first_slot_(TableSet::slot_base(member_->rules().canonical)) {}

PlacementReader::Board PlacementReader::check_lines(std::uint32_t first, std::uint32_t second,
                                                    Where where) const {
  const Rules& r = member_->rules();
  const int nf = combinatorial::count_bits(first), ns = combinatorial::count_bits(second);
  const auto turn = member_->turn_of(nf, ns);
  if (!turn)
    throw tbreader::InputError(
        where() + ": " + std::to_string(nf) + " " + r.first + " and " + std::to_string(ns) + " " +
        r.second + " marks cannot arise between whole turns (" + r.first + " places " +
        std::to_string(r.q) + " first, then each side " + std::to_string(r.p) + " a turn)");
  const bool first_line = r.wins_at_once && r.wins(first, true);
  const bool second_line = r.wins_at_once && r.wins(second, false);
  if (r.wins_at_once) {
    const bool first_moves = r.first_moves(*turn);
    const std::string win = r.win_name();
    if (first_line && second_line)
      throw tbreader::InputError(where() + ": both " + std::string(1, r.first) + " and " +
                                 r.second + " have a " + win + "; the game ends at the first");
    if (first_line == first_moves && (first_line || second_line))
      throw tbreader::InputError(where() + ": " + (first_moves ? r.first : r.second) + " has a " +
                                 win + " but is to move; the game ends at a " + win);
    if (first_line || second_line) {  // the last mark is on every line (chain) of the winner
      const std::uint32_t marks = first_line ? first : second;
      bool made = false;
      for (std::uint32_t rest = marks; rest && !made; rest &= rest - 1)
        made = !r.wins(marks & ~(rest & (~rest + 1)), first_line);
      if (!made)
        throw tbreader::InputError(where() + ": " + (first_line ? r.first : r.second) + "'s " +
                                   win + "s share no cell, so no last mark made them all");
    }
  }
  return {first, second, *turn, std::uint32_t{first_line} | std::uint32_t{second_line} << 1};
}

PlacementReader::Board PlacementReader::parse(const std::string& text) const {
  const Rules& r = member_->rules();
  const std::string alphabet = std::string(".") + r.first + r.second;
  const std::string cells = parse_board_text(text, r.cells(), r.cols, alphabet);
  std::uint32_t first = 0, second = 0;
  for (int i = 0; i < r.cells(); ++i) {  // without branches: the cells are random
    first |= std::uint32_t{cells[i] == r.first} << i;
    second |= std::uint32_t{cells[i] == r.second} << i;
  }
  return check(first, second, [&] { return "board '" + text + "'"; });
}

const Table& PlacementReader::open_table_of(const TableSet& tables, int turn,
                                            const LayerShape** shape) const {
  const std::string& name = member_->table_name(turn);
  const std::size_t slot = first_slot_ + static_cast<std::size_t>(turn);
  const Table& table = tables.slot_table(slot, name);
  const bool by_mover = table.header().index_scheme == kKeyedByMover;
  *shape = &member_->stored_shape(turn, by_mover);
  // The game and layout once a table: a probe then looks only at its mark.
  const void* mark = &shapes_checked_[by_mover];
  if (table.checked_for() != mark) {
    (void)member_table(tables, slot, name, member_->rules().canonical);
    expect_layout(table, by_mover ? kKeyedByMover : kKeyedByWaiting, member_->value_codec(),
                  (*shape)->entries);
    table.mark_checked_for(mark);
  }
  return table;
}

Code PlacementReader::stored(const TableSet& tables, const Board& b) const {
  const LayerShape* shape = nullptr;
  const Table& table = table_of(tables, b.turn, &shape);
  return member_code_once(table, member_->position_index(*shape, b.first, b.second),
                          member_->rules().codes());
}

// The value after the mover adds `marks`: a set that makes a line wins at once, played with
// its line's marks first (the turn stops there), else the position after the whole turn.
Code PlacementReader::after_move(const TableSet& tables, const Board& b,
                                 std::uint32_t marks) const {
  const Rules& r = member_->rules();
  const bool first_moves = r.first_moves(b.turn);
  const std::uint32_t mover = (first_moves ? b.first : b.second) | marks;
  if (r.wins_at_once && r.wins(mover, first_moves)) {
    int fewest = combinatorial::count_bits(marks);  // a chain: the turn's one mark
    for (const std::uint32_t line : r.lines)
      if ((line & mover) == line)
        fewest = std::min(fewest, combinatorial::count_bits(line & marks));
    const int empties = r.cells() - combinatorial::count_bits(b.first | b.second) - fewest;
    return r.line_made(first_moves, empties);
  }
  const Board next{first_moves ? mover : b.first, first_moves ? b.second : mover, b.turn + 1};
  return code(tables, next);
}

// Calls f(marks) for every set of `count` cells of `empty`, in increasing order of cells (colex
// order, stepped to the next set rather than unranked: the last turn is scored on every probe).
template <class F>
void for_each_move(std::uint32_t empty, int count, F&& f) {
  const int n = combinatorial::count_bits(empty);
  if (count > n) return;
  if (count == 0) return f(std::uint32_t{0});
  const auto first = static_cast<std::uint32_t>((std::uint64_t{1} << count) - 1);
  const std::uint32_t last = first << (n - count);
  for (std::uint32_t m = first;; m = combinatorial::next_combination(m)) {
    f(combinatorial::deposit_bits(m, empty));
    if (m == last) return;
  }
}

Code PlacementReader::code(const TableSet& tables, const Board& b) const {
  const Rules& r = member_->rules();
  Code c = 0;
  if (decided(b, &c)) return c;
  if (b.turn < member_->stored_layers()) return stored(tables, b);
  if (const LastTurn* last = member_->last_turn()) return last->best(b.first, b.second);
  // The last turn has no table: the best of its few moves, until one reaches the best code the
  // mover can have (no later move can do better).
  const bool first_moves = r.first_moves(b.turn);
  const Code worst = first_moves ? 0 : r.codes() - 1;
  const Code most = r.codes() - 1 - worst;
  Code best = worst;
  for_each_move(r.full() & ~(b.first | b.second), r.marks_in_turn(b.turn), [&](std::uint32_t m) {
    if (best == most) return;
    const Code v = after_move(tables, b, m);
    best = first_moves ? std::max(best, v) : std::min(best, v);
  });
  return best;
}

std::vector<Code> PlacementReader::codes(const TableSet& tables,
                                         std::span<const Board> boards) const {
  std::vector<Code> out(boards.size());
  // Each layer's table is opened and its layout checked once, before the threads start.
  const TableSet streaming(tables.directory(), tbreader::CacheMode::single_block);
  std::vector<const Table*> used(member_->stored_layers(), nullptr);
  std::vector<const LayerShape*> shapes(member_->stored_layers());
  for (const Board& b : boards) {
    Code ignored = 0;
    if (b.turn >= member_->stored_layers() || used[b.turn] || decided(b, &ignored)) continue;
    used[b.turn] = &table_of(streaming, b.turn, &shapes[b.turn]);
  }
  constexpr std::uint64_t kDirect = ~std::uint64_t{0};
  std::vector<std::pair<std::uint64_t, std::uint32_t>> order(boards.size());  // (key, board)
  const unsigned threads = default_threads();
  constexpr std::size_t kChunk = 1 << 14;
  parallel_for(threads, (boards.size() + kChunk - 1) / kChunk, [&](std::uint64_t chunk) {
    for (std::size_t i = chunk * kChunk; i < std::min(boards.size(), (chunk + 1) * kChunk); ++i) {
      const Board& b = boards[i];
      if (b.turn < member_->stored_layers() && used[b.turn] && !decided(b, &out[i])) {
        order[i] = {std::uint64_t(b.turn) << 40 |
                        member_->position_index(*shapes[b.turn], b.first, b.second),
                    static_cast<std::uint32_t>(i)};
      } else {
        out[i] = code(tables, b);  // decided by the board, or a last turn without a table
        order[i] = {kDirect, static_cast<std::uint32_t>(i)};
      }
    }
  });
  std::sort(order.begin(), order.end());
  // Runs of the sorted boards, handed out dynamically: the late layers hold most blocks.
  constexpr std::size_t kRun = 1 << 13;
  parallel_for(threads, (order.size() + kRun - 1) / kRun, [&](std::uint64_t run) {
    const std::size_t last = std::min(order.size(), (run + 1) * kRun);
    for (std::size_t k = run * kRun; k < last && order[k].first != kDirect; ++k) {
      out[order[k].second] =
          member_code(*used[order[k].first >> 40], order[k].first & ((std::uint64_t{1} << 40) - 1),
                      member_->rules().codes());
    }
  });
  return out;
}

tbreader::Value PlacementReader::value_text(Code code) const {
  return member_value(member_->rules(), code);
}

tbreader::Position PlacementReader::probe(const TableSet& tables,
                                          std::span<const std::string> boards,
                                          const tbreader::ProbeOptions&) const {
  const Rules& r = member_->rules();
  expect_one_board(name(), boards);
  const Board b = parse(boards[0]);
  const Code value = code(tables, b);
  const int empties = r.cells() - combinatorial::count_bits(b.first | b.second);
  tbreader::Position p{name(),
                       boards[0],
                       "none",
                       value_text(value),
                       {},
                       {},
                       member_result(r, b.turn, empties, value)};
  Code ignored = 0;
  if (decided(b, &ignored)) {
    if (b.turn < r.turns)
      p.notes.push_back(std::string("game over: ") + (r.wins(b.first, true) ? r.first : r.second) +
                        " has a " + r.win_name());
    else if (r.wins_at_once)
      p.notes.push_back("game over: the board is full");
    else
      p.notes.push_back("game over after " + std::to_string(r.turns) + " turns" +
                        (r.fill == Fill::none ? std::string()
                         : r.fill == Fill::first
                             ? ": the empty cells go to " + std::string(1, r.first)
                             : ": the empty cells go to " + std::string(1, r.second)));
    return p;
  }
  const bool first_moves = r.first_moves(b.turn);
  p.to_move = std::string(1, first_moves ? r.first : r.second);
  const int sign = first_moves ? 1 : -1;  // the mover's gain is sign * value
  struct Listed {
    int gain;
    std::uint32_t marks;
    tbreader::Move move;
  };
  std::vector<Listed> moves;
  for_each_move(r.full() & ~(b.first | b.second), r.marks_in_turn(b.turn), [&](std::uint32_t m) {
    std::string move;
    for (std::uint32_t rest = m; rest; rest &= rest - 1)
      move += (move.empty() ? "" : "+") + cell_name(__builtin_ctz(rest), r.cols);
    const Code v = after_move(tables, b, m);
    const int gain = sign * r.value_of(v);
    moves.push_back({gain,
                     m,
                     {move, value_text(v),
                      gain > 0   ? tbreader::Outcome::win
                      : gain < 0 ? tbreader::Outcome::loss
                                 : tbreader::Outcome::draw,
                      member_result(r, b.turn + 1, empties - combinatorial::count_bits(m), v)}});
  });
  // Best first; equal moves in lexicographic order of their cells (a1+b1, a1+c1, ..., b1+c1):
  // of two sets, the one holding the lowest cell they do not share.
  std::sort(moves.begin(), moves.end(), [](const Listed& a, const Listed& c) {
    const std::uint32_t differ = a.marks ^ c.marks;
    return a.gain != c.gain ? a.gain > c.gain : (a.marks & differ & (~differ + 1)) != 0;
  });
  for (auto& m : moves) p.moves.push_back(std::move(m.move));
  return p;
}

tbreader::Value PlacementReader::value(const TableSet& tables, std::span<const std::string> boards,
                                       const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  return value_text(code(tables, parse(boards[0])));
}

std::int32_t PlacementReader::value_of(const TableSet& tables, std::uint64_t first,
                                       std::uint64_t second) const {
  const Rules& r = member_->rules();
  const auto where = [&] { return position_name(first, second); };
  expect_masks(first, second, r.cells());
  const Board b =
      check(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(second), where);
  return r.value_of(code(tables, b));
}

void PlacementReader::values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                                std::span<const std::uint64_t> second,
                                std::span<std::int32_t> out) const {
  const Rules& r = member_->rules();
  const int stored = member_->stored_layers();
  // A group's positions go through each step together, so that the reads of one step (the class
  // lookup, then the entry) are all in flight before the next step waits for the first.
  constexpr std::size_t kGroup = 32;
  struct Read {
    std::uint32_t at = 0;  // in the chunk
    bool table = false;    // false: answered without a table read
    std::uint64_t index = 0;
  };
  std::array<Read, kGroup> reads;
  const auto check_one = [&](std::size_t i) {
    expect_masks(first[i], second[i], r.cells());
    return check(static_cast<std::uint32_t>(first[i]), static_cast<std::uint32_t>(second[i]),
                 [&] { return position_name(first[i], second[i]); });
  };
  const auto answer = [&](int turn, std::size_t i0, std::span<const Board> boards,
                          std::span<const std::uint32_t> order) {
    if (turn >= stored) {  // no table: decided by the board, or a last turn's few moves
      for (const std::uint32_t j : order) out[i0 + j] = r.value_of(code(tables, boards[j]));
      return;
    }
    const LayerShape* shape = nullptr;
    const Table* table = nullptr;
    for (std::size_t g = 0; g < order.size(); g += kGroup) {
      const std::size_t m = std::min(kGroup, order.size() - g);
      for (std::size_t k = 0; k < m; ++k) {
        Read& read = reads[k];
        read.at = order[g + k];
        const Board& b = boards[read.at];
        Code c = 0;
        read.table = !decided(b, &c);
        if (!read.table) {
          out[i0 + read.at] = r.value_of(c);
          continue;
        }
        if (!table) table = &table_of(tables, turn, &shape);
        member_->prefetch_class(*shape, b.first, b.second);
      }
      for (std::size_t k = 0; k < m; ++k)
        if (Read& read = reads[k]; read.table) {
          const Board& b = boards[read.at];
          read.index =
              member_->position_index(*shape, b.first, b.second, Symmetry::Lookup::prefetched);
        }
      for (std::size_t k = 0; k < m; ++k)
        if (const Read& read = reads[k]; read.table) table->prefetch_entry(read.index);
      for (std::size_t k = 0; k < m; ++k)
        if (const Read& read = reads[k]; read.table)
          out[i0 + read.at] = r.value_of(member_code(*table, read.index, r.codes()));
    }
  };
  values_by_layer<Board, kMaxCells + 1>(
      first.size(), static_cast<std::size_t>(r.turns) + 1, check_one,
      [](const Board& b) { return b.turn; }, answer);
}

std::unique_ptr<GameReader> make_placement_reader(family::Rules rules) {
  return std::make_unique<PlacementReader>(std::move(rules));
}

}  // namespace tbgen
