#include "generator/game_tables.hpp"

#include <cstring>

#include "format/checksum.hpp"

namespace tbgen {

bool table_is_complete(const std::filesystem::path& path, const std::string& game,
                       const std::function<bool(const format::Header&)>& has_layout) {
  if (!std::filesystem::exists(path)) return false;
  try {
    const Table table(path, tbreader::CacheMode::single_block);
    if (table.header().game != game || !has_layout(table.header())) return false;
    table.verify_all();
    return true;
  } catch (const tbreader::Error&) {
    return false;
  }
}

bool same_layout(const format::Header& a, const format::Header& b) {
  return a.layer == b.layer && a.index_scheme == b.index_scheme && a.value_codec == b.value_codec &&
         a.entry_bits == b.entry_bits && a.entry_count == b.entry_count;
}

EntryShare entry_share(std::uint64_t entries, const Cluster& cluster, int rank) {
  const std::uint64_t block = std::uint64_t{1} << kLayerWrite.block_entries_log2;
  const std::uint64_t blocks = (entries + block - 1) / block;
  const auto n = static_cast<std::uint64_t>(cluster.size());
  const auto r = static_cast<std::uint64_t>(rank);
  EntryShare s;
  s.blocks.first = static_cast<std::uint32_t>(blocks * r / n);
  s.blocks.end = static_cast<std::uint32_t>(blocks * (r + 1) / n);
  s.blocks.sum = [&cluster](std::uint64_t count) { return cluster.sum(count); };
  s.first = std::min(entries, s.blocks.first * block);
  s.end = std::min(entries, s.blocks.end * block);
  return s;
}

std::uint64_t write_layer_table(const std::filesystem::path& path, const format::Header& header,
                                const EntryProducer& entries, const WriteOptions& options,
                                const BlockShare& share, const Cluster& cluster) {
  if (cluster.size() == 1) return write_table(path, header, entries, options);
  // Rank 0 trains the dictionary on every process's sample in rank order (the sample one process
  // would take) and sends it to every process before any block is compressed: the same file for
  // any number of processes.
  const auto samples = cluster.gather(dictionary_sample(header, entries, options, share));
  Bytes trained;
  if (cluster.rank() == 0) {
    Bytes sample;
    for (const auto& s : samples) sample.insert(sample.end(), s.begin(), s.end());
    trained = train_dictionary(header, sample, options);
  }
  const Dictionary dictionary(cluster.broadcast(std::move(trained)), header, options);
  // Each process compresses its share of the blocks and keeps them; rank 0 learns every block's
  // directory entry, opens the file, and puts each block at its place as the processes send
  // them, a few megabytes at a time, so that no process holds the whole table.
  const auto blocks = compress_blocks(header, entries, options, share, dictionary);
  Bytes entries_of_mine(blocks.size() * 12);  // checksum and size of each block
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const std::uint64_t checksum = xxh3(blocks[i].data(), blocks[i].size());
    const auto size = static_cast<std::uint32_t>(blocks[i].size());
    std::memcpy(entries_of_mine.data() + 12 * i, &checksum, 8);
    std::memcpy(entries_of_mine.data() + 12 * i + 8, &size, 4);
  }
  const auto by_rank = cluster.gather(entries_of_mine);
  std::unique_ptr<BlockFileWriter> file;
  if (cluster.rank() == 0) {
    std::vector<format::DirectoryEntry> directory;
    for (const auto& bytes : by_rank)
      for (std::size_t at = 0; at < bytes.size(); at += 12) {
        format::DirectoryEntry d;
        std::memcpy(&d.checksum, bytes.data() + at, 8);
        std::memcpy(&d.compressed_size, bytes.data() + at + 8, 4);
        directory.push_back(d);
      }
    file = std::make_unique<BlockFileWriter>(path, header, directory, options, dictionary);
  }
  // Rounds: each process sends rank 0 its next blocks, up to kRoundBytes / processes of them
  // (at least one), with the number of the first.
  const std::uint64_t round_bytes =
      std::max<std::uint64_t>(std::uint64_t{1} << 20, (std::uint64_t{64} << 20) / cluster.size());
  std::size_t next = 0;
  const std::uint64_t rounds = cluster.max(blocks.size());  // at least one block a round
  for (std::uint64_t round = 0; round < rounds; ++round) {
    std::vector<Bytes> to(cluster.size());
    if (next < blocks.size()) {
      const std::uint64_t first = share.first + next;
      Bytes& out = to[0];
      out.resize(8);
      std::memcpy(out.data(), &first, 8);
      for (std::uint64_t bytes = 0;
           next < blocks.size() && (bytes == 0 || bytes + blocks[next].size() <= round_bytes);
           ++next) {
        out.insert(out.end(), blocks[next].begin(), blocks[next].end());
        bytes += blocks[next].size();
      }
    }
    const bool more = cluster.max(next < blocks.size() ? 1 : 0) != 0;
    const auto received = cluster.exchange(to);
    if (file)
      for (const auto& bytes : received) {
        if (bytes.size() < 8) continue;
        std::uint64_t block = 0;
        std::memcpy(&block, bytes.data(), 8);
        for (std::size_t at = 8; at < bytes.size(); ++block) {
          const std::size_t size = file->size(static_cast<std::uint32_t>(block));
          file->put(static_cast<std::uint32_t>(block), {bytes.data() + at, size});
          at += size;
        }
      }
    if (!more) break;
  }
  const std::uint64_t checksum = file ? file->finish() : 0;
  cluster.sum(0);  // the file is in place before any process goes on
  return checksum;
}

std::vector<bool> complete_layers(
    const std::filesystem::path& dir, const std::vector<std::string>& names,
    const std::string& game, const std::function<bool(int layer, const format::Header&)>& layout,
    const Cluster& cluster) {
  Bytes seen;
  if (cluster.rank() == 0)
    for (int t = 0; t < static_cast<int>(names.size()); ++t)
      seen.push_back(table_is_complete(table_path(dir, names[t]), game,
                                       [&](const format::Header& h) { return layout(t, h); }));
  seen = cluster.broadcast(std::move(seen));
  return {seen.begin(), seen.end()};
}

void write_entries(const BuildContext& context, const std::string& name,
                   const format::Header& header,
                   const std::function<std::uint64_t(std::uint64_t)>& value) {
  const EntryProducer entries = [&](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
    for (std::uint64_t e = 0; e < count; ++e)
      pack_entry(out, e, header.entry_bits, value(first + e));
  };
  WriteOptions options = kLayerWrite;
  options.threads = context.threads;
  const std::uint64_t checksum =
      write_table(table_path(context.tables, name), header, entries, options);
  if (context.log)
    *context.log << name << ".tb: written, xxh3 " << hex64(checksum) << ", " << header.entry_count
                 << " entries\n";
}

}  // namespace tbgen
