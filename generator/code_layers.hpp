#pragma once
// The layered engine for structures whose layers are arrays of value codes, one entry a position
// (gravity): layer t solved range by range from the ranges of layer t + 1 its moves reach. The
// engine holds, streams, exchanges, writes, estimates and deep-checks the layers
// (code_layers.cpp) through the build driver (build_driver.hpp); a structure gives its index's
// sizes and names, its solve of a range and the ranges that solve reads.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "format/table.hpp"
#include "format/table_writer.hpp"
#include "generator/game_tables.hpp"
#include "generator/layer_codes.hpp"
#include "generator/progress.hpp"

namespace tbgen {

class CodeLayers {
 public:
  virtual ~CodeLayers() = default;
  virtual const std::string& game() const = 0;  // the canonical game string
  virtual int layers() const = 0;               // 0 .. layers() - 1; the last ends the game
  virtual int stored_layers() const = 0;        // layers 0 .. stored_layers() - 1 have tables
  // The layer's table (if stored) and work file name, without ".tb" or ".work".
  virtual std::string layer_name(int t) const = 0;
  virtual std::string label(int t) const = 0;  // the layer in the logs
  virtual const char* unstored() const = 0;    // why the layers past the tables have none
  virtual std::uint64_t entries(int t) const = 0;
  virtual std::uint64_t positions(int t) const = 0;  // before symmetry (what a build says)
  virtual std::uint32_t entry_bits() const = 0;      // 2 or 8 (PackedCodes)
  virtual std::uint32_t value_codes() const = 0;     // a table's codes lie below this
  virtual format::Header header(int t) const = 0;    // before its packing is chosen
  virtual WriteOptions write_options() const = 0;
  // Solves entries [from, to) of layer t into `out` (which holds them), on `threads`; `next`
  // finds the ranges of layer t + 1 (unused for the last layer). `from` and `to` are multiples
  // of 32 or the layer's end, so that threads never share a word.
  virtual void solve(int t, std::uint64_t from, std::uint64_t to, const Locate& next,
                     PackedCodes& out, unsigned threads, Progress* progress) const = 0;
  // The ranges of layer t + 1 (offset, size) that moves from entries [from, to) of layer t lead
  // to, sorted and without repeats; each is located whole (a Locate call a range).
  virtual std::vector<std::pair<std::uint64_t, std::uint64_t>> successor_ranges(
      int t, std::uint64_t from, std::uint64_t to) const = 0;
  // Marks the entries of `codes` (layer t) the rules decide (PackedCodes::decided()), as a solve
  // leaves them: after loading a table, whose entries there hold other codes.
  virtual void mark_decided(int t, PackedCodes& codes, unsigned threads) const = 0;
  virtual std::string describe(int t, std::uint64_t entry) const = 0;  // the position, as text
};

// The tables of such a structure: built, resumed, estimated and deep-checked by the engine.
std::unique_ptr<GameTables> code_layer_tables(std::unique_ptr<const CodeLayers> layers);

}  // namespace tbgen
