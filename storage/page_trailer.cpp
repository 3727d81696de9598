#include "storage/page_trailer.h"

#include <fcntl.h>
#include <lmdb.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "storage/lmdb_header.h"
#include "storage/lmdb_util.h"

namespace rtb::storage {
namespace {

constexpr char kMagic[8] = {'R', 'T', 'B', 'P', 'A', 'G', 'E', 'S'};
constexpr std::uint32_t kTrailerVersion = 1;
constexpr std::size_t kFooterBytes = 40;
// LMDB's page header (pgno, pad, flags, lower/upper): the bytes of an
// overflow record start right after it.
constexpr std::uint64_t kPageHeaderBytes = 16;

void store_le(unsigned char* out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}

std::uint64_t load_le(const unsigned char* in, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{in[i]} << (8 * i);
  return value;
}

std::uint64_t bitmap_bytes(std::uint64_t pages) {
  return (pages + 7) / 8;
}

class Fd {
 public:
  Fd(const std::filesystem::path& path, int flags, const std::string& context)
      : fd_(::open(path.c_str(), flags | O_CLOEXEC)) {
    if (fd_ < 0) throw StorageError(context + ": cannot open " + path.string() + ": " + std::strerror(errno));
  }
  ~Fd() { ::close(fd_); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

void read_exactly(int fd, void* out, std::size_t bytes, std::uint64_t offset, const std::string& context) {
  auto* at = static_cast<unsigned char*>(out);
  while (bytes > 0) {
    const ssize_t got = ::pread(fd, at, bytes, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw StorageError(context + " cannot be read: " + std::strerror(errno));
    if (got == 0) throw StorageError(context + " is truncated");
    at += got, bytes -= static_cast<std::size_t>(got), offset += static_cast<std::uint64_t>(got);
  }
}

void write_exactly(int fd, const void* in, std::size_t bytes, std::uint64_t offset,
                   const std::string& context) {
  const auto* at = static_cast<const unsigned char*>(in);
  while (bytes > 0) {
    const ssize_t put = ::pwrite(fd, at, bytes, static_cast<off_t>(offset));
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) throw StorageError(context + ": writing the page checksums: " + std::strerror(errno));
    at += put, bytes -= static_cast<std::size_t>(put), offset += static_cast<std::uint64_t>(put);
  }
}

// The pages that hold only a block's bytes (overflow records): LMDB never
// reads them itself, and the block's checksum covers them.
constexpr std::uint64_t kRecordsPerRelease = 1024;

std::vector<bool> walked_pages(const std::filesystem::path& path, std::uint64_t page_count,
                               std::uint32_t page_size, const std::string& context) {
  std::vector<bool> walked(page_count, true);
  lmdb::Env env(context);
  lmdb::check(mdb_env_set_maxdbs(env.get(), kDatabases), context, "mdb_env_set_maxdbs");
  lmdb::check(mdb_env_set_mapsize(env.get(), page_count * page_size), context, "mdb_env_set_mapsize");
  lmdb::check(mdb_env_open(env.get(), path.c_str(), MDB_RDONLY | MDB_NOSUBDIR | MDB_NOLOCK, 0444), context,
              "mdb_env_open");
  lmdb::Txn txn(env.get(), MDB_RDONLY, context);
  MDB_dbi blocks = 0;
  lmdb::check(mdb_dbi_open(txn.get(), "blocks", MDB_INTEGERKEY, &blocks), context, "mdb_dbi_open(blocks)");
  const std::byte* base = nullptr;  // the map's start, read from the first record's page
  std::uint64_t records = 0;
  lmdb::for_each_record(
      txn.get(), blocks, context, "mdb_cursor_get", [&](const MDB_val&, const MDB_val& data) {
        const std::byte* record = static_cast<const std::byte*>(data.mv_data);
        if (base == nullptr) base = lmdb_map_base(record, page_size);
        // The walk maps the pages it reads (and the kernel those around
        // them) into the process: let them go now and then, or the whole
        // table would count in its memory. They stay in the page cache.
        if (++records % kRecordsPerRelease == 0)
          (void)::madvise(const_cast<std::byte*>(base), page_count * page_size, MADV_DONTNEED);
        const auto offset = static_cast<std::uint64_t>(record - base);
        // A record inside a leaf page never starts right after a page header.
        if (offset % page_size != kPageHeaderBytes) return;
        for (std::uint64_t p = offset / page_size; p <= (offset + data.mv_size - 1) / page_size; ++p)
          walked.at(p) = false;
      });
  return walked;
}

std::array<unsigned char, kFooterBytes> footer_bytes(const PageTrailer& trailer, std::uint64_t body_bytes) {
  std::array<unsigned char, kFooterBytes> footer{};
  std::memcpy(footer.data(), kMagic, sizeof kMagic);
  store_le(footer.data() + 8, kTrailerVersion, 4);
  store_le(footer.data() + 12, trailer.page_size, 4);
  store_le(footer.data() + 16, trailer.page_count, 8);
  store_le(footer.data() + 24, body_bytes, 8);
  return footer;
}

std::uint64_t trailer_checksum(std::span<const unsigned char> body, std::span<const unsigned char> footer) {
  // One buffer, so no XXH3 streaming state is needed.
  std::vector<unsigned char> covered(body.begin(), body.end());
  covered.insert(covered.end(), footer.begin(), footer.begin() + 32);
  return XXH3_64bits(covered.data(), covered.size());
}

}  // namespace

void append_page_trailer(const std::filesystem::path& path, const std::string& context) {
  const LmdbHeader header = check_lmdb_header(path, context);
  if (header.file_bytes % header.page_size != 0)
    throw StorageError(context + ": the LMDB file is not a whole number of pages");
  PageTrailer trailer;
  trailer.page_size = header.page_size;
  trailer.page_count = header.file_bytes / header.page_size;
  trailer.walked = walked_pages(path, trailer.page_count, trailer.page_size, context);

  const Fd fd(path, O_RDWR, context);
  std::vector<unsigned char> body(trailer.page_count * 8 + bitmap_bytes(trailer.page_count));
  std::vector<unsigned char> page(trailer.page_size);
  for (std::uint64_t p = 0; p < trailer.page_count; ++p) {
    read_exactly(fd.get(), page.data(), page.size(), p * trailer.page_size, context);
    store_le(body.data() + 8 * p, XXH3_64bits(page.data(), page.size()), 8);
    if (trailer.walked[p]) body[trailer.page_count * 8 + p / 8] |= static_cast<unsigned char>(1u << (p % 8));
  }
  auto footer = footer_bytes(trailer, body.size());
  store_le(footer.data() + 32, trailer_checksum(body, footer), 8);
  write_exactly(fd.get(), body.data(), body.size(), header.file_bytes, context);
  write_exactly(fd.get(), footer.data(), footer.size(), header.file_bytes + body.size(), context);
  if (::fsync(fd.get()) != 0) throw StorageError(context + ": fsync: " + std::strerror(errno));
}

PageTrailer read_page_trailer(int fd, std::uint64_t file_bytes, const std::string& context) {
  const std::string damaged = context + " has no valid page checksums at its end (truncated, extended, " +
                              "damaged, or written by an rtb older than format 3)";
  if (file_bytes < kFooterBytes) throw StorageError(damaged);
  std::array<unsigned char, kFooterBytes> footer;
  read_exactly(fd, footer.data(), footer.size(), file_bytes - kFooterBytes, context);
  if (std::memcmp(footer.data(), kMagic, sizeof kMagic) != 0 ||
      load_le(footer.data() + 8, 4) != kTrailerVersion)
    throw StorageError(damaged);
  PageTrailer trailer;
  trailer.page_size = static_cast<std::uint32_t>(load_le(footer.data() + 12, 4));
  trailer.page_count = load_le(footer.data() + 16, 8);
  const std::uint64_t body_bytes = load_le(footer.data() + 24, 8);
  // Bound every number by the file before any arithmetic can overflow.
  const bool sane = trailer.page_size >= 512 && trailer.page_size <= 65536 &&
                    (trailer.page_size & (trailer.page_size - 1)) == 0 &&
                    trailer.page_count <= file_bytes / trailer.page_size &&
                    body_bytes == trailer.page_count * 8 + bitmap_bytes(trailer.page_count) &&
                    trailer.lmdb_bytes() + body_bytes + kFooterBytes == file_bytes;
  if (!sane) throw StorageError(damaged);
  std::vector<unsigned char> body(body_bytes);
  read_exactly(fd, body.data(), body.size(), trailer.lmdb_bytes(), context);
  if (trailer_checksum(body, footer) != load_le(footer.data() + 32, 8)) throw StorageError(damaged);
  trailer.checksums.resize(trailer.page_count);
  trailer.walked.resize(trailer.page_count);
  for (std::uint64_t p = 0; p < trailer.page_count; ++p) {
    trailer.checksums[p] = load_le(body.data() + 8 * p, 8);
    trailer.walked[p] = (body[trailer.page_count * 8 + p / 8] >> (p % 8)) & 1;
  }
  return trailer;
}

void verify_pages(const PageTrailer& trailer, std::span<const std::byte> pages, bool only_walked,
                  const std::string& context) {
  if (pages.size() < trailer.lmdb_bytes()) throw StorageError(context + " is truncated");
  for (std::uint64_t p = 0; p < trailer.page_count; ++p) {
    if (only_walked && !trailer.walked[p]) continue;
    if (XXH3_64bits(pages.data() + p * trailer.page_size, trailer.page_size) != trailer.checksums[p])
      throw StorageError(context + " is damaged (page " + std::to_string(p) + " fails its checksum)");
  }
}

}  // namespace rtb::storage
