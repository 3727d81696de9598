// The page checksums kept at the end of every table file. Internal to storage/.
//
// LMDB trusts its pages: a flipped byte in a meta, branch or leaf page can
// send it outside its map or into an assertion. So the writer appends, after
// the LMDB pages, a trailer holding an XXH3-64 of every page and a map of the
// pages LMDB walks (everything but the pages that only hold a block's bytes),
// and the reader verifies the trailer and every walked page before LMDB opens
// the file. Block bytes are verified by their own checksum when a block is
// read, so opening costs the B-tree, not the table.
//
// The trailer, after page_count * page_size bytes of LMDB pages:
//   page_count  x uint64  XXH3-64 of each page
//   ceil(page_count / 8)  bitmap: bit p set when LMDB walks page p
//   footer (40 bytes)     "RTBPAGES", uint32 version (1), uint32 page size,
//                         uint64 page count, uint64 bytes of the two parts above,
//                         XXH3-64 of the two parts and the footer's first 32 bytes
// All numbers little-endian.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace rtb::storage {

struct PageTrailer {
  std::uint32_t page_size = 0;
  std::uint64_t page_count = 0;
  std::vector<std::uint64_t> checksums;  // one per page
  std::vector<bool> walked;              // pages LMDB reads itself
  std::uint64_t lmdb_bytes() const { return page_count * page_size; }
};

// Appends the trailer to the finished LMDB file at `path` (closed by its
// writer): classifies its pages by opening it read-only with LMDB, which is
// safe since this process just wrote it. Throws StorageError (starting with
// `context`).
void append_page_trailer(const std::filesystem::path& path, const std::string& context);

// Reads and checks the trailer of the open file `fd` of `file_bytes` bytes:
// its checksum, and that the file is exactly the LMDB pages and the trailer.
PageTrailer read_page_trailer(int fd, std::uint64_t file_bytes, const std::string& context);

// Throws StorageError naming the first page of `pages` (the whole file's
// LMDB pages, as mapped) whose checksum differs; with only_walked, checks
// only the pages LMDB walks.
void verify_pages(const PageTrailer& trailer, std::span<const std::byte> pages, bool only_walked,
                  const std::string& context);

}  // namespace rtb::storage
