// The on-disk form of one block of values, and the whole-table checksum.
//
// A stored block is
//   bytes [0, 8)   XXH3-64 of bytes [8, end), seeded by the block's key, little-endian
//   bytes [8, 12)  number of values in the block, little-endian uint32
//   bytes [12, end) one zstd frame of the values as little-endian uint16
// The checksum covers the count as well as the compressed payload, so a flip
// anywhere after the checksum is caught before zstd sees the bytes; its seed
// binds the block to its table and number, so a block stored under another
// number, or taken from another table, fails it too.
#pragma once

#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct ZSTD_CCtx_s;  // zstd's compression context, kept out of this header

namespace rtb::storage {

inline constexpr std::size_t kBlockHeaderBytes = 12;

// What a block's checksum binds it to: its table (a salt the table's meta
// record keeps) and its number.
struct BlockKey {
  std::uint64_t table_salt = 0;
  std::uint64_t number = 0;
};

// XXH3-64 over `values` as little-endian uint16 (TableMeta::checksum).
std::uint64_t table_checksum(std::span<const std::uint16_t> values);

// The same checksum fed a part at a time, for tables written in parts.
class TableChecksum {
 public:
  TableChecksum();
  void update(std::span<const std::uint16_t> values);
  std::uint64_t digest() const;

 private:
  struct Free {
    void operator()(XXH3_state_t* state) const noexcept { XXH3_freeState(state); }
  };
  std::unique_ptr<XXH3_state_t, Free> state_;
  std::vector<std::uint16_t> buffer_;
};

class BlockCodec {
 public:
  enum class DecodeResult { ok, too_short, checksum_mismatch, wrong_count, bad_payload };

  explicit BlockCodec(int zstd_level);
  ~BlockCodec();
  BlockCodec(const BlockCodec&) = delete;
  BlockCodec& operator=(const BlockCodec&) = delete;

  // Replaces `out` with the stored form of `values` (at most 2^32-1 of them).
  // Throws StorageError if zstd fails. One codec encodes on one thread.
  void encode(std::span<const std::uint16_t> values, BlockKey key, std::vector<std::byte>& out);

  // Checks and decompresses a stored block into `out`, whose size is the
  // number of values the block must hold. Thread-safe. Never reads outside
  // `stored`; `out` is unspecified unless the result is ok.
  static DecodeResult decode(std::span<const std::byte> stored, BlockKey key, std::span<std::uint16_t> out);
  // The same, throwing StorageError ("<context>: block N is corrupt (why)")
  // unless the result is ok.
  static void decode_or_throw(std::span<const std::byte> stored, BlockKey key, std::span<std::uint16_t> out,
                              const std::string& context);

  // Why a block failed, for an error message ("checksum mismatch").
  static std::string_view describe(DecodeResult result);

  // The largest stored size of a block of `values` values.
  static std::size_t max_encoded_size(std::size_t values);

 private:
  struct CCtxFree {
    void operator()(ZSTD_CCtx_s* cctx) const noexcept;
  };
  int level_;
  std::unique_ptr<ZSTD_CCtx_s, CCtxFree> cctx_;  // reused: creating one per block is slow
  std::vector<std::uint16_t> little_endian_;     // conversion buffer on big-endian hosts
};

}  // namespace rtb::storage
