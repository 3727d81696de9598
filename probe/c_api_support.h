// What the C interfaces (rtb.h, rtb_chess.h) share: no exception crosses
// them, and the last failure's message is kept per thread.
#pragma once

#include <exception>
#include <string>

#include "games/value.h"
#include "probe/rtb.h"

namespace rtb::c_api {

inline thread_local std::string last_error;

// Runs f and returns its result, or `failure` with the message kept.
template <class F>
auto guarded(F&& f, decltype(f()) failure) noexcept -> decltype(f()) {
  try {
    last_error.clear();
    return f();
  } catch (const std::exception& e) {
    last_error = e.what();
  } catch (...) {
    last_error = "unknown error";
  }
  return failure;
}

inline void fill(Value v, rtb_value* out) {
  out->wdl = v.is_win() ? RTB_WIN : v.is_loss() ? RTB_LOSS : RTB_DRAW;
  out->depth = v.depth();
}

}  // namespace rtb::c_api
