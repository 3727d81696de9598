// What a table is, checked by storage before any reader answers: the
// identity a meta record carries against the one asked for, refused in one
// line naming both; and files that are no tables at all (a FIFO, a device)
// refused at once, never waited on.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "storage/table_identity.h"
#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

namespace fs = std::filesystem;

TableMeta connect4_meta(const std::string& params) {
  TableMeta meta;
  meta.game = "connect4";
  meta.params = params;
  meta.identity = "connect4;" + params;
  meta.value_kind = "wdl16";
  return meta;
}

// What the message of refusing `found` for `asked` is.
std::string refusal(const TableMeta& found, const TableIdentity& asked) {
  try {
    require_identity(found, asked, "table t/connect4-4x4.rtb");
  } catch (const IdentityError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(TableIdentity, TheTableAskedForIsAccepted) {
  const TableMeta meta = connect4_meta("height=4,width=4");
  EXPECT_EQ(refusal(meta, {"connect4", "connect4;height=4,width=4", "wdl16"}), "(accepted)");
  EXPECT_EQ(identity_of(meta), (TableIdentity{"connect4", "connect4;height=4,width=4", "wdl16"}));
}

TEST(TableIdentity, AnythingElseIsRefusedInOneLineNamingBoth) {
  const TableMeta meta = connect4_meta("height=4,width=5");
  const std::string message = refusal(meta, {"connect4", "connect4;height=4,width=4", "wdl16"});
  EXPECT_EQ(message,
            "table t/connect4-4x4.rtb is connect4;height=4,width=5 wdl16, not the connect4;height=4,width=4 "
            "wdl16 asked for: a table under another's name, or made for other parameters, input or metric "
            "(build the one asked for)");
  EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 0);
  // Another value kind, another game: refused too, each named.
  EXPECT_NE(refusal(meta, {"connect4", "connect4;height=4,width=5", "grundy16"}).find("width=5 grundy16"),
            std::string::npos);
  EXPECT_NE(refusal(meta, {"quixo", "connect4;height=4,width=5", "wdl16"}).find("not the quixo connect4;"),
            std::string::npos);
}

class NotATable : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rtb_identity_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  // Opening `path` as a table: its error, and how long it took.
  static std::pair<std::string, double> open_error(const fs::path& path) {
    const auto start = std::chrono::steady_clock::now();
    std::string what = "(opened)";
    try {
      TableReader reader(path);
    } catch (const StorageError& e) {
      what = e.what();
    }
    return {what, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
  }
  fs::path dir_;
};

TEST_F(NotATable, AFifoIsRefusedAtOnce) {
  const fs::path fifo = dir_ / "fifo.rtb";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto [what, seconds] = open_error(fifo);  // no writer: an ordinary open would wait forever
  EXPECT_EQ(what, "table " + fifo.string() + " is a FIFO, not a table file");
  EXPECT_LT(seconds, 5.0);
}

TEST_F(NotATable, DevicesAndDirectoriesAreRefused) {
  EXPECT_EQ(open_error("/dev/zero").first, "table /dev/zero is a character device, not a table file");
  EXPECT_EQ(open_error(dir_).first, "table " + dir_.string() + " is a directory, not a table file");
}

}  // namespace
}  // namespace rtb::storage
