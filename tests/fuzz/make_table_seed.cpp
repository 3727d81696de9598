// Writes the seed of fuzz_table: a valid table of 50 values in blocks of
// 16, small enough for the fuzzer to mutate all of it.
// Usage: make_table_seed FILE
#include <cstdio>
#include <exception>
#include <vector>

#include "storage/table_writer.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_table_seed FILE\n");
    return 2;
  }
  try {
    rtb::storage::TableMeta meta;
    meta.game = "tictactoe";
    meta.params = "k=3,m=3,n=3";
    meta.identity = "fuzz-seed";
    meta.value_kind = "wdl16";
    meta.generator_version = "make_table_seed";
    std::vector<std::uint16_t> values(50);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint16_t>(i * 7 % 23);
    meta.legal = values.size();
    rtb::storage::WriteOptions options;
    options.force = true;
    options.block_values = 16;
    rtb::storage::write_table(argv[1], meta, values, options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_table_seed: %s\n", e.what());
    return 1;
  }
  return 0;
}
