// What the fuzz targets share: the input as text, a scratch file for
// parsers that read files, and a failure that libFuzzer reports as a crash.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace rtb::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A property of a parser that does not hold: print it and abort, which
// libFuzzer reports as a crash and saves the input.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
  std::abort();
}

inline void expect(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// A file of this process (in TMPDIR or /tmp) that holds `bytes`, rewritten
// on each call, for the parsers that take a path.
class ScratchFile {
 public:
  explicit ScratchFile(std::string_view stem) {
    const char* dir = std::getenv("TMPDIR");
    path_ = std::filesystem::path(dir && *dir ? dir : "/tmp") /
            (std::string(stem) + "-" + std::to_string(::getpid()));
  }
  ~ScratchFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  const std::filesystem::path& write(std::string_view bytes) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) fail("cannot write " + path_.string());
    return path_;
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace rtb::fuzz
