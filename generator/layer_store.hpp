#pragma once
// A layer's codes on disk while a layered build needs them (one process's build of a gravity
// member): the work file <stem>-tNN.work beside the tables, removed when the layer below is
// solved.
//
// Why: a Connect Four 6x6 layer holds up to 3.8e10 entries, 9.5 GB at 2 bits; holding layer t + 1
// and layer t whole took 19 GB. The build solves layer t in parts; each part reads only the classes
// of layer t + 1 its moves lead to (read from this file in chunks), and is appended here compressed
// as soon as it is solved. So memory is a part and what it reads, whatever the layer, and a
// killed build resumes at the last part written.
//
// The file: a work file (work_file.hpp) whose header names the game, the layer, its entry bits,
// entries and chunk entries, and whose records are its chunks of kChunkEntries entries, in order:
// the chunk's codes packed as PackedCodes packs them (decided entries kept as the decided code,
// so that reading needs no board) compressed by zstd at a fast level. Opening keeps the records
// that check and cuts the rest (a record a kill left half-written).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "generator/layer_codes.hpp"
#include "generator/work_file.hpp"

namespace tbgen {

class LayerStore {
 public:
  static constexpr std::uint64_t kChunkEntries = std::uint64_t{1} << 22;

  // Opens the work file `path` of layer t (of `entries` codes of `bits`), creating it or keeping
  // the chunks a build before this one wrote.
  LayerStore(std::filesystem::path path, const std::string& game, int t, std::uint64_t entries,
             std::uint32_t bits);

  std::uint64_t entries() const { return entries_; }
  std::uint64_t done() const;  // entries [0, done()) are stored
  bool complete() const { return done() == entries_; }
  std::uint64_t bytes() const { return file_.bytes(); }  // the file's size
  // Distinct for every store a process opens: what a cache of its chunks is keyed by.
  std::uint64_t serial() const { return serial_; }

  // Appends the entries [first, first + count) held in `codes`: first == done(), count a whole
  // number of chunks or up to the layer's end; compressed on `threads`.
  void append(const PackedCodes& codes, std::uint64_t first, std::uint64_t count, unsigned threads);
  // The entries [first, first + count): first a multiple of kChunkEntries, first + count one too
  // or the layer's end.
  PackedCodes read(std::uint64_t first, std::uint64_t count, unsigned threads) const;
  // Deletes the file (the object is unusable after).
  void remove();

 private:
  std::uint64_t entries_;
  std::uint32_t bits_;
  WorkFile file_;
  std::uint64_t serial_;
};

}  // namespace tbgen
