#pragma once
// The door a move structure comes in by (docs/architecture.md). A structure (family/<name>/)
// writes one class S with what is its own: how its positions are numbered in parts (a table
// each), how they move (turns, and un-turns for the way back), what the rules decide at once,
// and the text of a position for the logs. The cyclic engine (retrograde.hpp, where the part
// of the contract it uses is written down) solves it; the build driver (structure_build.cpp)
// estimates, solves or resumes, writes, logs and checks its tables. Beside the engine's part,
// the driver asks of S:
//
//   const std::string& game() const;            the canonical game string
//   int parts() const;                          parts are 0 .. parts() - 1
//   std::uint64_t positions(int part) const;    before symmetry (what a build says it solves)
//   std::string table_name(int part) const;     its file's name, without ".tb"
//   format::Header header(int part) const;      index scheme, value codec, layer, entries
//   std::vector<std::vector<int>> groups() const;  every part once, in the order they are
//                                               solved: a group's turns lead into itself or
//                                               to parts of groups before it
//   std::vector<int> reads(std::span<const int> group) const;  the parts before it they reach
//   std::string describe(int part, std::uint64_t entry) const;  the position, as boards are
//                                               written (logs and the deep check's errors)
//   WriteOptions write_options() const;         optional: how its tables are compressed, where
//                                               they were first written otherwise (slide's at
//                                               kLayerWrite); else kEngineWrite
//   double list_bytes_per_entry() const;        optional: what a group's lists of positions by
//                                               level hold at their peak, in bytes an entry of
//                                               the group, where measured below the engine's
//                                               bound (kListBytesPerEntry)
//
// Tables hold the engine's codes (distance_code.hpp) in value codec 15, or in codec 11 where a
// structure's tables were first written so (slide, morris).
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "format/table.hpp"
#include "format/table_writer.hpp"
#include "generator/retrograde.hpp"

namespace tbgen {

// How the driver compresses a structure's tables: zstd's level 6 (its lazy matcher), not the
// optimal parser of kLayerWrite: writing was a quarter of a morris sector's time, for tables
// 10% smaller (docs/FORMAT.md).
inline constexpr WriteOptions kEngineWrite = [] {
  WriteOptions options = kLayerWrite;
  options.zstd_level = 6;
  options.tuning = {};
  return options;
}();

class GameTables;

// At worst nearly every entry of a group waits in a list at once: quixo's first pass decides most
// positions through turns to sectors below and lists them at their levels, 11 bytes an entry at
// the peak of 5x5's sectors of 2 blanks (docs/distributed.md). So 12 a bound, with the vectors'
// growth.
inline constexpr double kListBytesPerEntry = 12;

// What the build driver knows of a structure: S seen through virtual calls, a call a group.
class Structure {
 public:
  virtual ~Structure() = default;
  virtual const std::string& game() const = 0;
  virtual int parts() const = 0;
  virtual std::uint64_t entries(int part) const = 0;
  virtual std::uint64_t positions(int part) const = 0;
  virtual std::string table_name(int part) const = 0;
  virtual format::Header header(int part) const = 0;
  virtual std::vector<std::vector<int>> groups() const = 0;
  virtual std::vector<int> reads(std::span<const int> group) const = 0;
  virtual std::string describe(int part, std::uint64_t entry) const = 0;
  virtual WriteOptions write_options() const = 0;
  virtual double list_bytes_per_entry() const = 0;
  virtual std::vector<retrograde::Codes> solve(std::span<const int> group,
                                               const retrograde::Solved& solved,
                                               const retrograde::SolveOptions& options) const = 0;
  // The codes of the entries [first, end) of a part derived from their turns' codes, into
  // out[0 .. end - first) (tbgen verify --deep).
  virtual void one_ply(int part, std::uint64_t first, std::uint64_t end,
                       const retrograde::Solved& solved, retrograde::Code* out) const = 0;
};

template <class S>
class EngineStructure final : public Structure {
 public:
  explicit EngineStructure(S s) : s_(std::move(s)) {}
  const std::string& game() const override { return s_.game(); }
  int parts() const override { return s_.parts(); }
  std::uint64_t entries(int part) const override { return s_.entries(part); }
  std::uint64_t positions(int part) const override { return s_.positions(part); }
  std::string table_name(int part) const override { return s_.table_name(part); }
  format::Header header(int part) const override { return s_.header(part); }
  std::vector<std::vector<int>> groups() const override { return s_.groups(); }
  std::vector<int> reads(std::span<const int> group) const override { return s_.reads(group); }
  std::string describe(int part, std::uint64_t entry) const override {
    return s_.describe(part, entry);
  }
  WriteOptions write_options() const override {
    if constexpr (requires { s_.write_options(); })
      return s_.write_options();
    else
      return kEngineWrite;
  }
  double list_bytes_per_entry() const override {
    if constexpr (requires { s_.list_bytes_per_entry(); })
      return s_.list_bytes_per_entry();
    else
      return kListBytesPerEntry;
  }
  std::vector<retrograde::Codes> solve(std::span<const int> group, const retrograde::Solved& solved,
                                       const retrograde::SolveOptions& options) const override {
    return retrograde::solve_group(s_, solved, group, options);
  }
  void one_ply(int part, std::uint64_t first, std::uint64_t end, const retrograde::Solved& solved,
               retrograde::Code* out) const override {
    const auto& walker = s_.walker(part);
    for (std::uint64_t e = first; e < end; ++e)
      out[e - first] =
          retrograde::one_ply(s_, part, walker.position(e),
                              [&](int to, std::uint64_t k) { return solved.code(to, k); });
  }

 private:
  S s_;
};

// The tables of a structure's member: built, resumed and checked by the driver.
std::unique_ptr<GameTables> structure_tables(std::unique_ptr<const Structure> structure);
template <class S>
std::unique_ptr<GameTables> engine_tables(S s) {
  return structure_tables(std::make_unique<EngineStructure<S>>(std::move(s)));
}

}  // namespace tbgen
