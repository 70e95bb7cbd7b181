#pragma once
// A layered build's codes of a range of a layer, packed as a table packs them in binary, and
// where a solve finds the range of the next layer it reads (local or fetched from another
// process: range_fetch.hpp).
#include <cstdint>
#include <functional>
#include <vector>

namespace tbgen {

// Codes of the entries [first, first + count) of a layer: 2 bits an entry (outcomes; entry i in
// bits 2 (i % 32) of word i / 32) or 8 (distances).
class PackedCodes {
 public:
  PackedCodes() = default;
  PackedCodes(std::uint64_t first, std::uint64_t count, std::uint32_t bits);
  std::uint64_t first() const { return first_; }
  std::uint64_t count() const { return count_; }
  std::uint32_t bits() const { return bits_; }
  // The code no value takes: where a structure marks a position its board decides (the table
  // stores another code in its place, whichever compresses best).
  std::uint32_t decided() const { return bits_ == 2 ? 3 : 255; }
  const std::uint64_t* words() const { return words_.data(); }
  std::uint64_t* words() { return words_.data(); }
  // `i` counts from first(). Entries of one 64-bit word must not be set from two threads.
  std::uint32_t get(std::uint64_t i) const {
    return bits_ == 2 ? (words_[i >> 5] >> ((i & 31) << 1)) & 3
                      : reinterpret_cast<const std::uint8_t*>(words_.data())[i];
  }
  void set(std::uint64_t i, std::uint32_t code);
  // The packed bytes of entries [first() + i, first() + i + n): i a multiple of 4.
  const std::uint8_t* bytes(std::uint64_t i) const {
    return reinterpret_cast<const std::uint8_t*>(words_.data()) + i * bits_ / 8;
  }
  std::uint64_t byte_count() const { return words_.size() * 8; }  // bytes(0) holds this many

 private:
  std::uint64_t first_ = 0, count_ = 0;
  std::uint32_t bits_ = 2;
  std::vector<std::uint64_t> words_;
};

// Code i of the words of a PackedCodes of kBits bits: a solve's inner loop, the width known when
// it is compiled.
template <int kBits>
std::uint32_t code_in(const std::uint64_t* words, std::uint64_t i) {
  if constexpr (kBits == 2)
    return static_cast<std::uint32_t>((words[i >> 5] >> ((i & 31) << 1)) & 3);
  else
    return reinterpret_cast<const std::uint8_t*>(words)[i];
}

// Sets the codes of consecutive entries of a PackedCodes of kBits bits from i on. 2-bit codes
// gather in a register and reach memory a word at a time: setting each one on its own reads back
// the word the last one wrote, a chain through memory the length of the layer.
template <int kBits>
class CodeRun {
 public:
  CodeRun(PackedCodes& out, std::uint64_t i) : out_(out), i_(i), keep_(low_bits(i)) {}
  void put(std::uint32_t code) {
    if constexpr (kBits == 2) {
      held_ |= std::uint64_t{code} << ((i_ & 31) << 1);
      if ((++i_ & 31) == 0) store(~std::uint64_t{0});
    } else {
      out_.set(i_++, code);
    }
  }
  void finish() {
    if constexpr (kBits == 2)
      if ((i_ & 31) != 0) store(low_bits(i_));
  }

 private:
  // The bits of the entries before i in i's word.
  static std::uint64_t low_bits(std::uint64_t i) {
    return (std::uint64_t{1} << ((i & 31) << 1)) - 1;
  }
  // Writes the held codes into the word of entry i - 1, the bits `upto` and not keep_.
  void store(std::uint64_t upto) {
    std::uint64_t& word = out_.words()[(i_ - 1) >> 5];
    const std::uint64_t mine = upto & ~keep_;
    word = (word & ~mine) | held_;
    held_ = keep_ = 0;
  }
  PackedCodes& out_;
  std::uint64_t i_, keep_, held_ = 0;
};

// The entries [first, first + count) of `codes` packed as a table with that entry radix (binary
// or base-3 digits) stores them, each decided entry given the code before it in the block (or
// the first undecided code of the block): runs that compress well, in place of codes no reader
// reads.
void pack_for_table(const PackedCodes& codes, std::uint64_t first, std::uint64_t count,
                    std::uint32_t radix, std::uint8_t* out);

// Codes packed in bytes at 2 or 8 bits each, as PackedCodes packs them: what processes send.
inline void put_code(std::uint8_t* bytes, std::uint32_t bits, std::uint64_t i, std::uint32_t code) {
  if (bits == 8)
    bytes[i] = static_cast<std::uint8_t>(code);
  else
    bytes[i >> 2] = static_cast<std::uint8_t>(bytes[i >> 2] | code << ((i & 3) << 1));
}
inline std::uint32_t code_at(const std::uint8_t* bytes, std::uint32_t bits, std::uint64_t i) {
  return bits == 8 ? bytes[i] : (bytes[i >> 2] >> ((i & 3) << 1)) & 3;
}

// Where the next layer's range (a class) at `offset` is: the codes that hold it, and what to add
// to an entry of the layer to get its place in them.
struct Located {
  const PackedCodes* codes = nullptr;
  std::int64_t shift = 0;
};
using Locate = std::function<Located(std::uint64_t offset)>;
// Everything in one array holding the whole layer (or the part a process owns).
Locate locate_in(const PackedCodes& codes);
// In the runs read for a part, sorted (each range lies in one run).
Locate locate_in(const std::vector<PackedCodes>& runs);

}  // namespace tbgen
