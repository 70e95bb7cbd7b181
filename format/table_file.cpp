#include "format/table_file.hpp"

#include <algorithm>
#include <cstring>

#include "format/checksum.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::format {
namespace {

void put32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// Byte offsets of the header fields (docs/format.md, "Header").
enum Offset : std::size_t {
  kOffMagic = 0,
  kOffVersion = 8,
  kOffHeaderSize = 12,
  kOffGame = 16,
  kOffLayer = 144,
  kOffIndexScheme = 148,
  kOffValueCodec = 152,
  kOffEntryBits = 156,
  kOffEntryCount = 160,
  kOffBlockLog2 = 168,
  kOffBlockCount = 172,
  kOffGameParameter = 176,
  kOffZstdLevel = 180,
  kOffDirectoryChecksum = 184,
  kOffDataSize = 192,
  kOffEntryRadix = 200,
  kOffFramesLog2 = 204,
  kOffDictionarySize = 208,
  kOffDictionaryReserved = 212,  // zero, so that the checksum below is 8-byte aligned
  kOffDictionaryChecksum = 216,
  kOffReserved = 224,
  kOffHeaderChecksum = 248,
};

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw tbreader::Error(where + ": " + what);
}

}  // namespace

void store_u64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint64_t load_u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

bool valid_entry_bits(std::uint32_t bits) {
  switch (bits) {
    case 1:
    case 2:
    case 4:
    case 8:
    case 16:
    case 32:
    case 64:
      return true;
    default:
      return bits > 64 && bits % 64 == 0 && bits <= (1u << 20);
  }
}

bool valid_entry_radix(std::uint32_t radix, std::uint32_t bits) {
  return radix == 0 || (radix == kTernary && bits == 2);
}

std::uint64_t packed_bytes(std::uint64_t entries, std::uint32_t entry_bits) {
  return (entries * entry_bits + 7) / 8;
}

std::uint64_t Header::packed_bytes(std::uint64_t entries) const {
  return entry_radix == kTernary ? (entries + kTritsPerByte - 1) / kTritsPerByte
                                 : format::packed_bytes(entries, entry_bits);
}

std::uint64_t Header::block_raw_bytes(std::uint32_t block) const {
  const std::uint64_t first = std::uint64_t{block} << block_entries_log2;
  return packed_bytes(std::min(block_entries(), entry_count - first));
}

std::uint64_t Header::piece_bytes() const {
  return packed_bytes(block_entries() >> frames_log2);
}

std::uint64_t Header::piece_entries() const {
  return entry_radix == kTernary ? piece_bytes() * kTritsPerByte : piece_bytes() * 8 / entry_bits;
}

std::uint64_t Header::file_size() const {
  return kHeaderSize + kDirectoryEntrySize * std::uint64_t{block_count} + dictionary_size +
         data_size + kTrailerSize;
}

std::array<std::uint8_t, kHeaderSize> encode_header(const Header& h) {
  std::array<std::uint8_t, kHeaderSize> out{};
  std::uint8_t* p = out.data();
  std::memcpy(p + kOffMagic, kMagic.data(), kMagic.size());
  put32(p + kOffVersion, kVersion);
  put32(p + kOffHeaderSize, kHeaderSize);
  std::memcpy(p + kOffGame, h.game.data(), std::min(h.game.size(), kGameSize - 1));
  put32(p + kOffLayer, h.layer);
  put32(p + kOffIndexScheme, h.index_scheme);
  put32(p + kOffValueCodec, h.value_codec);
  put32(p + kOffEntryBits, h.entry_bits);
  store_u64(p + kOffEntryCount, h.entry_count);
  put32(p + kOffBlockLog2, h.block_entries_log2);
  put32(p + kOffBlockCount, h.block_count);
  put32(p + kOffGameParameter, h.game_parameter);
  put32(p + kOffZstdLevel, h.zstd_level);
  store_u64(p + kOffDirectoryChecksum, h.directory_checksum);
  store_u64(p + kOffDataSize, h.data_size);
  put32(p + kOffEntryRadix, h.entry_radix);
  put32(p + kOffFramesLog2, h.frames_log2);
  put32(p + kOffDictionarySize, h.dictionary_size);
  store_u64(p + kOffDictionaryChecksum, h.dictionary_checksum);
  store_u64(p + kOffHeaderChecksum, xxh3(p, kOffHeaderChecksum));
  return out;
}

