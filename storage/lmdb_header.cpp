#include "storage/lmdb_header.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>

#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

// The layout of a meta page in LMDB 0.9 (mdb.c, MDB_DATA_VERSION 1) on a
// 64-bit host, in native byte order: a 16-byte page header (flags at 10),
// then MDB_meta: magic, version, address, mapsize, two MDB_db records (the
// first one's leading uint32 is the page size), last page, txnid.
static_assert(sizeof(void*) == 8 && sizeof(std::size_t) == 8, "LMDB layout of a 64-bit host");
constexpr std::size_t kFlagsAt = 10, kMagicAt = 16, kVersionAt = 20, kPageSizeAt = 40, kLastPageAt = 136,
                      kTxnIdAt = 144, kMetaPageBytes = 152;
constexpr std::uint16_t kMetaPageFlag = 0x08;
constexpr std::uint32_t kMagic = 0xBEEFC0DE, kDataVersion = 1;
constexpr std::uint32_t kMinPageSize = 512, kMaxPageSize = 0x10000;

template <typename T>
T load(const unsigned char* page, std::size_t at) {
  T value;
  std::memcpy(&value, page + at, sizeof value);
  return value;
}

struct MetaPage {
  std::uint32_t page_size;
  std::uint64_t last_page, txn_id;
};

class File {
 public:
  File(const std::filesystem::path& path, const std::string& context)
      : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd_ < 0) throw StorageError(context + " cannot be opened: " + std::strerror(errno));
  }
  ~File() { ::close(fd_); }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

MetaPage read_meta_page(const File& file, std::uint64_t offset, const std::string& context) {
  unsigned char page[kMetaPageBytes];
  const ssize_t got = ::pread(file.fd(), page, sizeof page, static_cast<off_t>(offset));
  if (got < 0) throw StorageError(context + " cannot be read: " + std::strerror(errno));
  if (static_cast<std::size_t>(got) < sizeof page)
    throw StorageError(context + " is truncated: it ends inside LMDB's meta pages");
  if (load<std::uint32_t>(page, kMagicAt) != kMagic || !(load<std::uint16_t>(page, kFlagsAt) & kMetaPageFlag))
    throw StorageError(context + " is not an LMDB file, or is damaged (no meta page at offset " +
                       std::to_string(offset) + ")");
  if (load<std::uint32_t>(page, kVersionAt) != kDataVersion)
    throw StorageError(context + " was written by an incompatible version of LMDB");
  const MetaPage meta{load<std::uint32_t>(page, kPageSizeAt), load<std::uint64_t>(page, kLastPageAt),
                      load<std::uint64_t>(page, kTxnIdAt)};
  if (meta.page_size < kMinPageSize || meta.page_size > kMaxPageSize || !std::has_single_bit(meta.page_size))
    throw StorageError(context + " is damaged (LMDB page size " + std::to_string(meta.page_size) + ")");
  return meta;
}

}  // namespace

std::uint64_t LmdbHeader::needed_bytes() const {
  return std::max<std::uint64_t>(last_page + 1, 2) * page_size;
}

const std::byte* lmdb_map_base(const void* inside, std::uint32_t page_size) {
  const auto* byte = static_cast<const unsigned char*>(inside);
  const unsigned char* page = byte - reinterpret_cast<std::uintptr_t>(inside) % page_size;
  return reinterpret_cast<const std::byte*>(page) - load<std::uint64_t>(page, 0) * page_size;
}

LmdbHeader check_lmdb_header(const std::filesystem::path& path, const std::string& context) {
  const File file(path, context);
  struct stat st;
  if (::fstat(file.fd(), &st) != 0) throw StorageError(context + " cannot be read: " + std::strerror(errno));
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size == 0) throw StorageError(context + " is empty (truncated, or not a table)");

  const MetaPage first = read_meta_page(file, 0, context);
  const MetaPage second = read_meta_page(file, first.page_size, context);
  if (second.page_size != first.page_size)
    throw StorageError(context + " is damaged (its two LMDB meta pages disagree on the page size)");
  // LMDB uses the meta page of the later transaction (the first on a tie).
  const MetaPage& newer = second.txn_id > first.txn_id ? second : first;
  if (newer.last_page > (std::uint64_t{1} << 48))
    throw StorageError(context + " is damaged (LMDB last page " + std::to_string(newer.last_page) + ")");
  const LmdbHeader header{newer.page_size, newer.last_page, size};
  if (size < header.needed_bytes())
    throw StorageError(context + " is truncated: it has " + std::to_string(size) + " bytes, LMDB needs " +
                       std::to_string(header.needed_bytes()));
  return header;
}

}  // namespace rtb::storage
