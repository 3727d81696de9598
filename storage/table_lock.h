// Who is writing a table. A writer holds an advisory lock (flock) on
// "<table>.lock" for as long as it works on the table, and only the holder
// may touch "<table>.partial" or the table's checkpoint. A lock dies with
// its process, so a partial file nobody holds a lock for was left by a run
// that ended: it may be removed or resumed. One found locked is a live
// writer's, and is never touched.
#pragma once

#include <filesystem>

namespace rtb::storage {

std::filesystem::path lock_file_path(const std::filesystem::path& table);

class TableLock {
 public:
  enum class Wait { no, yes };
  // Takes the lock of `table`. With Wait::no, throws StorageError
  // ("another tbgen is writing ...") when another writer holds it.
  explicit TableLock(const std::filesystem::path& table, Wait wait = Wait::no);
  ~TableLock();
  TableLock(TableLock&& other) noexcept;
  TableLock& operator=(TableLock&&) = delete;
  TableLock(const TableLock&) = delete;
  TableLock& operator=(const TableLock&) = delete;

  const std::filesystem::path& table() const { return table_; }

 private:
  std::filesystem::path table_;
  int fd_ = -1;
};

}  // namespace rtb::storage
