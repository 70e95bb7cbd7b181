#pragma once
// How surreal3 is laid out in its table file; shared by the generator and the reader.
#include <cstdint>

namespace tbgen::surreal3_table {

inline constexpr const char* kName = "surreal3";
inline constexpr std::uint32_t kIndexScheme = 1;  // base-3 board index, 3^9 entries
inline constexpr std::uint32_t kValueCodec = 3;   // 64 bits: numerator (low 32, signed), exponent
inline constexpr std::uint32_t kEntryBits = 64;
inline constexpr std::uint64_t kEntries = 19683;

inline std::uint64_t encode(std::int32_t numerator, std::uint32_t exponent) {
  return static_cast<std::uint32_t>(numerator) | std::uint64_t{exponent} << 32;
}
inline std::int32_t numerator(std::uint64_t entry) {
  return static_cast<std::int32_t>(entry & 0xffffffffu);
}
inline std::uint32_t exponent(std::uint64_t entry) {
  return static_cast<std::uint32_t>(entry >> 32);
}

}  // namespace tbgen::surreal3_table
