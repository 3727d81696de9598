// A check of an LMDB file's two meta pages, made with pread() before LMDB
// maps the file. Internal to storage/.
//
// LMDB trusts the page size and last page number in its meta pages: a
// truncated file, or one whose page size was damaged, makes it read past the
// end of its map (SIGBUS) before any call can return an error. Reading the
// meta pages ourselves first turns those cases into StorageErrors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace rtb::storage {

struct LmdbHeader {
  std::uint32_t page_size = 0;
  std::uint64_t last_page = 0;  // of the newer meta page, the one LMDB uses
  std::uint64_t file_bytes = 0;
  // The bytes the file must have: (last_page + 1) * page_size, at least two pages.
  std::uint64_t needed_bytes() const;
};

// Throws StorageError (starting with `context`) unless `path` starts with two
// valid LMDB meta pages that agree on the page size and the file is at least
// needed_bytes() long.
LmdbHeader check_lmdb_header(const std::filesystem::path& path, const std::string& context);

// The address at which LMDB mapped the file, found from a pointer `inside`
// one of its pages: LMDB's API hands out pointers into its map, not offsets,
// and every page starts with its own number. The page holding `inside` must
// be one whose bytes are trusted (checked, or just written by this process);
// the map is aligned to the page size, which is the OS page size.
const std::byte* lmdb_map_base(const void* inside, std::uint32_t page_size);

}  // namespace rtb::storage
