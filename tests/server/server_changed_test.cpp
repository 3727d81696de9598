// Tables changed under a running tbserve. Truncated: every answer is either
// the one given before or an error naming the change, the server lives on,
// and its other tables answer as before (storage/map_guard.h). Replaced by
// rename, deleted, written anew or replaced by another table: within
// OpenTables::kRecheck the server answers from the file as it now is.
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/server_fixture.h"

namespace rtb::test {
namespace {

struct Answer {
  int status = 0;
  std::string body;
};

Answer ask(httplib::Client& client, const std::string& path) {
  const auto res = client.Get(path);
  EXPECT_TRUE(res) << path;  // no answer at all: the server died
  return res ? Answer{res->status, res->body} : Answer{};
}

TEST_F(ServerTest, TruncatedTablesAreErrorsNotACrash) {
  const fs::path dir = tables_dir() / "shrinking";
  fs::create_directories(dir);
  for (const char* table : {"connect4-4x4.rtb", "KQvK.rtb", "KQvK-dtz.rtb", "tictactoe.rtb"})
    fs::copy_file(tables_dir() / table, dir / table);
  Server server(TBSERVE, {"--dir", dir.string()});
  httplib::Client client("127.0.0.1", server.port());
  client.set_url_encode(false);
  std::vector<std::string> paths;
  for (const std::string& p : positions("--game connect4 --param width=4 --param height=4", 2000))
    paths.push_back("/api/connect4?width=4&height=4&position=" + encoded(p));
  for (const std::string& fen : positions("--game chess --param material=KQvK", 1500)) {
    paths.push_back("/api/chess?position=" + encoded(fen));
    paths.push_back("/standard?fen=" + encoded(fen));
  }
  ASSERT_GE(paths.size(), 20u);
  std::vector<Answer> before;
  for (const std::string& path : paths) before.push_back(ask(client, path));
  for (const Answer& a : before) ASSERT_EQ(a.status, 200) << a.body;

  for (const char* table : {"connect4-4x4.rtb", "KQvK.rtb", "KQvK-dtz.rtb"})
    fs::resize_file(dir / table, fs::file_size(dir / table) / 2);
  int errors = 0;
  for (std::size_t k = 0; k < paths.size(); ++k) {
    const Answer after = ask(client, paths[k]);
    if (after.status == 200) {
      EXPECT_EQ(after.body, before[k].body) << paths[k];
      continue;
    }
    ++errors;
    EXPECT_GE(after.status, 500) << paths[k] << " " << after.body;
    // The read that met the change, or, the file looked at again, its opening.
    EXPECT_TRUE(after.body.find("changed on disk") != std::string::npos ||
                after.body.find("(truncated,") != std::string::npos)
        << paths[k] << " " << after.body;
  }
  EXPECT_GT(errors, 0);
  EXPECT_EQ(ask(client, "/api/tictactoe?position=.........").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// Copies `from` over `to` as tbgen writes a table: a new file renamed over it.
void replace_by_rename(const fs::path& from, const fs::path& to) {
  const fs::path fresh = to.string() + ".new";
  fs::copy_file(from, fresh, fs::copy_options::overwrite_existing);
  fs::rename(fresh, to);
}

void wait_for_recheck() {
  std::this_thread::sleep_for(std::chrono::milliseconds(2200));
}

TEST_F(ServerTest, ReplacedDeletedAndNewTablesAreServedAsTheyNowAre) {
  const fs::path dir = tables_dir() / "replaced";
  fs::create_directories(dir);
  for (const char* table : {"connect4-4x4.rtb", "KQvK.rtb", "KQvK-dtz.rtb"})
    fs::copy_file(tables_dir() / table, dir / table);
  Server server(TBSERVE, {"--dir", dir.string()});
  httplib::Client client("127.0.0.1", server.port());
  client.set_url_encode(false);
  const std::string c4 = "/api/connect4?width=4&height=4&position=" +
                         encoded(positions("--game connect4 --param width=4 --param height=4", 5000).at(1));
  const std::string kqk = "/api/chess?position=" + encoded("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1");
  const std::string standard = "/standard?fen=" + encoded("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1");
  const std::string krk = "/api/chess?position=" + encoded("k7/8/1K6/8/8/8/8/1R6 w - - 0 1");
  const Answer c4_before = ask(client, c4), kqk_before = ask(client, kqk),
               standard_before = ask(client, standard);
  ASSERT_EQ(c4_before.status, 200);
  ASSERT_EQ(kqk_before.status, 200);
  ASSERT_EQ(standard_before.status, 200);
  EXPECT_EQ(ask(client, krk).status, 404);

  // Truncated, then a failed read, then the table renamed back in place.
  fs::resize_file(dir / "connect4-4x4.rtb", 8192);
  EXPECT_GE(ask(client, c4).status, 500);
  replace_by_rename(tables_dir() / "connect4-4x4.rtb", dir / "connect4-4x4.rtb");
  EXPECT_EQ(ask(client, c4).body, c4_before.body);

  // KQvK's name now holds KRvK's table; KRvK is written anew; Connect Four is deleted.
  replace_by_rename(tables_dir() / "KRvK.rtb", dir / "KQvK.rtb");
  fs::copy_file(tables_dir() / "KRvK.rtb", dir / "KRvK.rtb");
  fs::remove(dir / "connect4-4x4.rtb");
  EXPECT_EQ(ask(client, krk).status, 200);  // never found before: looked for at once
  wait_for_recheck();
  const Answer misnamed = ask(client, kqk);
  EXPECT_EQ(misnamed.status, 404) << misnamed.body;
  EXPECT_NE(misnamed.body.find("material=KRvK"), std::string::npos) << misnamed.body;
  EXPECT_NE(ask(client, standard).body, standard_before.body);  // the KQvK table it read is gone
  EXPECT_EQ(ask(client, c4).status, 404);

  // All back as they were.
  replace_by_rename(tables_dir() / "KQvK.rtb", dir / "KQvK.rtb");
  replace_by_rename(tables_dir() / "connect4-4x4.rtb", dir / "connect4-4x4.rtb");
  wait_for_recheck();
  EXPECT_EQ(ask(client, kqk).body, kqk_before.body);
  EXPECT_EQ(ask(client, standard).body, standard_before.body);
  EXPECT_EQ(ask(client, c4).body, c4_before.body);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace rtb::test
