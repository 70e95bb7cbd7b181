// tbgen: builds, verifies and describes tablebase files (see README.md and docs/format.md).
#include <signal.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "core/parallel.hpp"
#include "format/checksum_list.hpp"
#include "format/table.hpp"
#include "generator/game_tables.hpp"
#include "tools/tables_dir.hpp"

namespace fs = std::filesystem;
using namespace tbgen;

namespace {

std::vector<fs::path> table_files(const fs::path& path) {
  if (!fs::exists(path)) throw tbreader::Error(path.string() + ": no such file or directory");
  if (!fs::is_directory(path)) return {path};
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(path))
    if (e.is_regular_file() && e.path().extension() == ".tb") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Whether process `pid` is still running: a zombie (killed, not yet reaped: its parent was
// killed too and nobody reaps orphans in some containers) has exited.
bool running(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;  // no /proc: kill's answer stands
  const auto state = line.rfind(')');          // "pid (command) S ...": the command may hold ')'
  return state == std::string::npos || line.size() < state + 3 || line[state + 2] != 'Z';
}

// A killed build leaves "<table>.tb.tmp.<pid>"; remove those whose writer is gone.
void remove_stale_temporaries(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    const auto at = name.rfind(".tb.tmp.");
    if (at == std::string::npos) continue;
    const std::string pid = name.substr(at + 8);
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    if (!running(static_cast<pid_t>(std::stol(pid)))) fs::remove(e.path());
  }
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string bytes_text(std::uint64_t bytes) {
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1000 && u < 6) v /= 1000, ++u;
  char text[32];
  std::snprintf(text, sizeof text, u ? "%.1f %s" : "%.0f %s", v, units[u]);
  return text;
}

// Memory this process may take: what the system has available, shared by the processes of a
// cluster that mpirun started on this machine.
std::uint64_t memory_available() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kb = 0;
  std::uint64_t available = 0;
  while (meminfo >> key >> kb) {
    if (key == "MemAvailable:") available = kb * 1024;
    meminfo.ignore(256, '\n');
  }
  if (!available)
    available = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const int sharing = local ? std::max(1, std::atoi(local)) : 1;
  return available / static_cast<std::uint64_t>(sharing);
}

// Says what a build will take; refuses one this machine cannot hold (rank 0 decides for all).
void check_needs(const GameTables& game, const std::string& name, const std::string& until,
                 const fs::path& dir, const Cluster* cluster, std::ostream* log) {
  const int processes = cluster ? cluster->size() : 1;
  const auto needs = game.needs_until(processes, until);
  if (!needs) return;
  std::string refusal;
  if (!cluster || cluster->rank() == 0) {
    const std::string per = processes > 1 ? " per process of " + std::to_string(processes) : "";
    if (log)
      *log << name << ": " << with_commas(needs->positions) << " positions ("
           << with_commas(needs->stored) << " stored after symmetry), about "
           << bytes_text(needs->memory) << " of memory" << per << ", at most "
           << bytes_text(needs->disk) << " of tables (before compression)\n";
    const std::uint64_t memory = memory_available();
    if (needs->memory > memory)
      refusal = name + ": " + with_commas(needs->positions) + " positions (" +
                with_commas(needs->stored) + " stored after symmetry) need about " +
                bytes_text(needs->memory) + " of memory" + per + "; this machine has " +
                bytes_text(memory) + " available" + (processes > 1 ? " for each" : "") +
                (game.distributed()
                     ? ". Spread the build over more machines: mpirun -np N tbgen build GAME "
                       "--mpi (docs/distributed.md sizes it)"
                     : " (its build runs in one process)");
    const std::uint64_t disk = fs::space(dir).available;
    if (refusal.empty() && needs->disk / 8 > disk)
      refusal = name + ": its tables take up to " + bytes_text(needs->disk) +
                " before compression; " + dir.string() + " has " + bytes_text(disk) + " free";
  }
  if (cluster) {
    const Bytes said(refusal.begin(), refusal.end());
    const Bytes decided = cluster->broadcast(said);
    refusal.assign(decided.begin(), decided.end());
  }
  if (!refusal.empty()) throw tbreader::Error(refusal);
}

