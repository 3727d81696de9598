// The metadata record of a table. Storage knows nothing of any game: the
// game, its parameters, its identity and the value kind are opaque strings
// here, and the counts are named by the value kind that writes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtb::storage {

// Version 3: the file ends with page checksums (storage/page_trailer.h),
// the meta record carries its own checksum, and a block's checksum covers
// its number and its table (`block_salt`). Version 2 named the index size
// `index_size`, counts per value kind, and kept the solver's parameters apart.
constexpr std::uint32_t kFormatVersion = 3;

// What a value kind counts over a table ("wins", "max_depth" ...), kept in
// the order of their names. Names are lower-case words and underscores.
class Counts {
 public:
  void set(std::string name, std::uint64_t value);
  std::optional<std::uint64_t> find(std::string_view name) const;
  std::uint64_t get(std::string_view name) const { return find(name).value_or(0); }
  const std::vector<std::pair<std::string, std::uint64_t>>& items() const { return items_; }
  bool operator==(const Counts&) const = default;

 private:
  std::vector<std::pair<std::string, std::uint64_t>> items_;
};

struct TableMeta {
  std::string game;           // registry name of the plugin
  std::string params;         // the game's parameters, canonical "k=v,k=v"
  std::string solver_params;  // the solver's own (arena16: "objective=buchi"), canonical
  std::string identity;       // what the values depend on; checked on open
  std::string value_kind;     // which codes the values are: "wdl16", "grundy16", "arena16"
  std::uint32_t format_version = kFormatVersion;
  std::string generator_version;
  std::uint64_t index_size = 0;    // values stored: the game's index space, broken indices included
  std::uint64_t legal = 0;         // indices that are positions
  Counts counts;                   // what the value kind counts
  std::uint32_t block_values = 0;  // values per block (set by the writer)
  std::uint64_t checksum = 0;      // XXH3-64 of all values, little-endian (set by the writer)
  std::uint64_t block_salt = 0;    // binds the blocks' checksums to this table (set by the writer)
  bool complete = false;           // set by the writer in the final transaction
  std::string extra;               // what a value kind needs beside the values (grundy16: the infinity sets)
};

}  // namespace rtb::storage
