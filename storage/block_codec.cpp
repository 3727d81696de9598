#include "storage/block_codec.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <new>
#include <string>

#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

constexpr bool kLittleEndianHost = std::endian::native == std::endian::little;

// Byte-wise loads and stores: the header need not be aligned and the format
// is little-endian whatever the host.
void store_le(std::byte* out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[i] = static_cast<std::byte>(value >> (8 * i));
}

std::uint64_t load_le(const std::byte* in, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::to_integer<std::uint64_t>(in[i]) << (8 * i);
  return value;
}

[[maybe_unused]] std::uint16_t swap16(std::uint16_t v) {  // big-endian hosts only
  return static_cast<std::uint16_t>((v << 8) | (v >> 8));
}

// Decompression allocates a sizeable context; keep one per thread instead of
// one per block (ZSTD_decompress would allocate it on every call).
ZSTD_DCtx* thread_dctx() {
  struct Free {
    void operator()(ZSTD_DCtx* dctx) const noexcept { ZSTD_freeDCtx(dctx); }
  };
  thread_local std::unique_ptr<ZSTD_DCtx, Free> dctx(ZSTD_createDCtx());
  if (!dctx) throw std::bad_alloc();
  return dctx.get();
}

// The seed of a block's checksum: its number hashed under its table's salt.
std::uint64_t checksum_seed(BlockKey key) {
  unsigned char number[8];
  for (int i = 0; i < 8; ++i) number[i] = static_cast<unsigned char>(key.number >> (8 * i));
  return XXH3_64bits_withSeed(number, sizeof number, key.table_salt);
}

std::uint64_t block_checksum(const std::byte* begin, std::size_t bytes, BlockKey key) {
  return XXH3_64bits_withSeed(begin, bytes, checksum_seed(key));
}

}  // namespace

TableChecksum::TableChecksum() : state_(XXH3_createState()) {
  if (!state_ || XXH3_64bits_reset(state_.get()) != XXH_OK) throw std::bad_alloc();
}

void TableChecksum::update(std::span<const std::uint16_t> values) {
  // Stream in chunks so a big-endian host converts through a small buffer.
  constexpr std::size_t kChunk = 1 << 16;
  for (std::size_t begin = 0; begin < values.size(); begin += kChunk) {
    std::span<const std::uint16_t> chunk = values.subspan(begin, std::min(kChunk, values.size() - begin));
    if constexpr (!kLittleEndianHost) {
      buffer_.assign(chunk.begin(), chunk.end());
      for (auto& v : buffer_) v = swap16(v);
      chunk = buffer_;
    }
    XXH3_64bits_update(state_.get(), chunk.data(), chunk.size_bytes());
  }
}

std::uint64_t TableChecksum::digest() const {
  return XXH3_64bits_digest(state_.get());
}

std::uint64_t table_checksum(std::span<const std::uint16_t> values) {
  TableChecksum checksum;
  checksum.update(values);
  return checksum.digest();
}

void BlockCodec::CCtxFree::operator()(ZSTD_CCtx_s* cctx) const noexcept {
  ZSTD_freeCCtx(cctx);
}

BlockCodec::BlockCodec(int zstd_level) : level_(zstd_level), cctx_(ZSTD_createCCtx()) {
  if (!cctx_) throw std::bad_alloc();
}

BlockCodec::~BlockCodec() = default;

std::size_t BlockCodec::max_encoded_size(std::size_t values) {
  return kBlockHeaderBytes + ZSTD_compressBound(values * sizeof(std::uint16_t));
}

void BlockCodec::encode(std::span<const std::uint16_t> values, BlockKey key, std::vector<std::byte>& out) {
  if (values.size() > std::numeric_limits<std::uint32_t>::max())
    throw StorageError("a block of " + std::to_string(values.size()) + " values is too large");
  const void* raw = values.data();
  if constexpr (!kLittleEndianHost) {
    little_endian_.assign(values.begin(), values.end());
    for (auto& v : little_endian_) v = swap16(v);
    raw = little_endian_.data();
  }
  out.resize(max_encoded_size(values.size()));
  const std::size_t compressed =
      ZSTD_compressCCtx(cctx_.get(), out.data() + kBlockHeaderBytes, out.size() - kBlockHeaderBytes, raw,
                        values.size_bytes(), level_);
  if (ZSTD_isError(compressed))
    throw StorageError(std::string("zstd cannot compress a block: ") + ZSTD_getErrorName(compressed));
  out.resize(kBlockHeaderBytes + compressed);
  store_le(out.data() + 8, values.size(), 4);
  store_le(out.data(), block_checksum(out.data() + 8, out.size() - 8, key), 8);
}

void BlockCodec::decode_or_throw(std::span<const std::byte> stored, BlockKey key,
                                 std::span<std::uint16_t> out, const std::string& context) {
  const DecodeResult result = decode(stored, key, out);
  if (result != DecodeResult::ok)
    throw StorageError(context + ": block " + std::to_string(key.number) + " is corrupt (" +
                       std::string(describe(result)) + ")");
}

BlockCodec::DecodeResult BlockCodec::decode(std::span<const std::byte> stored, BlockKey key,
                                            std::span<std::uint16_t> out) {
  if (stored.size() < kBlockHeaderBytes) return DecodeResult::too_short;
  // Verify before decompressing: zstd must never see damaged input.
  if (load_le(stored.data(), 8) != block_checksum(stored.data() + 8, stored.size() - 8, key))
    return DecodeResult::checksum_mismatch;
  if (load_le(stored.data() + 8, 4) != out.size()) return DecodeResult::wrong_count;
  const std::span<const std::byte> payload = stored.subspan(kBlockHeaderBytes);
  const std::size_t written =
      ZSTD_decompressDCtx(thread_dctx(), out.data(), out.size_bytes(), payload.data(), payload.size());
  if (ZSTD_isError(written) || written != out.size_bytes()) return DecodeResult::bad_payload;
  if constexpr (!kLittleEndianHost)
    for (auto& v : out) v = swap16(v);
  return DecodeResult::ok;
}

std::string_view BlockCodec::describe(DecodeResult result) {
  switch (result) {
    case DecodeResult::ok:
      return "ok";
    case DecodeResult::too_short:
      return "shorter than its header";
    case DecodeResult::checksum_mismatch:
      return "checksum mismatch";
    case DecodeResult::wrong_count:
      return "wrong number of values";
    case DecodeResult::bad_payload:
      return "zstd payload does not decompress to the values";
  }
  return "unknown error";
}

}  // namespace rtb::storage
