// tbserve: answers HTTP requests from a directory of tables (server/api.h
// says what), and serves the web page's files. It only reads.
#include <pthread.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include "answers/common.h"
#include "server/http.h"

namespace po = boost::program_options;

namespace rtb::server {
namespace {

// "127.0.0.1:9000" into host and port; a port of 0 takes any free one.
void parse_bind(const std::string& bind, ServeOptions& o) {
  const auto colon = bind.rfind(':');
  if (colon == std::string::npos || colon == 0)
    throw answers::UsageError("--bind takes HOST:PORT, not " + quote_input(bind));
  o.host = bind.substr(0, colon);
  if (o.host.size() > 2 && o.host.front() == '[' && o.host.back() == ']')
    o.host = o.host.substr(1, o.host.size() - 2);
  o.port = static_cast<int>(answers::number_option("bind port", bind.substr(colon + 1), 0, 65535));
}

// SIGINT and SIGTERM stop the server cleanly: every worker thread is made
// with them blocked, and one thread waits for them.
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// The web page's files where they were installed beside this command
// (${prefix}/bin/../share/rtb/web), so that a prefix chosen at install time
// works; else the folder the build was configured to install them to.
std::string default_web_dir() {
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto beside = exe.parent_path() / RTB_WEB_DIR_FROM_BINDIR;
    if (std::filesystem::is_directory(beside, error)) return beside.lexically_normal().string();
  }
  return RTB_WEB_DIR;
}

// Ends the thread that waits for a stop signal: every thread blocks the
// signals, so one sent to the process goes to that thread's sigwait.
void wake(std::thread& waiter) {
  kill(getpid(), SIGTERM);
  waiter.join();
}

int main(int argc, char** argv) {
  ServeOptions o;
  std::string bind = "127.0.0.1:9000", web = default_web_dir(), threads;
  po::options_description options(
      "Usage: tbserve --dir DIR [--bind HOST:PORT] [--web DIR] [--threads N]\n\n"
      "Answers HTTP requests from the tables in DIR (it never writes):\n"
      "  GET /api/tables                       the tables, as JSON\n"
      "  GET /api/GAME?position=P&KEY=VALUE    the JSON of tbprobe --json --position P\n"
      "  GET /api/GAME/stats?KEY=VALUE         the JSON of tbprobe --stats --json\n"
      "  GET /standard?fen=FEN                 a chess position, as lichess's tablebase answers\n"
      "  GET /                                 the web page (the files of --web)\n"
      "Prints \"listening on http://HOST:PORT\" once it accepts connections.\nOptions");
  options.add_options()("help,h", "print this help")("version", "print the version")(
      "dir", po::value(&o.dir), "the directory of tables")(
      "bind", po::value(&bind)->default_value(bind), "address and port to listen on (port 0: any free port)")(
      "web", po::value(&web)->default_value(web), "the folder of the web page's files")(
      "threads", po::value(&threads),
      "worker threads (default: the number of cores, at least 8); each open connection holds one");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw answers::UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << options;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << answers::version_line("tbserve") << "\n";
    return 0;
  }
  if (o.dir.empty()) throw answers::UsageError("give --dir DIR");
  if (!std::filesystem::is_directory(o.dir))
    throw answers::UsageError("no directory " + quote_input(o.dir.string()));
  parse_bind(bind, o);
  o.web = web;
  o.threads = std::max(8u, std::thread::hardware_concurrency());
  if (vm.count("threads"))
    o.threads = static_cast<unsigned>(answers::number_option("threads", threads, 1, 1024));

  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up is the write's error, not the process's end
  HttpServer server(o);
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    server.stop();
  });
  try {
    server.run([&](int port) { std::cout << "listening on http://" << o.host << ":" << port << std::endl; });
  } catch (...) {
    wake(waiter);
    throw;
  }
  // Stopped by a signal, or the listening socket failed: either way the waiter ends.
  wake(waiter);
  return 0;
}

}  // namespace
}  // namespace rtb::server

int main(int argc, char** argv) {
  return rtb::answers::run_command("tbserve", [&] { return rtb::server::main(argc, argv); });
}
