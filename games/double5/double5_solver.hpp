#pragma once
// The double5 layer solver. A layer is solved keyed by the canonical set of the side not to
// move: a move only adds the mover's marks, so all successors of a block of positions (one
// non-mover class, every mover set) lie in one block of the next layer once that layer is
// re-keyed by the same side's set. The re-keying is folded into the gather that loads a block:
// for each of the block's successor sets it finds the entry in the next layer, in whichever
// keying that layer is held, through the symmetry that makes its key set canonical.
//
// Within a block, values live in a buffer indexed by the mover's set as a bit mask over the
// block's free cells, as two bit-planes (value >= draw, value == O wins), so that "best over
// all placements of one mark" is a butterfly of word-wide OR (O moves) or AND (X moves), and
// a two-mark move is two such steps. Results are compressed back to the order of ranks.
#include <cstdint>
#include <vector>

#include "format/table.hpp"
#include "games/double5/double5_layout.hpp"
#include "solver/progress.hpp"

namespace tbgen::double5 {

// A layer's values. Each group of 64 entries of a class is a pair of words, (value >= draw,
// value == O wins), side by side so that one cache miss fetches both bits of an entry. Each
// class starts on a new group so that threads working on different classes share no word.
struct LayerPlanes {
  LayerShape shape;
  std::uint64_t groups_per_class = 0;
  std::vector<std::uint64_t> words;

  explicit LayerPlanes(const LayerShape& s);
  Code get(std::uint64_t index) const;  // entry index as in the table file
  std::uint64_t* class_words(std::uint64_t cls) {
    return words.data() + 2 * groups_per_class * cls;
  }
  const std::uint64_t* class_words(std::uint64_t cls) const {
    return words.data() + 2 * groups_per_class * cls;
  }
};

// The pair of words holding entry `rank` of a class, and its bit in them.
inline std::uint64_t group_word(std::uint64_t rank) {
  return 2 * (rank >> 6);
}
inline Code code_at(const std::uint64_t* class_words, std::uint64_t rank) {
  const std::uint64_t* w = class_words + group_word(rank);
  return static_cast<Code>(((w[0] >> (rank & 63)) & 1) + ((w[1] >> (rank & 63)) & 1));
}
inline void set_code(std::uint64_t* class_words, std::uint64_t rank, unsigned code) {
  std::uint64_t* w = class_words + group_word(rank);
  w[0] |= std::uint64_t{code >= kDraw} << (rank & 63);
  w[1] |= std::uint64_t{code == kOWins} << (rank & 63);
}

// Layer `round`, keyed by the non-mover's set, from layer round + 1 in either keying (`next` is
// ignored for round 10, whose successors are finished boards and are scored directly).
// The solve reads `next` class by class of the next layer keyed by this layer's non-mover's set
// (the next layer's mover's): if `next_rekeyed` is given (zeroed, that shape), it receives
// `next` so keyed, for little more than the stores.
LayerPlanes solve_layer(int round, const LayerPlanes* next, unsigned threads, Progress* progress,
                        LayerPlanes* next_rekeyed = nullptr);

// A solved layer in the keying of its table file (re-keyed where the two differ: a gather as
// costly as one solve's).
LayerPlanes in_table_keying(LayerPlanes layer, unsigned threads);

// Entries [first, first + count) packed as a table file with that entry radix stores them:
// base-3 digits (format::kTernary) or 2-bit codes (0).
void pack_entries(const LayerPlanes& layer, std::uint32_t entry_radix, std::uint64_t first,
                  std::uint64_t count, std::uint8_t* out);

// A layer read back from its verified table file.
LayerPlanes load_layer(const Table& table, int round, unsigned threads);

}  // namespace tbgen::double5
