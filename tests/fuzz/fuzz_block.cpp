// The storage records a table is made of, as a reader meets them: a stored
// block (BlockCodec::decode) and the meta record's text (parse_meta).
//
// The first byte picks the record. Blocks: bytes 1-2 give how many values
// the block must hold (little-endian), the rest is the stored block; with
// bit 1 of the first byte set the block's checksum is recomputed first, so
// the count and the zstd frame behind it are reached too (a checksum that
// a mutation must match by chance would stop the fuzzer at the header).
//
// Properties: decode reads only the bytes it is given (AddressSanitizer)
// and a block it accepts encodes and decodes back to the same values;
// parse_meta throws StorageError or gives a record.
#include <xxhash.h>

#include <cstring>
#include <string>
#include <vector>

#include "storage/block_codec.h"
#include "storage/meta_text.h"
#include "storage/table_writer.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using rtb::storage::BlockCodec;
using rtb::storage::BlockKey;

// Block 0 of a table whose salt is 0: the seed is the hash of eight zero bytes.
constexpr BlockKey kKey{0, 0};

void fix_checksum(std::vector<std::byte>& stored) {
  if (stored.size() < 8) return;
  const unsigned char number[8] = {};
  const std::uint64_t seed = XXH3_64bits_withSeed(number, sizeof number, kKey.table_salt);
  const std::uint64_t sum = XXH3_64bits_withSeed(stored.data() + 8, stored.size() - 8, seed);
  for (int i = 0; i < 8; ++i) stored[i] = static_cast<std::byte>(sum >> (8 * i));
}

void check_block(const std::uint8_t* data, std::size_t size, bool fix) {
  if (size < 2) return;
  const std::size_t count = data[0] | std::size_t{data[1]} << 8;
  const auto* begin = reinterpret_cast<const std::byte*>(data + 2);
  // An exact-size copy, so that reading one byte past it is caught.
  std::vector<std::byte> stored(begin, begin + (size - 2));
  if (fix) fix_checksum(stored);
  std::vector<std::uint16_t> values(count);
  if (BlockCodec::decode(stored, kKey, values) != BlockCodec::DecodeResult::ok) return;
  BlockCodec codec(1);
  std::vector<std::byte> again;
  codec.encode(values, kKey, again);
  std::vector<std::uint16_t> decoded(count);
  rtb::fuzz::expect(BlockCodec::decode(again, kKey, decoded) == BlockCodec::DecodeResult::ok,
                    "a re-encoded block does not decode");
  rtb::fuzz::expect(decoded == values, "a re-encoded block decodes to other values");
}

void check_meta(std::string_view text) {
  try {
    rtb::storage::parse_meta(text, "fuzz");
  } catch (const rtb::storage::StorageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  if (selector & 1)
    check_meta(rtb::fuzz::as_text(data + 1, size - 1));
  else
    check_block(data + 1, size - 1, selector & 2);
  return 0;
}
