// The public API: a Tablebase is a TableSet; a Game is a GameReader bound to one.
#include <algorithm>

#include "core/parallel.hpp"
#include "game_reader.hpp"
#include "table_set.hpp"

namespace tbreader {

Tablebase::Tablebase(std::filesystem::path directory, CacheMode mode, std::uint64_t cache_budget)
    : tables_(std::make_unique<tbgen::TableSet>(std::move(directory), mode, cache_budget)) {}

Tablebase::~Tablebase() = default;

const std::filesystem::path& Tablebase::directory() const {
  return tables_->directory();
}

std::vector<GameFiles> Tablebase::games() const {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(directory()))
    if (e.is_regular_file() && e.path().extension() == ".tb") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<GameFiles> games;
  for (const auto& path : files) {
    std::string game;
    try {
      game = tbgen::Table(path, CacheMode::single_block).header().game;
    } catch (const Error&) {
      continue;  // not a table: probing the game names the file
    }
    auto it =
        std::find_if(games.begin(), games.end(), [&](const auto& g) { return g.game == game; });
    if (it == games.end()) it = games.insert(games.end(), {game, 0, 0});
    ++it->tables;
    it->bytes += std::filesystem::file_size(path);
  }
  return games;
}

std::string canonical(std::string_view game) {
  return tbgen::make_game_reader(game)->name();
}

namespace {

// The command that builds a game's tables, as a shell takes it: `tbgen build double5`,
// `tbgen build 'mnk(cols=4,...)'`.
std::string build_command(const std::string& game) {
  const bool quote = game.find('(') != std::string::npos;
  return "tbgen build " + (quote ? "'" + game + "'" : game);
}

// Runs `f`; a missing table's message (the table set names the file) ends with the exact
// command that builds it, which the game knows.
template <class F>
decltype(auto) naming_build(const std::string& game, F&& f) {
  try {
    return f();
  } catch (const TableMissing& e) {
    const std::string what = e.what();
    throw TableMissing(what.substr(0, what.rfind(" (run ")) + " (run " + build_command(game) + ")");
  }
}

}  // namespace

struct Game::Impl {
  const tbgen::TableSet& tables;
  std::unique_ptr<tbgen::GameReader> reader;
  std::string name;
};

Game::Game(const Tablebase& tables, std::string_view game) {
  auto reader = tbgen::make_game_reader(game);
  auto name = reader->name();
  impl_ = std::make_unique<Impl>(Impl{*tables.tables_, std::move(reader), std::move(name)});
}

Game::~Game() = default;
Game::Game(Game&&) noexcept = default;

const std::string& Game::name() const {
  return impl_->name;
}

tbreader::Position Game::probe(std::span<const std::string> boards,
                               const ProbeOptions& options) const {
  return naming_build(impl_->name,
                      [&] { return impl_->reader->probe(impl_->tables, boards, options); });
}

Value Game::value(std::span<const std::string> boards, const ProbeOptions& options) const {
  return naming_build(impl_->name,
                      [&] { return impl_->reader->value(impl_->tables, boards, options); });
}

std::vector<std::string> Game::boards_of_line(std::string_view line) const {
  return impl_->reader->boards_of_line(line);
}

bool Game::holds_boards(std::string_view line) const {
  const auto first = line.find_first_not_of(" \t\r");
  return first != std::string_view::npos && (line[first] != '#' || !impl_->reader->hash_comments());
}

std::vector<Value> Game::values(std::span<const std::string> lines,
                                const ProbeOptions& options) const {
  std::vector<Value> out(lines.size());
  // Chunks in order: a refused line stops the chunks after it, and the first refused line
  // (in line order) is the one reported, whatever the schedule.
  constexpr std::size_t kChunk = 1 << 12;
  const std::size_t chunks = (lines.size() + kChunk - 1) / kChunk;
  std::vector<std::exception_ptr> refused(chunks);
  tbgen::parallel_for(tbgen::default_threads(), chunks, [&](std::uint64_t c) {
    const std::size_t end = std::min(lines.size(), (c + 1) * kChunk);
    for (std::size_t i = c * kChunk; i < end; ++i) {
      try {
        out[i] = value(boards_of_line(lines[i]), options);
      } catch (const InputError& e) {
        refused[c] = std::make_exception_ptr(InputError(e.what(), i));
        return;
      }
    }
  });
  for (const auto& e : refused)
    if (e) std::rethrow_exception(e);
  return out;
}

void Game::solve(std::istream& in, std::ostream& out) const {
  naming_build(impl_->name, [&] { impl_->reader->solve(impl_->tables, in, out); });
}

std::int32_t Game::value_of(std::uint64_t first, std::uint64_t second) const {
  return probe({.first = first, .second = second}).value;
}

void Game::values_of(std::span<const std::uint64_t> first, std::span<const std::uint64_t> second,
                     std::span<std::int32_t> out) const {
  if (first.size() != second.size() || first.size() != out.size())
    throw InputError("values_of: first, second and out must have one length");
  naming_build(impl_->name, [&] { impl_->reader->values_of(impl_->tables, first, second, out); });
}

std::int32_t Game::value_of(std::uint64_t first, std::uint64_t second, bool first_to_move) const {
  return probe({.first = first, .second = second, .to_move = first_to_move ? 0 : 1}).value;
}

std::int32_t Game::value_of(std::uint64_t first, std::uint64_t second, bool first_to_move,
                            int first_hand, int second_hand) const {
  return probe({.first = first,
                .second = second,
                .to_move = first_to_move ? 0 : 1,
                .hand = {first_hand, second_hand}})
      .value;
}

Game::Answer Game::probe(const Position& position) const {
  return naming_build(impl_->name,
                      [&] { return impl_->reader->probe_numeric(impl_->tables, position); });
}

bool Game::board_family() const {
  return impl_->reader->board_family();
}

}  // namespace tbreader
