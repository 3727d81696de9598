// A class stream: one small class per index (a win/draw/loss class, < 256
// of them, ordered), compressed so that one value is read by decoding a few
// bytes. Where a probe does not need the exact class (a broken index, a
// position whose class a probe takes as the best of its own and what a
// capture gives) the encoder may store any class up to it, which is what
// makes the stream small.
//
// The stream is a pair grammar (storage/pair_grammar.h) whose symbols are
// Huffman coded (storage/huffman.h) and packed whole into blocks of a fixed
// number of bytes. A sparse index gives, every 2^shift values, the block
// that holds the value and its place there; the value counts of the blocks
// walk on from it to the right block; a value is then found by decoding that
// block's codes up to the symbol that covers it and descending the symbol's
// pairs. A probe reads the sparse entry, a few counts and one block.
//
// Layout, little-endian:
//   header (52 bytes): "RTBCLS01", uint64 values, uint32 terminals,
//     uint32 symbols, uint32 block bytes, uint32 blocks, uint32 shift,
//     uint32 sparse entries, uint32 constant class (0xFFFFFFFF: none),
//     uint32 tag (the writer's: chess keeps the order of its positions),
//     uint32 bytes of a block count (2, or 4 where a block passes 65,536
//     values)
//   pairs: (symbols - terminals) x (uint16 left, uint16 right)
//   code lengths: symbols x uint8
//   block counts: blocks x uint16 or uint32 (values in the block minus one)
//   sparse index: entries x (uint32 block, uint32 place in the block)
//   blocks: blocks x block bytes, then 8 zero bytes
// A stream whose values are all one class stores no blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "storage/huffman.h"

namespace rtb::storage {

struct ClassStreamOptions {
  // A probe decodes half a block on average: 32-byte blocks take 10% more
  // room than 64-byte ones and a third fewer instructions per probe.
  std::uint32_t block_bytes = 32;
  std::uint32_t max_symbols = 4096;
  std::uint32_t tag = 0;  // kept for the reader, unread here
  // The encoder's long passes are cut into parts for up to this many
  // threads; the stream is the same for any number.
  unsigned threads = 1;
};

// The stream of `classes` (class k of index k). `exact`, if not empty, is a
// bitmap of the indices whose class must be stored as it is (bit i of word
// i/64); at the others `classes` is the most the stored class may be, and
// the encoder picks a neighbour's class where it can.
std::vector<std::byte> encode_class_stream(std::span<const std::uint8_t> classes,
                                           std::span<const std::uint64_t> exact,
                                           const ClassStreamOptions& options = {});
// The same from marked classes: marked[k] is class k, plus kExactClass
// where it must be stored as it is. The encoder works in their vector (2
// bytes per index), so a writer holds no copy of its classes beside it, and
// leaves it empty with its capacity: a large table's next stream is listed
// into it without the page faults of a fresh vector.
constexpr std::uint16_t kExactClass = 0x100;
std::vector<std::byte> encode_class_stream(std::vector<std::uint16_t>& marked,
                                           const ClassStreamOptions& options = {});

// Reads a stream in place (the bytes must outlive it). Opening checks the
// whole structure: sizes, pairs, code, counts and sparse index, so that no
// index reads outside the stream; a damaged block is caught while decoding
// it. Errors throw StorageError starting with `context`. Thread-safe.
class ClassStream {
 public:
  ClassStream(std::span<const std::byte> bytes, std::string context);

  std::uint64_t size() const { return values_; }
  std::uint32_t tag() const { return tag_; }
  // The class at `index` (< size()). Reads only the stream's bytes even
  // where they have changed since it was opened (a file truncated under its
  // map): then throws StorageError or answers from what is there.
  std::uint8_t at(std::uint64_t index) const;

 private:
  [[noreturn]] void damaged(const char* what) const;
  void read_tables(std::span<const std::byte> bytes);
  void check_index() const;
  std::uint64_t block_values(std::uint64_t block) const;

  std::string context_;
  std::uint64_t values_ = 0;
  std::uint32_t terminals_ = 0, block_bytes_ = 0, blocks_ = 0, shift_ = 0, tag_ = 0, count_bytes_ = 2;
  std::optional<std::uint8_t> constant_;
  std::vector<std::uint16_t> left_, right_;  // per symbol (unused below terminals)
  std::vector<std::uint32_t> length_;        // terminals per symbol
  std::optional<CanonicalDecoder> code_;
  // What the next kFastBits bits start with: the first code (if it is at
  // most that long) and every whole code that follows within them. The
  // walk to a value skips them all at once when they end before it, so a
  // block of short codes costs a fraction of a lookup per code.
  static constexpr unsigned kFastBits = 11;
  struct FastCode {
    std::uint32_t values = 0;      // terminals the first symbol expands to
    std::uint32_t run_values = 0;  // and all the whole codes together
    std::uint16_t symbol = 0;      // the first symbol
    std::uint8_t bits = 0;         // its code's length; 0: a longer code
    std::uint8_t run_bits = 0;     // the whole codes' lengths
  };
  std::vector<FastCode> fast_;
  const std::byte* counts_ = nullptr;  // blocks x count_bytes_
  const std::byte* sparse_ = nullptr;  // entries x 8 bytes
  std::uint64_t sparse_entries_ = 0;
  const std::byte* data_ = nullptr;  // blocks, then 8 zero bytes
};

}  // namespace rtb::storage
