#include "family/placement/placement_solver.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <span>
#include <stdexcept>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "format/table_writer.hpp"
#include "generator/bit_planes.hpp"

namespace tbgen::family {
namespace {

using namespace bit_planes;

// Plane j of a level is (level > j); the planes of a buffer are `stride` words apart.
inline void put_level(std::uint64_t* planes, std::size_t stride, int count, std::uint64_t bit,
                      Code level) {
  const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
  std::uint64_t* w = planes + (bit >> 6);
  if (count == 2) {  // outcomes: unrolled
    w[0] = level > 0 ? w[0] | mask : w[0] & ~mask;
    w[stride] = level > 1 ? w[stride] | mask : w[stride] & ~mask;
    return;
  }
  for (int j = 0; j < count; ++j)
    w[j * stride] = static_cast<Code>(j) < level ? w[j * stride] | mask : w[j * stride] & ~mask;
}

// For the set `key` of index cells of one side and sets of the other side given as masks over
// the cells `key` leaves free (`locals`), calls sink(j, level) with the level in `layer` of the
// position (key, locals[j]), whichever side keys `layer`:
// - kByLocals (the other side keys it): each set is located through `classes`, the layer's;
// - else the key keys it: it is canonical, so it stands in class `key_class` by itself
//   (the identity is the least symmetry that maps a set onto itself), and each set at its
//   rank in the class, `local_ranks` (the same for every class).
// Passes over each batch, each issuing independent loads the next pass needs: the class
// index, then the layer's entry (a likely cache miss). Everything the loop reads is in locals:
// the sink's stores could otherwise alias the layer's fields and force reloads.
template <bool kByLocals, class Sink>
void gather(const Symmetry& sym, const ClassIndex* classes, const LayerPlanes& layer,
            std::uint64_t key_class, std::uint32_t key, std::span<const std::uint32_t> locals,
            const std::uint32_t* local_ranks, Sink&& sink) {
  const combinatorial::FastRevolvingDoorRank& rank_in_class =
      combinatorial::fast_ranks().revolving_door;
  const std::uint32_t full = sym.full(), free = full & ~key;
  const int planes = layer.planes;
  const std::uint64_t class_size = layer.class_size();
  const std::uint64_t* base = layer.words.data() - class_size * layer.first_class;
  std::uint32_t key_images[kMaxSymmetries];
  if (kByLocals)
    for (int g = 0; g < sym.size(); ++g) key_images[g] = sym.apply(g, key);
  const std::uint32_t* local_sets = locals.data();
  const std::size_t count = locals.size();
  constexpr std::size_t kBatch = 64;
  std::uint32_t sets[kBatch];
  ClassIndex::Place places[kBatch];
  const std::uint64_t* where[kBatch];
  unsigned bits[kBatch];
  for (std::size_t first = 0; first < count; first += kBatch) {
    const std::size_t n = std::min(kBatch, count - first);
    if constexpr (kByLocals) {
      for (std::size_t j = 0; j < n; ++j)
        sets[j] = combinatorial::deposit_bits(local_sets[first + j], free);
      classes->locate(std::span(sets, n), places);
    }
    for (std::size_t j = 0; j < n; ++j) {
      std::uint64_t cls = key_class;
      std::uint32_t rank;
      if constexpr (kByLocals) {
        const ClassIndex::Place& place = places[j];
        cls = place.cls;
        rank = rank_in_class(
            combinatorial::extract_bits(key_images[place.symmetry], full & ~place.canonical));
      } else {
        rank = local_ranks[first + j];
      }
      where[j] = base + class_size * cls + planes * (rank >> 6);
      bits[j] = rank & 63;
      __builtin_prefetch(where[j]);
    }
    for (std::size_t j = 0; j < n; ++j) sink(first + j, group_level(where[j], planes, bits[j]));
  }
}

// A class's values over the mover's sets, before and after a butterfly: plane j of each is
// words [j * words, (j + 1) * words). Entries outside the sets a turn reads are never used.
struct Buffers {
  std::vector<std::uint64_t> in, out;
  void resize(std::size_t words) {
    if (in.size() < words) in.resize(words), out.resize(words);
  }
};

}  // namespace

LayerPlanes::LayerPlanes(const Member& member, const LayerShape& s, ClassRange range)
    : shape(s),
      planes(member.planes()),
      step(member.plane_step()),
      groups_per_class((s.per_class + 63) / 64),
      first_class(std::min(range.first, std::min(range.end, s.classes))),
      held(std::min(range.end, s.classes) - first_class),
      words(planes * held * groups_per_class, 0) {}

Code LayerPlanes::get(std::uint64_t index) const {
  const std::uint64_t rank = index % shape.per_class;
  return code(
      group_level(class_words(index / shape.per_class) + planes * (rank >> 6), planes, rank & 63));
}

void LayerPlanes::throw_between_levels(Code code) {
  throw std::logic_error("value code " + std::to_string(code) +
                         " in a member that cannot draw (a full board without one chain?)");
}

LayerPlanes solve_layer(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                        Progress* progress, LayerPlanes* next_by_mover) {
  LayerPlanes layer(member, member.shape(turn));
  solve_classes(member, turn, next, threads, {.progress = progress, .next_by_mover = next_by_mover},
                layer);
  return layer;
}

namespace {

// The solve of a layer's classes, a class at a time on any thread: what every class shares is
// worked out once (the constructor); a class's solve reads its successors' levels into its
// buffers (or scores them, where the next turn ends the game), takes the best over each mark
// of the turn by a butterfly, and stores the levels of its entries in rank order.
class ClassSolver {
 public:
  ClassSolver(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
              const SolveScope& scope, LayerPlanes& layer);
  // A class's buffers hold a bit for every subset of the free cells (the butterfly), or, where
  // the sets a turn reaches are far fewer (a few marks on 30-32 cells, where 2^free_cells bits
  // are out of reach), a bit for each set of one size by its colex rank (extend_sparse), about
  // 3 ns a move against the butterfly's 1/64 ns a subset and cell.
  bool sparse() const { return sparse_; }
  std::uint64_t classes() const { return end_class_ - first_class_; }
  // One class's solve, compiled for each kind of buffer, so that the butterfly's loops carry no
  // test of it.
  template <bool kSparse>
  void solve(std::uint64_t solved_class);

