// The tables of every structure the cyclic engine solves (structure.hpp), built by the build
// driver (build_driver.hpp) a group of parts at a time: a table per part, written in the order
// the groups are solved; a rerun keeps every complete table, and a group killed in its solve goes
// on from its last save (group_checkpoint.hpp). A group reads the parts its turns lead to from
// their tables.
#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>

#include "core/parallel.hpp"
#include "format/block_cache.hpp"
#include "generator/build_driver.hpp"
#include "generator/game_tables.hpp"
#include "generator/group_checkpoint.hpp"
#include "generator/progress.hpp"
#include "generator/structure.hpp"

namespace tbgen {
namespace {

using retrograde::Code;
using retrograde::Codes;

// A table's value as the engine's code, and back (codec 11 or 15: distance_code.hpp).
Code engine_code(std::uint64_t stored, std::uint32_t codec) {
  return codec == distance::kParityCodec
             ? distance::from_parity_code(static_cast<std::uint32_t>(stored))
             : static_cast<Code>(stored);
}
std::uint64_t stored_code(Code c, std::uint32_t codec) {
  return codec == distance::kParityCodec ? distance::parity_code(c) : c;
}

format::Header header_with(const Structure& s, int part, std::uint32_t entry_bits) {
  format::Header h = s.header(part);
  h.game = s.game();
  h.entry_bits = entry_bits;
  h.entry_count = s.entries(part);
  return h;
}
bool has_layout(const Structure& s, int part, const format::Header& h) {
  return (h.entry_bits == 8 || h.entry_bits == 16) &&
         same_layout(h, header_with(s, part, h.entry_bits));
}

// The solved parts a group reads, from their tables: in one process loaded whole on first use
// and kept until the build moves on to a group that does not read them; in a distributed build
// (nothing held whole, SPEC 9) read through a cache of decoded blocks.
class PartFiles final : public retrograde::Solved {
 public:
  PartFiles(const Structure& s, std::filesystem::path dir, bool whole)
      : s_(s), dir_(std::move(dir)), whole_(whole), cache_(kCacheBytes) {}
  const Code* codes_of(int part) const override { return whole_ ? codes(part).data() : nullptr; }
  Code code(int part, std::uint64_t entry) const override {
    // The part asked last, per thread: turns out of a group lead to few parts, and the locked
    // lookup cost a seventh of a build. Loaded parts stay until keep_only().
    thread_local std::uint64_t owner = 0;  // a generation, not an address: objects come and go
    thread_local int last = -1;
    thread_local const Code* last_codes = nullptr;
    thread_local const Table* last_table = nullptr;
    if (owner != generation_ || last != part) {
      if (whole_)
        last_codes = codes(part).data();
      else
        last_table = &table(part);
      owner = generation_;
      last = part;
    }
    return whole_ ? last_codes[entry]
                  : engine_code(last_table->entry(entry), last_table->header().value_codec);
  }
  const Codes& codes(int part) const;
  void keep(int part, Codes codes) const {
    std::lock_guard lock(mutex_);
    loaded_[part] = std::move(codes);
  }
  // Drops every part but `needed`: called between groups, while no thread reads.
  void keep_only(const std::vector<int>& needed) const {
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
  const Table& table(int part) const;
  const Structure& s_;
  std::filesystem::path dir_;
  bool whole_;
  mutable BlockCache cache_;
  mutable std::uint64_t generation_ = next_generation();
  mutable std::mutex mutex_;
  mutable std::map<int, Codes> loaded_;
  mutable std::map<int, std::unique_ptr<Table>> tables_;
};

const Table& PartFiles::table(int part) const {
  std::lock_guard lock(mutex_);
  auto& t = tables_[part];
  if (!t) {
    t = std::make_unique<Table>(table_path(dir_, s_.table_name(part)), tbreader::CacheMode::bounded,
                                &cache_);
    if (t->header().game != s_.game() || !has_layout(s_, part, t->header()))
      throw tbreader::Error(t->name() + ": does not hold a part of " + s_.game());
  }
  return *t;
}

const Codes& PartFiles::codes(int part) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = loaded_.find(part); it != loaded_.end()) return it->second;
  }
  const Table table(table_path(dir_, s_.table_name(part)), tbreader::CacheMode::single_block);
  const format::Header& h = table.header();
  if (h.game != s_.game() || !has_layout(s_, part, h))
    throw tbreader::Error(table.name() + ": does not hold a part of " + s_.game());
  Codes codes(h.entry_count);
  const std::uint64_t per_block = h.block_entries();
  for (std::uint64_t first = 0; first < codes.size(); first += per_block) {
    const auto block = table.block(static_cast<std::uint32_t>(first / per_block));
    for (std::uint64_t e = first; e < std::min<std::uint64_t>(codes.size(), first + per_block); ++e)
      codes[e] = engine_code(unpack_entry(block.data(), e - first, h), h.value_codec);
  }
  std::lock_guard lock(mutex_);
  // Another thread may have loaded it meanwhile: the first copy stays (readers hold it).
  return loaded_.try_emplace(part, std::move(codes)).first->second;
}

