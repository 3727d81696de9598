// A read-only memory map of a whole file, owned (RAII), and guarded: a file
// that shrinks under it reads as zeros and changed() says so
// (storage/map_guard.h). Internal to storage/.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <utility>

#include "storage/map_guard.h"
#include "storage/table_writer.h"

namespace rtb::storage {

// What a file that is not a regular one is, for messages: "a FIFO".
inline std::string file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a directory";
  return "a special file";
}

class MappedFile {
 public:
  MappedFile() = default;
  // Opens `path`, which must be a regular file; throws StorageError
  // (starting with `context`). O_NONBLOCK keeps open() from waiting for a
  // FIFO's writer (it changes nothing for a regular file), and a FIFO or a
  // device is refused at once: neither has an end to check.
  MappedFile(const std::filesystem::path& path, const std::string& context)
      : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {
    if (fd_ < 0) throw StorageError(context + " cannot be opened: " + std::strerror(errno));
    struct stat st;
    if (::fstat(fd_, &st) != 0) fail(context);
    if (!S_ISREG(st.st_mode)) {
      release();
      throw StorageError(context + " is " + file_kind(st.st_mode) + ", not a table file");
    }
    size_ = static_cast<std::size_t>(st.st_size);
    device_ = st.st_dev;
    inode_ = st.st_ino;
  }
  ~MappedFile() { release(); }
  MappedFile(MappedFile&& other) noexcept { *this = std::move(other); }
  MappedFile& operator=(MappedFile&& other) noexcept {
    if (this != &other) {
      release();
      fd_ = std::exchange(other.fd_, -1);
      map_ = std::exchange(other.map_, nullptr);
      guard_ = std::move(other.guard_);
      size_ = std::exchange(other.size_, 0);
      device_ = other.device_;
      inode_ = other.inode_;
    }
    return *this;
  }

  // Maps the whole file (call once, after checking its size is what it should be).
  void map(const std::string& context) {
    if (size_ == 0) return;
    void* at = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd_, 0);
    if (at == MAP_FAILED) fail(context);
    map_ = at;
    guard_ = MapGuard(map_, size_, fd_);
  }

  int fd() const { return fd_; }
  std::size_t size() const { return size_; }
  std::span<const std::byte> bytes() const { return {static_cast<const std::byte*>(map_), map_ ? size_ : 0}; }
  // Whether a read of bytes() has gone beyond the file's end since it was
  // mapped (the file was truncated, or replaced by copying over it).
  bool changed() const { return guard_.changed(); }
  // Whether the file is now shorter than when it was opened: a system call,
  // for error paths (a new end within a page the map had read raises no
  // fault, so changed() can miss it).
  bool shrunk() const {
    struct stat st;
    return fd_ >= 0 && ::fstat(fd_, &st) == 0 && static_cast<std::size_t>(st.st_size) < size_;
  }
  // Whether `other_fd` is this very file (not one renamed over its path since).
  bool same_file(int other_fd) const {
    struct stat st;
    return ::fstat(other_fd, &st) == 0 && st.st_dev == device_ && st.st_ino == inode_;
  }

 private:
  [[noreturn]] void fail(const std::string& context) const {
    throw StorageError(context + " cannot be read: " + std::strerror(errno));
  }
  void release() noexcept {
    guard_ = MapGuard();
    if (map_ != nullptr) ::munmap(map_, size_);
    if (fd_ >= 0) ::close(fd_);
    map_ = nullptr;
    fd_ = -1;
  }

  int fd_ = -1;
  void* map_ = nullptr;
  MapGuard guard_;
  std::size_t size_ = 0;
  dev_t device_ = 0;
  ino_t inode_ = 0;
};

}  // namespace rtb::storage
