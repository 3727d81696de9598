// The tbserve tests' fixture: tables of tictactoe, Connect Four 4x4, chess
// KQvK and KRvK and a Grundy table, made once, and one tbserve over them.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/server/server_support.h"

namespace rtb::test {

namespace fs = std::filesystem;
using nlohmann::json;

inline const fs::path& tables_dir() {
  static const fs::path dir = fs::temp_directory_path() / ("rtb_server_test_" + std::to_string(::getpid()));
  return dir;
}

class ServerTest : public ::testing::Test {
 public:
  static void SetUpTestSuite() {
    const fs::path& dir = tables_dir();
    fs::remove_all(dir);
    fs::create_directories(dir / "web");
    std::ofstream(dir / "web" / "index.html") << "<p>the web page</p>";
    for (const char* args : {"--game tictactoe", "--game connect4 --param width=4 --param height=4",
                             "--game chess --param material=KQvK", "--game chess --param material=KRvK",
                             "--game chess --param material=KQvK --param metric=dtz",
                             "--game octal --param octal=0.77 --param heaps=12 --solver grundy"})
      ASSERT_EQ(run(std::string(TBGEN) + " " + args + " --quiet --out " + dir.string()).code, 0) << args;
    server_ = std::make_unique<Server>(
        TBSERVE,
        std::vector<std::string>{"--dir", dir.string(), "--web", (dir / "web").string(), "--threads", "4"});
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->stop(), 0);
    server_.reset();
    fs::remove_all(tables_dir());
  }

  static httplib::Result get(const std::string& path) {
    httplib::Client client("127.0.0.1", server_->port());
    client.set_url_encode(false);
    client.set_read_timeout(10, 0);
    return client.Get(path);
  }
  static json get_json(const std::string& path, int status = 200) {
    const auto res = get(path);
    EXPECT_TRUE(res) << path;
    if (!res) return nullptr;
    EXPECT_EQ(res->status, status) << path << " " << res->body;
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path;
    // A page of any origin may read it.
    EXPECT_EQ(res->get_header_value("Access-Control-Allow-Origin"), "*") << path;
    return json::parse(res->body);
  }
  static json tbprobe(const std::string& args) {
    const Ran r = run(std::string(TBPROBE) + " --dir " + tables_dir().string() + " " + args + " --json");
    EXPECT_EQ(r.code, 0) << args;
    return r.code == 0 ? json::parse(r.out) : json();
  }
  // Every `step`-th position of a table, as its dump writes them.
  static std::vector<std::string> positions(const std::string& args, int step) {
    std::istringstream dump(
        run(std::string(TBPROBE) + " --dir " + tables_dir().string() + " " + args + " --dump --json").out);
    std::vector<std::string> out;
    int n = 0;
    for (std::string line; std::getline(dump, line);)
      if (n++ % step == 0) out.push_back(json::parse(line).at("position"));
    return out;
  }
  // /api/<game> and tbprobe agree on every position, with and without the best line.
  static void expect_same(const std::string& game, const std::string& query, const std::string& args,
                          const std::vector<std::string>& texts) {
    ASSERT_GE(texts.size(), 5u);
    for (const std::string& p : texts) {
      for (const bool line : {false, true}) {
        const json served =
            get_json("/api/" + game + "?position=" + encoded(p) + query + (line ? "&line=1" : ""));
        const json probed =
            tbprobe("--game " + game + " " + args + " --position " + quoted(p) + (line ? " --line" : ""));
        EXPECT_EQ(served, probed) << game << " " << p;
        EXPECT_TRUE(served.contains("moves")) << p;
      }
    }
  }

  static inline std::unique_ptr<Server> server_;
};

}  // namespace rtb::test
