#pragma once
// tbreader: probe tbgen tables. The whole public API; everything else is internal.
// A Tablebase opens a directory of table files lazily and answers probes from any number of
// threads. Damaged, truncated, foreign or wrong-version files throw Error naming the file; a
// value is never read from a block whose checksum failed.
#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tbreader {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class CacheMode {
  decoded,       // keep each block once decoded: fastest, memory up to the raw size of the tables
  single_block,  // each thread keeps only its last block: bounded memory, one decode per miss
};

struct TableInfo {
  std::string game;
  std::uint32_t layer, index_scheme, value_codec, entry_bits;
  std::uint32_t entry_radix;  // 0: binary entries; 3: base-3 digits, five to a byte
  std::uint32_t block_count, game_parameter;
  std::uint64_t entry_count, block_entries, file_size;
};

class Tablebase {
 public:
  explicit Tablebase(std::filesystem::path directory, CacheMode mode = CacheMode::decoded);
  ~Tablebase();
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  const std::filesystem::path& directory() const;
  // Raw entry `index` of the table `name` (its file name without ".tb", e.g. "double5-r04").
  std::uint64_t entry(std::string_view name, std::uint64_t index) const;
  TableInfo info(std::string_view name) const;

  struct Impl;  // opaque; used by the library's own probes
  const Impl& impl() const noexcept { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// score3: board = sum of cell_i * 3^i, i = row * 3 + col, cell 0 empty, 1 X, 2 O.
// The minimax score (X maximises), or nullopt for a board that cannot arise in play.
std::optional<int> probe_score3(const Tablebase& tb, std::uint32_t board);

// double5: cell i = row * 5 + col; o and x are 25-bit masks of a position after whole rounds
// (O and X have 2k and 2k marks, or 2k + 2 and 2k), or a finished board.
enum class Double5Outcome : std::uint8_t { x_wins = 0, draw = 1, o_wins = 2 };
Double5Outcome probe_double5(const Tablebase& tb, std::uint32_t o, std::uint32_t x);

// surreal3: board = sum of cell_i * 3^i with '.' and '#' 0, O 1, X 2. Its exact value as a
// game, a number: numerator / 2^exponent.
struct GameNumber {
  std::int32_t numerator;
  int exponent;
};
GameNumber probe_surreal3(const Tablebase& tb, std::uint32_t board);

// weighted3: board as for score3 (X = Takahashi, O = Aoki), any reachable position; weights
// |w| <= 1e9 by cell, summing to an odd number. True if Takahashi wins under optimal play.
bool probe_weighted3(const Tablebase& tb, std::uint32_t board,
                     const std::array<std::int64_t, 9>& weights);

// nim3 (table nim3-k<max_pile>): a state with piles 0..max_pile (cell i = row * 3 + col);
// phase 0: the first player's whole-pile move, 1: the second player's, 2: free play.
enum class Nim3Value : std::uint8_t { unreachable = 0, mover_loses = 1, mover_wins = 2 };
Nim3Value probe_nim3(const Tablebase& tb, int max_pile, int phase,
                     const std::array<std::uint32_t, 9>& piles);

}  // namespace tbreader
