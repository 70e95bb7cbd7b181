#pragma once
// What tbgen knows of a game: how to build its tables and how to check them one ply deep.
// One implementation per game, in its folder (games/<id>/<id>_tables.cpp).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_string.hpp"
#include "format/checksum_list.hpp"
#include "format/table.hpp"
#include "format/table_writer.hpp"
#include "generator/cluster.hpp"
#include "generator/entry_share.hpp"
#include "table_set.hpp"

namespace tbgen {

struct BuildContext {
  std::filesystem::path tables;
  unsigned threads = 1;
  std::ostream* log = nullptr;       // one line per table written or kept
  const Cluster* cluster = nullptr;  // a distributed build (family members): this process
  // How often a long solve saves its state, so that a killed build goes on from there (tbgen
  // build --save-every; the tests save at every step with 0).
  std::chrono::seconds save_every = std::chrono::minutes(10);
  // Not empty: build the tables in their order up to this one (its name, without .tb) and stop
  // (tbgen build --until; GameTables::builds_part()).
  std::string until{};
  // Gravity members: the entries of a layer one process solves at a time (0: its own choice);
  // smaller holds less and resumes nearer a kill (tbgen build --part-entries).
  std::uint64_t part_entries = 0;
};

inline format::Header table_header(const std::string& game, std::uint32_t index_scheme,
                                   std::uint32_t value_codec, std::uint32_t entry_bits,
                                   std::uint64_t entries, std::uint32_t game_parameter = 0) {
  format::Header h;
  h.game = game;
  h.index_scheme = index_scheme;
  h.value_codec = value_codec;
  h.entry_bits = entry_bits;
  h.entry_count = entries;
  h.game_parameter = game_parameter;
  return h;
}

inline std::string one_ply_note(std::uint64_t positions) {
  return "one-ply consistent (" + std::to_string(positions) + " positions)";
}

// What a build will take, said before it starts (tbgen build refuses one this machine cannot
// hold): positions solved (before symmetry, and as stored), the peak memory of one process, and
// the table files' size before compression (an upper bound).
struct BuildNeeds {
  std::uint64_t positions = 0, stored = 0;
  std::uint64_t memory = 0;
  std::uint64_t disk = 0;
};

class GameTables {
 public:
  virtual ~GameTables() = default;
  // For a build by `processes` processes; nothing for games whose tables take seconds.
  virtual std::optional<BuildNeeds> needs(int processes) const {
    (void)processes;
    return std::nullopt;
  }
  // Writes every table of the game that is not already present and verified (up to
  // context.until, where the game builds part of its tables).
  virtual void build(const BuildContext& context) const = 0;
  // Whether a build may stop after a given table (the cyclic engine's structures, whose tables
  // are solved in an order: a member too large to build whole here is built a sector at a
  // time); and what the tables up to it need. Others build whole.
  virtual bool builds_part() const { return false; }
  virtual std::optional<BuildNeeds> needs_until(int processes, const std::string& until) const {
    (void)until;
    return needs(processes);
  }
  // Whether build() spreads over the processes of context.cluster (family members do); the
  // tables of other games are built by rank 0 alone.
  virtual bool distributed() const { return false; }
  // Re-derives every stored value of the table `name` from its successors; returns what was
  // checked ("one-ply consistent (N positions)"), throws tbreader::Error naming the first
  // inconsistency.
  virtual std::string deep_verify(const TableSet& tables, const std::string& name,
                                  unsigned threads) const = 0;
};

// The game a game string names (games/games.def); throws tbreader::GameError
// (games/tables_registry.cpp).
std::unique_ptr<GameTables> make_game_tables(std::string_view game);

// True if `path` holds a complete table of `game` (its canonical string) in a layout this build
// writes (`has_layout` of its header) that passes every checksum: what a resumed build keeps. A
// file of another game under the name is rebuilt, and so is one an older version laid out
// otherwise (double5's files before its own solver was retired).
bool table_is_complete(const std::filesystem::path& path, const std::string& game,
                       const std::function<bool(const format::Header&)>& has_layout);
// The same layer, index scheme, value codec, entry width and entry count (a layout to keep).
bool same_layout(const format::Header& a, const format::Header& b);

// Writes a layer's table from the blocks of `share` this process compresses: alone, the whole
// file; in a cluster of several processes, rank 0 trains the dictionary on every process's sample
// and puts the file together from every process's blocks. Returns the whole-file checksum on
// rank 0 (0 elsewhere).
std::uint64_t write_layer_table(const std::filesystem::path& path, const format::Header& header,
                                const EntryProducer& entries, const WriteOptions& options,
                                const BlockShare& share, const Cluster& cluster);

// Which of a game's layer tables (by name, in layer order) are complete in `dir`, as rank 0 of
// `cluster` sees them (a shared directory); `layout` gives the header a layer is written with.
std::vector<bool> complete_layers(
    const std::filesystem::path& dir, const std::vector<std::string>& names,
    const std::string& game, const std::function<bool(int layer, const format::Header&)>& layout,
    const Cluster& cluster);

// Writes the table `name` of header.entry_count entries, entry e being value(e) packed in binary
// at header.entry_bits, at the layered tables' zstd settings (kLayerWrite); logs it.
void write_entries(const BuildContext& context, const std::string& name,
                   const format::Header& header,
                   const std::function<std::uint64_t(std::uint64_t)>& value);

// Writes a table unless a verified one is there; logs which. `fill` produces the packed data.
template <class Fill>
void write_table_once(const BuildContext& context, const std::string& name,
                      const format::Header& header, const WriteOptions& options, Fill&& fill) {
  const auto path = table_path(context.tables, name);
  if (table_is_complete(path, header.game,
                        [&](const format::Header& h) { return same_layout(h, header); })) {
    if (context.log) *context.log << name << ".tb: kept (already complete)\n";
    return;
  }
  const std::vector<std::uint8_t> packed = fill();
  const std::uint64_t checksum = write_table(path, header, packed, options);
  if (context.log) *context.log << name << ".tb: written, xxh3 " << hex64(checksum) << "\n";
}

}  // namespace tbgen
