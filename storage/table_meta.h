// The metadata record of a table. Storage knows nothing of any game: the
// game, its parameters and identity are opaque strings here.
#pragma once

#include <cstdint>
#include <string>

namespace rtb::storage {

constexpr std::uint32_t kFormatVersion = 1;

struct TableMeta {
  std::string game;        // registry name of the plugin
  std::string params;      // canonical "k=v,k=v"
  std::string identity;    // what the values depend on; checked on open
  std::string value_kind;  // "wdl16": rtb::Value codes
  std::uint32_t format_version = kFormatVersion;
  std::string generator_version;
  std::uint64_t positions = 0;  // size of the index space (values stored)
  std::uint64_t legal = 0;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint32_t max_depth = 0;
  std::uint32_t block_values = 0;  // values per block (set by the writer)
  std::uint64_t checksum = 0;      // XXH3-64 of all values, little-endian (set by the writer)
  bool complete = false;           // set by the writer in the final transaction
  std::string extra;               // what a value kind needs beside the values (grundy16: the infinity sets)
};

}  // namespace rtb::storage
