// Probe rates of board-family members as a program meets them (issue 40): positions drawn
// uniformly over all positions of the member (a layer chosen with the weight of its number of
// positions, then its cells at random), or over its two largest stored layers alone; a working
// set of 2^20 distinct positions, each probed once a pass, far larger than the processor's
// caches. Only the public API: the same source measures the code before a change.
//
//   TBGEN_BENCH_TABLES=DIR build/bin/bench_member_probe [--benchmark_filter=...]
//
// DIR holds the tables of double5, connect(cols=6,rows=5), hex(cols=4,rows=5) and
// morris(board=six), and where they are built connect(cols=6,rows=6), connect(cols=7,rows=5) and
// morris() (a member whose tables are missing is skipped). Morris positions are drawn over every
// position the reader answers (the side to move and the marks in hand too, issue 36), all of
// them only. Benchmarks, each per member and per sampling:
// - ValueOf: value_of one position at a time (as an engine asks), CacheMode::decoded, warm
//   (a first pass before the timing decodes every block the positions touch);
// - ValuesOf: values_of over the whole working set (reads overlapped), decoded, warm (not
//   morris: its value_of takes the side and the hands, one position at a time);
// - Bounded: value_of under CacheMode::bounded at 64 MiB, resident memory reported.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace {

// A member's boards: layer t holds marks(t) = {first's, second's}; gravity stacks each column's
// marks from the bottom.
struct Member {
  const char* label;
  const char* game;
  int cols, rows;
  bool gravity;
  int layers;                         // 0 .. layers - 1, the last one included
  std::pair<int, int> (*marks)(int);  // by layer
  std::array<int, 2> late;            // the two largest layers with a table
};

// Layer t of a member with a mark a turn, the first player's first.
std::pair<int, int> one_mark_a_turn(int t) {
  return {(t + 1) / 2, t / 2};
}

const Member kMembers[] = {
    {"double5",
     "double5",
     5,
     5,
     false,
     11,
     [](int r) {
       return std::pair{2 * ((r + 1) / 2), 2 * (r / 2)};
     },
     {8, 9}},
    {"connect6x5", "connect(cols=6,rows=5)", 6, 5, true, 31, one_mark_a_turn, {24, 25}},
    {"connect6x6", "connect(cols=6,rows=6)", 6, 6, true, 37, one_mark_a_turn, {30, 31}},
    {"connect7x5", "connect(cols=7,rows=5)", 7, 5, true, 36, one_mark_a_turn, {29, 30}},
    {"hex4x5", "hex(cols=4,rows=5)", 4, 5, false, 21, one_mark_a_turn, {13, 14}},
};

double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  double b = 1;
  for (int i = 1; i <= k; ++i) b = b * (n - k + i) / i;
  return b;
}

// Positions of a member, uniform over those of `layers` (every layer if empty): the layer by its
// weight, then for gravity the column heights (uniform among the height vectors of that many
// marks, by counting) and which marks are the first player's, else the cells of each side.
class Sampler {
 public:
  Sampler(const Member& m, std::vector<int> layers) : m_(m), rng_(40) {
    if (layers.empty())
      for (int t = 0; t < m.layers; ++t) layers.push_back(t);
    const int cells = m.cols * m.rows;
    // ways_[c][n]: height vectors of columns c.. holding n marks.
    ways_.assign(m.cols + 1, std::vector<double>(cells + 1, 0));
    ways_[m.cols][0] = 1;
    for (int c = m.cols - 1; c >= 0; --c)
      for (int n = 0; n <= cells; ++n)
        for (int h = 0; h <= m.rows && h <= n; ++h) ways_[c][n] += ways_[c + 1][n - h];
    std::vector<double> weights;
    for (int t : layers) {
      const auto [f, s] = m.marks(t);
      weights.push_back(m.gravity ? ways_[0][f + s] * binomial(f + s, f)
                                  : binomial(cells, f) * binomial(cells - f, s));
    }
    layers_ = std::move(layers);
    pick_ = std::discrete_distribution<int>(weights.begin(), weights.end());
  }
  std::pair<std::uint64_t, std::uint64_t> next() {
    const auto [f, s] = m_.marks(layers_[pick_(rng_)]);
    std::vector<int> cells;  // the occupied cells, in random order
    if (m_.gravity) {
      int left = f + s;
      for (int c = 0; c < m_.cols; ++c) {
        double u = std::uniform_real_distribution<double>(0, ways_[c][left])(rng_);
        int h = 0;
        while (h < m_.rows && (u -= ways_[c + 1][left - h]) > 0) ++h;
        h = std::min(h, left);
        for (int r = 0; r < h; ++r) cells.push_back((m_.rows - 1 - r) * m_.cols + c);
        left -= h;
      }
    } else {
      for (int c = 0; c < m_.cols * m_.rows; ++c) cells.push_back(c);
    }
    std::shuffle(cells.begin(), cells.end(), rng_);
    std::uint64_t first = 0, second = 0;
    for (int i = 0; i < f + s; ++i) (i < f ? first : second) |= std::uint64_t{1} << cells[i];
    return {first, second};
  }

