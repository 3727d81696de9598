// tbserve's HTTP side: the routes over Api, the static files of the web
// page, and the bounds that keep one client from holding up the others.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace rtb::server {

struct ServeOptions {
  std::filesystem::path dir;  // the tables
  std::filesystem::path web;  // the web page's files; a missing folder serves a note
  std::string host = "127.0.0.1";
  int port = 9000;  // 0: any free port
  unsigned threads = 8;
};

// Serves until stop() is called from another thread (or a signal); calls
// `listening` with the bound port once it accepts connections. Throws
// std::runtime_error when it cannot bind.
class HttpServer {
 public:
  explicit HttpServer(const ServeOptions& options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  void run(const std::function<void(int port)>& listening);
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rtb::server
