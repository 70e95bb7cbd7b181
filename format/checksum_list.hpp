#pragma once
// The reviewed list of expected table checksums (tables/CHECKSUMS): "<xxh3 hex>  <file>".
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace tbgen {

using ChecksumList = std::map<std::string, std::uint64_t>;

// Throws tbreader::Error naming the file and line of a malformed entry.
ChecksumList read_checksum_list(const std::filesystem::path& path);
// The checksum stored in a table's trailer (its whole-file XXH3-64).
std::uint64_t table_file_checksum(const std::filesystem::path& table);
std::string hex64(std::uint64_t value);

}  // namespace tbgen
