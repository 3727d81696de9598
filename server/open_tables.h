// The tables of the served directory, each opened on first use and kept
// open: a request finds its table's reader here instead of opening the file
// again. A file is looked at again (its inode, size and modification time)
// when it was last looked at more than kRecheck ago, or at once after a read
// of it failed: a table replaced, rewritten, deleted or newly written is
// served as it now is, and a damaged one is retried once it is replaced.
// Shared by every worker thread; a request keeps the table it was given
// alive while it answers, even if the file is reopened meanwhile.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answers/lichess.h"
#include "answers/value_kind.h"

namespace rtb::server {

struct ServedTable {
  storage::TableMeta meta;
  std::string solver;                // tbprobe --solver of its kind: wdl, grundy, arena
  std::optional<std::string> start;  // the start position, where the game has one
  std::unique_ptr<answers::KindReader> reader;
  // --stats reads every value: computed once, on first request.
  mutable std::once_flag stats_once;
  mutable answers::Json stats;
  // Set by a request whose read of the table failed: the file is looked at
  // again on the next request.
  mutable std::atomic<bool> failed{false};
};

// What tells one file at a path from another, or from itself rewritten.
struct FileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  timespec modified{};
  static std::optional<FileStamp> of(const std::filesystem::path& path);  // nullopt: no such file
  bool operator==(const FileStamp& other) const;
};

class OpenTables {
 public:
  static constexpr std::chrono::seconds kRecheck{2};

  explicit OpenTables(std::filesystem::path dir) : dir_(std::move(dir)) {}
  const std::filesystem::path& dir() const { return dir_; }
  // The table at `path` (a file of dir()), opened again if the file has
  // changed; throws what opening it throws (ProbeError,
  // storage::StorageError), and tries again next time.
  std::shared_ptr<const ServedTable> at(const std::filesystem::path& path) const;

 private:
  struct Slot {
    std::shared_ptr<const ServedTable> table;
    FileStamp stamp;
    std::chrono::steady_clock::time_point checked;
  };
  static std::shared_ptr<const ServedTable> open(const std::filesystem::path& path);

  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::filesystem::path, Slot> open_;
};

// The stamps of a directory's tables (*.rtb), by name.
using DirectoryStamp = std::vector<std::pair<std::string, FileStamp>>;
DirectoryStamp directory_stamp(const std::filesystem::path& dir);

// The directory's chess tables for /standard (answers::ChessTables, which
// opens each material's table on first use), opened again when a table of
// the directory has changed (replaced, rewritten, written or deleted),
// looked at no more often than OpenTables::kRecheck, or at once after a
// failed read.
class OpenChessTables {
 public:
  explicit OpenChessTables(std::filesystem::path dir);
  std::shared_ptr<const answers::ChessTables> get() const;
  void failed() const { failed_ = true; }

 private:
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::shared_ptr<const answers::ChessTables> tables_;
  mutable DirectoryStamp stamp_;
  mutable std::chrono::steady_clock::time_point checked_;
  mutable std::atomic<bool> failed_{false};
};

}  // namespace rtb::server