// `asked.cluster`: the processes of an `mpirun ... --mpi` build (SPEC 9), of which rank 0 alone
// logs, shows progress and writes files.
int run_build(const std::string& game, const BuildContext& asked) {
  std::vector<std::unique_ptr<GameTables>> games;
  std::vector<std::string> names;
  if (game == "all") {
    for (const auto& g : tbreader::games())
      if (!g.family) games.push_back(make_game_tables(g.id)), names.push_back(g.id);
  } else {
    games.push_back(make_game_tables(game));
    names.push_back(tbreader::canonical(game));
  }
  const Cluster* cluster = asked.cluster;
  const fs::path& dir = asked.tables;
  const std::string& until = asked.until;
  const bool rank0 = !cluster || cluster->rank() == 0;
  if (rank0) {
    fs::create_directories(dir);
    remove_stale_temporaries(dir);
  }
  BuildContext context = asked;
  context.log = rank0 ? &std::cout : nullptr;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& g = games[i];
    if (!until.empty() && !g->builds_part())
      throw tbreader::InputError("--until: " + names[i] +
                                 " builds whole (only the cyclic engine's members stop part-way)");
    check_needs(*g, names[i], until, dir, g->distributed() ? cluster : nullptr, context.log);
    if (!cluster || g->distributed()) {
      g->build(context);
    } else if (rank0) {
      BuildContext alone = context;
      alone.cluster = nullptr;
      g->build(alone);
    }
    if (cluster) cluster->sum(0);  // every process waits for the game's last file
  }
  return 0;
}

