// Building a slide member's tables (family/slide/slide_solver.hpp) and deep-checking them: the two
// movement tables first (one retrograde solve, cycles and all), then the placement layers from
// the last back to the empty board. A rerun keeps every complete table and solves only what a
// missing one needs: a placement layer reads the layer after it, from its table if it is there.
#include <algorithm>
#include <chrono>

#include "core/parallel.hpp"
#include "family/slide/slide_solver.hpp"
#include "generator/game_tables.hpp"
#include "generator/progress.hpp"

namespace tbgen::family {
namespace {

class SlideTables final : public GameTables {
 public:
  explicit SlideTables(Rules rules) : member_(std::move(rules)) {}
  std::optional<BuildNeeds> needs(int processes) const override;
  void build(const BuildContext& context) const override;
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  std::filesystem::path path(const std::filesystem::path& dir, int layer) const {
    return table_path(dir, member_.table_name(layer));
  }
  // Entries of 8 bits while every code fits, else 16: the width is the only thing a layer's
  // header does not know before it is solved.
  format::Header header(int layer, std::uint32_t entry_bits) const {
    format::Header h = table_header(member_.rules().canonical, kSlideIndexScheme, kSlideCodec,
                                    entry_bits, member_.entries(layer));
    h.layer = static_cast<std::uint32_t>(layer);
    return h;
  }
  bool has_layout(int layer, const format::Header& h) const {
    return (h.entry_bits == 8 || h.entry_bits == 16) && same_layout(h, header(layer, h.entry_bits));
  }
  DistanceCodes load(const std::filesystem::path& dir, int layer) const;
  void write(const BuildContext& context, int layer, const DistanceCodes& codes) const;

