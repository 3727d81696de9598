#include "server/open_tables.h"

#include <sys/stat.h>

#include <algorithm>

namespace rtb::server {

std::optional<FileStamp> FileStamp::of(const std::filesystem::path& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileStamp{st.st_dev, st.st_ino, st.st_size, st.st_mtim};
}

bool FileStamp::operator==(const FileStamp& other) const {
  return device == other.device && inode == other.inode && size == other.size &&
         modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec;
}

std::shared_ptr<const ServedTable> OpenTables::open(const std::filesystem::path& path) {
  OpenedTable table(path);
  auto served = std::make_shared<ServedTable>();
  served->meta = table.meta();
  served->solver = answers::kind_named(served->meta.value_kind).solver;
  const AnyGame& game = table.bare_game();
  if (const auto start = game.start()) served->start = game.text(*start);
  served->reader = answers::kind_named(served->meta.value_kind).open(std::move(table));
  return served;
}

std::shared_ptr<const ServedTable> OpenTables::at(const std::filesystem::path& path) const {
  const auto now = std::chrono::steady_clock::now();
  const std::lock_guard lock(mutex_);  // opening is rare: one lock keeps a file from opening twice
  Slot& slot = open_[path];
  if (slot.table && !slot.table->failed && now - slot.checked < kRecheck) return slot.table;
  // The stamp before opening: a change during the open is seen next time.
  const std::optional<FileStamp> stamp = FileStamp::of(path);
  if (slot.table && stamp && *stamp == slot.stamp) {  // the same file: a damage stays where it is
    slot.table->failed = false;
    slot.checked = now;
    return slot.table;
  }
  try {
    slot.table = open(path);
  } catch (...) {
    open_.erase(path);
    throw;
  }
  slot.stamp = stamp.value_or(FileStamp{});
  slot.checked = now;
  return slot.table;
}

DirectoryStamp directory_stamp(const std::filesystem::path& dir) {
  DirectoryStamp stamps;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".rtb")
      if (const auto stamp = FileStamp::of(entry.path()))
        stamps.emplace_back(entry.path().filename(), *stamp);
  std::sort(stamps.begin(), stamps.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return stamps;
}

OpenChessTables::OpenChessTables(std::filesystem::path dir)
    : dir_(std::move(dir)), stamp_(directory_stamp(dir_)), checked_(std::chrono::steady_clock::now()) {
  tables_ = std::make_shared<answers::ChessTables>(dir_);
}

std::shared_ptr<const answers::ChessTables> OpenChessTables::get() const {
  const auto now = std::chrono::steady_clock::now();
  const std::lock_guard lock(mutex_);
  if (!failed_ && now - checked_ < OpenTables::kRecheck) return tables_;
  DirectoryStamp stamp = directory_stamp(dir_);
  if (failed_.exchange(false) || stamp != stamp_) {
    tables_ = std::make_shared<answers::ChessTables>(dir_);
    stamp_ = std::move(stamp);
  }
  checked_ = now;
  return tables_;
}

}  // namespace rtb::server
