// Building a morris member's tables (family/morris/morris_solver.hpp) and deep-checking them:
// a table per sector, in the order the sectors are solved, each group with its mirror. A rerun
// keeps every complete table; a group reads the sectors its turns lead to from their tables.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>

#include "core/combinatorial.hpp"
#include "core/game_string.hpp"
#include "core/parallel.hpp"
#include "family/morris/morris_solver.hpp"
#include "format/block_cache.hpp"
#include "generator/game_tables.hpp"
#include "generator/group_checkpoint.hpp"
#include "generator/progress.hpp"

namespace tbgen::morris {
namespace {

// The solved sectors a group reads, from their tables: in one process loaded whole on first
// use and kept until the build moves on to a group that does not read them; in a distributed
// build (nothing held whole, SPEC 9) read through a cache of decoded blocks.
class SectorFiles final : public Solved {
 public:
  SectorFiles(const Layout& layout, std::filesystem::path dir, bool whole)
      : layout_(layout), dir_(std::move(dir)), whole_(whole), cache_(kCacheBytes) {}
  const Code* codes_of(const Sector& s) const override {
    return whole_ ? codes(s).data() : nullptr;
  }
  Code code(const Sector& s, std::uint64_t entry) const override {
    // The sector asked last, per thread: turns out of a group lead to few sectors, and the
    // locked lookup cost a seventh of a build (perf). Loaded sectors stay until keep_only().
    thread_local std::uint64_t owner = 0;  // a generation, not an address: objects come and go
    thread_local Sector last;
    thread_local const Code* last_codes = nullptr;
    thread_local const Table* last_table = nullptr;
    if (owner != generation_ || !(last == s)) {
      if (whole_)
        last_codes = codes(s).data();
      else
        last_table = &table(s);
      owner = generation_;
      last = s;
    }
    return whole_ ? last_codes[entry] : static_cast<Code>(last_table->entry(entry));
  }
  const Codes& codes(const Sector& s) const;
  void keep(const Sector& s, Codes codes) const {
    std::lock_guard lock(mutex_);
    loaded_[s] = std::move(codes);
  }
  // Drops every sector but `needed`: called between groups, while no thread reads.
  void keep_only(const std::vector<Sector>& needed) const {
    std::lock_guard lock(mutex_);
    const auto unneeded = [&](const auto& kv) {
      return std::find(needed.begin(), needed.end(), kv.first) == needed.end();
    };
    std::erase_if(loaded_, unneeded);
    std::erase_if(tables_, unneeded);
    generation_ = next_generation();
  }

 private:
  static constexpr std::uint64_t kCacheBytes = std::uint64_t{64} << 20;
  static std::uint64_t next_generation() {
    static std::atomic<std::uint64_t> generation{1};
    return generation.fetch_add(1);
  }
  const Table& table(const Sector& s) const;
  const Layout& layout_;
  std::filesystem::path dir_;
  bool whole_;
  mutable BlockCache cache_;
  mutable std::uint64_t generation_ = next_generation();
  mutable std::mutex mutex_;
  mutable std::map<Sector, Codes> loaded_;
  mutable std::map<Sector, std::unique_ptr<Table>> tables_;
};

format::Header header(const Layout& layout, const Sector& s, std::uint32_t entry_bits) {
  format::Header h = table_header(layout.rules().canonical, kMorrisIndexScheme, kMorrisCodec,
                                  entry_bits, layout.entries(s));
  h.layer = Layout::layer_of(s);
  return h;
}

// The work file of a group's solve saved between levels, named for its first sector to solve.
std::filesystem::path work_path(const std::filesystem::path& dir, const std::string& table,
                                const Cluster& cluster) {
  if (cluster.size() == 1) return dir / (table + ".work");
  return dir / (table + "-p" + std::to_string(cluster.rank()) + "of" +
                std::to_string(cluster.size()) + ".work");
}

bool has_layout(const Layout& layout, const Sector& s, const format::Header& h) {
  return (h.entry_bits == 8 || h.entry_bits == 16) &&
         same_layout(h, header(layout, s, h.entry_bits));
}

const Table& SectorFiles::table(const Sector& s) const {
  std::lock_guard lock(mutex_);
  auto& t = tables_[s];
  if (!t) {
    t = std::make_unique<Table>(table_path(dir_, layout_.table_name(s)),
                                tbreader::CacheMode::bounded, &cache_);
    if (t->header().game != layout_.rules().canonical || !has_layout(layout_, s, t->header()))
      throw tbreader::Error(t->name() + ": does not hold a sector of " + layout_.rules().canonical);
  }
  return *t;
}

const Codes& SectorFiles::codes(const Sector& s) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = loaded_.find(s); it != loaded_.end()) return it->second;
  }
  const Table table(table_path(dir_, layout_.table_name(s)), tbreader::CacheMode::single_block);
  if (table.header().game != layout_.rules().canonical || !has_layout(layout_, s, table.header()))
    throw tbreader::Error(table.name() + ": does not hold a sector of " +
                          layout_.rules().canonical);
  Codes codes(table.header().entry_count);
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
  bool distributed() const override { return true; }
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  Layout layout_;
};