  SlideMember member_;
};

std::optional<BuildNeeds> SlideTables::needs(int) const {
  BuildNeeds needs;
  for (int layer = 0; layer < member_.layers(); ++layer) {
    needs.stored += member_.entries(layer);
    needs.disk += 2 * member_.entries(layer);
    needs.positions += member_.positions(layer);
  }
  // The movement solve: a code and a move counter for every movement position (both sides, no
  // symmetry, 3 bytes), and 8-byte positions of a level while the next is gathered, up to three
  // copies of the largest (an eighth of the positions: Teeko's largest is 12%,
  // docs/performance.md); the tables at 2 bytes an entry; besides, 64 MB.
  const std::uint64_t movement = 2 * member_.positions(2 * member_.pieces());
  needs.memory =
      movement * 3 + 3 * (movement / 8) * 8 + needs.stored * 2 + (std::uint64_t{64} << 20);
  return needs;
}

DistanceCodes SlideTables::load(const std::filesystem::path& dir, int layer) const {
  const Table table(path(dir, layer), tbreader::CacheMode::single_block);
  const auto& h = table.header();
  if (h.game != member_.rules().canonical || !has_layout(layer, h))
    throw tbreader::Error(table.name() + ": does not hold " + member_.rules().canonical +
                          " layer " + std::to_string(layer));
  DistanceCodes codes(h.entry_count);
  const std::uint64_t per_block = std::uint64_t{1} << h.block_entries_log2;
  for (std::uint64_t first = 0; first < codes.size(); first += per_block) {
    const auto block = table.block(static_cast<std::uint32_t>(first / per_block));
    for (std::uint64_t e = first; e < std::min<std::uint64_t>(codes.size(), first + per_block); ++e)
      codes[e] = static_cast<DistanceCode>(unpack_entry(block.data(), e - first, h));
  }
  return codes;
}

void SlideTables::write(const BuildContext& context, int layer, const DistanceCodes& codes) const {
  const bool wide =
      std::any_of(codes.begin(), codes.end(), [](DistanceCode c) { return c > 0xff; });
  write_entries(context, member_.table_name(layer), header(layer, wide ? 16 : 8),
                [&](std::uint64_t e) { return codes[e]; });
}

void SlideTables::build(const BuildContext& context) const {
  const int layers = member_.layers(), placed = 2 * member_.pieces();
  std::vector<std::string> names;
  for (int layer = 0; layer < layers; ++layer) names.push_back(member_.table_name(layer));
  const std::vector<bool> complete = complete_layers(
      context.tables, names, member_.rules().canonical,
      [&](int layer, const format::Header& h) { return has_layout(layer, h); }, single_process());
  const auto kept = [&](int layer) {
    if (context.log) *context.log << member_.table_name(layer) << ".tb: kept (already complete)\n";
  };
  DistanceCodes next;  // the codes of layer next_layer, which the layer below it reads
  int next_layer = -1;
  if (complete[placed] && complete[placed + 1]) {
    kept(placed), kept(placed + 1);
  } else {
    const auto start = std::chrono::steady_clock::now();
    const std::string label = member_.rules().stem + " movement";
    Progress progress(label, 2 * member_.positions(placed));
    MovementSolve movement = solve_movement(member_, context.threads, &progress);
    progress.finish();
    if (context.log) {
      const std::uint64_t playable = movement.positions - movement.unplayable;
      const std::uint64_t draws = playable - movement.decided;
      *context.log << label << ": solved in " << seconds_since(start) << " s, " << playable
                   << " positions, " << draws << " drawn ("
                   << (100.0 * static_cast<double>(draws) / static_cast<double>(playable)) << "%)";
      if (decided(movement.longest_code)) {
        const SlidePosition& p = movement.longest;
        const bool first_wins = mover_wins(movement.longest_code) == p.first_to_move;
        *context.log << ", the longest: " << member_.text(p) << " "
                     << (first_wins ? member_.rules().first : member_.rules().second) << " wins in "
                     << turns_left(movement.longest_code);
      }
      *context.log << "\n";
    }
    for (int side = 0; side < 2; ++side) {
      if (complete[placed + side])
        kept(placed + side);
      else
        write(context, placed + side, movement.tables[side]);
    }
    next = std::move(movement.tables[0]);
    next_layer = placed;
  }
  for (int layer = placed - 1; layer >= 0; --layer) {
    if (complete[layer]) {
      kept(layer);
      continue;
    }
    if (next_layer != layer + 1) next = load(context.tables, layer + 1);
    next = solve_placement(member_, layer, next, context.threads);
    next_layer = layer;
    write(context, layer, next);
  }
}

std::string SlideTables::deep_verify(const TableSet& tables, const std::string& name,
                                     unsigned threads) const {
  int layer = -1;
  for (int l = 0; l < member_.layers(); ++l)
    if (name == member_.table_name(l)) layer = l;
  if (layer < 0) throw tbreader::Error(name + ": not a table of " + member_.rules().canonical);
  const auto dir = tables.directory();
  const int placed = 2 * member_.pieces();
  // The layers its moves lead to: the next placement layer, or the other side's movement layer.
  std::vector<DistanceCodes> codes(member_.layers());
  codes[layer] = load(dir, layer);
  const int after = layer == placed ? placed + 1 : layer == placed + 1 ? placed : layer + 1;
  codes[after] = load(dir, after);
  const DistanceCodes& stored = codes[layer];
  const std::uint64_t chunk = std::uint64_t{1} << 14;
  parallel_for(threads, (stored.size() + chunk - 1) / chunk, [&](std::uint64_t k) {
    for (std::uint64_t e = k * chunk; e < std::min<std::uint64_t>(stored.size(), (k + 1) * chunk);
         ++e) {
      const SlidePosition p = member_.position(layer, e);
      const DistanceCode derived =
          member_.one_ply(p, [&](int l, std::uint64_t entry) { return codes[l][entry]; });
      if (derived != stored[e])
        throw tbreader::Error(path(dir, layer).string() + ": position " + member_.text(p) +
                              " (entry " + std::to_string(e) + ") stores " +
                              std::to_string(stored[e]) + " but its moves give " +
                              std::to_string(derived));
    }
  });
  return one_ply_note(stored.size());
}

}  // namespace
}  // namespace tbgen::family

namespace tbgen {

std::unique_ptr<GameTables> make_slide_tables(family::Rules rules) {
  return std::make_unique<family::SlideTables>(std::move(rules));
}

}  // namespace tbgen
