// Building a domino member's tables (domineering, cram): every board valued (domino_solver.hpp),
// then two files: the dictionary of canonical forms (each form once, options before it) and the
// board table of form indices (docs/format.md). Both are written together: a rerun keeps them
// when both are complete.
#include <algorithm>
#include <chrono>

#include "cgt/domino_solver.hpp"
#include "cgt/notation.hpp"
#include "generator/game_tables.hpp"
#include "generator/progress.hpp"

namespace tbgen::cgt {
namespace {

class DominoTables final : public GameTables {
 public:
  explicit DominoTables(family::Rules rules) : board_(std::move(rules)) {}
  std::optional<BuildNeeds> needs(int processes) const override;
  void build(const BuildContext& context) const override;
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  format::Header header(bool dictionary, std::uint32_t entry_bits, std::uint64_t entries) const {
    return table_header(board_.rules().canonical,
                        dictionary ? kDictionaryIndexScheme : kBoardIndexScheme,
                        dictionary ? kDictionaryCodec : kFormCodec, entry_bits, entries);
  }
  DominoBoard board_;
};

std::optional<BuildNeeds> DominoTables::needs(int) const {
  BuildNeeds needs;
  needs.positions = needs.stored = board_.boards();
  // Measured peaks (docs/figures.md): 14-21 bytes a board for domineering (5x5, 6x4: the
  // value of every board, the packed table, the arena and its caches), 7 for cram (its values
  // are nimbers).
  needs.memory = board_.boards() * (board_.rules().impartial ? 8 : 24) + (std::uint64_t{64} << 20);
  needs.disk = board_.boards() * 4;
  return needs;
}

void DominoTables::build(const BuildContext& context) const {
  const std::vector<std::string> names = {board_.dictionary_name(), board_.table_name()};
  const std::vector<bool> complete = complete_layers(
      context.tables, names, board_.rules().canonical,
      [&](int layer, const format::Header& h) { return board_.lays_out(layer == 0, h); },
      single_process());
  if (complete[0] && complete[1]) {
    for (const auto& name : names)
      if (context.log) *context.log << name << ".tb: kept (already complete)\n";
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  Arena arena;
  const std::string label = board_.rules().stem + " boards";
  Progress progress(label, board_.boards());
  const DominoSolve solved = solve_boards(board_, arena, &progress);
  progress.finish();
  // The dictionary: every form a board's value reaches through options, in arena order
  // (options before the forms that hold them), 0 first.
  std::vector<std::uint8_t> reached(arena.size(), 0);
  std::vector<GameId> stack;
  for (const GameId g : solved.by_board)
    if (!reached[g]) reached[g] = 1, stack.push_back(g);
  const std::vector<GameId> values = stack;  // each distinct value once
  reached[0] = 1;
  while (!stack.empty()) {
    const GameId g = stack.back();
    stack.pop_back();
    for (const auto side : {arena.left(g), arena.right(g)})
      for (const GameId o : side)
        if (!reached[o]) reached[o] = 1, stack.push_back(o);
  }
  std::vector<std::uint32_t> index_of(reached.size(), 0), words;
  std::uint32_t forms = 0;
  for (GameId g = 0; g < reached.size(); ++g) {
    if (!reached[g]) continue;
    index_of[g] = forms++;
    if (g == 0) continue;
    std::vector<std::uint32_t> sides[2];
    for (int side = 0; side < 2; ++side) {
      for (const GameId o : side == 0 ? arena.left(g) : arena.right(g))
        sides[side].push_back(index_of[o]);
      std::sort(sides[side].begin(), sides[side].end());
    }
    words.push_back(static_cast<std::uint32_t>(sides[0].size()));
    words.push_back(static_cast<std::uint32_t>(sides[1].size()));
    for (const auto& s : sides) words.insert(words.end(), s.begin(), s.end());
  }
  // The largest values, for the log: the latest birthday, the longest in CGSuite's notation.
  int oldest = 0;
  std::size_t longest = 0;
  Notation notation(arena);
  for (const GameId g : values) {
    oldest = std::max(oldest, arena.birthday(g));
    longest = std::max(longest, notation.cgsuite(g).size());
  }
  if (context.log)
    *context.log << label << ": valued in " << seconds_since(start) << " s, " << values.size()
                 << " distinct values, " << forms << " forms with their options, " << solved.shapes
                 << " component shapes, " << arena.size() << " forms met; the largest born on day "
                 << oldest << ", the longest " << longest << " characters in CGSuite's notation\n";
  write_entries(context, names[0], header(true, 32, words.size()),
                [&](std::uint64_t w) { return words[w]; });
  const std::uint32_t bits = forms <= 256 ? 8 : forms <= 65536 ? 16 : 32;
  write_entries(context, names[1], header(false, bits, board_.boards()),
                [&](std::uint64_t b) { return index_of[solved.by_board[b]]; });
}

std::string DominoTables::deep_verify(const TableSet& tables, const std::string& name,
                                      unsigned) const {
  if (name != board_.table_name() && name != board_.dictionary_name())
    throw tbreader::Error(name + ": not a table of " + board_.rules().canonical);
  const Table& dictionary = tables.table(board_.dictionary_name());
  const Table& table = tables.table(board_.table_name());
  if (!board_.lays_out(true, dictionary.header()) || !board_.lays_out(false, table.header()))
    throw tbreader::Error(table.name() + ": unexpected table layout");
  // The forms read back, then every board against the canonical form of its moves' values.
  Arena arena;
  const std::vector<GameId> of_index = read_dictionary(dictionary, arena);
  const auto value = [&](std::uint64_t b) {
    const std::uint64_t i = table.entry(b);
    if (i >= of_index.size())
      throw tbreader::Error(table.name() + ": form index " + std::to_string(i) + " out of range");
    return of_index[i];
  };
  for (std::uint64_t b = 0; b < board_.boards(); ++b) {
    std::vector<GameId> sides[2];
    for (int side = 0; side < 2; ++side)
      for (const Domino& d : board_.moves(side == 0))
        if (!(b & d.mask())) sides[side].push_back(value(b | d.mask()));
    if (arena.make(sides[0], sides[1]) != value(b))
      throw tbreader::Error(table.name() + ": board " + board_.text(static_cast<std::uint32_t>(b)) +
                            " stores a form its moves do not give");
  }
  return one_ply_note(board_.boards());
}

}  // namespace
}  // namespace tbgen::cgt

namespace tbgen {

std::unique_ptr<GameTables> make_domino_tables(family::Rules rules) {
  return std::make_unique<cgt::DominoTables>(std::move(rules));
}

}  // namespace tbgen