// The work file of a group's solve saved between levels, named for its first part.
std::filesystem::path work_path(const std::filesystem::path& dir, const std::string& table,
                                const Cluster& cluster) {
  if (cluster.size() == 1) return dir / (table + ".work");
  return dir / (table + "-p" + std::to_string(cluster.rank()) + "of" +
                std::to_string(cluster.size()) + ".work");
}

class StructureTables final : public GameTables {
 public:
  explicit StructureTables(std::unique_ptr<const Structure> s) : s_(std::move(s)) {}
  std::optional<BuildNeeds> needs(int processes) const override {
    return needs_until(processes, {});
  }
  std::optional<BuildNeeds> needs_until(int processes, const std::string& until) const override;
  bool builds_part() const override { return true; }
  void build(const BuildContext& context) const override;
  bool distributed() const override { return true; }
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  // A group's solve, resumed from its last save where every process has one.
  std::vector<Codes> solve(std::span<const int> group, const PartFiles& solved,
                           const BuildContext& context, Progress* progress) const;
  // Writes a solved part's table (this process's share of it) and logs what it holds.
  void write(int part, const Codes& codes, const BuildContext& context) const;

  // The groups in their order, up to the one that holds the table `until` (all, where empty).
  std::vector<std::vector<int>> groups_until(const std::string& until) const;
  class Groups;  // the build driver's hooks (build_driver.hpp)

  std::unique_ptr<const Structure> s_;
};

std::vector<std::vector<int>> StructureTables::groups_until(const std::string& until) const {
  std::vector<std::vector<int>> out;
  for (auto& group : s_->groups()) {
    out.push_back(std::move(group));
    for (const int part : out.back())
      if (s_->table_name(part) == until) return out;
  }
  if (!until.empty())
    throw tbreader::InputError("--until " + until + ": not a table of " + s_->game() +
                               " (its names: " + s_->table_name(0) + ", ...)");
  return out;
}

std::optional<BuildNeeds> StructureTables::needs_until(int processes,
                                                       const std::string& until) const {
  BuildNeeds needs;
  const auto n = static_cast<std::uint64_t>(processes);
  std::uint64_t peak = 0;
  const auto groups = groups_until(until);
  for (const auto& group : groups)
    for (const int part : group) {
      needs.stored += s_->entries(part);
      needs.disk += 2 * s_->entries(part);
      needs.positions += s_->positions(part);
    }
  for (const auto& group : groups) {
    // A process holds its share of the group: states (2 bytes an entry: a code, or a counter
    // while undecided), a bit an entry once decided and lists of positions by level (8 bytes an
    // item), together at most list_bytes_per_entry() (structure.hpp). Alone, it also holds the
    // parts the group reads at 2 bytes an entry, else a cache of their blocks.
    std::uint64_t entries = 0, read = 0;
    for (const int part : group) entries += s_->entries(part);
    for (const int part : s_->reads(group)) read += s_->entries(part);
    const auto lists = static_cast<std::uint64_t>(s_->list_bytes_per_entry() * double(entries));
    peak = std::max(peak, lists / n + (n == 1 ? 2 * read : 0));
  }
  needs.memory = peak + ((n == 1 ? std::uint64_t{64} : std::uint64_t{128}) << 20);
  return needs;
}

