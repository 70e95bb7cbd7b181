#pragma once
// The layered solver of every family member (generalised from double5's). A layer is solved
// class by class of the key (the side not to move): a move only adds the mover's marks, so the
// position (key, mover set M) has the successors (key, M + S) for the sets S of this turn's
// marks. The gather that loads them finds each in the next layer, which is keyed by its own
// non-mover (this layer's mover), through the symmetry that makes that set canonical.
//
// Within a class, values live in buffers indexed by the mover's set as a bit mask over the free
// cells, as threshold bit-planes (plane j: value code > j), so that "best over all placements
// of one mark" is a butterfly of word-wide OR (the first player, who maximises) or AND, and a
// turn of p marks is p such steps. Immediate wins override: a class whose key set holds a line
// is decided (mnk), and with value=speed a set that makes a line part-way through a turn wins
// with the cells then empty. Results are compressed back to the order of ranks.
#include <cstdint>
#include <functional>
#include <vector>

#include "core/huge_pages.hpp"
#include "family/placement/placement_member.hpp"
#include "format/table.hpp"
#include "format/table_writer.hpp"
#include "generator/progress.hpp"

namespace tbgen::family {

// A layer's value codes as threshold planes of their levels (code / Member::plane_step()).
// Each group of 64 entries of a class is `planes` words side by side (one cache miss fetches
// an entry's every plane); each class starts on a new group so that threads working on
// different classes share no word. A process of a distributed build holds a slice: the
// classes [first_class, first_class + held).

struct LayerPlanes {
  LayerShape shape;
  int planes = 0;
  Code step = 1;  // codes per level
  std::uint64_t groups_per_class = 0;
  std::uint64_t first_class = 0, held = 0;
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> words;  // read at random

  LayerPlanes(const Member& member, const LayerShape& s, ClassRange range = {});
  Code get(std::uint64_t index) const;  // index in the whole layer, of a class held
  Code code(Code level) const { return level * step; }
  Code level(Code code) const {  // throws on a code between levels (a draw where none can be)
    if (code % step != 0) throw_between_levels(code);
    return code / step;
  }
  [[noreturn]] static void throw_between_levels(Code code);
  std::uint64_t class_size() const { return planes * groups_per_class; }  // words a class
  std::uint64_t* class_words(std::uint64_t cls) {
    return words.data() + class_size() * (cls - first_class);
  }
  const std::uint64_t* class_words(std::uint64_t cls) const {
    return words.data() + class_size() * (cls - first_class);
  }
};

// The level of entry `bit` of a group of 64 (planes words).
inline Code group_level(const std::uint64_t* group, int planes, unsigned bit) {
  if (planes == 2)  // outcomes: most members, and the largest; unrolled
    return static_cast<Code>(((group[0] >> bit) & 1) + ((group[1] >> bit) & 1));
  Code c = 0;
  for (int j = 0; j < planes; ++j) c += (group[j] >> bit) & 1;
  return c;
}

// Sets the level of the entry at `rank` of a class (its planes zero before).
inline void set_level(std::uint64_t* class_words, int planes, std::uint64_t rank, Code level) {
  std::uint64_t* group = class_words + planes * (rank >> 6);
  for (Code j = 0; j < level; ++j) group[j] |= std::uint64_t{1} << (rank & 63);
}

// Layer `turn`, keyed by the side not to move, from layer turn + 1 (`next`, either keying; null
// when turn + 1 ends the game and is scored). The solve reads `next` class by class of its
// mover's sets: if `next_by_mover` is given (zeroed, that shape; `next` keyed by its side not
// to move), it receives `next` so keyed, for little more than the stores.
LayerPlanes solve_layer(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                        Progress* progress, LayerPlanes* next_by_mover = nullptr);

// Part of a layer's solve: a distributed build solves its share of the classes, or a round of
// it, into a layer that holds them; `next` must hold the classes they read.
struct SolveScope {
  ClassRange solved = {};            // the classes solved
  const ClassIndex* keys = nullptr;  // this layer's key classes, holding `solved`; else built
  Progress* progress = nullptr;      // counts entries from `done_before`
  std::uint64_t done_before = 0;
  LayerPlanes* next_by_mover = nullptr;  // as solve_layer's
};
void solve_classes(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                   const SolveScope& scope, LayerPlanes& layer);

// The layer keyed by the other side (a gather as costly as a solve).
LayerPlanes rekeyed(const Member& member, const LayerPlanes& layer, unsigned threads);

// Where a table's entries come from: the codes of entries [first, first + count), one a byte.
// Called concurrently for different ranges; the layer must outlive it.
using CodeSource =
    std::function<void(std::uint64_t first, std::uint64_t count, std::uint8_t* codes)>;
CodeSource codes_of(const LayerPlanes& layer);
// `layer` keyed the other way, gathered from it range by range: how a keying is sampled, or
// written once, without being built.
CodeSource rekeyed_codes(const Member& member, const LayerPlanes& layer);
// The entries packed as a table file with that entry radix stores them: base-3 digits
// (format::kTernary, three codes only) or binary of member.entry_bits().
EntryProducer packed(const Member& member, CodeSource codes, std::uint32_t entry_radix);

// A layer read back from its verified table file (the classes of `range`).
LayerPlanes load_layer(const Member& member, const Table& table, int turn, unsigned threads,
                       ClassRange range = {});

}  // namespace tbgen::family
