#pragma once
// How double5's layers are compressed; chosen by measurement (bench/bench_double5_codec,
// docs/FORMAT.md).
#include <zstd.h>

#include "format/table_writer.hpp"

namespace tbgen::double5 {

// Blocks of 2^18 entries (a single-block probe decodes 52-64 KB), and zstd's optimal parser
// with a one-step search: rounds 7-9 come out 5-10% smaller than at level 3, as small as at
// level 13, in 20-30% less time than level 13.
inline constexpr WriteOptions kDouble5Write{
    .block_entries_log2 = 18,
    .zstd_level = 13,
    .tuning = {.strategy = ZSTD_btopt, .search_log = 1, .min_match = 4, .target_length = 16},
    .threads = 1};

}  // namespace tbgen::double5
