// The tables of the served directory, each opened once, on first use, and
// kept open: a request finds its table's reader here instead of opening the
// file again. Shared by every worker thread.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

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
};

class OpenTables {
 public:
  explicit OpenTables(std::filesystem::path dir) : dir_(std::move(dir)) {}
  const std::filesystem::path& dir() const { return dir_; }
  // The table at `path` (a file of dir()); throws what opening it throws
  // (ProbeError, storage::StorageError), and tries again next time.
  const ServedTable& at(const std::filesystem::path& path) const;

 private:
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::filesystem::path, std::unique_ptr<ServedTable>> open_;
};

}  // namespace rtb::server
