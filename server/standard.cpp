// GET /standard?fen=..: lichess's tablebase answer (cli/lichess.h).
#include "cli/common.h"
#include "cli/lichess.h"
#include "server/answer.h"

namespace rtb::server {

Reply Api::standard(const Query& query) const {
  return answer([&]() -> cli::Json {
    const auto it = query.find("fen");
    if (it == query.end()) throw cli::UsageError("give fen=FEN");
    return cli::lichess_answer(chess_, it->second);
  });
}

}  // namespace rtb::server
