#pragma once
// How weighted3 is laid out in table files; shared by the generator and the reader.
//
// Weights matter only at the 16 full boards without a line ("draw boards"): at draw board f,
// Takahashi (X) wins iff his weights outweigh Aoki's, one bit b_f. From a position, the
// winner under optimal play is a monotone Boolean function of the b_f of the draw boards
// that extend it (R, in increasing draw-board order). weighted3-functions.tb is a pool of
// 1-bit entries holding each reachable position's truth table (2^|R| bits, bit a = the
// winner when b_{R[j]} = bit j of a; 1 = Takahashi); weighted3-offsets.tb gives, per base-3
// board index, the offset of its truth table in the pool (kUnreachable if none).
#include <array>
#include <cstdint>
#include <vector>

#include "core/board3.hpp"

namespace tbgen::weighted3_table {

inline constexpr const char* kOffsetsName = "weighted3-offsets";
inline constexpr const char* kFunctionsName = "weighted3-functions";
inline constexpr std::uint32_t kOffsetsScheme = 1;    // base-3 board index, 3^9 entries
inline constexpr std::uint32_t kOffsetsCodec = 5;     // 32 bits: bit offset into the pool
inline constexpr std::uint32_t kFunctionsScheme = 4;  // bit pool
inline constexpr std::uint32_t kFunctionsCodec = 6;   // 1 bit: 1 = Takahashi wins
inline constexpr std::uint64_t kBoards = 19683;
inline constexpr std::uint32_t kUnreachable = 0xffffffffu;

using Cells = board3::Cells;  // 0 empty, 1 X (Takahashi), 2 O (Aoki)

// The 16 draw boards, in increasing base-3 index.
inline const std::vector<Cells>& draw_boards() {
  static const auto boards = [] {
    std::vector<Cells> list;
    for (std::uint32_t b = 0; b < kBoards; ++b) {
      const Cells c = board3::decode(b);
      int x = 0, o = 0;
      for (auto v : c) x += v == 1, o += v == 2;
      if (x == 5 && o == 4 && !board3::has_line(c, 1) && !board3::has_line(c, 2)) list.push_back(c);
    }
    return list;
  }();
  return boards;
}

// Bit f set: draw board f extends the position (agrees with every mark it has).
inline std::uint32_t extending_draw_boards(const Cells& position) {
  std::uint32_t mask = 0;
  const auto& draws = draw_boards();
  for (std::size_t f = 0; f < draws.size(); ++f) {
    bool extends = true;
    for (int i = 0; i < 9; ++i)
      extends = extends && (position[i] == 0 || position[i] == draws[f][i]);
    if (extends) mask |= 1u << f;
  }
  return mask;
}

}  // namespace tbgen::weighted3_table
