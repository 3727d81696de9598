// The finished tiers of a tiered table, kept beside its checkpoint
// ("<checkpoint>.tiers") so a resumed run hands them to the table writer
// again instead of solving them again. The values are kept in index order
// as the table keeps them, compressed and checksummed a record at a time
// (storage/block_codec.h: zstd), so the log takes about the table's room,
// not two bytes a value: a record is its value count and stored size (4
// bytes each, little-endian) and the stored block, keyed by its number.
// The checkpoint records how many values of the log it covers and their
// checksum; a log that does not match, or a record that fails its own
// check, is not used.
#pragma once

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "storage/block_codec.h"
#include "storage/table_writer.h"

namespace rtb {

class TierLog {
 public:
  static constexpr std::size_t kRecordValues = std::size_t{1} << 16;

  explicit TierLog(std::filesystem::path file) : file_(std::move(file)) {}

  // Appends a finished part; logged() says how much is logged.
  void append(std::span<const std::uint16_t> values) {
    if (!out_.is_open()) {
      std::filesystem::resize_file(touch(), bytes_);  // drops what no checkpoint covers
      out_.open(file_, std::ios::binary | std::ios::in | std::ios::out | std::ios::ate);
    }
    for (std::size_t at = 0; at < values.size(); at += kRecordValues) {
      const auto part = values.subspan(at, std::min(kRecordValues, values.size() - at));
      codec_.encode(part, {kSalt, records_++}, stored_);
      const auto header = record_header(part.size(), stored_.size());
      out_.write(reinterpret_cast<const char*>(header.data()), header.size());
      out_.write(reinterpret_cast<const char*>(stored_.data()), static_cast<std::streamsize>(stored_.size()));
      bytes_ += header.size() + stored_.size();
    }
    out_.flush();
    if (!out_) throw storage::StorageError("cannot write " + file_.string() + ": " + std::strerror(errno));
    checksum_.update(values);
    logged_ += values.size();
  }

  std::uint64_t logged() const { return logged_; }
  std::uint64_t digest() const { return checksum_.digest(); }

  // Reads back the first `count` values if they are whole records that pass
  // their checks and whose checksum is `digest`, handing them to `use` a
  // record at a time; false (nothing handed) if not.
  bool replay(std::uint64_t count, std::uint64_t digest,
              const std::function<void(std::span<const std::uint16_t>)>& use) {
    storage::TableChecksum check;
    if (!read(count, [&](std::span<const std::uint16_t> part) { check.update(part); }) ||
        check.digest() != digest)
      return false;
    const std::optional<End> end = read(count, [&](std::span<const std::uint16_t> part) {
      checksum_.update(part);
      use(part);
    });
    logged_ = count;
    records_ = end->records;
    bytes_ = end->bytes;
    return true;
  }

  void remove() {
    out_.close();
    std::error_code ignored;
    std::filesystem::remove(file_, ignored);
  }

 private:
  static constexpr std::uint64_t kSalt = 0x7469657273;  // "tiers": no table's blocks
  static constexpr int kLevel = 1;                      // zstd's fastest: a checkpoint is written often

  static std::array<unsigned char, 8> record_header(std::uint64_t values, std::uint64_t stored) {
    std::array<unsigned char, 8> h{};
    for (int k = 0; k < 4; ++k) {
      h[k] = static_cast<unsigned char>(values >> (8 * k));
      h[4 + k] = static_cast<unsigned char>(stored >> (8 * k));
    }
    return h;
  }

  struct End {
    std::uint64_t records, bytes;
  };
  // Decodes the records holding the first `count` values into `use`; where
  // they end, or nothing at the first that is missing, damaged or runs past
  // `count`.
  std::optional<End> read(std::uint64_t count,
                          const std::function<void(std::span<const std::uint16_t>)>& use) {
    std::ifstream in(file_, std::ios::binary);
    std::vector<std::uint16_t> values;
    std::uint64_t records = 0, bytes = 0;
    for (std::uint64_t left = count; left > 0; ++records) {
      std::array<unsigned char, 8> h{};
      if (!in.read(reinterpret_cast<char*>(h.data()), h.size())) return std::nullopt;
      std::uint32_t n = 0, size = 0;
      for (int k = 0; k < 4; ++k) {
        n |= std::uint32_t{h[k]} << (8 * k);
        size |= std::uint32_t{h[4 + k]} << (8 * k);
      }
      if (n == 0 || n > kRecordValues || n > left || size > storage::BlockCodec::max_encoded_size(n))
        return std::nullopt;
      stored_.resize(size);
      values.resize(n);
      if (!in.read(reinterpret_cast<char*>(stored_.data()), size) ||
          storage::BlockCodec::decode(stored_, {kSalt, records}, values) !=
              storage::BlockCodec::DecodeResult::ok)
        return std::nullopt;
      use(values);
      left -= n;
      bytes += h.size() + size;
    }
    return End{records, bytes};
  }

  const std::filesystem::path& touch() const {
    std::ofstream(file_, std::ios::binary | std::ios::app).close();
    return file_;
  }

  std::filesystem::path file_;
  std::fstream out_;
  storage::BlockCodec codec_{kLevel};
  std::vector<std::byte> stored_;
  storage::TableChecksum checksum_;
  std::uint64_t logged_ = 0;
  std::uint64_t records_ = 0, bytes_ = 0;  // the records logged, and the bytes they take
};

// What a checkpoint says of the log: where the run goes on (the next tier,
// or slice: gen/depth/slices.h), how much of the log is final, and the
// statistics of the parts before.
struct TierCheckpoint {
  std::uint32_t next_tier = 0;
  std::uint32_t unused = 0;
  std::uint64_t logged = 0, digest = 0;  // the log's first `logged` values, and their checksum
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0, max_depth = 0;  // of the tiers before
};

}  // namespace rtb
