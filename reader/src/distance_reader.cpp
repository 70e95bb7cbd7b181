#include "distance_reader.hpp"

namespace tbgen {

distance::Code stored_distance(const TableSet& tables, std::size_t slot, const std::string& table,
                               const std::string& game, std::uint32_t index_scheme,
                               std::uint32_t codec, std::uint64_t entries, std::uint64_t entry,
                               const void* reader) {
  const Table& t = tables.slot_table(slot, table);
  // The game and layout once a table: a probe then looks only at its mark.
  if (t.checked_for() != reader) {
    if (t.header().game != game)
      throw tbreader::Error(t.name() + ": holds a table of '" + t.header().game + "'");
    expect_layout(t, index_scheme, codec, entries);
    t.mark_checked_for(reader);
  }
  const std::uint64_t c = t.entry_once(entry);
  if (codec == distance::kParityCodec)
    return distance::from_parity_code(valid_code(t, c, distance::kMaxTurns + 2));
  if (c > distance::with_turns(true, distance::kMaxTurns))
    throw tbreader::Error(t.name() + ": invalid value code");
  return static_cast<distance::Code>(c);
}

}  // namespace tbgen
