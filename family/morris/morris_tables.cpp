// Building a morris member's tables (family/morris/morris_solver.hpp) and deep-checking them:
// a table per sector, in the order the sectors are solved, each group with its mirror. A rerun
// keeps every complete table; a group reads the sectors its turns lead to from their tables.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>

#include "core/combinatorial.hpp"
#include "core/game_string.hpp"
#include "core/parallel.hpp"
#include "family/morris/morris_solver.hpp"
#include "generator/game_tables.hpp"
#include "generator/progress.hpp"

namespace tbgen::morris {
namespace {

// The solved sectors a group reads: loaded from their tables on first use, kept until the
// build moves on to a group that does not read them.
class SectorFiles final : public Solved {
 public:
  SectorFiles(const Layout& layout, std::filesystem::path dir)
      : layout_(layout), dir_(std::move(dir)) {}
  const Code* codes_of(const Sector& s) const override { return codes(s).data(); }
  Code code(const Sector& s, std::uint64_t entry) const override {
    // The sector asked last, per thread: turns out of a group lead to few sectors, and the
    // locked lookup cost a seventh of a build (perf). Loaded codes stay put until keep_only().
    thread_local std::uint64_t owner = 0;  // a generation, not an address: objects come and go
    thread_local Sector last;
    thread_local const Code* last_codes = nullptr;
    if (owner != generation_ || !(last == s)) {
      last_codes = codes(s).data();
      owner = generation_;
      last = s;
    }
    return last_codes[entry];
  }
  const std::vector<Code>& codes(const Sector& s) const;
  void keep(const Sector& s, std::vector<Code> codes) const {
    std::lock_guard lock(mutex_);
    loaded_[s] = std::move(codes);
  }
  // Drops every sector but `needed`: called between groups, while no thread reads.
  void keep_only(const std::vector<Sector>& needed) const {
    std::lock_guard lock(mutex_);
    std::erase_if(loaded_, [&](const auto& kv) {
      return std::find(needed.begin(), needed.end(), kv.first) == needed.end();
    });
    generation_ = next_generation();
  }

 private:
  static std::uint64_t next_generation() {
    static std::atomic<std::uint64_t> generation{1};
    return generation.fetch_add(1);
  }
  const Layout& layout_;
  std::filesystem::path dir_;
  mutable std::uint64_t generation_ = next_generation();
  mutable std::mutex mutex_;
  mutable std::map<Sector, std::vector<Code>> loaded_;
};

format::Header header(const Layout& layout, const Sector& s, std::uint32_t entry_bits) {
  format::Header h = table_header(layout.rules().canonical, kMorrisIndexScheme, kMorrisCodec,
                                  entry_bits, layout.entries(s));
  h.layer = Layout::layer_of(s);
  return h;
}

bool has_layout(const Layout& layout, const Sector& s, const format::Header& h) {
  return (h.entry_bits == 8 || h.entry_bits == 16) &&
         same_layout(h, header(layout, s, h.entry_bits));
}

const std::vector<Code>& SectorFiles::codes(const Sector& s) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = loaded_.find(s); it != loaded_.end()) return it->second;
  }
  const Table table(table_path(dir_, layout_.table_name(s)), tbreader::CacheMode::single_block);
  if (table.header().game != layout_.rules().canonical || !has_layout(layout_, s, table.header()))
    throw tbreader::Error(table.name() + ": does not hold a sector of " +
                          layout_.rules().canonical);
  std::vector<Code> codes(table.header().entry_count);
  const std::uint64_t per_block = table.header().block_entries();
  for (std::uint64_t first = 0; first < codes.size(); first += per_block) {
    const auto block = table.block(static_cast<std::uint32_t>(first / per_block));
    for (std::uint64_t e = first; e < std::min<std::uint64_t>(codes.size(), first + per_block); ++e)
      codes[e] = static_cast<Code>(unpack_entry(block.data(), e - first, table.header()));
  }
  std::lock_guard lock(mutex_);
  // Another thread may have loaded it meanwhile: the first copy stays (readers hold it).
  return loaded_.try_emplace(s, std::move(codes)).first->second;
}

class MorrisTables final : public GameTables {
 public:
  explicit MorrisTables(const family::Rules& rules)
      : layout_(rules_of(GameString(rules.canonical))) {}
  std::optional<BuildNeeds> needs(int processes) const override;
  void build(const BuildContext& context) const override;
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  Layout layout_;
};

std::optional<BuildNeeds> MorrisTables::needs(int) const {
  BuildNeeds needs;
  const int points = layout_.rules().board->points;
  std::uint64_t peak = 0;
  for (const Sector& s : layout_.sectors()) {
    const std::uint64_t n = layout_.entries(s);
    needs.stored += n;
    needs.disk += 2 * n;
    // Before symmetry: the mover's sets of the sector times the other side's among the rest.
    needs.positions += combinatorial::binomial(points, s.mine) *
                       combinatorial::binomial(points - s.mine, s.theirs);
    // A group holds its codes (2 bytes an entry), its counters (1) and its lists of positions
    // by level (8 bytes an item; a quarter of its positions at once at most, measured on the
    // six and nine boards), and the sectors it reads at 2 bytes an entry.
    std::uint64_t group = 0, read = 0;
    for (const Sector& g : group_of(layout_, s)) group += layout_.entries(g);
    for (const Sector& r : sectors_read(layout_, s)) read += layout_.entries(r);
    peak = std::max(peak, 3 * group + 2 * group + 2 * read);
  }
  needs.memory = peak + (std::uint64_t{64} << 20);
  return needs;
}