 private:
  const Member& m_;
  std::mt19937_64 rng_;
  std::vector<int> layers_;
  std::discrete_distribution<int> pick_;
  std::vector<std::vector<double>> ways_;
};

const char* tables_dir(benchmark::State& state, const char* game) {
  const char* dir = std::getenv("TBGEN_BENCH_TABLES");
  if (dir == nullptr) {
    state.SkipWithError("set TBGEN_BENCH_TABLES to a directory with the members' tables");
    return nullptr;
  }
  const tbreader::Tablebase tb(dir);
  for (const auto& g : tb.games())
    if (g.game == tbreader::canonical(game)) return dir;
  state.SkipWithError((std::string("no tables of ") + game + " in " + dir).c_str());
  return nullptr;
}

// 2^20 distinct positions that can arise (a board the reader refuses, a line of both sides say,
// is drawn again: an empty directory tells them apart without reading a table), the same for
// every benchmark of a member and sampling.
struct Positions {
  std::vector<std::uint64_t> first, second;
};
constexpr std::size_t kPositions = std::size_t{1} << 20;
const Positions& positions(const Member& m, bool late) {
  static std::mutex mutex;  // a benchmark's threads all ask
  const std::lock_guard lock(mutex);
  static std::map<std::pair<const Member*, bool>, Positions> made;
  Positions& p = made[{&m, late}];
  if (!p.first.empty()) return p;
  const auto empty = std::filesystem::temp_directory_path() / "tbgen-bench-no-tables";
  std::filesystem::create_directories(empty);
  const tbreader::Tablebase none(empty);
  const tbreader::Game game(none, m.game);
  Sampler sampler(m, late ? std::vector<int>(m.late.begin(), m.late.end()) : std::vector<int>{});
  while (p.first.size() < kPositions) {
    const auto [f, s] = sampler.next();
    try {
      (void)game.value_of(f, s);
    } catch (const tbreader::InputError&) {
      continue;
    } catch (const tbreader::Error&) {  // needs a table: fine
    }
    p.first.push_back(f);
    p.second.push_back(s);
  }
  return p;
}

struct Morris {
  const char* label;
  const char* game;
  int points, pieces;
};
const Morris kMorris[] = {{"six", "morris(board=six)", 16, 6}, {"nine", "morris()", 24, 9}};

// A probe's arguments: the first player's and the second's points (bit i the i-th point in
// SPEC 6's order), the side to move, the marks in hand.
struct Probe {
  std::uint64_t first, second;
  bool first_to_move;
  int first_hand, second_hand;
};

// Uniform over the positions SPEC 6 lets arise: hands that alternate (the first player holds as
// many as the second when it is to move, one fewer otherwise) or none, at most `pieces` marks a
// side on the board and in hand, not both sides below three; each kind weighted by its number
// of placements of the marks.
std::vector<Probe> sample(const Morris& m) {
  struct Kind {
    bool first_to_move;
    int first_hand, second_hand, first_marks, second_marks;
  };
  std::vector<Kind> kinds;
  std::vector<double> weights;
  const auto add = [&](bool first_to_move, int fh, int sh) {
    for (int f = 0; f + fh <= m.pieces; ++f)
      for (int s = 0; s + sh <= m.pieces && f + s <= m.points; ++s)
        if (f + fh >= 3 || s + sh >= 3) {
          kinds.push_back({first_to_move, fh, sh, f, s});
          weights.push_back(binomial(m.points, f) * binomial(m.points - f, s));
        }
  };
  for (const bool first_to_move : {true, false})
    for (int h = 0; h + (first_to_move ? 0 : 1) <= m.pieces; ++h)
      add(first_to_move, h, first_to_move ? h : h + 1);
  add(false, 0, 0);  // every mark placed: either side to move
  std::mt19937_64 rng(36);
  std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
  std::vector<int> points(static_cast<std::size_t>(m.points));
  for (int i = 0; i < m.points; ++i) points[static_cast<std::size_t>(i)] = i;
  std::vector<Probe> out;
  for (std::size_t n = 0; n < kPositions; ++n) {
    const Kind& k = kinds[pick(rng)];
    std::shuffle(points.begin(), points.end(), rng);
    Probe p{0, 0, k.first_to_move, k.first_hand, k.second_hand};
    for (int i = 0; i < k.first_marks + k.second_marks; ++i)
      (i < k.first_marks ? p.first : p.second) |= std::uint64_t{1}
                                                  << points[static_cast<std::size_t>(i)];
    out.push_back(p);
  }
  return out;
}