std::optional<BuildNeeds> MorrisTables::needs(int processes) const {
  BuildNeeds needs;
  const int points = layout_.rules().board->points;
  const auto n = static_cast<std::uint64_t>(processes);
  std::uint64_t peak = 0;
  for (const Sector& s : layout_.sectors()) {
    const std::uint64_t entries = layout_.entries(s);
    needs.stored += entries;
    needs.disk += 2 * entries;
    // Before symmetry: the mover's sets of the sector times the other side's among the rest.
    needs.positions += combinatorial::binomial(points, s.mine) *
                       combinatorial::binomial(points - s.mine, s.theirs);
    // A process holds its share of the group: states (2 bytes an entry: a code, or a counter
    // while undecided) and lists of positions by level (8 bytes an item, with the level being
    // told and the vectors' growth: 3.5 bytes an entry, from the nine board's group
    // (7,9)+(9,7), whose build peaked at 8,619,140 KB, 6.4 bytes an entry beside what it read
    // when codes and counters were apart); alone, the sectors the group reads at 2 bytes an
    // entry, else a cache of their blocks (64 MiB, below).
    std::uint64_t group = 0, read = 0;
    for (const Sector& g : group_of(layout_, s)) group += layout_.entries(g);
    for (const Sector& r : sectors_read(layout_, s)) read += layout_.entries(r);
    peak = std::max(peak, 11 * group / 2 / n + (n == 1 ? 2 * read : 0));
  }
  // Class indexes and buffers; in a distributed build the cache of blocks on top.
  needs.memory = peak + ((n == 1 ? std::uint64_t{64} : std::uint64_t{128}) << 20);
  return needs;
}

