// tbserve over tables made here: its /api answers are tbprobe --json's,
// /standard has lichess's shape, and bad input or misbehaving clients get a
// 4xx or are dropped without holding up anyone else.
#include <string>

#include "tests/server/server_fixture.h"

namespace rtb::test {
namespace {

TEST_F(ServerTest, ListsTheTables) {
  const json tables = get_json("/api/tables");
  ASSERT_EQ(tables.size(), 6u) << tables;
  std::map<std::string, json> by_file;
  for (const json& t : tables) by_file[t.at("file")] = t;
  EXPECT_EQ(by_file.at("tictactoe.rtb").at("game"), "tictactoe");
  EXPECT_EQ(by_file.at("tictactoe.rtb").at("kind"), "wdl");
  EXPECT_EQ(by_file.at("tictactoe.rtb").at("start"), ".........");
  EXPECT_EQ(by_file.at("KQvK.rtb").at("params").at("material"), "KQvK");
  EXPECT_TRUE(by_file.at("KQvK.rtb").at("start").is_null());
  EXPECT_EQ(by_file.at("KQvK-dtz.rtb").at("params").at("metric"), "dtz");
  bool grundy = false;
  for (const json& t : tables) grundy = grundy || (t.at("game") == "octal" && t.at("kind") == "grundy");
  EXPECT_TRUE(grundy) << tables;
}

TEST_F(ServerTest, PositionsAnswerAsTbprobe) {
  expect_same("tictactoe", "", "", positions("--game tictactoe", 40));
  expect_same("connect4", "&width=4&height=4", "--param width=4 --param height=4",
              positions("--game connect4 --param width=4 --param height=4", 9000));
  std::vector<std::string> fens = positions("--game chess --param material=KQvK", 4000);
  fens.push_back("8/8/8/8/8/1q6/8/k1K5 b - - 0 1");  // KvKQ: the KQvK table with colours swapped
  fens.push_back("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1");
  expect_same("chess", "", "", fens);
  expect_same("chess", "", "", positions("--game chess --param material=KRvK", 5000));
}

TEST_F(ServerTest, IndexAndStatsAnswerAsTbprobe) {
  EXPECT_EQ(get_json("/api/tictactoe?index=200"), tbprobe("--game tictactoe --index 200"));
  EXPECT_EQ(get_json("/api/tictactoe/stats"), tbprobe("--game tictactoe --stats"));
  EXPECT_EQ(get_json("/api/chess/stats?material=KRvK"),
            tbprobe("--game chess --param material=KRvK --stats"));
  EXPECT_EQ(get_json("/api/octal/stats?octal=0.77&heaps=12&solver=grundy"),
            tbprobe("--game octal --param octal=0.77 --param heaps=12 --grundy --stats"));
  EXPECT_EQ(get_json("/api/octal?octal=0.77&heaps=12&solver=grundy&position=9"),
            tbprobe("--game octal --param octal=0.77 --param heaps=12 --grundy --position 9"));
}

TEST_F(ServerTest, BadRequestsGetJsonErrors) {
  EXPECT_TRUE(get_json("/api/nosuchgame?position=x", 404).at("error").is_string());
  EXPECT_TRUE(get_json("/api/tictactoe?position=x&m=4", 404).at("error").is_string());  // no such table
  EXPECT_TRUE(get_json("/api/tictactoe?position=xxxxxxxxx", 400).at("error").is_string());
  EXPECT_TRUE(get_json("/api/tictactoe", 400).at("error").is_string());
  EXPECT_TRUE(get_json("/api/tictactoe?index=-1", 400).at("error").is_string());
  EXPECT_TRUE(get_json("/api/tictactoe?position=.........&k=9", 400).at("error").is_string());
  const json twice = get_json("/api/connect4?width=4&width=5&height=4&position=12", 400);
  EXPECT_NE(twice.at("error").get<std::string>().find("'width' is given twice"), std::string::npos) << twice;
  EXPECT_TRUE(get_json("/nosuchpath/x", 404).at("error").is_string());
  EXPECT_TRUE(get_json("/standard", 400).at("error").is_string());
}

TEST_F(ServerTest, ServesTheWebPage) {
  const auto res = get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->body, "<p>the web page</p>");
  const auto up = get("/../KQvK.rtb");
  ASSERT_TRUE(up);
  EXPECT_GE(up->status, 400);
  Server bare(TBSERVE, {"--dir", tables_dir().string(), "--web", (tables_dir() / "none").string()});
  httplib::Client client("127.0.0.1", bare.port());
  const auto note = client.Get("/");
  ASSERT_TRUE(note);
  EXPECT_EQ(note->status, 200);
  EXPECT_NE(note->body.find("not installed"), std::string::npos) << note->body;
  EXPECT_EQ(bare.stop(), 0);
}

// Connect Four 4x4 saved as 5x4's file: asked for 5x4, the server answers
// 404 naming both identities, never 4x4's values as 5x4's.
TEST_F(ServerTest, AnotherTableUnderTheNameAskedForIsNotServed) {
  const fs::path dir = tables_dir() / "misnamed";
  fs::create_directories(dir);
  fs::copy_file(tables_dir() / "connect4-4x4.rtb", dir / "connect4-5x4.rtb");
  Server misnamed(TBSERVE, {"--dir", dir.string()});
  httplib::Client client("127.0.0.1", misnamed.port());
  for (int k = 0; k < 2; ++k) {  // the second time from what the first found
    const auto res = client.Get("/api/connect4?width=5&height=4&position=12");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 404) << res->body;
    const std::string error = json::parse(res->body).at("error");
    EXPECT_NE(error.find("is connect4;height=4,width=4 wdl16, not the connect4;height=4,width=5 wdl16"),
              std::string::npos)
        << error;
  }
  EXPECT_EQ(misnamed.stop(), 0);
}

TEST(TbserveCommand, HelpVersionAndBadOptions) {
  EXPECT_EQ(run(std::string(TBSERVE) + " --help").code, 0);
  const Ran version = run(std::string(TBSERVE) + " --version");
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out.rfind("tbserve (rtb) ", 0), 0u) << version.out;
  EXPECT_EQ(run(std::string(TBSERVE)).code, 2);
  EXPECT_EQ(run(std::string(TBSERVE) + " --dir /nonexistent").code, 2);
  EXPECT_EQ(run(std::string(TBSERVE) + " --dir . --bind nope").code, 2);
  EXPECT_EQ(run(std::string(TBSERVE) + " --dir . --threads 0").code, 2);
}

}  // namespace
}  // namespace rtb::test
