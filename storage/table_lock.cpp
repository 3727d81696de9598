#include "storage/table_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "storage/table_writer.h"

namespace rtb::storage {
namespace fs = std::filesystem;

fs::path lock_file_path(const fs::path& table) {
  fs::path lock = table;
  lock += ".lock";
  return lock;
}

namespace {

[[noreturn]] void fail(const fs::path& table, const std::string& what) {
  throw StorageError("cannot lock table " + table.string() + ": " + what + ": " + std::strerror(errno));
}

// The lock file still has the name we opened it by: a writer that
// finished may have unlinked it between our open() and our flock().
bool still_named(int fd, const fs::path& lock) {
  struct stat opened, named;
  return ::fstat(fd, &opened) == 0 && ::stat(lock.c_str(), &named) == 0 && opened.st_dev == named.st_dev &&
         opened.st_ino == named.st_ino;
}

}  // namespace

TableLock::TableLock(const fs::path& table, Wait wait) : table_(table) {
  const fs::path lock = lock_file_path(table);
  for (;;) {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) fail(table, "open " + lock.string());
    int rc;
    do rc = ::flock(fd, LOCK_EX | (wait == Wait::no ? LOCK_NB : 0));
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      if (saved == EWOULDBLOCK) throw StorageError("another tbgen is writing " + table.string());
      fail(table, "flock " + lock.string());
    }
    if (still_named(fd, lock)) {
      fd_ = fd;
      return;
    }
    ::close(fd);  // the file we locked was unlinked by its last holder: lock the new one
  }
}

TableLock::TableLock(TableLock&& other) noexcept : table_(std::move(other.table_)), fd_(other.fd_) {
  other.fd_ = -1;
}

// Unlinks before unlocking, so whoever locks the file next sees it is gone
// (still_named) and starts over on a fresh one: one name, one holder.
TableLock::~TableLock() {
  if (fd_ < 0) return;
  ::unlink(lock_file_path(table_).c_str());
  ::close(fd_);
}

}  // namespace rtb::storage