void MorrisTables::build(const BuildContext& context) const {
  const auto& sectors = layout_.sectors();
  std::vector<std::string> names;
  for (const Sector& s : sectors) names.push_back(layout_.table_name(s));
  const std::vector<bool> complete = complete_layers(
      context.tables, names, layout_.rules().canonical,
      [&](int i, const format::Header& h) { return has_layout(layout_, sectors[i], h); },
      single_process());
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < sectors.size(); ++i)
    if (!complete[i]) total += layout_.entries(sectors[i]);
  Progress progress(layout_.rules().stem, total);
  const SectorFiles solved(layout_, context.tables);
  std::map<Sector, bool> done;
  for (std::size_t i = 0; i < sectors.size(); ++i) {
    const Sector& s = sectors[i];
    if (done[s]) continue;
    if (complete[i]) {
      done[s] = true;
      if (context.log) *context.log << names[i] << ".tb: kept (already complete)\n";
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    solved.keep_only(sectors_read(layout_, s));
    auto group = solve_group(layout_, solved, s, context.threads,
                             [&](std::uint64_t n) { progress.advance(n); });
    const std::vector<Sector> sides = group_of(layout_, s);
    for (std::size_t k = 0; k < sides.size(); ++k) {
      const Sector& side = sides[k];
      const auto& codes = group[k];
      const bool wide = std::any_of(codes.begin(), codes.end(), [](Code c) { return c > 0xff; });
      write_entries(context, layout_.table_name(side), header(layout_, side, wide ? 16 : 8),
                    [&](std::uint64_t e) { return codes[e]; });
      std::uint64_t wins = 0, draws = 0, longest = 0;
      for (std::uint64_t e = 0; e < codes.size(); ++e) {
        wins += codes[e] && codes[e] % 2 == 0;
        draws += codes[e] == 0;
        if (codes[e] % 2 == 0 && codes[e] > codes[longest]) longest = e;
      }
      if (context.log) {
        *context.log << layout_.table_name(side) << ": " << codes.size() << " positions, " << wins
                     << " won, " << draws << " drawn, " << codes.size() - wins - draws
                     << " lost for the side to move";
        // The slowest win. A sector is the side to move's view: with marks in hand, that side
        // is the first player when both hold as many (alternate placing), else the second.
        if (codes[longest] && codes[longest] % 2 == 0) {
          const Rules& r = layout_.rules();
          const bool first_moves = r.lasker || side.mine_hand == side.theirs_hand;
          const char mover = first_moves ? r.first : r.second;
          *context.log << "; the longest win: "
                       << position_text(r,
                                        as_text(r, layout_.position(side, longest), mover == 'X'))
                       << " " << mover << " wins in " << codes[longest] - 1;
        }
        *context.log << "; " << seconds_since(start) << " s\n";
      }
      solved.keep(side, std::move(group[k]));
      done[side] = true;
    }
  }
  progress.finish();
}

std::string MorrisTables::deep_verify(const TableSet& tables, const std::string& name,
                                      unsigned threads) const {
  const auto& sectors = layout_.sectors();
  const auto it = std::find_if(sectors.begin(), sectors.end(),
                               [&](const Sector& s) { return layout_.table_name(s) == name; });
  if (it == sectors.end())
    throw tbreader::Error(name + ": not a table of " + layout_.rules().canonical);
  const SectorFiles solved(layout_, tables.directory());
  const auto& stored = solved.codes(*it);
  const std::uint64_t chunk = std::uint64_t{1} << 12;
  parallel_for(threads, (stored.size() + chunk - 1) / chunk, [&](std::uint64_t k) {
    for (std::uint64_t e = k * chunk; e < std::min<std::uint64_t>(stored.size(), (k + 1) * chunk);
         ++e) {
      const Position p = layout_.position(*it, e);
      const Code derived = one_ply(layout_, solved, p);
      if (derived != stored[e])
        throw tbreader::Error(table_path(tables.directory(), name).string() + ": position " +
                              position_text(layout_.rules(), as_text(layout_.rules(), p, true)) +
                              " (entry " + std::to_string(e) + ") stores " +
                              std::to_string(stored[e]) + " but its turns give " +
                              std::to_string(derived));
    }
  });
  return one_ply_note(stored.size());
}

}  // namespace
}  // namespace tbgen::morris

namespace tbgen {

std::unique_ptr<GameTables> make_morris_tables(family::Rules rules) {
  return std::make_unique<morris::MorrisTables>(rules);
}

}  // namespace tbgen
