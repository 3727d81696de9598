// What tbserve answers, apart from HTTP: each request's query in, a status
// and a JSON body out (server/http.cpp routes to these). The answers are
// those of tbprobe --json (answers/value_kind.h), and for /standard the shape of
// lichess's tablebase server. Shared by every worker thread.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include "answers/lichess.h"
#include "probe/probe.h"
#include "server/open_tables.h"
#include "storage/table_identity.h"

namespace rtb::server {

using Query = std::multimap<std::string, std::string>;

struct Reply {
  int status = 200;
  std::string body;  // JSON
};

// {"error": message}
Reply error_reply(int status, const std::string& message);

class Api {
 public:
  explicit Api(std::filesystem::path dir);

  // GET /api/tables: one object per table of the directory.
  Reply tables() const;
  // GET /api/<game>?position=..&<param>=..: tbprobe --json --position.
  Reply position(const std::string& game, const Query& query) const;
  // GET /api/<game>/stats?<param>=..: tbprobe --stats --json.
  Reply stats(const std::string& game, const Query& query) const;
  // GET /standard?fen=..: lichess's shape (server/standard.cpp).
  Reply standard(const Query& query) const;

 private:
  std::shared_ptr<const ServedTable> table_for(const std::string& game, const Query& query) const;
  // What `answer` reads from `table`; a failed read has the file looked at
  // again on the next request (OpenTables).
  template <class Answer>
  static answers::Json read(const ServedTable& table, Answer&& answer);

  OpenTables open_;
  // The file and identity each (game, solver, parameters) found: finding
  // them builds the game (tictactoe's symmetry tables: milliseconds).
  // Bounded, since parameters come from clients.
  struct Found {
    std::filesystem::path path;
    storage::TableIdentity asked;
  };
  static constexpr std::size_t kMaxFound = 4096;
  mutable std::mutex found_mutex_;
  mutable std::map<std::string, Found> found_;
  OpenChessTables chess_;  // the directory's chess tables, for /standard
};

}  // namespace rtb::server
