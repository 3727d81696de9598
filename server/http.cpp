#include "server/http.h"

#include <httplib.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "answers/markup.h"
#include "server/api.h"

namespace rtb::server {
namespace {

// Bounds: a request is read within kReadSeconds or dropped, a reply that
// the client does not read is dropped after kWriteSeconds, and an idle
// kept-alive connection gives its thread back after kKeepAliveSeconds.
// Requests carry no body. URIs over 8 KiB get 414 (the library's limit).
constexpr time_t kReadSeconds = 5, kWriteSeconds = 5, kKeepAliveSeconds = 2;
constexpr std::size_t kKeepAliveRequests = 1000, kMaxBody = 64 * 1024;

Query query_of(const httplib::Request& req) {
  return Query(req.params.begin(), req.params.end());
}

// Every answer may be read by a page of another origin, as lichess's
// analysis board reads its tablebase server's: nothing here depends on who
// asks, and a request carries no credentials.
void reply(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  res.set_header("Access-Control-Allow-Origin", "*");
  res.set_content(r.body, "application/json");
}

// The few statuses the library answers by itself, in words.
std::string status_words(int status) {
  switch (status) {
    case 400:
      return "bad request";
    case 404:
      return "not found";
    case 405:
      return "method not allowed";
    case 413:
      return "request too large";
    case 414:
      return "URI too long (at most 8 KiB)";
    case 416:
      return "range not satisfiable";
    default:
      return "HTTP status " + std::to_string(status);
  }
}

// What / says when the web page is not installed.
constexpr const char* kNoWebPage =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>tbserve</title></head><body>"
    "<h1>tbserve</h1><p>The web page is not installed (no folder %s). The API answers: "
    "<a href=\"/api/tables\">/api/tables</a>, /api/&lt;game&gt;?position=..., "
    "/standard?fen=...</p></body></html>";

}  // namespace

struct HttpServer::Impl {
  explicit Impl(const ServeOptions& o) : options(o), api(o.dir) {}
  ServeOptions options;
  Api api;
  httplib::Server http;
  int listening_socket = -1;
  std::atomic<bool> finished = false;
};

HttpServer::HttpServer(const ServeOptions& options) : impl_(std::make_unique<Impl>(options)) {
  httplib::Server& http = impl_->http;
  const Api& api = impl_->api;
  const unsigned threads = options.threads;
  // The library takes ownership of the queue it is given.
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_read_timeout(kReadSeconds);
  http.set_write_timeout(kWriteSeconds);
  http.set_keep_alive_timeout(kKeepAliveSeconds);
  http.set_keep_alive_max_count(kKeepAliveRequests);
  http.set_payload_max_length(kMaxBody);
  // A reply goes out in two writes (head, body): without this, delayed
  // ACKs add 40 ms to each request on a kept-alive connection.
  http.set_tcp_nodelay(true);
  // Debian's build of the library listens with a backlog of 5: when many
  // clients connect at once, the others' SYNs are dropped and retried a
  // second later. The socket is kept here to listen again with the
  // system's backlog once it is bound (run()).
  http.set_socket_options([impl = impl_.get()](socket_t socket) {
    httplib::default_socket_options(socket);
    impl->listening_socket = socket;
  });

  http.Get("/api/tables",
           [&api](const httplib::Request&, httplib::Response& res) { reply(res, api.tables()); });
  http.Get(R"(/api/([^/]+)/stats)", [&api](const httplib::Request& req, httplib::Response& res) {
    reply(res, api.stats(req.matches[1], query_of(req)));
  });
  http.Get(R"(/api/([^/]+))", [&api](const httplib::Request& req, httplib::Response& res) {
    reply(res, api.position(req.matches[1], query_of(req)));
  });
  http.Get("/standard", [&api](const httplib::Request& req, httplib::Response& res) {
    reply(res, api.standard(query_of(req)));
  });
  if (std::filesystem::is_directory(options.web)) {
    http.set_mount_point("/", options.web.string());
  } else {
    const std::string page = [&] {
      std::string html = kNoWebPage;
      const std::string escaped = answers::markup_escaped(options.web.string());
      return html.replace(html.find("%s"), 2, escaped);
    }();
    http.Get("/",
             [page](const httplib::Request&, httplib::Response& res) { res.set_content(page, "text/html"); });
  }
  // Every error is JSON: unknown paths, too long URIs, bad requests.
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) reply(res, error_reply(res.status, status_words(res.status)));
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    reply(res, error_reply(500, "internal error"));
  });
}

HttpServer::~HttpServer() = default;

void HttpServer::run(const std::function<void(int)>& listening) {
  httplib::Server& http = impl_->http;
  const ServeOptions& o = impl_->options;
  int port = o.port;
  if (port == 0)
    port = http.bind_to_any_port(o.host);
  else if (!http.bind_to_port(o.host, port))
    port = -1;
  if (port < 0) throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port));
  if (::listen(impl_->listening_socket, SOMAXCONN) != 0)
    throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(port));
  listening(port);
  http.listen_after_bind();
}

void HttpServer::stop() {
  impl_->http.stop();
}

}  // namespace rtb::server
