// A compact table: the same table with its streams but without its values
// (WriteOptions::store_values), for a prober that derives every value from
// the streams (the chess C API from the class and depth streams).
#pragma once

#include <filesystem>

namespace rtb::storage {

// Rewrites the table at `path` as a compact table with the same meta
// record, checksum and streams; a compact table is left as it is. Throws
// StorageError, with the table unchanged, where it cannot (damage, a
// writer holding its lock).
void compact_table(const std::filesystem::path& path);

}  // namespace rtb::storage
