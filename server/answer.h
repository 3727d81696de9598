// From a handler's result or exception to a reply: the JSON it returns
// (200), or {"error": "<one line>"} with a status that says whose fault it
// is. A request never takes the server down.
#pragma once

#include <exception>
#include <stdexcept>

#include "answers/common.h"
#include "games/game.h"
#include "probe/table.h"
#include "server/api.h"
#include "storage/table_identity.h"
#include "storage/table_writer.h"

namespace rtb::server {

// Something the request names that is not here: an unknown game, a table
// the directory does not hold (404).
struct NotFound : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class Handler>
Reply answer(Handler&& handler) {
  try {
    return {200, handler().dump()};
  } catch (const NotFound& e) {
    return error_reply(404, e.what());
  } catch (const storage::IdentityError& e) {
    // The file of its name holds another table: the one asked for is not here.
    return error_reply(404, e.what());
  } catch (const storage::StorageError& e) {
    return error_reply(500, e.what());  // a damaged table: not the client's fault
  } catch (const answers::UsageError& e) {
    return error_reply(400, e.what());
  } catch (const GameError& e) {
    return error_reply(400, e.what());
  } catch (const ProbeError& e) {
    return error_reply(400, e.what());
  } catch (const std::exception& e) {
    return error_reply(500, e.what());
  }
}

}  // namespace rtb::server
