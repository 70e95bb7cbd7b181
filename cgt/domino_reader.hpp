#pragma once
// A domino member (domineering, cram) in the reader library: boards of '.' (empty) and '#'
// (covered), several boards a sum; the canonical form from the member's tables in CGSuite's
// notation and in the plain grammar, the outcome class, and every Left and Right move of a
// single board with its value. Sums are added at query time in an arena of the stored forms,
// under a lock (the arena grows).
#include <memory>
#include <mutex>

#include "cgt/domino_board.hpp"
#include "cgt/game_arena.hpp"
#include "cgt/notation.hpp"
#include "game_reader.hpp"

namespace tbgen {

class DominoReader : public GameReader {
 public:
  explicit DominoReader(family::Rules rules);
  std::string name() const override { return board_.rules().canonical; }
  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override;
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override;
  std::vector<std::string> boards_of_line(std::string_view line) const override;
  bool hash_comments() const override { return false; }  // '#' is a covered cell

 private:
  struct Forms {  // the member's dictionary in an arena, and what reads it
    std::unique_ptr<cgt::Arena> arena;
    std::unique_ptr<cgt::Notation> notation;
    std::vector<cgt::GameId> of_index;
  };
  // The stored forms, read on first use. Call with mutex_ held.
  Forms& forms(const TableSet& tables) const;
  cgt::GameId stored(const TableSet& tables, std::uint32_t covered) const;
  cgt::GameId sum(const TableSet& tables, std::span<const std::string> boards) const;

  cgt::DominoBoard board_;
  mutable std::mutex mutex_;
  mutable std::unique_ptr<Forms> forms_;
  mutable const TableSet* forms_of_ = nullptr;  // the set the forms were read from
};

}  // namespace tbgen
