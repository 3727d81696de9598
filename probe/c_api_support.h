// What the C interfaces (rtb.h, rtb_chess.h) share: no exception crosses
// them, and the last failure's code and message are kept per thread.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <new>
#include <stdexcept>
#include <string>

#include "games/value.h"
#include "probe/rtb.h"
#include "storage/table_identity.h"
#include "storage/table_writer.h"

namespace rtb::c_api {

// A failure whose code is known where it is raised. The C++ layers below
// throw one exception type for several causes (ProbeError for a missing
// table and for a bad position alike), so the C layer turns them into a
// Failure at the call that knows which cause it is.
struct Failure : std::runtime_error {
  Failure(rtb_error c, const std::string& what) : std::runtime_error(what), code(c) {}
  rtb_error code;
};

inline thread_local rtb_error last_code = RTB_OK;
inline thread_local std::string last_error;

// The one mapping from exceptions to codes. Only causes that a type names
// unambiguously are mapped here; the rest are Failures by then.
inline rtb_error code_of(const std::exception_ptr& e) noexcept {
  try {
    std::rethrow_exception(e);
  } catch (const Failure& f) {
    return f.code;
  } catch (const std::bad_alloc&) {
    return RTB_ERR_NO_MEMORY;
  } catch (const std::filesystem::filesystem_error&) {
    return RTB_ERR_IO;
  } catch (const storage::IdentityError&) {
    return RTB_ERR_WRONG_KIND;  // a whole table, of other parameters, input or metric
  } catch (const storage::StorageError&) {
    // The reader's failures on a file already found readable (see
    // require_table_file) are damage: truncation, checksums, bad meta.
    return RTB_ERR_CORRUPT;
  } catch (...) {
    return RTB_ERR_INTERNAL;
  }
}

inline void record(const std::exception_ptr& e) noexcept {
  last_code = code_of(e);
  try {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      last_error = x.what();
    } catch (...) {
      last_error = "unknown error";
    }
  } catch (...) {
    last_error.clear();  // no memory for the message: the code still tells
  }
}

inline void clear_error() noexcept {
  last_code = RTB_OK;
  last_error.clear();
}

// Runs f and returns its result, or `failure` with the code and message kept.
template <class F>
auto guarded(F&& f, decltype(f()) failure) noexcept -> decltype(f()) {
  try {
    clear_error();
    return f();
  } catch (...) {
    record(std::current_exception());
  }
  return failure;
}

// Runs f (which returns nothing) and returns 0, or the failure's negative code.
template <class F>
int guarded_status(F&& f) noexcept {
  try {
    clear_error();
    f();
    return RTB_OK;
  } catch (...) {
    record(std::current_exception());
  }
  return -static_cast<int>(last_code);
}

// Records a failure without throwing, for a path taken again and again (a
// probe of material without a table); returns its negative code.
inline int failed(rtb_error code, const std::string& message) noexcept {
  last_code = code;
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();  // no memory for the message: the code still tells
  }
  return -static_cast<int>(code);
}

// Runs f (which returns a number of at least 0, or what failed() returns)
// and returns it, or the failure's negative code.
template <class F>
int guarded_number(F&& f) noexcept {
  try {
    clear_error();
    return f();
  } catch (...) {
    record(std::current_exception());
  }
  return -static_cast<int>(last_code);
}

inline void require(const void* p, const char* what) {
  if (!p) throw Failure(RTB_ERR_BAD_ARGUMENT, std::string(what) + " is NULL");
}

// Tells a missing file and one the system will not let us read from a
// damaged one before the reader sees it: the reader reports all three as
// one StorageError.
inline void require_table_file(const std::filesystem::path& path) {
  const auto status = std::filesystem::status(path);
  if (!std::filesystem::exists(status)) throw Failure(RTB_ERR_NO_TABLE, "no table " + path.string());
  if (std::filesystem::is_directory(status))
    throw Failure(RTB_ERR_NO_TABLE, path.string() + " is a directory, not a table file");
  // A FIFO would block open() until a writer came; a device never ends.
  if (!std::filesystem::is_regular_file(status))
    throw Failure(RTB_ERR_NO_TABLE, path.string() + " is not a regular file, so not a table file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    throw Failure(RTB_ERR_IO, "table " + path.string() + " cannot be opened: " + std::strerror(errno));
  ::close(fd);
}

inline void fill(Value v, rtb_value* out) {
  out->wdl = v.is_win() ? RTB_WIN : v.is_loss() ? RTB_LOSS : RTB_DRAW;
  out->depth = v.depth();
}

}  // namespace rtb::c_api
