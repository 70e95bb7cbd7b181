#include "family/family_solver.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "format/table_writer.hpp"
#include "solver/bit_planes.hpp"

namespace tbgen::family {
namespace {

using namespace bit_planes;

// Plane j of a code is (code > j).
inline void put_code(std::vector<std::uint64_t>* planes, int count, std::uint64_t bit, Code code) {
  const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
  if (count == 2) {  // outcomes: unrolled
    std::uint64_t& w0 = planes[0][bit >> 6];
    std::uint64_t& w1 = planes[1][bit >> 6];
    w0 = code > 0 ? w0 | mask : w0 & ~mask;
    w1 = code > 1 ? w1 | mask : w1 & ~mask;
    return;
  }
  for (int j = 0; j < count; ++j) {
    std::uint64_t& w = planes[j][bit >> 6];
    w = static_cast<Code>(j) < code ? w | mask : w & ~mask;
  }
}

inline Code group_code(const std::uint64_t* group, int planes, unsigned bit) {
  if (planes == 2)  // outcomes: most members, and the largest; unrolled
    return static_cast<Code>(((group[0] >> bit) & 1) + ((group[1] >> bit) & 1));
  Code c = 0;
  for (int j = 0; j < planes; ++j) c += (group[j] >> bit) & 1;
  return c;
}

inline void set_code(std::uint64_t* class_words, int planes, std::uint64_t rank, Code code) {
  std::uint64_t* group = class_words + planes * (rank >> 6);
  for (Code j = 0; j < code; ++j) group[j] |= std::uint64_t{1} << (rank & 63);
}

// For the set `key` of index cells of one side and sets of the other side given as masks over
// the cells `key` leaves free (`locals`), calls sink(j, code) with the code in `layer` of the
// position (key, locals[j]), whichever side keys `layer` (`keyed_by_locals`: the other side).
// Three passes over each batch, each issuing independent loads the next pass needs: the class
// lookup, then the layer's entry (a likely cache miss).
template <class Sink>
void gather(const Symmetry& sym, const LayerPlanes& layer, bool keyed_by_locals, std::uint32_t key,
            const std::vector<std::uint32_t>& locals, Sink&& sink) {
  const combinatorial::FastColexRank& colex = fast_ranks().colex;
  const combinatorial::FastRevolvingDoorRank& rank_in_class = fast_ranks().revolving_door;
  const auto& lookup = sym.class_lookup(layer.shape.key_size);
  const std::uint32_t full = sym.full(), free = full & ~key;
  const std::uint32_t key_entry = keyed_by_locals ? 0 : lookup[colex(key)];
  const std::uint32_t key_image =
      keyed_by_locals ? 0 : sym.apply(static_cast<int>(key_entry & 0xff), key);
  std::uint32_t key_images[kMaxSymmetries];
  if (keyed_by_locals)
    for (int g = 0; g < sym.size(); ++g) key_images[g] = sym.apply(g, key);
  constexpr std::size_t kBatch = 64;
  std::uint32_t sets[kBatch], found[kBatch];
  const std::uint64_t* where[kBatch];
  unsigned bits[kBatch];
  for (std::size_t first = 0; first < locals.size(); first += kBatch) {
    const std::size_t n = std::min(kBatch, locals.size() - first);
    for (std::size_t j = 0; j < n; ++j) {
      sets[j] = combinatorial::deposit_bits(locals[first + j], free);
      if (!keyed_by_locals) continue;
      found[j] = colex(sets[j]);
      __builtin_prefetch(&lookup[found[j]]);
    }
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint32_t entry = keyed_by_locals ? lookup[found[j]] : key_entry;
      const int g = static_cast<int>(entry & 0xff);
      std::uint32_t rank;
      if (!keyed_by_locals && g == 0) {  // the key is its class's own set: the local set is it
        rank = rank_in_class(locals[first + j]);
      } else {
        const std::uint32_t layer_key = keyed_by_locals ? sym.apply(g, sets[j]) : key_image;
        const std::uint32_t layer_other = keyed_by_locals ? key_images[g] : sym.apply(g, sets[j]);
        rank = rank_in_class(combinatorial::extract_bits(layer_other, full & ~layer_key));
      }
      where[j] = layer.class_words(entry >> 8) + layer.planes * (rank >> 6);
      bits[j] = rank & 63;
      __builtin_prefetch(where[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      sink(first + j, group_code(where[j], layer.planes, bits[j]));
  }
}

struct Buffers {
  std::vector<std::vector<std::uint64_t>> in, out;
  void resize(int planes, std::size_t words) {
    in.resize(planes);
    out.resize(planes);
    for (int j = 0; j < planes; ++j) {
      in[j].resize(words);  // entries outside the sets a turn reads are never used
      out[j].resize(words);
    }
  }
};

}  // namespace

LayerPlanes::LayerPlanes(const LayerShape& s, int plane_count, ClassRange range)
    : shape(s),
      planes(plane_count),
      groups_per_class((s.per_class + 63) / 64),
      first_class(std::min(range.first, std::min(range.end, s.classes))),
      held(std::min(range.end, s.classes) - first_class),
      words(plane_count * held * groups_per_class, 0) {}

Code LayerPlanes::get(std::uint64_t index) const {
  const std::uint64_t rank = index % shape.per_class;
  return group_code(class_words(index / shape.per_class) + planes * (rank >> 6), planes, rank & 63);
}

LayerPlanes solve_layer(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                        Progress* progress, LayerPlanes* next_by_mover, ClassRange solved,
                        ClassRange held) {
  const Rules& rules = member.rules();
  const Symmetry& sym = member.symmetry();
  const LayerShape shape = member.shape(turn);
  const bool scored_next = turn + 1 == rules.turns;
  if (turn >= rules.turns || (!scored_next && (!next || next->shape.turn != turn + 1)))
    throw std::logic_error(rules.stem + ": layer " + std::to_string(turn) +
                           " needs the next layer");
  if (next_by_mover &&
      (scored_next || next->shape.key_is_mover || next_by_mover->shape.turn != turn + 1 ||
       !next_by_mover->shape.key_is_mover))
    throw std::logic_error(rules.stem + ": layer " + std::to_string(turn) +
                           " cannot re-key the next layer");
  const int planes = member.planes();
  LayerPlanes layer(shape, planes, held);
  const std::uint64_t first_class = std::min(solved.first, shape.classes);
  const std::uint64_t end_class = std::min(solved.end, shape.classes);
  const int free_cells = rules.cells() - shape.key_size;
  const std::size_t words = words_for_cells(free_cells);
  const auto& keys = sym.canonical_sets(shape.key_size);
  const auto successor_sets = colex_sets(free_cells, shape.other_size + shape.marks);
  const auto mover_sets = ranked_sets(free_cells, shape.other_size);
  std::vector<std::uint32_t> successor_ranks;  // within a class of the re-keyed next layer
  if (next_by_mover)
    for (const std::uint32_t set : successor_sets)
      successor_ranks.push_back(
          static_cast<std::uint32_t>(combinatorial::revolving_door_rank(set)));
  // With value=speed, a set that makes a line part-way through the turn wins at once, with the
  // cells then empty: those sets are checked after each butterfly but the last.
  std::vector<std::vector<std::uint32_t>> part_way(shape.marks);
  if (rules.wins_at_once && rules.value == ValueKind::speed)
    for (int s = 1; s < shape.marks; ++s)
      part_way[s] = colex_sets(free_cells, shape.other_size + s);
  std::atomic<std::uint64_t> done{0};

  parallel_for(threads, end_class - first_class, [&](std::uint64_t solved_class) {
    const std::uint64_t cls = first_class + solved_class;
    const std::uint32_t key = keys[cls];
    const std::uint32_t free = sym.full() & ~key;
    const std::uint32_t key_board = sym.to_board(key);
    std::uint64_t* dst = layer.class_words(cls);
    auto report = [&] {
      if (progress)
        progress->advance((done.fetch_add(1, std::memory_order_relaxed) + 1) * shape.per_class);
    };
    auto board_of = [&](std::uint32_t local) {  // (first, second) board masks
      const std::uint32_t mover = sym.to_board(combinatorial::deposit_bits(local, free));
      return shape.first_to_move ? std::pair{mover, key_board} : std::pair{key_board, mover};
    };
    // The side that just moved has won: the class is decided (it is still gathered when the
    // next layer is re-keyed, which needs every entry).
    const bool decided = rules.wins_at_once && rules.has_line(key_board);
    // The successors (key, set) of this class are, in the next layer keyed by its mover (the key
    // side here), exactly class `cls`, at the ranks of their sets.
    std::uint64_t* rekeyed = next_by_mover ? next_by_mover->class_words(cls) : nullptr;
    thread_local Buffers buffers;
    if (!decided) buffers.resize(planes, words);
    if (scored_next && !decided) {
      for (const std::uint32_t local : successor_sets) {
        const auto [first, second] = board_of(local);
        Code code = 0;
        rules.terminal(turn + 1, first, second, &code);
        put_code(buffers.in.data(), planes, local, code);
      }
    } else if (!scored_next && (rekeyed || !decided)) {
      gather(sym, *next, !next->shape.key_is_mover, key, successor_sets,
             [&](std::size_t j, Code code) {
               if (!decided) put_code(buffers.in.data(), planes, successor_sets[j], code);
               if (rekeyed) set_code(rekeyed, planes, successor_ranks[j], code);
             });
    }
    if (decided) {
      const Code code =
          rules.won(!shape.first_to_move, rules.cells() - shape.key_size - shape.other_size);
      for (std::uint64_t i = 0; i < shape.per_class; ++i) set_code(dst, planes, i, code);
      return report();
    }
    for (int s = shape.marks - 1; s >= 0; --s) {
      for (int j = 0; j < planes; ++j) {
        if (shape.first_to_move)
          extend_plane<true>(buffers.in[j].data(), buffers.out[j].data(), free_cells);
        else
          extend_plane<false>(buffers.in[j].data(), buffers.out[j].data(), free_cells);
      }
      std::swap(buffers.in, buffers.out);
      for (const std::uint32_t local : part_way[s]) {
        const auto [first, second] = board_of(local);
        if (rules.has_line(shape.first_to_move ? first : second))
          put_code(
              buffers.in.data(), planes, local,
              rules.won(shape.first_to_move, rules.cells() - __builtin_popcount(first | second)));
      }
    }
    for (std::size_t i = 0; i < mover_sets.size(); ++i) {
      Code code = 0;
      for (int j = 0; j < planes; ++j) code += test_bit(buffers.in[j].data(), mover_sets[i]);
      set_code(dst, planes, i, code);
    }
    report();
  });
  return layer;
}

LayerPlanes rekeyed(const Member& member, const LayerPlanes& layer, unsigned threads) {
  const Symmetry& sym = member.symmetry();
  const LayerShape shape = member.shape(layer.shape.turn, !layer.shape.key_is_mover);
  LayerPlanes out(shape, layer.planes);
  const auto& keys = sym.canonical_sets(shape.key_size);
  const auto others = colex_sets(sym.cells() - shape.key_size, shape.other_size);
  parallel_for(threads, shape.classes, [&](std::uint64_t cls) {
    std::uint64_t* dst = out.class_words(cls);
    gather(sym, layer, true, keys[cls], others, [&](std::size_t j, Code code) {
      set_code(dst, out.planes, combinatorial::revolving_door_rank(others[j]), code);
    });
  });
  return out;
}

void pack_entries(const Member& member, const LayerPlanes& layer, std::uint32_t entry_radix,
                  std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
  std::uint64_t cls = first / layer.shape.per_class, rank = first % layer.shape.per_class;
  std::uint8_t digits[format::kTritsPerByte];
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t* group = layer.class_words(cls) + layer.planes * (rank >> 6);
    const Code code = group_code(group, layer.planes, rank & 63);
    if (++rank == layer.shape.per_class) {
      rank = 0;
      ++cls;
    }
    if (entry_radix != format::kTernary) {
      pack_entry(out, i, member.entry_bits(), code);
      continue;
    }
    const auto digit = static_cast<std::uint32_t>(i % format::kTritsPerByte);
    digits[digit] = static_cast<std::uint8_t>(code);
    if (digit + 1 == format::kTritsPerByte || i + 1 == count)
      out[i / format::kTritsPerByte] = format::pack_trits(digits, digit + 1);
  }
}

LayerPlanes load_layer(const Member& member, const Table& table, int turn, unsigned threads,
                       ClassRange range) {
  LayerPlanes layer(member.shape(turn, table.header().index_scheme == kKeyedByMover),
                    member.planes(), range);
  const auto& h = table.header();
  if (h.entry_count != layer.shape.entries || h.entry_bits != member.entry_bits())
    throw tbreader::Error(table.name() + ": does not hold " + member.rules().canonical + " layer " +
                          std::to_string(turn));
  // Runs of classes, so that each thread mostly stays within the block it has decoded.
  constexpr std::uint64_t kRun = 64;
  const Code codes = member.rules().codes();
  const std::uint64_t end = layer.first_class + layer.held;
  parallel_for(threads, (layer.held + kRun - 1) / kRun, [&](std::uint64_t run) {
    for (std::uint64_t cls = layer.first_class + run * kRun;
         cls < std::min(end, layer.first_class + (run + 1) * kRun); ++cls) {
      std::uint64_t* dst = layer.class_words(cls);
      for (std::uint64_t rank = 0; rank < layer.shape.per_class; ++rank) {
        const std::uint64_t index = cls * layer.shape.per_class + rank;
        const auto block = table.block(static_cast<std::uint32_t>(index >> h.block_entries_log2));
        const std::uint64_t code = unpack_entry(block.data(), index & (h.block_entries() - 1), h);
        if (code >= codes)
          throw tbreader::Error(table.name() + ": invalid value code at entry " +
                                std::to_string(index));
        set_code(dst, layer.planes, rank, static_cast<Code>(code));
      }
    }
  });
  return layer;
}

}  // namespace tbgen::family