const std::vector<Probe>& positions(const Morris& m) {
  static std::mutex mutex;  // a benchmark's threads all ask
  const std::lock_guard lock(mutex);
  static std::map<const Morris*, std::vector<Probe>> made;
  std::vector<Probe>& p = made[&m];
  if (p.empty()) p = sample(m);
  return p;
}

double resident_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024;
  return 0;
}

const tbreader::Tablebase& tablebase(const char* dir, tbreader::CacheMode mode) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  static std::map<int, std::unique_ptr<tbreader::Tablebase>> open;
  auto& tb = open[static_cast<int>(mode)];
  if (!tb) tb = std::make_unique<tbreader::Tablebase>(dir, mode, std::uint64_t{64} << 20);
  return *tb;
}

// Each thread walks the working set from its own offset, one position at a time: value(game, k)
// probes the k-th position.
template <class Value>
void walk(benchmark::State& state, const char* dir, const char* game_string,
          tbreader::CacheMode mode, const Value& value) {
  const tbreader::Game game(tablebase(dir, mode), game_string);
  const double resident_before = resident_mib();
  std::size_t i = (kPositions / 2) * static_cast<std::size_t>(state.thread_index());
  if (mode == tbreader::CacheMode::decoded)  // warm: every block the positions touch decoded
    for (std::size_t k = 0; k < kPositions; ++k) benchmark::DoNotOptimize(value(game, k));
  for (auto _ : state) {
    benchmark::DoNotOptimize(value(game, i));
    i = (i + 1) & (kPositions - 1);
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0 && mode == tbreader::CacheMode::bounded) {
    state.counters["rss_before_MiB"] = resident_before;
    state.counters["rss_MiB"] = resident_mib();
  }
}

void probe(benchmark::State& state, const Member& m, bool late, tbreader::CacheMode mode) {
  const char* dir = tables_dir(state, m.game);
  if (!dir) return;
  const Positions& p = positions(m, late);
  walk(state, dir, m.game, mode, [&](const tbreader::Game& game, std::size_t k) {
    return game.value_of(p.first[k], p.second[k]);
  });
}

void probe_morris(benchmark::State& state, const Morris& m, tbreader::CacheMode mode) {
  const char* dir = tables_dir(state, m.game);
  if (!dir) return;
  const std::vector<Probe>& p = positions(m);
  walk(state, dir, m.game, mode, [&](const tbreader::Game& game, std::size_t k) {
    return game.value_of(p[k].first, p[k].second, p[k].first_to_move, p[k].first_hand,
                         p[k].second_hand);
  });
}

void probe_many(benchmark::State& state, const Member& m, bool late) {
  const char* dir = tables_dir(state, m.game);
  if (!dir) return;
  const Positions& p = positions(m, late);
  const tbreader::Game game(tablebase(dir, tbreader::CacheMode::decoded), m.game);
  std::vector<std::int32_t> out(kPositions);
  game.values_of(p.first, p.second, out);  // warm
  for (auto _ : state) {
    game.values_of(p.first, p.second, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kPositions));
}

const int registered = [] {
  for (const Member& m : kMembers)
    for (const bool late : {false, true}) {
      const std::string tail = std::string("/") + m.label + (late ? "/late" : "/all");
      benchmark::RegisterBenchmark(
          ("ValueOf" + tail).c_str(),
          [&m, late](benchmark::State& s) { probe(s, m, late, tbreader::CacheMode::decoded); })
          ->ThreadRange(1, 2)
          ->MinTime(2);
      benchmark::RegisterBenchmark(("ValuesOf" + tail).c_str(), [&m, late](benchmark::State& s) {
        probe_many(s, m, late);
      })->MinTime(2);
      benchmark::RegisterBenchmark(
          ("Bounded" + tail).c_str(),
          [&m, late](benchmark::State& s) { probe(s, m, late, tbreader::CacheMode::bounded); })
          ->ThreadRange(1, 2)
          ->MinTime(3);
    }
  for (const Morris& m : kMorris) {
    const std::string tail = std::string("/") + m.label + "/all";
    benchmark::RegisterBenchmark(
        ("ValueOf" + tail).c_str(),
        [&m](benchmark::State& s) { probe_morris(s, m, tbreader::CacheMode::decoded); })
        ->ThreadRange(1, 2)
        ->MinTime(2);
    benchmark::RegisterBenchmark(
        ("Bounded" + tail).c_str(),
        [&m](benchmark::State& s) { probe_morris(s, m, tbreader::CacheMode::bounded); })
        ->ThreadRange(1, 2)
        ->MinTime(3);
  }
  return 0;
}();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
