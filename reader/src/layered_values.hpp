#pragma once
// GameReader::values_of for games whose tables are layers (a table a number of marks): the
// positions checked a chunk at a time, in order (the first refused is the one reported), then
// answered a layer at a time. Positions drawn at random mix the layers, and a probe's branches
// and tables follow its layer: mixed, the rounds of double5 cost 40% more a position than each
// alone (docs/notes/probe_speed.md).
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "tbreader/tbreader.hpp"

namespace tbgen {

// Chunks of this many positions, on the stack: numeric probes allocate nothing.
inline constexpr std::size_t kLayerChunk = 1024;

// A check of a chunk's positions made after check() has passed each: none.
struct NoChunkCheck {
  template <class Checked>
  void operator()(std::size_t, std::span<const Checked>, std::span<const std::uint32_t>) const {}
};

// `check(i)` is position i checked (it throws tbreader::InputError to refuse it), `layer(p)` its
// layer, below `layers`; `answer(t, i0, positions, order)` answers the positions of layer t
// among a chunk's, positions[order[k]] being position i0 + order[k]. `check_chunk(i0, positions,
// order)`, where given, checks further the positions of a chunk that check() passed, all of
// them together in the order of `order` (layer by layer), and throws tbreader::InputError naming
// (by `item`) the first in index order it refuses: gravity's order of play, looked for in many
// boards at once. A board check() refuses is reported only once check_chunk() has passed those
// before it.
template <class Checked, std::size_t kMaxLayers, class Check, class Layer, class Answer,
          class CheckChunk = NoChunkCheck>
void values_by_layer(std::size_t count, std::size_t layers, Check check, Layer layer, Answer answer,
                     CheckChunk check_chunk = {}) {
  std::array<Checked, kLayerChunk> positions;
  std::array<std::uint32_t, kLayerChunk> order;
  std::array<std::uint32_t, kMaxLayers + 1> start;
  for (std::size_t i0 = 0; i0 < count; i0 += kLayerChunk) {
    const std::size_t n = std::min(kLayerChunk, count - i0);
    std::fill_n(start.begin(), layers + 1, 0);
    for (std::size_t j = 0; j < n; ++j) {
      try {
        positions[j] = check(i0 + j);
      } catch (const tbreader::InputError& e) {
        for (std::size_t k = 0; k < j; ++k) order[k] = static_cast<std::uint32_t>(k);
        check_chunk(i0, std::span<const Checked>(positions.data(), j),
                    std::span<const std::uint32_t>(order.data(), j));
        throw tbreader::InputError(e.what(), i0 + j);
      }
      ++start[static_cast<std::size_t>(layer(positions[j])) + 1];
    }
    for (std::size_t t = 1; t <= layers; ++t) start[t] += start[t - 1];
    for (std::size_t j = 0; j < n; ++j)
      order[start[static_cast<std::size_t>(layer(positions[j]))]++] = static_cast<std::uint32_t>(j);
    check_chunk(i0, std::span<const Checked>(positions.data(), n),
                std::span<const std::uint32_t>(order.data(), n));
    // start[t] is now where layer t + 1's positions begin.
    for (std::size_t t = 0, from = 0; t < layers; from = start[t++])
      if (from < start[t])
        answer(static_cast<int>(t), i0, std::span<const Checked>(positions.data(), n),
               std::span<const std::uint32_t>(order.data() + from, start[t] - from));
  }
}

}  // namespace tbgen
