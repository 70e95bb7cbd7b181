#pragma once
// The layered solver of gravity members (connect): layer t from layer t + 1, for any range of
// its entries (a process of a distributed build solves its own), and the positions play reaches.
//
// A class's entries are walked in order as an odometer over its digits (gravity_index.hpp): the
// entry each move leads to is an affine function of the digits, so stepping the odometer adds
// one precomputed difference per move (by how many digits carried), and the bitboard of the
// first player's marks changes by the pieces of the digits that moved. A position is decided
// when the side that just moved has a line; else its value is the best of its moves' values in
// layer t + 1, where a move that makes a line reads that line's value (the next layer stores it).
// The classes a layer's moves lead to are found through `Locate`, so that they may be local or
// fetched from another process; within a class its entries are contiguous either way.
#include <cstdint>
#include <utility>
#include <vector>

#include "family/gravity/gravity_member.hpp"
#include "generator/layer_codes.hpp"
#include "generator/progress.hpp"

namespace tbgen::family {

// Solves entries [from, to) of layer t into `out` (which holds them), on `threads`; `next` finds
// the classes of layer t + 1 (unused for the last layer). `from` and `to` are multiples of 32 or
// the layer's end, so that threads never share a word.
void solve_entries(const GravityMember& member, int t, std::uint64_t from, std::uint64_t to,
                   const Locate& next, PackedCodes& out, unsigned threads, Progress* progress);
// Marks the entries of `codes` (layer t) decided by their boards, as a solve leaves them: after
// loading a table, whose entries there hold other codes.
void mark_decided(const GravityMember& member, int t, PackedCodes& codes, unsigned threads);
// The classes of layer t + 1 (offset, size) that moves from the entries [from, to) of layer t
// lead to, sorted and without repeats: what a process of a distributed build must fetch.
std::vector<std::pair<std::uint64_t, std::uint64_t>> successor_classes(const GravityMember& member,
                                                                       int t, std::uint64_t from,
                                                                       std::uint64_t to);

// The positions play reaches from the empty board, finished ones included, by layer, counted
// as positions (a stored entry stands for itself and, unless its class is its own mirror, its
// mirror image): SPEC 6's published counts.
std::vector<std::uint64_t> count_reachable(const GravityMember& member, unsigned threads);

}  // namespace tbgen::family
