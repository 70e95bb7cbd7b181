#pragma once
// How score3 is laid out in its table file; shared by the generator and the reader.
#include <cstdint>
#include <optional>

namespace tbgen::score3_table {

inline constexpr const char* kName = "score3";
inline constexpr std::uint32_t kIndexScheme = 1;  // base-3 board index, 3^9 entries
inline constexpr std::uint32_t kValueCodec = 1;   // 8 bits: 0 unreachable, else score + 128
inline constexpr std::uint32_t kEntryBits = 8;
inline constexpr std::uint64_t kEntries = 19683;

inline std::uint64_t encode(std::optional<int> score) {
  return score ? static_cast<std::uint64_t>(*score + 128) : 0;
}
inline std::optional<int> decode(std::uint64_t entry) {
  if (entry == 0) return std::nullopt;
  return static_cast<int>(entry) - 128;
}

}  // namespace tbgen::score3_table