 private:
  struct Class {  // the class being solved
    std::uint64_t cls;
    std::uint32_t key, free, key_board;
  };
  template <bool kSparse>
  std::uint64_t at(std::uint32_t local) const {  // a set's bit in the buffers
    if constexpr (kSparse) return colex_(local);
    return local;
  }
  std::pair<std::uint32_t, std::uint32_t> board_of(const Class& c, std::uint32_t local) const {
    const std::uint32_t mover = sym_.to_board(combinatorial::deposit_bits(local, c.free));
    return shape_.first_to_move ? std::pair{mover, c.key_board} : std::pair{c.key_board, mover};
  }
  template <bool kSparse>
  void read_successors(const Class& c, bool decided, std::uint64_t* in) const;
  template <bool kSparse>
  std::uint64_t* best_of_turn(const Class& c, std::uint64_t* in, std::uint64_t* out) const;
  template <bool kSparse>
  void store(const std::uint64_t* in, std::uint64_t* dst) const;
  void report();

  const Rules& rules_;
  const Symmetry& sym_;
  const int turn_;
  const LayerPlanes* next_;
  const SolveScope& scope_;
  LayerPlanes& layer_;
  const LayerShape shape_;
  const bool scored_next_;
  const int planes_, free_cells_;
  const combinatorial::FastColexRank& colex_ = combinatorial::fast_ranks().colex;
  std::uint64_t first_class_ = 0, end_class_ = 0;
  bool sparse_ = false;
  std::size_t words_ = 0;
  std::shared_ptr<const ClassIndex> built_;
  const ClassIndex* keys_ = nullptr;
  // The next layer's classes where its key is this layer's mover: each successor is located.
  const ClassIndex* next_classes_ = nullptr;
  std::vector<std::uint32_t> successor_sets_, mover_sets_;
  std::vector<std::uint32_t> successor_ranks_;  // within a class of the next layer by its mover
  // With value=speed, a set that makes a line part-way through the turn wins at once, with the
  // cells then empty: those sets are checked after each butterfly but the last.
  std::vector<std::vector<std::uint32_t>> part_way_;
  std::atomic<std::uint64_t> done_{0};
};

ClassSolver::ClassSolver(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                         const SolveScope& scope, LayerPlanes& layer)
    : rules_(member.rules()),
      sym_(member.symmetry()),
      turn_(turn),
      next_(next),
      scope_(scope),
      layer_(layer),
      shape_(member.shape(turn)),
      scored_next_(turn + 1 == member.rules().turns),
      planes_(member.planes()),
      free_cells_(member.rules().cells() - shape_.key_size) {
  LayerPlanes* next_by_mover = scope.next_by_mover;
  if (turn >= rules_.turns || (!scored_next_ && (!next || next->shape.turn != turn + 1)))
    throw std::logic_error(rules_.stem + ": layer " + std::to_string(turn) +
                           " needs the next layer");
  if (next_by_mover &&
      (scored_next_ || next->shape.key_is_mover || next_by_mover->shape.turn != turn + 1 ||
       !next_by_mover->shape.key_is_mover))
    throw std::logic_error(rules_.stem + ": layer " + std::to_string(turn) +
                           " cannot re-key the next layer");
  first_class_ = std::min(scope.solved.first, shape_.classes);
  end_class_ = std::min(scope.solved.end, shape_.classes);
  std::uint64_t widest = 0;
  for (int size = shape_.other_size; size <= shape_.other_size + shape_.marks; ++size)
    widest = std::max(widest, combinatorial::binomial(free_cells_, size));
  sparse_ = widest * 256 < (std::uint64_t{1} << free_cells_);
  words_ = sparse_ ? (widest + 63) / 64 : words_for_cells(free_cells_);
  keys_ = scope.keys ? scope.keys
                     : (built_ = sym_.classes(shape_.key_size, scope.solved, threads)).get();
  next_classes_ = next && !next->shape.key_is_mover ? &sym_.classes(next->shape.key_size) : nullptr;
  successor_sets_ = colex_sets(free_cells_, shape_.other_size + shape_.marks);
  mover_sets_ = ranked_sets(free_cells_, shape_.other_size);
  if (next_by_mover || (next && next->shape.key_is_mover))
    for (const std::uint32_t set : successor_sets_)
      successor_ranks_.push_back(
          static_cast<std::uint32_t>(combinatorial::revolving_door_rank(set)));
  part_way_.resize(shape_.marks);
  if (rules_.wins_at_once && rules_.value == ValueKind::speed)
    for (int s = 1; s < shape_.marks; ++s)
      part_way_[s] = colex_sets(free_cells_, shape_.other_size + s);
}

template <bool kSparse>
void ClassSolver::solve(std::uint64_t solved_class) {
  Class c;
  c.cls = first_class_ + solved_class;
  c.key = keys_->set(c.cls);
  c.free = sym_.full() & ~c.key;
  c.key_board = sym_.to_board(c.key);
  std::uint64_t* dst = layer_.class_words(c.cls);
  // The side that just moved has won: the class is decided (it is still gathered when the
  // next layer is re-keyed, which needs every entry).
  const bool decided = rules_.wins_at_once && rules_.wins(c.key_board, !shape_.first_to_move);
  thread_local Buffers buffers;
  if (!decided) buffers.resize(planes_ * words_);
  read_successors<kSparse>(c, decided, buffers.in.data());
  if (decided) {
    const Code level = layer_.level(rules_.line_made(
        !shape_.first_to_move, rules_.cells() - shape_.key_size - shape_.other_size));
    for (std::uint64_t i = 0; i < shape_.per_class; ++i) set_level(dst, planes_, i, level);
    return report();
  }
  store<kSparse>(best_of_turn<kSparse>(c, buffers.in.data(), buffers.out.data()), dst);
  report();
}

// The levels of the class's successors into the buffers `in` (unless it is decided), and into
// the next layer keyed by its mover where the solve re-keys it: there the successors (key, set)
// of this class are exactly class `cls`, at the ranks of their sets.
template <bool kSparse>
void ClassSolver::read_successors(const Class& c, bool decided, std::uint64_t* in) const {
  std::uint64_t* rekeyed =
      scope_.next_by_mover ? scope_.next_by_mover->class_words(c.cls) : nullptr;
  if (scored_next_ && !decided) {
    for (const std::uint32_t local : successor_sets_) {
      const auto [first, second] = board_of(c, local);
      Code code = 0;
      rules_.terminal(turn_ + 1, first, second, &code);
      put_level(in, words_, planes_, at<kSparse>(local), layer_.level(code));
    }
  } else if (!scored_next_ && (rekeyed || !decided)) {
    const std::uint32_t* sets = successor_sets_.data();
    const std::uint32_t* ranks = successor_ranks_.data();
    const int planes = planes_;
    const std::size_t words = words_;
    const auto sink = [&](std::size_t j, Code level) {
      // successor_sets are in colex order: j is a set's colex rank.
      if (!decided) put_level(in, words, planes, kSparse ? j : sets[j], level);
      if (rekeyed) set_level(rekeyed, planes, ranks[j], level);
    };
    if (next_classes_)
      gather<true>(sym_, next_classes_, *next_, 0, c.key, successor_sets_, nullptr, sink);
    else
      gather<false>(sym_, nullptr, *next_, c.cls, c.key, successor_sets_, ranks, sink);
  }
}

// The best over each mark of the turn, a butterfly a mark from the last back (and the sets that
// make a line part-way checked after each); returns the buffer that holds the result.
template <bool kSparse>
std::uint64_t* ClassSolver::best_of_turn(const Class& c, std::uint64_t* in,
                                         std::uint64_t* out) const {
  for (int s = shape_.marks - 1; s >= 0; --s) {
    const int size = shape_.other_size + s;
    for (int j = 0; j < planes_; ++j) {
      const std::uint64_t* from = in + j * words_;
      std::uint64_t* to = out + j * words_;
      if (kSparse && shape_.first_to_move)
        extend_sparse<true>(from, to, free_cells_, size);
      else if (kSparse)
        extend_sparse<false>(from, to, free_cells_, size);
      else if (shape_.first_to_move)
        extend_plane<true>(from, to, free_cells_);
      else
        extend_plane<false>(from, to, free_cells_);
    }
    std::swap(in, out);
    for (const std::uint32_t local : part_way_[s]) {
      const auto [first, second] = board_of(c, local);
      if (rules_.wins(shape_.first_to_move ? first : second, shape_.first_to_move))
        put_level(in, words_, planes_, at<kSparse>(local),
                  layer_.level(rules_.line_made(
                      shape_.first_to_move, rules_.cells() - __builtin_popcount(first | second))));
    }
  }
  return in;
}

// The class's entries in rank order, a group of 64 at a time: plane by plane, as the buffers
// and the layer hold the same planes.
template <bool kSparse>
void ClassSolver::store(const std::uint64_t* in, std::uint64_t* dst) const {
  for (std::size_t i0 = 0; i0 < mover_sets_.size(); i0 += 64) {
    const std::uint32_t* sets = mover_sets_.data() + i0;
    const std::size_t n = std::min<std::size_t>(64, mover_sets_.size() - i0);
    std::uint64_t* group = dst + planes_ * (i0 >> 6);
    for (int j = 0; j < planes_; ++j) {
      const std::uint64_t* plane = in + j * words_;
      std::uint64_t w = 0;
      for (std::size_t b = 0; b < n; ++b)
        w |= std::uint64_t{test_bit(plane, at<kSparse>(sets[b]))} << b;
      group[j] = w;
    }
  }
}

void ClassSolver::report() {
  if (scope_.progress)
    scope_.progress->advance(scope_.done_before +
                             (done_.fetch_add(1, std::memory_order_relaxed) + 1) *
                                 shape_.per_class);
}

}  // namespace

void solve_classes(const Member& member, int turn, const LayerPlanes* next, unsigned threads,
                   const SolveScope& scope, LayerPlanes& layer) {
  ClassSolver solver(member, turn, next, threads, scope, layer);
  parallel_for(threads, solver.classes(), [&](std::uint64_t solved_class) {
    if (solver.sparse())
      solver.solve<true>(solved_class);
    else
      solver.solve<false>(solved_class);
  });
}

LayerPlanes rekeyed(const Member& member, const LayerPlanes& layer, unsigned threads) {
  LayerPlanes out(member, member.shape(layer.shape.turn, !layer.shape.key_is_mover));
  const CodeSource codes = rekeyed_codes(member, layer);
  const std::uint64_t per_class = out.shape.per_class;
  parallel_for(threads, out.shape.classes, [&](std::uint64_t cls) {
    thread_local std::vector<std::uint8_t> in_class;
    in_class.resize(per_class);
    codes(cls * per_class, per_class, in_class.data());
    std::uint64_t* dst = out.class_words(cls);
    for (std::uint64_t rank = 0; rank < per_class; ++rank)
      set_level(dst, out.planes, rank, out.level(in_class[rank]));
  });
  return out;
}

CodeSource codes_of(const LayerPlanes& layer) {
  return [&layer](std::uint64_t first, std::uint64_t count, std::uint8_t* codes) {
    const std::uint64_t per_class = layer.shape.per_class;
    const int planes = layer.planes;
    std::uint64_t cls = first / per_class, rank = first % per_class;
    for (std::uint64_t i = 0; i < count;) {
      // The rest of a group of 64 within the class, plane by plane.
      const std::uint64_t* group = layer.class_words(cls) + planes * (rank >> 6);
      const unsigned bit = rank & 63;
      const std::uint64_t n = std::min({count - i, per_class - rank, std::uint64_t{64} - bit});
      std::fill_n(codes + i, n, 0);
      for (int j = 0; j < planes; ++j)
        for (std::uint64_t b = 0; b < n; ++b) codes[i + b] += (group[j] >> (bit + b)) & 1;
      for (std::uint64_t b = 0; b < n && layer.step != 1; ++b)
        codes[i + b] = static_cast<std::uint8_t>(layer.code(codes[i + b]));
      i += n;
      rank += n;
      if (rank == per_class) rank = 0, ++cls;
    }
  };
}

CodeSource rekeyed_codes(const Member& member, const LayerPlanes& layer) {
  const Symmetry& sym = member.symmetry();
  const LayerShape shape = member.shape(layer.shape.turn, !layer.shape.key_is_mover);
  // The other side's sets by their rank within a class, so that a range of entries gathers just
  // its own (a block may be a small part of a class).
  const auto colex = colex_sets(sym.cells() - shape.key_size, shape.other_size);
  auto by_rank = std::make_shared<std::vector<std::uint32_t>>(colex.size());
  for (const std::uint32_t set : colex) (*by_rank)[combinatorial::revolving_door_rank(set)] = set;
  return [&sym, &layer, shape, by_rank](std::uint64_t first, std::uint64_t count,
                                        std::uint8_t* codes) {
    const ClassIndex& keys = sym.classes(shape.key_size);
    const ClassIndex& classes = sym.classes(layer.shape.key_size);
    for (std::uint64_t cls = first / shape.per_class; cls * shape.per_class < first + count;
         ++cls) {
      const std::uint64_t from = std::max(first, cls * shape.per_class);
      const std::uint64_t to = std::min(first + count, (cls + 1) * shape.per_class);
      std::uint8_t* out = codes + (from - first);
      gather<true>(sym, &classes, layer, 0, keys.set(cls),
                   std::span(*by_rank).subspan(from - cls * shape.per_class, to - from), nullptr,
                   [&](std::size_t j, Code level) {
                     out[j] = static_cast<std::uint8_t>(layer.code(level));
                   });
    }
  };
}

EntryProducer packed(const Member& member, CodeSource codes, std::uint32_t entry_radix) {
  return [codes = std::move(codes), entry_radix, bits = member.entry_bits()](
             std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
    thread_local std::vector<std::uint8_t> block;
    if (block.size() < count) block.resize(count);
    codes(first, count, block.data());
    pack_entries(block.data(), count, entry_radix, bits, out);
  };
}

LayerPlanes load_layer(const Member& member, const Table& table, int turn, unsigned threads,
                       ClassRange range) {
  LayerPlanes layer(member, member.shape(turn, table.header().index_scheme == kKeyedByMover),
                    range);
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
        if (code >= codes || code % layer.step != 0)
          throw tbreader::Error(table.name() + ": invalid value code at entry " +
                                std::to_string(index));
        set_level(dst, layer.planes, rank, layer.level(static_cast<Code>(code)));
      }
    }
  });
  return layer;
}

}  // namespace tbgen::family
