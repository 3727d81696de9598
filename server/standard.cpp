// GET /standard?fen=..: lichess's tablebase answer (answers/lichess.h).
#include "answers/common.h"
#include "answers/lichess.h"
#include "server/answer.h"

namespace rtb::server {

Reply Api::standard(const Query& query) const {
  return answer([&]() -> answers::Json {
    const auto it = query.find("fen");
    if (it == query.end()) throw answers::UsageError("give fen=FEN");
    return answers::lichess_answer(chess_, it->second);
  });
}

}  // namespace rtb::server
