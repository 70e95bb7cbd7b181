// The work-file format (work_file.hpp): records read back as written whatever pieces they were
// written in; a file reopened keeps the records that check, in order, and says whether anything
// follows them; a file of another kind or part is not opened.
#include "generator/work_file.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <numeric>

#include "test_tables.hpp"

namespace tbgen {
namespace {

const WorkFile::Header kHeader{
    .kind = WorkFile::Kind::layer_store, .key = work_key("g", "part"), .fields = {1, 2, 3, 4}};

std::vector<std::uint8_t> bytes_from(std::size_t n, std::uint8_t seed) {
  std::vector<std::uint8_t> v(n);
  std::iota(v.begin(), v.end(), seed);
  return v;
}

std::vector<std::uint8_t> record(const WorkFile& file, std::size_t k) {
  std::vector<std::uint8_t> v(file.record_size(k));
  EXPECT_TRUE(file.read(k, v.data())) << k;
  return v;
}

// A file at `path` of two records of 100 bytes, a byte of the second changed; the bytes up to the
// second record.
std::uint64_t two_records_the_second_damaged(const std::filesystem::path& path) {
  std::uint64_t one = 0;
  {
    WorkFile file = WorkFile::create(path, kHeader);
    file.append(bytes_from(100, 0).data(), 100);
    one = file.bytes();
    file.append(bytes_from(100, 50).data(), 100);
    EXPECT_TRUE(file.whole());
  }
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(one + 20));
  f.put('\x5a');
  return one;
}

TEST(WorkFile, RecordsReadBackWhateverPiecesTheyWereWrittenIn) {
  const auto path = tbgen::testing::fresh_directory("work-file") / "a.work";
  // Past the write buffer (1 MiB), in pieces that straddle it, one of them larger than it.
  const auto big = bytes_from(3 << 20, 7);
  {
    WorkFile file = WorkFile::create(path, kHeader);
    file.append(big.size(), [&](const WorkFile::Sink& sink) {
      sink(big.data(), 1000);
      sink(big.data() + 1000, (1 << 20) - 10);
      sink(big.data() + 1000 + (1 << 20) - 10, big.size() - 1000 - (1 << 20) + 10);
    });
    file.append(nullptr, 0);
    const auto small = bytes_from(5, 1);
    file.append(small.data(), small.size());
    EXPECT_THROW(file.append(4, [&](const WorkFile::Sink& sink) { sink(small.data(), 5); }),
                 std::logic_error);
  }
  EXPECT_EQ(WorkFile::header_of(path), kHeader);
  const auto file = WorkFile::open(path, kHeader);
  ASSERT_TRUE(file);
  ASSERT_EQ(file->records(), 3u) << "the record that overflowed its size is not kept";
  EXPECT_EQ(record(*file, 0), big);
  EXPECT_TRUE(record(*file, 1).empty());
  EXPECT_EQ(record(*file, 2), bytes_from(5, 1));
  EXPECT_FALSE(file->whole());
}

TEST(WorkFile, KeepsTheRecordsThatCheckAndCutsTheRest) {
  const auto path = tbgen::testing::fresh_directory("work-file-cut") / "a.work";
  const std::uint64_t one = two_records_the_second_damaged(path);
  auto file = WorkFile::open(path, kHeader);
  ASSERT_TRUE(file);
  EXPECT_EQ(file->records(), 1u);
  EXPECT_EQ(file->bytes(), one);
  EXPECT_FALSE(file->whole());
  file->cut();
  file->append(bytes_from(10, 9).data(), 10);
  file.reset();
  file = WorkFile::open(path, kHeader);
  ASSERT_TRUE(file);
  ASSERT_EQ(file->records(), 2u);
  EXPECT_EQ(record(*file, 1), bytes_from(10, 9));
  EXPECT_TRUE(file->whole());
  // Cut inside a record's size, its bytes, or its hash: the record is not kept.
  for (const std::uint64_t cut : {one + 8 + 10 + 4, one + 8 + 5, one + 4}) {
    std::filesystem::resize_file(path, cut);
    EXPECT_EQ(WorkFile::open(path, kHeader)->records(), 1u) << cut;
  }
}

// Opened by sizes (a file read once, whole), a damaged record is kept and refused as it is read; a
// record a cut left short is not kept.
TEST(WorkFile, OpenedBySizesChecksEachRecordAsItIsRead) {
  const auto path = tbgen::testing::fresh_directory("work-file-sizes") / "a.work";
  const std::uint64_t one = two_records_the_second_damaged(path);
  auto file = WorkFile::open(path, kHeader, WorkFile::Check::sizes);
  ASSERT_TRUE(file);
  ASSERT_EQ(file->records(), 2u);
  EXPECT_TRUE(file->whole());
  EXPECT_EQ(record(*file, 0), bytes_from(100, 0));
  std::vector<std::uint8_t> damaged(100);
  EXPECT_FALSE(file->read(1, damaged.data()));
  std::filesystem::resize_file(path, one + 8 + 50);
  file = WorkFile::open(path, kHeader, WorkFile::Check::sizes);
  ASSERT_TRUE(file);
  EXPECT_EQ(file->records(), 1u);
  EXPECT_FALSE(file->whole());
}

TEST(WorkFile, AnotherKindOrPartIsNotOpened) {
  const auto path = tbgen::testing::fresh_directory("work-file-other") / "a.work";
  WorkFile::create(path, kHeader).close();
  EXPECT_TRUE(WorkFile::open(path, kHeader));
  WorkFile::Header kind = kHeader, part = kHeader, field = kHeader;
  kind.kind = WorkFile::Kind::group_checkpoint;
  part.key = work_key("g", "other");
  field.fields[3] = 5;
  for (const WorkFile::Header& other : {kind, part, field})
    EXPECT_FALSE(WorkFile::open(path, other));
  std::filesystem::resize_file(path, 10);  // not even a header
  EXPECT_FALSE(WorkFile::header_of(path));
  EXPECT_FALSE(WorkFile::open(path / "missing", kHeader));
}

}  // namespace
}  // namespace tbgen