std::vector<Codes> StructureTables::solve(std::span<const int> group, const PartFiles& solved,
                                          const BuildContext& context, Progress* progress) const {
  const Cluster& cluster = context.cluster ? *context.cluster : single_process();
  const bool leader = cluster.rank() == 0;
  const std::string first = s_->table_name(group[0]);
  std::string names;
  std::vector<std::uint64_t> shares;
  for (const int part : group) {
    names += s_->table_name(part) + ' ';
    const EntryShare share = entry_share(s_->entries(part), cluster, cluster.rank());
    shares.push_back(share.end - share.first);
  }
  retrograde::GroupCheckpoint checkpoint(work_path(context.tables, first, cluster), s_->game(),
                                         names, cluster.rank(), cluster.size(), context.save_every);
  // Saves keep the one before until every process has its new one (group_checkpoint.hpp), so
  // the oldest of the processes' newest levels is the one they all hold.
  const std::vector<std::uint64_t> levels = checkpoint.levels();
  const std::uint64_t newest = levels.empty() ? 0 : levels.front() + 1;  // 0: none
  const std::uint64_t common = ~cluster.max(~newest), any = cluster.max(newest);
  std::optional<retrograde::GroupState> saved;
  if (common > 0) saved = checkpoint.load(common - 1, shares);
  const bool resumed = common > 0 && cluster.max(!saved) == 0;
  if (context.log && leader) {
    if (resumed)
      *context.log << first << ": resumed at level " << saved->level << "\n";
    else if (any > 0)  // a kill in a group's first save, or a file that does not check
      *context.log << first << ": no level saved by every process; solved again\n";
  }
  auto codes = s_->solve(group, solved,
                         {.threads = context.threads,
                          .progress =
                              [&](std::uint64_t n) {
                                if (progress) progress->add(n);
                              },
                          .cluster = &cluster,
                          .save_due = [&] { return checkpoint.due(); },
                          .save =
                              [&](const retrograde::GroupState& state) {
                                checkpoint.write(state);
                                cluster.max(0);  // every process's state written
                                checkpoint.commit();
                                cluster.max(0);  // and in place
                                checkpoint.drop();
                              },
                          .resume = resumed ? &*saved : nullptr});
  checkpoint.remove();
  return codes;
}

void StructureTables::write(int part, const Codes& codes, const BuildContext& context) const {
  const Cluster& cluster = context.cluster ? *context.cluster : single_process();
  const EntryShare share = entry_share(s_->entries(part), cluster, cluster.rank());
  const std::uint32_t codec = s_->header(part).value_codec;
  // What the processes found, added up: the width of the entries, the counts, and the slowest
  // win (the least entry of the largest winning code).
  std::uint64_t wins = 0, draws = 0, slowest = 0, largest = 0;
  for (const Code c : codes) {
    wins += distance::mover_wins(c);
    draws += !distance::decided(c);
    if (distance::mover_wins(c)) slowest = std::max<std::uint64_t>(slowest, c);
    largest = std::max<std::uint64_t>(largest, stored_code(c, codec));
  }
  wins = cluster.sum(wins);
  draws = cluster.sum(draws);
  const bool wide = cluster.max(largest) > 0xff;
  slowest = cluster.max(slowest);
  std::uint64_t longest = ~std::uint64_t{0};
  for (std::uint64_t e = 0; e < codes.size() && slowest; ++e)
    if (codes[e] == slowest) {
      longest = share.first + e;
      break;
    }
  longest = ~cluster.max(~longest);
  const format::Header h = header_with(*s_, part, wide ? 16 : 8);
  WriteOptions options = s_->write_options();
  options.threads = context.threads;
  const EntryProducer entries = [&](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
    for (std::uint64_t e = 0; e < count; ++e)
      pack_entry(out, e, h.entry_bits, stored_code(codes[first + e - share.first], codec));
  };
  const std::string name = s_->table_name(part);
  const std::uint64_t checksum = write_layer_table(table_path(context.tables, name), h, entries,
                                                   options, share.blocks, cluster);
  cluster.max(0);  // every process waits until the file is in place: the next group reads it
  if (!context.log || cluster.rank() != 0) return;
  const std::uint64_t n = s_->entries(part);
  *context.log << name << ".tb: written, xxh3 " << hex64(checksum) << ", " << n << " entries\n"
               << name << ": " << n << " positions, " << wins << " won, " << draws << " drawn, "
               << n - wins - draws << " lost for the side to move";
  if (slowest)
    *context.log << "; the longest win: " << s_->describe(part, longest) << " in "
                 << distance::turns_left(static_cast<Code>(slowest));
  *context.log << "\n";
}

