// GET /standard?fen=..: lichess's tablebase answer (answers/lichess.h).
#include "answers/common.h"
#include "answers/lichess.h"
#include "server/answer.h"

namespace rtb::server {

Reply Api::standard(const Query& query) const {
  return answer([&]() -> answers::Json {
    const auto it = query.find("fen");
    if (it == query.end()) throw answers::UsageError("give fen=FEN");
    const auto tables = chess_.get();
    try {
      return answers::lichess_answer(*tables, it->second);
    } catch (const storage::StorageError&) {
      chess_.failed();
      throw;
    }
  });
}

}  // namespace rtb::server
