#include "storage/checkpoint_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>

#include "storage/table_writer.h"

namespace rtb::storage {
namespace fs = std::filesystem;
namespace {

constexpr char kMagic[8] = {'r', 't', 'b', 'c', 'k', 'p', 't', '1'};

struct FreeState {
  void operator()(XXH3_state_t* state) const noexcept { XXH3_freeState(state); }
};

// Writes to a file descriptor, hashing what it writes.
class HashedOut {
 public:
  HashedOut(int fd, const fs::path& file) : fd_(fd), file_(file), state_(XXH3_createState()) {
    if (!state_) throw StorageError("cannot write checkpoint " + file.string() + ": out of memory");
    XXH3_64bits_reset(state_.get());
  }
  void bytes(const void* data, std::size_t n) {
    XXH3_64bits_update(state_.get(), data, n);
    raw(data, n);
  }
  void u64(std::uint64_t v) { bytes(&v, sizeof v); }
  void text(std::string_view s) {
    u64(s.size());
    bytes(s.data(), s.size());
  }
  void digest() {
    const std::uint64_t d = XXH3_64bits_digest(state_.get());
    raw(&d, sizeof d);
  }

 private:
  void raw(const void* data, std::size_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
      const ssize_t w = ::write(fd_, p, std::min<std::size_t>(n, 1 << 30));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0)
        throw StorageError("cannot write checkpoint " + file_.string() + ": " + std::strerror(errno));
      p += w;
      n -= static_cast<std::size_t>(w);
    }
  }
  int fd_;
  const fs::path& file_;
  std::unique_ptr<XXH3_state_t, FreeState> state_;
};

// Reads the mapped file front to back; every read is bounds-checked.
class Cursor {
 public:
  explicit Cursor(std::span<const std::byte> bytes) : bytes_(bytes) {}
  bool take(std::size_t n, std::span<const std::byte>& out) {
    if (bytes_.size() - at_ < n) return false;
    out = bytes_.subspan(at_, n);
    at_ += n;
    return true;
  }
  bool u64(std::uint64_t& v) {
    std::span<const std::byte> b;
    if (!take(sizeof v, b)) return false;
    std::memcpy(&v, b.data(), sizeof v);
    return true;
  }
  bool text(std::string& s) {
    std::uint64_t n;
    std::span<const std::byte> b;
    if (!u64(n) || !take(n, b)) return false;
    s.assign(reinterpret_cast<const char*>(b.data()), b.size());
    return true;
  }
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  std::span<const std::byte> bytes_;
  std::size_t at_ = 0;
};

}  // namespace

fs::path checkpoint_path(const fs::path& table) {
  fs::path file = table;
  file += ".checkpoint";
  return file;
}

void write_checkpoint(const fs::path& file, std::string_view identity,
                      std::span<const CheckpointSection> sections) {
  fs::path temp = file;
  temp += ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw StorageError("cannot write checkpoint " + temp.string() + ": " + std::strerror(errno));
  try {
    HashedOut out(fd, temp);
    out.bytes(kMagic, sizeof kMagic);
    out.text(identity);
    out.u64(sections.size());
    for (const CheckpointSection& s : sections) {
      out.text(s.name);
      out.u64(s.bytes.size());
      out.bytes(s.bytes.data(), s.bytes.size());
    }
    out.digest();
    if (::fsync(fd) != 0)
      throw StorageError("cannot sync checkpoint " + temp.string() + ": " + std::strerror(errno));
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temp.c_str(), file.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temp.c_str());
    throw StorageError("cannot rename checkpoint to " + file.string() + ": " + std::strerror(saved));
  }
}

std::optional<CheckpointFile> CheckpointFile::open(const fs::path& file, std::string_view identity,
                                                   std::string& why) {
  why.clear();
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) why = "cannot open " + file.string() + ": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st;
  CheckpointFile cp;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    cp.size_ = static_cast<std::size_t>(st.st_size);
    void* map = ::mmap(nullptr, cp.size_, PROT_READ, MAP_PRIVATE, fd, 0);
    cp.map_ = map == MAP_FAILED ? nullptr : map;
  }
  ::close(fd);
  const auto damaged = [&](const std::string& what) {
    why = file.string() + " is " + what + "; ignoring it";
    return std::nullopt;
  };
  if (cp.map_ == nullptr) return damaged("empty or unreadable");
  const std::span<const std::byte> all(static_cast<const std::byte*>(cp.map_), cp.size_);
  if (all.size() < sizeof kMagic + 8 || std::memcmp(all.data(), kMagic, sizeof kMagic) != 0)
    return damaged("not a checkpoint");
  const std::span<const std::byte> body = all.first(all.size() - 8);
  std::uint64_t stored;
  std::memcpy(&stored, all.data() + body.size(), sizeof stored);
  if (XXH3_64bits(body.data(), body.size()) != stored) return damaged("damaged (checksum mismatch)");
  Cursor in(body.subspan(sizeof kMagic));
  std::string found;
  std::uint64_t count = 0;
  if (!in.text(found) || !in.u64(count)) return damaged("damaged (truncated header)");
  if (found != identity) return damaged("another table's or solver's (" + found + ")");
  for (std::uint64_t k = 0; k < count; ++k) {
    std::string name;
    std::uint64_t n = 0;
    std::span<const std::byte> bytes;
    if (!in.text(name) || !in.u64(n) || !in.take(n, bytes)) return damaged("damaged (truncated section)");
    cp.sections_.emplace_back(std::move(name), bytes);
  }
  if (!in.at_end()) return damaged("damaged (trailing bytes)");
  return cp;
}

CheckpointFile::~CheckpointFile() {
  if (map_ != nullptr) ::munmap(map_, size_);
}

CheckpointFile::CheckpointFile(CheckpointFile&& other) noexcept
    : map_(std::exchange(other.map_, nullptr)), size_(other.size_), sections_(std::move(other.sections_)) {}

CheckpointFile& CheckpointFile::operator=(CheckpointFile&& other) noexcept {
  std::swap(map_, other.map_);
  std::swap(size_, other.size_);
  std::swap(sections_, other.sections_);
  return *this;
}

std::span<const std::byte> CheckpointFile::section(std::string_view name) const {
  for (const auto& [n, bytes] : sections_)
    if (n == name) return bytes;
  return {};
}

bool CheckpointFile::has(std::string_view name) const {
  return std::any_of(sections_.begin(), sections_.end(), [&](const auto& s) { return s.first == name; });
}

}  // namespace rtb::storage
