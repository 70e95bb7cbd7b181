#include "format/checksum_list.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "format/table_file.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen {

ChecksumList read_checksum_list(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw tbreader::Error(path.string() + ": cannot read checksum list");
  ChecksumList list;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string hex, name;
    fields >> hex >> name;
    std::size_t used = 0;
    std::uint64_t value = 0;
    try {
      value = std::stoull(hex, &used, 16);
    } catch (const std::exception&) {
      used = 0;
    }
    if (hex.size() != 16 || used != 16 || name.empty())
      throw tbreader::Error(path.string() + ":" + std::to_string(number) +
                            ": expected '<16 hex digits>  <table file>'");
    list[name] = value;
  }
  return list;
}

std::uint64_t table_file_checksum(const std::filesystem::path& table) {
  std::ifstream in(table, std::ios::binary | std::ios::ate);
  const auto size = static_cast<std::streamoff>(in.tellg());
  if (!in || size < static_cast<std::streamoff>(format::kTrailerSize))
    throw tbreader::Error(table.string() + ": cannot read trailer");
  in.seekg(size - static_cast<std::streamoff>(format::kTrailerSize));
  std::uint8_t trailer[8];
  in.read(reinterpret_cast<char*>(trailer), 8);
  return format::load_u64(trailer);
}

std::string hex64(std::uint64_t value) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
  return hex;
}

}  // namespace tbgen