// The groups as the build driver's layers, layer t the group solved t-th from the end: a group's
// turns lead within it or to the groups solved before it, which it reads from their tables
// (PartFiles), not from the driver's hand-over.
class StructureTables::Groups {
 public:
  using Layer = std::vector<Codes>;  // by part of the group
  Groups(const StructureTables& tables, const BuildContext& context, const Cluster& cluster)
      : tables_(tables),
        s_(*tables.s_),
        context_(context),
        cluster_(cluster),
        groups_(tables.groups_until(context.until)),
        solved_(s_, context.tables, cluster.size() == 1) {}
  const std::string& game() const { return s_.game(); }
  int layers() const { return static_cast<int>(groups_.size()); }
  std::vector<std::string> tables(int t) const {
    std::vector<std::string> names;
    for (const int part : group(t)) names.push_back(s_.table_name(part));
    return names;
  }
  bool same_layout(int t, int k, const format::Header& h) const {
    return has_layout(s_, group(t)[k], h);
  }
  std::string label(int t) const { return s_.table_name(group(t)[0]); }
  void planned(const LayerPlan& plan) {
    kept_ = plan.kept;
    std::uint64_t total = 0;
    for (int t = 0; t < layers(); ++t)
      if (plan.solved[t])
        for (const int part : group(t)) total += entry_share(s_.entries(part), cluster_, 0).end;
    if (cluster_.rank() == 0) progress_ = std::make_unique<Progress>(s_.game(), total);
  }
  Layer load(int) { return {}; }  // read part by part from the tables, as groups ask
  Layer solve(int t, std::optional<Layer>&, std::string&) {
    solved_.keep_only(s_.reads(group(t)));
    return tables_.solve(group(t), solved_, context_, progress_.get());
  }
  void write(int t, Layer& codes, bool) {
    for (std::size_t k = 0; k < codes.size(); ++k) {
      tables_.write(group(t)[k], codes[k], context_);
      if (cluster_.size() == 1) solved_.keep(group(t)[k], std::move(codes[k]));
    }
    // Let go now, not when the driver's hand-over is: the groups after it read its tables, and
    // a cluster's shares held through the next group's solve are not in the memory estimate.
    codes = {};
  }
  void finish() {
    if (progress_) progress_->finish();
    // A build killed after a group's tables were written and before its work files were removed
    // leaves them.
    for (int t = 0; t < layers(); ++t)
      if (kept_[t]) retrograde::remove_checkpoint(work_path(context_.tables, label(t), cluster_));
  }

 private:
  const std::vector<int>& group(int t) const { return groups_[groups_.size() - 1 - t]; }
  const StructureTables& tables_;
  const Structure& s_;
  const BuildContext& context_;
  const Cluster& cluster_;
  std::vector<std::vector<int>> groups_;  // in the order they are solved
  PartFiles solved_;
  std::vector<bool> kept_;  // the groups whose tables were complete (LayerPlan::kept)
  std::unique_ptr<Progress> progress_;
};

void StructureTables::build(const BuildContext& context) const {
  Groups groups(*this, context, context.cluster ? *context.cluster : single_process());
  drive_build(context, context.cluster ? *context.cluster : single_process(), groups);
}

std::string StructureTables::deep_verify(const TableSet& tables, const std::string& name,
                                         unsigned threads) const {
  int part = 0;
  while (part < s_->parts() && s_->table_name(part) != name) ++part;
  if (part == s_->parts()) throw tbreader::Error(name + ": not a table of " + s_->game());
  const PartFiles solved(*s_, tables.directory(), true);
  const Codes& stored = solved.codes(part);
  const std::uint64_t chunk = std::uint64_t{1} << 12;
  parallel_for(threads, (stored.size() + chunk - 1) / chunk, [&](std::uint64_t k) {
    const std::uint64_t first = k * chunk,
                        end = std::min<std::uint64_t>(stored.size(), first + chunk);
    Code derived[chunk];
    s_->one_ply(part, first, end, solved, derived);
    for (std::uint64_t e = first; e < end; ++e) {
      if (derived[e - first] != stored[e])
        throw tbreader::Error(table_path(tables.directory(), name).string() + ": position " +
                              s_->describe(part, e) + " (entry " + std::to_string(e) + ") stores " +
                              std::to_string(stored[e]) + " but its turns give " +
                              std::to_string(derived[e - first]));
    }
  });
  return one_ply_note(stored.size());
}

}  // namespace

std::unique_ptr<GameTables> structure_tables(std::unique_ptr<const Structure> structure) {
  return std::make_unique<StructureTables>(std::move(structure));
}

}  // namespace tbgen
