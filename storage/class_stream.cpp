// The reader of storage/class_stream.h.
#include "storage/class_stream.h"

#include <bit>
#include <cstring>

#include "storage/table_writer.h"  // StorageError

namespace rtb::storage {
namespace {

constexpr std::size_t kHeaderBytes = 52;
constexpr std::uint32_t kMaxSymbolValues = 1u << 24;
constexpr std::uint32_t kNoConstant = 0xFFFFFFFF;

std::uint64_t load(const std::byte* p, int bytes) {
  std::uint64_t v = 0;
  for (int k = bytes; k-- > 0;) v = v << 8 | static_cast<std::uint8_t>(p[k]);
  return v;
}

std::uint64_t load_big_endian64(const std::byte* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  return v;
}

}  // namespace

void ClassStream::damaged(const char* what) const {
  throw StorageError(context_ + ": damaged class stream: " + what);
}

ClassStream::ClassStream(std::span<const std::byte> bytes, std::string context)
    : context_(std::move(context)) {
  if (bytes.size() < kHeaderBytes ||
      std::string_view(reinterpret_cast<const char*>(bytes.data()), 8) != "RTBCLS01")
    damaged("no header");
  read_tables(bytes);
  check_index();
}

void ClassStream::read_tables(std::span<const std::byte> bytes) {
  const std::byte* h = bytes.data();
  values_ = load(h + 8, 8);
  terminals_ = static_cast<std::uint32_t>(load(h + 16, 4));
  const auto symbols = static_cast<std::uint32_t>(load(h + 20, 4));
  block_bytes_ = static_cast<std::uint32_t>(load(h + 24, 4));
  blocks_ = static_cast<std::uint32_t>(load(h + 28, 4));
  shift_ = static_cast<std::uint32_t>(load(h + 32, 4));
  sparse_entries_ = load(h + 36, 4);
  const auto constant = static_cast<std::uint32_t>(load(h + 40, 4));
  tag_ = static_cast<std::uint32_t>(load(h + 44, 4));
  count_bytes_ = static_cast<std::uint32_t>(load(h + 48, 4));
  if (terminals_ == 0 || terminals_ > 256 || symbols < terminals_ || symbols > 65536)
    damaged("symbol counts");
  if (block_bytes_ < 8 || block_bytes_ > 4096 || shift_ > 40) damaged("block size");
  if (count_bytes_ != 2 && count_bytes_ != 4) damaged("the width of its block counts");
  // Every part's size, in 64 bits: none of the factors passes 2^32.
  const std::uint64_t expected = kHeaderBytes + 4ull * (symbols - terminals_) + symbols +
                                 std::uint64_t{count_bytes_} * blocks_ + 8 * sparse_entries_ +
                                 std::uint64_t{blocks_} * block_bytes_ + 8;
  if (expected != bytes.size()) damaged("its size");
  if (constant != kNoConstant) {
    if (constant >= terminals_ || blocks_ != 0 || sparse_entries_ != 0)
      damaged("a constant stream with blocks");
    constant_ = static_cast<std::uint8_t>(constant);
    return;
  }
  if (values_ == 0 || blocks_ == 0) damaged("no blocks");
  const std::byte* p = h + kHeaderBytes;
  left_.assign(symbols, 0), right_.assign(symbols, 0), length_.assign(symbols, 1);
  for (std::uint32_t s = terminals_; s < symbols; ++s, p += 4) {
    left_[s] = static_cast<std::uint16_t>(load(p, 2)), right_[s] = static_cast<std::uint16_t>(load(p + 2, 2));
    if (left_[s] >= s || right_[s] >= s) damaged("a pair that is not made of earlier symbols");
    length_[s] = length_[left_[s]] + length_[right_[s]];
    if (length_[s] > kMaxSymbolValues) damaged("a symbol too long");
  }
  code_ = CanonicalDecoder::make(std::span(reinterpret_cast<const std::uint8_t*>(p), symbols));
  if (!code_) damaged("its code lengths");
  fast_.assign(std::size_t{1} << kFastBits, {});
  for (std::uint64_t top = 0; top < fast_.size(); ++top) {
    FastCode& f = fast_[top];
    for (unsigned used = 0; used < kFastBits;) {
      const CanonicalDecoder::Decoded c = code_->decode(top << (64 - kFastBits + used));
      if (c.length == 0 || used + c.length > kFastBits) break;
      if (used == 0)
        f.values = length_[c.symbol], f.symbol = c.symbol, f.bits = static_cast<std::uint8_t>(c.length);
      used += c.length;
      f.run_values += length_[c.symbol];
      f.run_bits = static_cast<std::uint8_t>(used);
    }
  }
  counts_ = p + symbols;
  sparse_ = counts_ + std::uint64_t{count_bytes_} * blocks_;
  data_ = sparse_ + 8 * sparse_entries_;
}

// Each sparse entry must name the block that holds its value and the place
// there, and the blocks' counts must add up to the stream's values: then
// the walk of at() stays inside the counts.
void ClassStream::check_index() const {
  if (constant_) return;
  if (sparse_entries_ != ((values_ - 1) >> shift_) + 1) damaged("its sparse index size");
  std::uint64_t start = 0, next_entry = 0;
  for (std::uint32_t b = 0; b < blocks_; ++b) {
    const std::uint64_t count = block_values(b);
    for (; next_entry < sparse_entries_ && (next_entry << shift_) < start + count; ++next_entry) {
      const std::byte* e = sparse_ + 8 * next_entry;
      if (load(e, 4) != b || start + load(e + 4, 4) != next_entry << shift_) damaged("its sparse index");
    }
    start += count;
  }
  if (start != values_ || next_entry != sparse_entries_) damaged("block counts that do not add up");
}

std::uint64_t ClassStream::block_values(std::uint64_t block) const {
  return load(counts_ + count_bytes_ * block, static_cast<int>(count_bytes_)) + 1;
}

std::uint8_t ClassStream::at(std::uint64_t index) const {
  if (constant_) return *constant_;
  if (index >= values_) throw StorageError(context_ + ": index past the class stream");
  const std::byte* entry = sparse_ + 8 * (index >> shift_);
  std::uint64_t block = load(entry, 4);
  std::uint64_t d = load(entry + 4, 4) + (index & ((std::uint64_t{1} << shift_) - 1));
  // The index was checked when the stream was opened, but the file may
  // have changed since (a truncated map reads as zeros): the walk must not
  // leave the blocks whatever the bytes say.
  for (std::uint64_t count;; ++block) {
    if (block >= blocks_) damaged("an index that leads past its blocks");
    if (d < (count = block_values(block))) break;
    d -= count;
  }
  const std::byte* p = data_ + block * block_bytes_;
  const std::uint64_t end = std::uint64_t{block_bytes_} * 8;
  std::uint16_t symbol = 0;
  // Each step depends on the length of the code before: the loop is as
  // fast as its chain of loads, so the common case takes one table lookup.
  for (std::uint64_t bit = 0;;) {
    const std::uint64_t window = load_big_endian64(p + bit / 8) << (bit % 8);
    const FastCode& f = fast_[window >> (64 - kFastBits)];
    if (d >= f.run_values && bit + f.run_bits <= end && f.run_bits != 0) {
      d -= f.run_values;
      bit += f.run_bits;
      continue;
    }
    symbol = f.symbol;
    std::uint64_t bits = f.bits, values = f.values;
    if (bits == 0) [[unlikely]] {
      const CanonicalDecoder::Decoded c = code_->decode(window, kFastBits + 1);
      if (c.length == 0) damaged("a code that is none");
      symbol = c.symbol, bits = c.length, values = length_[symbol];
    }
    if (bit + bits > end) damaged("a block that ends before its values");
    if (d < values) break;
    d -= values;
    bit += bits;
  }
  while (symbol >= terminals_) {
    const std::uint16_t left = left_[symbol];
    if (d < length_[left]) {
      symbol = left;
    } else {
      d -= length_[left];
      symbol = right_[symbol];
    }
  }
  return static_cast<std::uint8_t>(symbol);
}

}  // namespace rtb::storage
