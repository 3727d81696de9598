// Clients that misbehave get a 4xx or are dropped, within the server's
// timeouts, and never hold up the others: a 1 MB query string, a request
// that is never finished, a client that never reads, many clients at once.
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "tests/server/server_fixture.h"

namespace rtb::test {
namespace {

using Clock = std::chrono::steady_clock;

// A probe answered in well under the server's 5 s read timeout.
void expect_prompt_answer(int port) {
  const auto start = Clock::now();
  httplib::Client client("127.0.0.1", port);
  const auto res = client.Get("/api/tictactoe?position=x........");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
}

TEST_F(ServerTest, RefusesAMegabyteQueryString) {
  Socket s(server_->port());
  const std::string request =
      "GET /api/tictactoe?position=" + std::string(1 << 20, 'x') + " HTTP/1.1\r\nHost: x\r\n\r\n";
  s.send(request);  // the server may close before it has all
  const std::string reply = s.read_all(5);
  if (!reply.empty()) {
    ASSERT_EQ(reply.rfind("HTTP/1.1 4", 0), 0u) << reply.substr(0, 200);
    EXPECT_NE(reply.find("\"error\""), std::string::npos) << reply.substr(0, 400);
  }
  expect_prompt_answer(server_->port());
  // The same through the client library: a 4xx, or a dropped connection.
  const auto res = get("/api/tictactoe?position=" + std::string(1 << 20, 'x'));
  if (res) {
    EXPECT_GE(res->status, 400);
    EXPECT_LT(res->status, 500);
  }
  expect_prompt_answer(server_->port());
}

TEST_F(ServerTest, AHalfSentRequestAndAClientThatNeverReadsHoldUpNobody) {
  Socket half(server_->port());
  ASSERT_TRUE(half.send("GET /api/tables HTTP/1.1\r\nHost: x\r\n"));  // never finished
  Socket deaf(server_->port());
  deaf.fill();  // requests until the buffers are full, and never a read
  for (int k = 0; k < 5; ++k) expect_prompt_answer(server_->port());
  // The half-sent request is dropped when the read timeout (5 s) passes.
  EXPECT_TRUE(half.closed_by_peer(8));
  expect_prompt_answer(server_->port());
}

TEST_F(ServerTest, AnswersManyClientsAtOnce) {
  const std::string path = "/api/chess?position=" + encoded("8/8/8/3k4/8/8/8/KR6 w - - 0 1");
  const std::string expected = get(path)->body;
  std::atomic<int> good = 0, bad = 0;
  std::vector<std::thread> clients;
  for (int c = 0; c < 16; ++c)
    clients.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", server_->port());
      client.set_url_encode(false);
      for (int k = 0; k < 25; ++k) {
        const auto res = client.Get(k % 2 == 0 ? path : std::string("/api/tictactoe?position=x........"));
        const bool ok = res && res->status == 200 && (k % 2 != 0 || res->body == expected);
        (ok ? good : bad)++;
      }
      (void)c;
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(good, 16 * 25);
  EXPECT_EQ(bad, 0);
}

}  // namespace
}  // namespace rtb::test
