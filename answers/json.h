// JSON output of the commands (nlohmann/json from Debian's
// nlohmann-json3-dev: a well-kept header-only library; ordered_json keeps
// the fields in the order written, so answers read top to bottom).
#pragma once

#include <nlohmann/json.hpp>

#include "games/value.h"

namespace rtb::answers {

using Json = nlohmann::ordered_json;

// {"outcome": "win", "plies": 5}; a draw has no plies.
inline Json value_json(Value v) {
  Json j;
  j["outcome"] = v.is_win() ? "win" : v.is_loss() ? "loss" : "draw";
  if (!v.is_draw()) j["plies"] = v.depth();
  return j;
}

}  // namespace rtb::answers
