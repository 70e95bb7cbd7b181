#include "games/double5/double5_solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/parallel.hpp"
#include "format/table_writer.hpp"
#include "solver/bit_planes.hpp"

namespace tbgen::double5 {
namespace {

using namespace bit_planes;

// The rank within a class of each set of a list.
std::vector<std::uint32_t> class_ranks(const std::vector<std::uint32_t>& sets) {
  std::vector<std::uint32_t> ranks(sets.size());
  for (std::size_t i = 0; i < sets.size(); ++i)
    ranks[i] = static_cast<std::uint32_t>(combinatorial::revolving_door_rank(sets[i]));
  return ranks;
}

struct BlockBuffers {
  std::vector<std::uint64_t> planes[6];  // in, mid, out; each: >= draw, O wins
  void resize(std::size_t words) {
    for (auto& p : planes)
      if (p.size() < words) p.resize(words);
  }
};

inline void set_bit(std::uint64_t* words, std::uint64_t bit) {
  words[bit >> 6] |= std::uint64_t{1} << (bit & 63);
}

// For a set `key` of index cells of one side (O if key_is_o) and sets of the other side given
// as masks over the cells `key` leaves free (`locals`), calls sink(j, value >= draw,
// value == O wins) with the value in `layer` of the position (key, locals[j]), whichever side
// keys `layer`. Three passes over each batch, each issuing independent loads the next pass
// will need: the canonical-class lookup, then the layer's entry (a likely cache miss).
template <class Sink>
void gather(const LayerPlanes& layer, std::uint32_t key, bool key_is_o,
            const std::vector<std::uint32_t>& locals, Sink&& sink) {
  const combinatorial::FastColexRank& colex = fast_ranks().colex;
  const combinatorial::FastRevolvingDoorRank& rank_in_class = fast_ranks().revolving_door;
  const Symmetry& sym = Symmetry::on_index();
  const auto& lookup = class_lookup(layer.shape.key_size);
  const bool keyed_by_other = layer.shape.key_is_o != key_is_o;
  const std::uint32_t free = kFull & ~key;
  const std::uint64_t class_words = 2 * layer.groups_per_class;
  std::uint32_t key_images[kSymmetries];
  for (int g = 0; g < kSymmetries; ++g) key_images[g] = sym.apply(g, key);
  constexpr std::size_t kBatch = 64;
  std::uint32_t sets[kBatch], ranks[kBatch];
  const std::uint64_t* where[kBatch];
  std::uint32_t bits[kBatch];
  for (std::size_t first = 0; first < locals.size(); first += kBatch) {
    const std::size_t n = std::min(kBatch, locals.size() - first);
    for (std::size_t j = 0; j < n; ++j) {
      sets[j] = combinatorial::deposit_bits(locals[first + j], free);
      ranks[j] = colex(keyed_by_other ? sets[j] : key);
      __builtin_prefetch(&lookup[ranks[j]]);
    }
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint32_t found = lookup[ranks[j]];
      const int g = static_cast<int>(found & 31);
      const std::uint32_t image = sym.apply(g, sets[j]);
      const std::uint32_t layer_key = keyed_by_other ? image : key_images[g];
      const std::uint32_t layer_other = keyed_by_other ? key_images[g] : image;
      const std::uint32_t rank =
          rank_in_class(combinatorial::extract_bits(layer_other, kFull & ~layer_key));
      where[j] = layer.words.data() + (found >> 5) * class_words + group_word(rank);
      bits[j] = rank & 63;
      __builtin_prefetch(where[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      sink(first + j, (where[j][0] >> bits[j]) & 1, (where[j][1] >> bits[j]) & 1);
  }
}

}  // namespace

LayerPlanes::LayerPlanes(const LayerShape& s)
    : shape(s),
      groups_per_class((s.per_class + 63) / 64),
      words(2 * s.classes * groups_per_class, 0) {}

Code LayerPlanes::get(std::uint64_t index) const {
  return code_at(class_words(index / shape.per_class), index % shape.per_class);
}

LayerPlanes solve_layer(int round, const LayerPlanes* next, unsigned threads, Progress* progress,
                        LayerPlanes* next_rekeyed) {
  const LayerShape shape = layer_shape(round, Keying::non_mover);
  if (round < kMoveRounds - 1 && (next == nullptr || next->shape.round != round + 1))
    throw std::logic_error("double5: layer " + std::to_string(round) + " needs layer " +
                           std::to_string(round + 1));
  if (next_rekeyed &&
      (next_rekeyed->shape.round != round + 1 || next_rekeyed->shape.key_is_o != shape.key_is_o))
    throw std::logic_error("double5: layer " + std::to_string(round) +
                           " cannot re-key the next layer by the mover's set");
  LayerPlanes layer(shape);
  const int free_cells = kCells - shape.key_size;
  const std::size_t words = words_for_cells(free_cells);
  const auto& keys = canonical_sets(shape.key_size);
  const auto successor_sets = colex_sets(free_cells, shape.other_size + 2);
  const auto successor_ranks = class_ranks(successor_sets);
  const auto mover_sets = ranked_sets(free_cells, shape.other_size);
  const bool scored = round == kMoveRounds - 1;
  const CellMap& to_board = index_to_board();
  std::atomic<std::uint64_t> done{0};

  parallel_for(threads, shape.classes, [&](std::uint64_t cls) {
    thread_local BlockBuffers buffers;
    buffers.resize(words);
    std::uint64_t* in_draw = buffers.planes[0].data();
    std::uint64_t* in_win = buffers.planes[1].data();
    std::fill_n(in_draw, words, 0);
    std::fill_n(in_win, words, 0);
    const std::uint32_t key = keys[cls];
    const std::uint32_t free = kFull & ~key;

    if (scored) {
      for (const std::uint32_t local : successor_sets) {
        const std::uint32_t o = to_board(combinatorial::deposit_bits(local, free));
        const Code v = final_outcome(o, kFull & ~o);  // the cells left over go to X
        if (v >= kDraw) set_bit(in_draw, local);
        if (v == kOWins) set_bit(in_win, local);
      }
    } else {
      // The successors are the positions (key, set) of the next layer, the key being this
      // layer's non-mover's set.
      // In the next layer keyed by that set, they are exactly class `cls`, in rank order.
      std::uint64_t* rekeyed = next_rekeyed ? next_rekeyed->class_words(cls) : nullptr;
      gather(*next, key, shape.key_is_o, successor_sets, [&](std::size_t j, bool draw, bool win) {
        if (draw) set_bit(in_draw, successor_sets[j]);
        if (win) set_bit(in_win, successor_sets[j]);
        if (rekeyed) set_code(rekeyed, successor_ranks[j], unsigned{draw} + unsigned{win});
      });
    }

    std::uint64_t* mid_draw = buffers.planes[2].data();
    std::uint64_t* mid_win = buffers.planes[3].data();
    std::uint64_t* out_draw = buffers.planes[4].data();
    std::uint64_t* out_win = buffers.planes[5].data();
    if (shape.o_to_move) {
      extend_plane<true>(in_draw, mid_draw, free_cells);
      extend_plane<true>(in_win, mid_win, free_cells);
      extend_plane<true>(mid_draw, out_draw, free_cells);
      extend_plane<true>(mid_win, out_win, free_cells);
    } else {
      extend_plane<false>(in_draw, mid_draw, free_cells);
      extend_plane<false>(in_win, mid_win, free_cells);
      extend_plane<false>(mid_draw, out_draw, free_cells);
      extend_plane<false>(mid_win, out_win, free_cells);
    }

    std::uint64_t* dst = layer.class_words(cls);
    for (std::size_t i = 0; i < mover_sets.size(); ++i)
      set_code(dst, i, test_bit(out_draw, mover_sets[i]) + test_bit(out_win, mover_sets[i]));
    if (progress)
      progress->advance((done.fetch_add(1, std::memory_order_relaxed) + 1) * shape.per_class);
  });
  return layer;
}

LayerPlanes in_table_keying(LayerPlanes layer, unsigned threads) {
  const LayerShape shape = layer_shape(layer.shape.round);
  if (shape.key_is_o == layer.shape.key_is_o) return layer;
  LayerPlanes rekeyed(shape);
  const auto& keys = canonical_sets(shape.key_size);
  const auto others = colex_sets(kCells - shape.key_size, shape.other_size);
  const auto ranks = class_ranks(others);
  parallel_for(threads, shape.classes, [&](std::uint64_t cls) {
    std::uint64_t* dst = rekeyed.class_words(cls);
    gather(layer, keys[cls], shape.key_is_o, others, [&](std::size_t j, bool draw, bool win) {
      set_code(dst, ranks[j], unsigned{draw} + unsigned{win});
    });
  });
  return rekeyed;
}

void pack_entries(const LayerPlanes& layer, std::uint32_t entry_radix, std::uint64_t first,
                  std::uint64_t count, std::uint8_t* out) {
  std::uint64_t cls = first / layer.shape.per_class, rank = first % layer.shape.per_class;
  std::uint8_t digits[format::kTritsPerByte];
  for (std::uint64_t i = 0; i < count; ++i) {
    const Code code = code_at(layer.class_words(cls), rank);
    if (++rank == layer.shape.per_class) {
      rank = 0;
      ++cls;
    }
    if (entry_radix != format::kTernary) {
      pack_entry(out, i, kEntryBits, code);
      continue;
    }
    const auto digit = static_cast<std::uint32_t>(i % format::kTritsPerByte);
    digits[digit] = code;
    if (digit + 1 == format::kTritsPerByte || i + 1 == count)
      out[i / format::kTritsPerByte] = format::pack_trits(digits, digit + 1);
  }
}

LayerPlanes load_layer(const Table& table, int round, unsigned threads) {
  LayerPlanes layer(layer_shape(round));
  const auto& h = table.header();
  if (h.entry_count != layer.shape.entries || h.entry_bits != kEntryBits)
    throw tbreader::Error(table.name() + ": does not hold double5 round " + std::to_string(round));
  // Runs of classes, so that each thread mostly stays within the block it has decoded.
  constexpr std::uint64_t kRun = 64;
  parallel_for(threads, (layer.shape.classes + kRun - 1) / kRun, [&](std::uint64_t run) {
    for (std::uint64_t cls = run * kRun; cls < std::min(layer.shape.classes, (run + 1) * kRun);
         ++cls) {
      std::uint64_t* dst = layer.class_words(cls);
      for (std::uint64_t rank = 0; rank < layer.shape.per_class; ++rank) {
        const std::uint64_t index = cls * layer.shape.per_class + rank;
        const auto block = table.block(static_cast<std::uint32_t>(index >> h.block_entries_log2));
        const std::uint64_t code = unpack_entry(block.data(), index & (h.block_entries() - 1), h);
        if (code > kOWins)
          throw tbreader::Error(table.name() + ": invalid value code at entry " +
                                std::to_string(index));
        set_code(dst, rank, static_cast<unsigned>(code));
      }
    }
  });
  return layer;
}

}  // namespace tbgen::double5
