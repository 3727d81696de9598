// What a table is, checked by storage before any reader answers: the
// identity a meta record carries against the one asked for, refused in one
// line naming both.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "storage/table_identity.h"
#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

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

}  // namespace
}  // namespace rtb::storage
