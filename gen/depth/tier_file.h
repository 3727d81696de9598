// Codes of a tier on disk, two bytes each, for the solver that pages tiers
// (gen/depth/paged_tier.h): the tier before as it is read a window at a
// time, the tier being solved as it is written, and what its positions
// have gathered from the windows read so far. Reads and writes go through
// pread and pwrite at offsets, so the file holds no memory of the
// process; the kernel's page cache may keep what fits.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <system_error>

#include "games/game.h"
#include "gen/core/options.h"

namespace rtb {

class TierFile {
 public:
  // Creates (or empties) the file at `path`; it is removed with this object.
  explicit TierFile(std::filesystem::path path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) fail("create");
  }
  ~TierFile() {
    ::close(fd_);
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TierFile(const TierFile&) = delete;
  TierFile& operator=(const TierFile&) = delete;

  // Empties the file for a tier's codes, appended in order.
  void start() {
    if (::ftruncate(fd_, 0) != 0) fail("empty");
    appended_ = 0;
    max_code_ = 0;
  }
  void append(std::span<const std::uint16_t> codes) {
    write(appended_, codes);
    appended_ += codes.size();
    for (const std::uint16_t c : codes) max_code_ = std::max(max_code_, c);
  }
  // Codes [first, first + codes.size()), anywhere in the file.
  void write(Index first, std::span<const std::uint16_t> codes) {
    const auto* bytes = reinterpret_cast<const char*>(codes.data());
    transfer(first, codes.size_bytes(), "write",
             [&](std::size_t done, std::size_t n, off_t at) { return ::pwrite(fd_, bytes + done, n, at); });
  }
  void read(Index first, std::span<std::uint16_t> out) const {
    auto* bytes = reinterpret_cast<char*>(out.data());
    transfer(first, out.size_bytes(), "read",
             [&](std::size_t done, std::size_t n, off_t at) { return ::pread(fd_, bytes + done, n, at); });
  }

  Index size() const { return appended_; }  // the codes appended
  std::uint16_t max_code() const { return max_code_; }

 private:
  // Moves `total` bytes at code `first` with `io(done, left, offset)`, a
  // pread or pwrite, until all are moved.
  template <class Io>
  void transfer(Index first, std::size_t total, const char* what, Io&& io) const {
    const auto at = static_cast<off_t>(first * sizeof(std::uint16_t));
    for (std::size_t done = 0; done < total;) {
      const ssize_t n = io(done, total - done, at + static_cast<off_t>(done));
      if (n < 0 && errno == EINTR) continue;
      if (n == 0) errno = EIO;  // read past the end: the file was cut short under the run
      if (n <= 0) fail(what);
      done += static_cast<std::size_t>(n);
    }
  }
  [[noreturn]] void fail(const char* what) const {
    throw GenError("cannot " + std::string(what) + " " + path_.string() + ": " + std::strerror(errno));
  }

  std::filesystem::path path_;
  int fd_ = -1;
  Index appended_ = 0;
  std::uint16_t max_code_ = 0;
};

}  // namespace rtb
