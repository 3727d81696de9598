// The finished tiers of a tiered table, kept beside its checkpoint
// ("<checkpoint>.tiers": the values in index order) so a resumed run hands
// them to the table writer again instead of solving them again. The
// checkpoint records how many values of the log it covers and their
// checksum; a log that does not match is not used.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "storage/block_codec.h"
#include "storage/table_writer.h"

namespace rtb {

class TierLog {
 public:
  explicit TierLog(std::filesystem::path file) : file_(std::move(file)) {}

  // Appends a finished tier; what() says how much is logged.
  void append(std::span<const std::uint16_t> values) {
    if (!out_.is_open()) {
      std::filesystem::resize_file(touch(), logged_ * sizeof(std::uint16_t));
      out_.open(file_, std::ios::binary | std::ios::in | std::ios::out | std::ios::ate);
    }
    out_.write(reinterpret_cast<const char*>(values.data()),
               static_cast<std::streamsize>(values.size_bytes()));
    out_.flush();
    if (!out_) throw storage::StorageError("cannot write " + file_.string() + ": " + std::strerror(errno));
    checksum_.update(values);
    logged_ += values.size();
  }

  std::uint64_t logged() const { return logged_; }
  std::uint64_t digest() const { return checksum_.digest(); }

  // Reads back the first `count` values if their checksum is `digest`,
  // handing them to `use` a part at a time; false (nothing handed) if not.
  bool replay(std::uint64_t count, std::uint64_t digest,
              const std::function<void(std::span<const std::uint16_t>)>& use) {
    storage::TableChecksum check;
    if (!read(count, [&](std::span<const std::uint16_t> part) { check.update(part); }) ||
        check.digest() != digest)
      return false;
    read(count, [&](std::span<const std::uint16_t> part) {
      checksum_.update(part);
      use(part);
    });
    logged_ = count;
    return true;
  }

  void remove() {
    out_.close();
    std::error_code ignored;
    std::filesystem::remove(file_, ignored);
  }

 private:
  bool read(std::uint64_t count, const std::function<void(std::span<const std::uint16_t>)>& use) const {
    std::ifstream in(file_, std::ios::binary);
    std::vector<std::uint16_t> part(std::size_t{1} << 20);
    for (std::uint64_t left = count; left > 0;) {
      const std::uint64_t n = std::min<std::uint64_t>(left, part.size());
      if (!in.read(reinterpret_cast<char*>(part.data()), static_cast<std::streamsize>(n * sizeof part[0])))
        return false;
      use(std::span<const std::uint16_t>(part.data(), n));
      left -= n;
    }
    return true;
  }

  const std::filesystem::path& touch() const {
    std::ofstream(file_, std::ios::binary | std::ios::app).close();
    return file_;
  }

  std::filesystem::path file_;
  std::fstream out_;
  storage::TableChecksum checksum_;
  std::uint64_t logged_ = 0;
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