Header decode_header(std::span<const std::uint8_t> bytes, const std::string& where) {
  if (bytes.size() < kHeaderSize)
    fail(where, "truncated: shorter than the " + std::to_string(kHeaderSize) + "-byte header");
  const std::uint8_t* p = bytes.data();
  if (std::memcmp(p, kMagic.data(), kMagic.size()) != 0)
    fail(where, "not a tbgen table (bad magic)");
  const std::uint32_t version = get32(p + kOffVersion);
  if (version != kVersion)
    fail(where, "format version " + std::to_string(version) + ", this reader reads version " +
                    std::to_string(kVersion) + ": rebuild the table with this tbgen");
  if (load_u64(p + kOffHeaderChecksum) != xxh3(p, kOffHeaderChecksum))
    fail(where, "header checksum mismatch (corrupt header)");
  if (get32(p + kOffHeaderSize) != kHeaderSize) fail(where, "unexpected header size");
  for (std::size_t i = kOffReserved; i < kOffHeaderChecksum; ++i)
    if (p[i] != 0) fail(where, "reserved header byte " + std::to_string(i) + " is not zero");
  for (std::size_t i = kOffDictionaryReserved; i < kOffDictionaryChecksum; ++i)
    if (p[i] != 0) fail(where, "reserved header byte " + std::to_string(i) + " is not zero");

  Header h;
  const char* game = reinterpret_cast<const char*>(p + kOffGame);
  const std::size_t game_len = strnlen(game, kGameSize);
  if (game_len == 0 || game_len == kGameSize) fail(where, "malformed game string");
  for (std::size_t i = game_len; i < kGameSize; ++i)
    if (game[i] != 0) fail(where, "malformed game string padding");
  h.game.assign(game, game_len);
  h.layer = get32(p + kOffLayer);
  h.index_scheme = get32(p + kOffIndexScheme);
  h.value_codec = get32(p + kOffValueCodec);
  h.entry_bits = get32(p + kOffEntryBits);
  h.entry_count = load_u64(p + kOffEntryCount);
  h.block_entries_log2 = get32(p + kOffBlockLog2);
  h.block_count = get32(p + kOffBlockCount);
  h.game_parameter = get32(p + kOffGameParameter);
  h.zstd_level = get32(p + kOffZstdLevel);
  h.directory_checksum = load_u64(p + kOffDirectoryChecksum);
  h.data_size = load_u64(p + kOffDataSize);
  h.entry_radix = get32(p + kOffEntryRadix);
  h.frames_log2 = get32(p + kOffFramesLog2);
  h.dictionary_size = get32(p + kOffDictionarySize);
  h.dictionary_checksum = load_u64(p + kOffDictionaryChecksum);

  if (!valid_entry_bits(h.entry_bits))
    fail(where, "invalid entry width " + std::to_string(h.entry_bits) + " bits");
  if (!valid_entry_radix(h.entry_radix, h.entry_bits))
    fail(where, "invalid entry radix " + std::to_string(h.entry_radix) + " for " +
                    std::to_string(h.entry_bits) + "-bit entries");
  if (h.block_entries_log2 > 30) fail(where, "block size out of range");
  if (h.entry_count == 0 || h.entry_count > (std::uint64_t{1} << 40))
    fail(where, "entry count out of range");
  const std::uint64_t blocks = (h.entry_count + h.block_entries() - 1) >> h.block_entries_log2;
  if (blocks != h.block_count) fail(where, "block count does not match entry count");
  if (h.packed_bytes(h.block_entries()) > (std::uint64_t{1} << 30))
    fail(where, "block size out of range");
  if (h.frames_log2 > kMaxFramesLog2 || h.frames_log2 > h.block_entries_log2)
    fail(where, "frames a block out of range");
  if (h.dictionary_size > kMaxDictionarySize) fail(where, "dictionary size out of range");
  return h;
}

std::vector<std::uint8_t> encode_directory(std::span<const DirectoryEntry> entries) {
  std::vector<std::uint8_t> out(entries.size() * kDirectoryEntrySize, 0);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    store_u64(out.data() + i * kDirectoryEntrySize, entries[i].checksum);
    put32(out.data() + i * kDirectoryEntrySize + 8, entries[i].compressed_size);
  }
  return out;
}

std::vector<DirectoryEntry> decode_directory(std::span<const std::uint8_t> bytes, const Header& h,
                                             const std::string& where) {
  if (bytes.size() != kDirectoryEntrySize * std::uint64_t{h.block_count})
    fail(where, "truncated block directory");
  if (xxh3(bytes.data(), bytes.size()) != h.directory_checksum)
    fail(where, "block directory checksum mismatch (corrupt directory)");
  std::vector<DirectoryEntry> out(h.block_count);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::uint8_t* p = bytes.data() + i * kDirectoryEntrySize;
    out[i].checksum = load_u64(p);
    out[i].compressed_size = get32(p + 8);
    if (get32(p + 12) != 0) fail(where, "reserved directory field is not zero");
    total += out[i].compressed_size;
  }
  if (total != h.data_size) fail(where, "block sizes do not add up to the data size");
  return out;
}

}  // namespace tbgen::format
