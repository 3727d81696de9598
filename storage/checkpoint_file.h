// A solver's state saved beside its table ("<table>.checkpoint"), so a run
// that was killed can go on from it. The file is named sections of bytes
// under an identity (what table and solver the state belongs to), closed by
// an XXH3 checksum of everything before it. It is written to a temporary
// file and renamed into place, so it is always a whole checkpoint or the
// previous one. A reader trusts nothing that does not match: another
// identity, a bad checksum or a short file is reported, never used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtb::storage {

std::filesystem::path checkpoint_path(const std::filesystem::path& table);

struct CheckpointSection {
  std::string name;
  std::span<const std::byte> bytes;
};

// Replaces `file` atomically. Throws StorageError.
void write_checkpoint(const std::filesystem::path& file, std::string_view identity,
                      std::span<const CheckpointSection> sections);

// A checkpoint read back and verified, its sections mapped from the file.
class CheckpointFile {
 public:
  // The checkpoint at `file` if it exists and matches `identity`. When
  // one exists but cannot be used, returns nothing and says why in `why`.
  static std::optional<CheckpointFile> open(const std::filesystem::path& file, std::string_view identity,
                                            std::string& why);
  ~CheckpointFile();
  CheckpointFile(CheckpointFile&& other) noexcept;
  CheckpointFile& operator=(CheckpointFile&& other) noexcept;
  CheckpointFile(const CheckpointFile&) = delete;
  CheckpointFile& operator=(const CheckpointFile&) = delete;

  // The section's bytes; empty when absent.
  std::span<const std::byte> section(std::string_view name) const;
  bool has(std::string_view name) const;

 private:
  CheckpointFile() = default;
  void* map_ = nullptr;
  std::size_t size_ = 0;
  std::vector<std::pair<std::string, std::span<const std::byte>>> sections_;
};

}  // namespace rtb::storage