int run_verify(const fs::path& path, bool deep, unsigned threads, const std::string& checksums) {
  const auto files = table_files(path);
  if (files.empty()) throw tbreader::Error(path.string() + ": no table files (*.tb) found");
  const fs::path list_path =
      !checksums.empty() ? fs::path(checksums)
                         : (fs::is_directory(path) ? path : path.parent_path()) / "CHECKSUMS";
  const ChecksumList expected =
      fs::exists(list_path) ? read_checksum_list(list_path) : ChecksumList{};
  int failures = 0;
  if (!checksums.empty()) {
    // An explicit list is the reviewed truth: every table it names must be there, and every
    // table there must be named.
    for (const auto& [name, sum] : expected)
      if (!fs::exists(path / name)) {
        std::cerr << "tbgen verify: " << (path / name).string() << ": listed in "
                  << list_path.string() << " but missing\n";
        ++failures;
      }
    for (const auto& file : files)
      if (!expected.count(file.filename().string())) {
        std::cerr << "tbgen verify: " << file.string() << ": not listed in " << list_path.string()
                  << "\n";
        ++failures;
      }
  }
  for (const auto& file : files) {
    try {
      const Table table(file, tbreader::CacheMode::single_block);
      table.verify_all();
      std::string note = "checksums ok";
      if (auto it = expected.find(file.filename().string()); it != expected.end()) {
        if (table_file_checksum(file) != it->second)
          throw tbreader::Error(file.string() + ": differs from the checksum recorded in " +
                                list_path.string() + " (" + hex64(it->second) + ")");
        note += ", matches " + list_path.filename().string();
      }
      if (deep) {
        std::unique_ptr<GameTables> game;
        try {
          game = make_game_tables(table.header().game);
        } catch (const tbreader::GameError&) {
          throw tbreader::Error(file.string() + ": unknown game " + table.header().game);
        }
        const TableSet tables(file.parent_path().empty() ? "." : file.parent_path(),
                              tbreader::CacheMode::decoded);
        note += ", " + game->deep_verify(tables, file.stem().string(), threads);
      }
      std::cout << file.string() << ": " << note << "\n";
    } catch (const tbreader::Error& e) {
      std::cerr << "tbgen verify: " << e.what() << "\n";
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}

int run_info(const fs::path& file) {
  const Table table(file, tbreader::CacheMode::single_block);
  const auto& h = table.header();
  const double bits =
      8.0 * static_cast<double>(table.file_size()) / static_cast<double>(h.entry_count);
  std::cout << "file:           " << file.string() << "\n"
            << "game:           " << h.game << "\n"
            << "layer:          " << h.layer << "\n"
            << "format version: " << format::kVersion << "\n"
            << "index scheme:   " << h.index_scheme << "\n"
            << "value codec:    " << h.value_codec << " ("
            << (h.entry_radix == format::kTernary ? "base-3 digits, 5 a byte"
                                                  : std::to_string(h.entry_bits) + " bits/entry")
            << ")\n"
            << "entries:        " << h.entry_count << "\n"
            << "block size:     " << h.block_entries() << " entries, " << h.block_count
            << " blocks, zstd level " << h.zstd_level << "\n"
            << "frames a block: " << (1u << h.frames_log2) << " (a probe decodes one)\n"
            << "dictionary:     " << h.dictionary_size << " bytes\n"
            << "game parameter: " << h.game_parameter << "\n"
            << "raw size:       " << h.packed_bytes(h.entry_count) << " bytes\n"
            << "file size:      " << table.file_size() << " bytes\n"
            << "bits per entry: " << bits << "\n"
            << "checksum:       " << hex64(table_file_checksum(file)) << " (XXH3-64, whole file)\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // Layers and exchange buffers are large and short-lived: allocated by mmap, each is given back
  // to the system when freed. glibc would otherwise raise its mmap threshold after the first
  // such free and serve the next ones from a heap that keeps the memory (the peak of a
  // distributed build's process grew by a third so).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  // The build log comes a line at a time, minutes apart: each is out as soon as it is written
  // (to a file or a pipe too), so that a log being followed, or cut short by a kill, is current.
  std::cout << std::unitbuf;
  CLI::App app{
      "tbgen: generates exact tablebases of small board games by retrograde analysis.\n"
      "Tables go to --tables DIR, else $TBGEN_TABLES, else ./tables."};
  app.require_subcommand(1);
  app.fallthrough();
  std::string tables_option;
  unsigned threads = default_threads();
  app.add_option("--tables", tables_option, "table directory");
  app.add_option("--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, 1024u));

  std::string game;
  std::string games_list;
  std::string family_list;
  for (const auto& g : tbreader::games()) {
    if (g.family)
      family_list += " | " + g.id;
    else
      games_list += g.id + " | ";
  }
  auto* build = app.add_subcommand("build", "generate every table of GAME (resumable)");
  build
      ->add_option("GAME", game,
                   "a game string: " + games_list + "all (every seed game)" + family_list)
      ->required();
  bool mpi = false;
  build->add_flag("--mpi", mpi,
                  "spread the build over the processes of `mpirun -np N` (family members; "
                  "other games are built by rank 0)");
  unsigned save_seconds = 600;
  build
      ->add_option("--save-every", save_seconds,
                   "seconds between saves of a long solve's state, which a killed build goes on "
                   "from (default 600; 0: at every step)")
      ->check(CLI::Range(0u, 86400u));
  std::string until;
  build->add_option("--until", until,
                    "stop once this table (its name, without .tb) is written: a member too "
                    "large to build whole here, a sector at a time (quixo, dobutsu)");
  std::uint64_t part_entries = 0;
  build
      ->add_option("--part-entries", part_entries,
                   "entries of a layer one process solves at a time (gravity members; default "
                   "268435456): smaller holds less and resumes nearer a kill")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));

  std::string verify_path, checksums;
  bool deep = false;
  auto* verify = app.add_subcommand(
      "verify", "check header, block and whole-file checksums of every table under PATH");
  verify->add_option("PATH", verify_path, "table file or directory (default: table directory)");
  verify->add_flag("--deep", deep, "also re-derive every stored value from its successors");
  verify->add_option("--checksums", checksums,
                     "expected-checksum list (default: CHECKSUMS beside the tables)");

  std::string info_file;
  auto* info = app.add_subcommand("info", "print the header of a table file");
  info->add_option("FILE", info_file, "table file")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  const Cluster* cluster = nullptr;
  if (mpi) {
    try {
      cluster = &mpi_cluster();
    } catch (const std::exception& e) {
      std::cerr << "tbgen: " << e.what() << "\n";
      return 2;
    }
  }
  // A process of a cluster that fails stops the others, which would wait for it forever.
  const auto failed = [&](int status) {
    if (cluster && cluster->size() > 1) abort_cluster(status);
    return status;
  };
  try {
    const fs::path dir = tables_directory(tables_option);
    if (*build)
      return run_build(game, {.tables = dir,
                              .threads = threads,
                              .cluster = cluster,
                              .save_every = std::chrono::seconds(save_seconds),
                              .until = until,
                              .part_entries = part_entries});
    if (*verify)
      return run_verify(verify_path.empty() ? dir : fs::path(verify_path), deep, threads,
                        checksums);
    if (*info) return run_info(info_file);
  } catch (const tbreader::GameError& e) {
    std::cerr << "tbgen: " << e.what() << "\n";
    return failed(2);
  } catch (const std::exception& e) {
    std::cerr << "tbgen: " << e.what() << "\n";
    return failed(1);
  }
  return 2;
}
