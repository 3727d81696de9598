// The table opener: storage::TableReader on a file holding the input,
// then its values one at a time and all at once (read_all). The seed
// corpus holds a valid tiny table, written by make_table_seed when
// scripts/fuzz.sh runs (so it follows the current table format).
//
// Properties: opening and reading throw StorageError or succeed, never
// read outside the file or the map (AddressSanitizer, no SIGBUS), and a
// table that opens gives the same values one at a time as read_all.
#include <algorithm>
#include <vector>

#include "storage/table_reader.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const rtb::fuzz::ScratchFile scratch("rtb-fuzz-table");
  const auto& path = scratch.write(rtb::fuzz::as_text(data, size));
  try {
    const rtb::storage::TableReader reader(path);
    const std::uint64_t n = reader.meta().index_size;
    if (n == 0) return 0;
    const std::vector<std::uint64_t> probes = {0, n / 2, n - 1};
    std::vector<std::uint16_t> one_by_one;
    for (std::uint64_t i : probes) one_by_one.push_back(reader.value(i));
    const std::vector<std::uint16_t> all = reader.read_all();
    rtb::fuzz::expect(all.size() == n, "read_all gave the wrong number of values");
    for (std::size_t k = 0; k < probes.size(); ++k)
      rtb::fuzz::expect(all[probes[k]] == one_by_one[k], "value(i) and read_all disagree");
  } catch (const rtb::storage::StorageError&) {
  }
  return 0;
}
