#pragma once
// Table file format v4 (docs/format.md): header, block directory, zstd dictionary, zstd blocks,
// trailer.
// This layer knows nothing of games: a table is entry_count fixed-width unsigned entries,
// packed in binary or, for three-valued entries, as base-3 digits.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tbgen::format {

inline constexpr std::array<char, 8> kMagic = {'T', 'B', 'G', 'E', 'N', 'T', 'B', '\x1a'};
inline constexpr std::array<char, 8> kTrailerMagic = {'T', 'B', 'G', 'E', 'N', 'E', 'N', 'D'};
inline constexpr std::uint32_t kVersion = 4;
inline constexpr std::size_t kHeaderSize = 256;
inline constexpr std::size_t kDirectoryEntrySize = 16;
inline constexpr std::size_t kTrailerSize = 16;
inline constexpr std::size_t kGameSize = 128;
inline constexpr std::uint32_t kMaxFramesLog2 = 3;
inline constexpr std::uint32_t kMaxDictionarySize = std::uint32_t{1} << 20;

struct Header {
  std::string game;  // canonical game string (SPEC 6), at most 127 ASCII characters
  std::uint32_t layer = 0;
  std::uint32_t index_scheme = 0;  // meaning fixed per game, see docs/format.md
  std::uint32_t value_codec = 0;   // meaning fixed per game, see docs/format.md
  std::uint32_t entry_bits = 0;    // 1, 2, 4, 8, 16, 32, 64 or a multiple of 64
  // 0: entries packed in binary, entry_bits each. 3: entries 0..2 (entry_bits 2) packed as
  // base-3 digits, five to a byte (1.6 bits an entry, and the codes compress better).
  std::uint32_t entry_radix = 0;
  std::uint64_t entry_count = 0;
  std::uint32_t block_entries_log2 = 0;
  std::uint32_t block_count = 0;
  std::uint32_t game_parameter = 0;  // a game-defined number (e.g. a largest pile)
  std::uint32_t zstd_level = 0;      // informational
  std::uint64_t directory_checksum = 0;
  std::uint64_t data_size = 0;  // bytes of all compressed blocks together
  // A block's packed bytes are cut into pieces of piece_bytes() (the last shorter), each its
  // own zstd frame, so that a probe that misses the cache decodes one piece, not the block.
  std::uint32_t frames_log2 = 0;  // 0 .. kMaxFramesLog2: up to 2^frames_log2 frames a block
  // A zstd dictionary every frame is compressed with (0 bytes: none), stored after the
  // directory: its entropy tables spare each small frame its own.
  std::uint32_t dictionary_size = 0;
  std::uint64_t dictionary_checksum = 0;  // XXH3-64 of the dictionary's bytes

  std::uint64_t block_entries() const { return std::uint64_t{1} << block_entries_log2; }
  std::uint64_t packed_bytes(std::uint64_t entries) const;  // raw size of that many entries
  std::uint64_t block_raw_bytes(std::uint32_t block) const;
  // The packed bytes of a piece of a full block: those of block_entries() >> frames_log2
  // entries, rounded up to whole entries (base-3 digits: whole bytes of five).
  std::uint64_t piece_bytes() const;
  // The entries a piece holds (the piece of entry i of a block is i / piece_entries()).
  std::uint64_t piece_entries() const;
  std::uint64_t file_size() const;
};

struct DirectoryEntry {
  std::uint64_t checksum = 0;  // XXH3-64 of the compressed block
  std::uint32_t compressed_size = 0;
};

// Throws FormatError naming what is wrong; `where` (a file name) prefixes the message.
std::array<std::uint8_t, kHeaderSize> encode_header(const Header& header);
Header decode_header(std::span<const std::uint8_t> bytes, const std::string& where);
std::vector<std::uint8_t> encode_directory(std::span<const DirectoryEntry> entries);
std::vector<DirectoryEntry> decode_directory(std::span<const std::uint8_t> bytes,
                                             const Header& header, const std::string& where);

bool valid_entry_bits(std::uint32_t bits);
bool valid_entry_radix(std::uint32_t radix, std::uint32_t bits);  // 0, or 3 for 2-bit entries
void store_u64(std::uint8_t* p, std::uint64_t v);                 // little-endian
std::uint64_t load_u64(const std::uint8_t* p);
std::uint64_t packed_bytes(std::uint64_t entries, std::uint32_t entry_bits);  // binary packing

// Base-3 packing: entry i is digit i % 5 (least significant first) of byte i / 5.
inline constexpr std::uint32_t kTernary = 3;
inline constexpr std::uint32_t kTritsPerByte = 5;
// The digits of every byte, built when compiled: a probe's read of one costs no guard.
inline constexpr auto kTritDigits = [] {
  std::array<std::array<std::uint8_t, kTritsPerByte>, 256> d{};
  for (unsigned byte = 0; byte < 256; ++byte)
    for (unsigned i = 0, v = byte; i < kTritsPerByte; ++i, v /= 3)
      d[byte][i] = static_cast<std::uint8_t>(v % 3);
  return d;
}();
inline std::uint32_t unpack_trit(const std::uint8_t* data, std::uint64_t index) {
  return kTritDigits[data[index / kTritsPerByte]][index % kTritsPerByte];
}
// count <= 5; inline, as writers call it for every five entries.
inline std::uint8_t pack_trits(const std::uint8_t* digits, std::uint32_t count) {
  unsigned byte = 0;
  for (std::uint32_t i = count; i-- > 0;) byte = byte * 3 + digits[i];
  return static_cast<std::uint8_t>(byte);
}

}  // namespace tbgen::format
