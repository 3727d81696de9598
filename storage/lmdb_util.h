// RAII owners of LMDB handles and a check that turns an LMDB return code into
// a StorageError. Internal to storage/ (and its tests): every MDB_env and
// MDB_txn the storage layer opens is owned by one of these, so an exception
// anywhere closes what was opened.
#pragma once

#include <lmdb.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "storage/table_writer.h"

namespace rtb::storage::lmdb {

// Throws StorageError("<context>: <op>: <LMDB's message>") unless rc is 0.
// `context` names the table ("cannot write table X", "table X"), so the
// message is one line that says which file and which step failed.
inline void check(int rc, const std::string& context, const char* op) {
  if (rc != MDB_SUCCESS) throw StorageError(context + ": " + op + ": " + mdb_strerror(rc));
}

class Env {
 public:
  explicit Env(const std::string& context) { check(mdb_env_create(&env_), context, "mdb_env_create"); }
  ~Env() { close(); }
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;

  // Closes early (the writer must close before it renames the file).
  void close() noexcept {
    if (env_ != nullptr) mdb_env_close(std::exchange(env_, nullptr));
  }
  MDB_env* get() const noexcept { return env_; }

 private:
  MDB_env* env_ = nullptr;
};

// LMDB reports a write that stopped short as EIO: that is how a full disk
// looks to it (the first pwrite of a page fills the disk and returns less).
// Said as ENOSPC when the file's filesystem has no room left, so the user
// reads "No space left on device", not "Input/output error".
inline int short_write_as_disk_full(int rc, MDB_env* env) noexcept {
  mdb_filehandle_t fd;
  struct statvfs fs;
  if (rc != EIO || mdb_env_get_fd(env, &fd) != MDB_SUCCESS || ::fstatvfs(fd, &fs) != 0) return rc;
  // Root may write the blocks reserved for it, other users only those available.
  const std::uint64_t free_blocks = ::geteuid() == 0 ? fs.f_bfree : fs.f_bavail;
  constexpr std::uint64_t kAlmostFull = 1 << 20;  // less than a large write of pages
  return free_blocks * fs.f_frsize < kAlmostFull ? ENOSPC : rc;
}

// A top-level transaction; aborted on destruction unless committed.
class Txn {
 public:
  Txn(MDB_env* env, unsigned flags, const std::string& context) : env_(env) {
    check(mdb_txn_begin(env, nullptr, flags, &txn_), context, "mdb_txn_begin");
  }
  ~Txn() {
    if (txn_ != nullptr) mdb_txn_abort(txn_);
  }
  Txn(const Txn&) = delete;
  Txn& operator=(const Txn&) = delete;

  // Returns LMDB's code so the writer can react to MDB_MAP_FULL. LMDB frees
  // the transaction whether or not the commit succeeds.
  [[nodiscard]] int commit() noexcept {
    return short_write_as_disk_full(mdb_txn_commit(std::exchange(txn_, nullptr)), env_);
  }
  MDB_txn* get() const noexcept { return txn_; }

 private:
  MDB_env* env_;
  MDB_txn* txn_ = nullptr;
};

// Calls f(key, data) for every record of `dbi` in key order, through a
// cursor closed on any exit; a failed step is reported as `step`
// ("mdb_cursor_get(blocks)").
template <class F>
void for_each_record(MDB_txn* txn, MDB_dbi dbi, const std::string& context, const char* step, F&& f) {
  MDB_cursor* raw = nullptr;
  check(mdb_cursor_open(txn, dbi, &raw), context, "mdb_cursor_open");
  const std::unique_ptr<MDB_cursor, decltype(&mdb_cursor_close)> cursor(raw, &mdb_cursor_close);
  MDB_val key, data;
  for (int rc = mdb_cursor_get(raw, &key, &data, MDB_FIRST); rc != MDB_NOTFOUND;
       rc = mdb_cursor_get(raw, &key, &data, MDB_NEXT)) {
    check(rc, context, step);
    f(key, data);
  }
}

}  // namespace rtb::storage::lmdb