void MorrisTables::build(const BuildContext& context) const {
  const Cluster& cluster = context.cluster ? *context.cluster : single_process();
  const bool leader = cluster.rank() == 0;
  const auto& sectors = layout_.sectors();
  std::vector<std::string> names;
  for (const Sector& s : sectors) names.push_back(layout_.table_name(s));
  const std::vector<bool> complete = complete_layers(
      context.tables, names, layout_.rules().canonical,
      [&](int i, const format::Header& h) { return has_layout(layout_, sectors[i], h); }, cluster);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < sectors.size(); ++i)
    if (!complete[i]) total += entry_share(layout_.entries(sectors[i]), cluster, 0).end;
  std::unique_ptr<Progress> progress;
  if (leader) progress = std::make_unique<Progress>(layout_.rules().stem, total);
  const SectorFiles solved(layout_, context.tables, cluster.size() == 1);
  std::map<Sector, bool> done;
  for (std::size_t i = 0; i < sectors.size(); ++i) {
    const Sector& s = sectors[i];
    if (done[s]) continue;
    if (complete[i]) {
      // A build killed after a group's tables were written and before its work files were
      // removed leaves them: this process's go now.
      retrograde::remove_checkpoint(work_path(context.tables, names[i], cluster));
      done[s] = true;
      if (context.log && leader) *context.log << names[i] << ".tb: kept (already complete)\n";
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();  // the machine may be shared: CPU time too
    solved.keep_only(sectors_read(layout_, s));
    const std::uint64_t sent_before = cluster.bytes_sent();
    const std::vector<Sector> sides = group_of(layout_, s);
    // The group's solve saved between levels: a build killed in it goes on from the newest
    // level every process finds its own share saved at.
    std::string group_names;
    std::vector<std::uint64_t> shares;
    for (const Sector& side : sides) {
      group_names += layout_.table_name(side) + ' ';
      const EntryShare share = entry_share(layout_.entries(side), cluster, cluster.rank());
      shares.push_back(share.end - share.first);
    }
    retrograde::GroupCheckpoint checkpoint(work_path(context.tables, names[i], cluster),
                                           layout_.rules().canonical, group_names, cluster.rank(),
                                           cluster.size(), context.save_every);
    // Saves keep the one before until every process has its new one (group_checkpoint.hpp),
    // so the oldest of the processes' newest levels is the one they all hold.
    const std::vector<std::uint64_t> levels = checkpoint.levels();
    const std::uint64_t newest = levels.empty() ? 0 : levels.front() + 1;  // 0: none
    const std::uint64_t common = ~cluster.max(~newest), any = cluster.max(newest);
    std::optional<GroupState> saved;
    if (common > 0) saved = checkpoint.load(common - 1, shares);
    const bool resumed = common > 0 && cluster.max(!saved) == 0;
    if (context.log && leader) {
      if (resumed)
        *context.log << names[i] << ": resumed at level " << saved->level << "\n";
      else if (any > 0)  // a kill in a group's first save, or a file that does not check
        *context.log << names[i] << ": no level saved by every process; solved again\n";
    }
    auto group = solve_group(layout_, solved, s,
                             {.threads = context.threads,
                              .progress =
                                  [&](std::uint64_t n) {
                                    if (progress) progress->advance(n);
                                  },
                              .cluster = &cluster,
                              .save_due = [&] { return checkpoint.due(); },
                              .save =
                                  [&](const GroupState& state) {
                                    checkpoint.write(state);
                                    cluster.max(0);  // every process's state written
                                    checkpoint.commit();
                                    cluster.max(0);  // and in place
                                    checkpoint.drop();
                                  },
                              .resume = resumed ? &*saved : nullptr});
    saved.reset();
    const std::uint64_t exchanged = cluster.sum(cluster.bytes_sent() - sent_before);
    for (std::size_t k = 0; k < sides.size(); ++k) {
      const Sector& side = sides[k];
      const Codes& codes = group[k];
      const EntryShare share = entry_share(layout_.entries(side), cluster, cluster.rank());
      // What the processes found, added up: the width of the entries, the counts, and the
      // slowest win (the least entry of the largest even code).
      std::uint64_t wins = 0, draws = 0, widest = 0, largest = 0;
      for (const Code c : codes) {
        wins += c && c % 2 == 0;
        draws += c == 0;
        widest = std::max<std::uint64_t>(widest, c % 2 == 0 ? c : 0);
        largest = std::max<std::uint64_t>(largest, c);
      }
      wins = cluster.sum(wins);
      draws = cluster.sum(draws);
      const bool wide = cluster.max(largest) > 0xff;
      widest = cluster.max(widest);
      std::uint64_t longest = ~std::uint64_t{0};
      for (std::uint64_t e = 0; e < codes.size() && widest; ++e)
        if (codes[e] == widest) {
          longest = share.first + e;
          break;
        }
      longest = ~cluster.max(~longest);
      const format::Header h = header(layout_, side, wide ? 16 : 8);
      // The layers' blocks and dictionary, at zstd's level 6 (its lazy matcher), not their
      // optimal parser: once the placement solve was cut, writing was about a quarter of a
      // sector's time; Nine's sector (6, 5) 2+1 took 27.0 s of CPU against 32-34 s, its table
      // 10% larger (docs/FORMAT.md, Morris members).
      WriteOptions options = kLayerWrite;
      options.zstd_level = 6;
      options.tuning = {};
      options.threads = context.threads;
      const EntryProducer entries = [&](std::uint64_t first, std::uint64_t count,
                                        std::uint8_t* out) {
        for (std::uint64_t e = 0; e < count; ++e)
          pack_entry(out, e, h.entry_bits, codes[first + e - share.first]);
      };
      const std::uint64_t checksum =
          write_layer_table(table_path(context.tables, layout_.table_name(side)), h, entries,
                            options, share.blocks, cluster);
      cluster.max(0);  // every process waits until the file is in place: the next group reads it
      if (context.log && leader) {
        const std::uint64_t n = layout_.entries(side);
        *context.log << layout_.table_name(side) << ".tb: written, xxh3 " << hex64(checksum) << ", "
                     << n << " entries\n"
                     << layout_.table_name(side) << ": " << n << " positions, " << wins << " won, "
                     << draws << " drawn, " << n - wins - draws << " lost for the side to move";
        // The slowest win. A sector is the side to move's view: with marks in hand, that side
        // is the first player when both hold as many (alternate placing), else the second.
        if (widest) {
          const Rules& r = layout_.rules();
          const bool first_moves = r.lasker || side.mine_hand == side.theirs_hand;
          const char mover = first_moves ? r.first : r.second;
          *context.log << "; the longest win: "
                       << position_text(r,
                                        as_text(r, layout_.position(side, longest), mover == 'X'))
                       << " " << mover << " wins in " << widest - 1;
        }
        char cpu[32];
        std::snprintf(cpu, sizeof cpu, "%.2f",
                      static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
        *context.log << "; " << seconds_since(start) << " s, " << cpu << " s of CPU";
        if (cluster.size() > 1)
          *context.log << " on " << cluster.size() << " processes, " << exchanged
                       << " bytes exchanged";
        *context.log << "\n";
      }
      if (cluster.size() == 1) solved.keep(side, std::move(group[k]));
      done[side] = true;
    }
    checkpoint.remove();
  }
  if (progress) progress->finish();
}

std::string MorrisTables::deep_verify(const TableSet& tables, const std::string& name,
                                      unsigned threads) const {
  const auto& sectors = layout_.sectors();
  const auto it = std::find_if(sectors.begin(), sectors.end(),
                               [&](const Sector& s) { return layout_.table_name(s) == name; });
  if (it == sectors.end())
    throw tbreader::Error(name + ": not a table of " + layout_.rules().canonical);
  const SectorFiles solved(layout_, tables.directory(), true);
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
