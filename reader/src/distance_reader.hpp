#pragma once
// The reader of every member the cyclic engine solves (slide, morris, quixo, dobutsu): the value
// and result of a position from its code (core/distance_code.hpp), and every move with the value of
// the position it leads to, best first. A structure's reader (family/<structure>/) gives what is
// its own, as a class G:
//
//   using Position;                          the side to move's view, as the tables number it
//   const std::string& name() const;         the canonical game string
//   Written<Position> parse(const std::string& board) const;  throws tbreader::InputError
//   Written<Position> parse(const tbreader::Game::Position& p) const;  the same from numbers
//   distance::Code code(const TableSet&, const Position&) const;  the rules first, else a table
//   template <class F> void for_each_move(const Written<Position>&, F&& f) const;  f(name,
//                                            next): next as code() takes it (the position from
//                                            the other side's view, or what a turn that ends
//                                            the game leaves)
//   std::string side(bool first) const;      a side's name ("X", "Sente")
//   std::optional<std::string> over(const Position&, bool first_to_move) const;  why the game
//                                            is over ("X has a line"), where the rules end it
// and, optionally, `static constexpr bool kNobodyToMoveWhenOver = true;` where a finished game's
// side to move is written "none", as the games of marks write it (slide), not named.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/distance_code.hpp"
#include "game_reader.hpp"

namespace tbgen {

// A position as written: the side to move's view, and whether that side is the first player.
template <class Position>
struct Written {
  Position p;
  bool first_to_move;
};

// The code at `entry` of a part's table of `entries` positions in value codec 15 (or 11, where
// a structure's tables were first written so: slide, morris), the table checked once for
// `reader` (its game string and layout), a damaged value refused.
distance::Code stored_distance(const TableSet& tables, std::size_t slot, const std::string& table,
                               const std::string& game, std::uint32_t index_scheme,
                               std::uint32_t codec, std::uint64_t entries, std::uint64_t entry,
                               const void* reader);

template <class G>
class DistanceReader final : public GameReader {
 public:
  explicit DistanceReader(G g) : g_(std::move(g)) {}
  std::string name() const override { return g_.name(); }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions&) const override {
    expect_one_board(name(), boards);
    const auto written = g_.parse(boards[0]);
    // Named, not bound: a lambda below takes the side, and clang before 16 cannot capture a
    // structured binding.
    const auto& p = written.p;
    const bool first_to_move = written.first_to_move;
    const distance::Code c = g_.code(tables, p);
    tbreader::Position out;
    out.game = name();
    out.board = boards[0];
    out.to_move = g_.side(first_to_move);
    out.value = value_text(c, first_to_move);
    out.result = result(c, first_to_move);
    if (const auto why = g_.over(p, first_to_move)) {
      out.notes.push_back("game over: " + *why);
      if constexpr (requires { G::kNobodyToMoveWhenOver; }) out.to_move = "none";
      return out;
    }
    struct Ranked {
      int rank;  // wins soonest first, then draws, then losses latest
      tbreader::Move move;
    };
    std::vector<Ranked> ranked;
    g_.for_each_move(written, [&](std::string move, const auto& next) {
      const distance::Code n = g_.code(tables, next);
      const int d = distance::turns_left(n);
      const tbreader::Outcome outcome = !distance::decided(n)     ? tbreader::Outcome::draw
                                        : distance::mover_wins(n) ? tbreader::Outcome::loss
                                                                  : tbreader::Outcome::win;
      const int rank = outcome == tbreader::Outcome::win    ? d
                       : outcome == tbreader::Outcome::draw ? 1 << 20
                                                            : (1 << 21) - d;
      ranked.push_back(
          {rank,
           {std::move(move), value_text(n, !first_to_move), outcome, result(n, !first_to_move)}});
    });
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const Ranked& a, const Ranked& b) { return a.rank < b.rank; });
    for (auto& m : ranked) out.moves.push_back(std::move(m.move));
    return out;
  }

  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions&) const override {
    expect_one_board(name(), boards);
    const auto [p, first_to_move] = g_.parse(boards[0]);
    return value_text(g_.code(tables, p), first_to_move);
  }

  bool board_family() const override { return true; }
  tbreader::Game::Answer probe_numeric(const TableSet& tables,
                                       const tbreader::Game::Position& position) const override {
    const auto [p, first_to_move] = g_.parse(position);
    const distance::Code c = g_.code(tables, p);
    return {distance::first_player_number(c, first_to_move),
            distance::decided(c) ? distance::turns_left(c) : -1};
  }

 private:
  tbreader::Value value_text(distance::Code c, bool first_to_move) const {
    if (!distance::decided(c)) return {"Draw", std::nullopt};
    return {g_.side(distance::mover_wins(c) == first_to_move) + " win", std::nullopt};
  }
  tbreader::Result result(distance::Code c, bool first_to_move) const {
    if (!distance::decided(c)) return {"", std::nullopt};
    return {g_.side(distance::mover_wins(c) == first_to_move), distance::turns_left(c)};
  }

  G g_;
};

}  // namespace tbgen
