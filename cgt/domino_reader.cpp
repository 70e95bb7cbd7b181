#include "cgt/domino_reader.hpp"

#include <algorithm>
#include <sstream>

namespace tbgen {

using namespace cgt;

DominoReader::DominoReader(family::Rules rules) : board_(std::move(rules)) {}

DominoReader::Forms& DominoReader::forms(const TableSet& tables) const {
  if (forms_ && forms_of_ == &tables) return *forms_;
  const Table& dictionary = tables.table(board_.dictionary_name());
  if (!board_.lays_out(true, dictionary.header()))
    throw tbreader::Error(dictionary.name() + ": unexpected table layout (not " + name() +
                          "'s forms)");
  auto f = std::make_unique<Forms>();
  f->arena = std::make_unique<Arena>();
  f->of_index = read_dictionary(dictionary, *f->arena);
  f->notation = std::make_unique<Notation>(*f->arena);
  forms_ = std::move(f);
  forms_of_ = &tables;
  return *forms_;
}

GameId DominoReader::stored(const TableSet& tables, std::uint32_t covered) const {
  Forms& f = forms(tables);
  const Table& table = tables.table(board_.table_name());
  if (!board_.lays_out(false, table.header()))
    throw tbreader::Error(table.name() + ": unexpected table layout (not " + name() + "'s boards)");
  const std::uint64_t i = table.entry(covered);
  if (i >= f.of_index.size())
    throw tbreader::Error(table.name() + ": form index " + std::to_string(i) + " out of range");
  return f.of_index[i];
}

GameId DominoReader::sum(const TableSet& tables, std::span<const std::string> boards) const {
  if (boards.empty()) throw tbreader::InputError(name() + ": no board given");
  GameId g = 0;
  for (const auto& b : boards) g = forms(tables).arena->add(g, stored(tables, board_.parse(b)));
  return g;
}

std::vector<std::string> DominoReader::boards_of_line(std::string_view line) const {
  std::vector<std::string> boards;
  std::istringstream in{std::string(line)};
  for (std::string b; in >> b;) boards.push_back(b);
  return boards;
}

tbreader::Position DominoReader::probe(const TableSet& tables, std::span<const std::string> boards,
                                       const tbreader::ProbeOptions&) const {
  std::lock_guard lock(mutex_);
  const GameId g = sum(tables, boards);
  Forms& f = forms(tables);
  std::string joined;
  for (const auto& b : boards) joined += (joined.empty() ? "" : " ") + b;
  tbreader::Position p{name(),
                       joined,
                       board_.rules().impartial ? "either (both place dominoes either way)"
                                                : "either (Left places vertical dominoes, Right "
                                                  "horizontal ones)",
                       {f.notation->cgsuite(g), std::nullopt},
                       {},
                       {},
                       std::nullopt,
                       f.notation->plain(g),
                       static_cast<char>(f.arena->outcome(g))};
  if (boards.size() != 1) return p;
  // Every move of the board, Left's then Right's (cram: once), winning moves first: a Left
  // move wins if Right, moving next, loses (the value is >= 0: outcome L or P), a Right move
  // if <= 0 (R or P). Each move carries the outcome class of the board it leads to.
  const std::uint32_t covered = board_.parse(boards[0]);
  for (const bool left : {true, false}) {
    if (!left && board_.rules().impartial) break;
    std::vector<std::pair<bool, tbreader::Move>> moves;
    for (const Domino& d : board_.moves(left)) {
      if (covered & d.mask()) continue;
      const GameId next = stored(tables, covered | d.mask());
      const Outcome after = f.arena->outcome(next);
      const bool wins = after == Outcome::P || after == (left ? Outcome::L : Outcome::R);
      tbreader::Move move{board_.name(d),
                          {f.notation->cgsuite(next), std::nullopt},
                          wins ? tbreader::Outcome::win : tbreader::Outcome::loss};
      move.outcome_class = static_cast<char>(after);
      moves.emplace_back(wins, std::move(move));
    }
    std::stable_sort(moves.begin(), moves.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& m : moves) p.moves.push_back(std::move(m.second));
  }
  return p;
}

tbreader::Value DominoReader::value(const TableSet& tables, std::span<const std::string> boards,
                                    const tbreader::ProbeOptions&) const {
  std::lock_guard lock(mutex_);
  return {forms(tables).notation->cgsuite(sum(tables, boards)), std::nullopt};
}

std::unique_ptr<GameReader> make_domino_reader(family::Rules rules) {
  return std::make_unique<DominoReader>(std::move(rules));
}

}  // namespace tbgen
