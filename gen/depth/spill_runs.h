// The depths a solver that keeps a byte per index (gen/depth/ring_codes.h)
// has let go of, on disk until the table is written. A run is what one
// reduction wrote: for the positions whose layers were worked since the
// run before, in index order, the gap from the position before and the
// depth less the run's base, a byte. Each worker writes the part of the
// index it reduced to a file of its own, so a run is written and read
// sequentially; a part small enough to stay in its writer's buffer (64
// KiB) stays in memory instead, until a checkpoint needs it on disk. A run
// costs about two bytes a position and a buffer while it is read back.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <system_error>
#include <vector>

#include "games/game.h"
#include "gen/core/options.h"

namespace rtb {

namespace spill_detail {
struct Close {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
}  // namespace spill_detail

class SpillRuns {
  using File = std::unique_ptr<std::FILE, spill_detail::Close>;
  [[noreturn]] static void fail(const char* what, const std::filesystem::path& file) {
    throw GenError("cannot " + std::string(what) + " " + file.string() + ": " + std::strerror(errno));
  }
  static File create(const std::filesystem::path& file) {
    File out(std::fopen(file.c_str(), "wb"));
    if (!out) fail("create", file);
    return out;
  }
  static void write(std::FILE* out, std::span<const std::uint8_t> bytes, const std::filesystem::path& file) {
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size())
      fail("write", file);
  }

 public:
  struct Run {
    std::uint32_t base = 0;            // depths are stored less this
    std::vector<Index> begins;         // part p is [begins[p], begins[p + 1])
    std::vector<std::uint64_t> bytes;  // each part's size
    // A part that fit in its writer's buffer is kept here, not in a file,
    // until a checkpoint needs it on disk (keep()).
    std::vector<std::vector<std::uint8_t>> held;
  };

  // Writes one part of a run: positions in increasing index order.
  class PartWriter {
   public:
    PartWriter(std::filesystem::path file, Index begin) : file_(std::move(file)), last_(begin) {}
    void add(Index i, std::uint32_t depth_offset) {
      for (Index gap = i - last_;; gap >>= 7) {
        if (gap < 0x80) {
          buffer_.push_back(static_cast<std::uint8_t>(gap));
          break;
        }
        buffer_.push_back(static_cast<std::uint8_t>(0x80 | (gap & 0x7F)));
      }
      buffer_.push_back(static_cast<std::uint8_t>(depth_offset));
      last_ = i;
      if (buffer_.size() >= kBuffer - 16) flush();
    }
    // The part's size; its bytes in `held` where they never left the
    // buffer, else in the file, closed.
    std::uint64_t finish(std::vector<std::uint8_t>& held) {
      if (!out_) {
        held = std::move(buffer_);
        return held.size();
      }
      flush();
      if (std::fclose(out_.release()) != 0) fail("write", file_);
      return written_;
    }

   private:
    static constexpr std::size_t kBuffer = std::size_t{1} << 16;
    void flush() {
      if (!out_) out_ = create(file_);
      write(out_.get(), buffer_, file_);
      written_ += buffer_.size();
      buffer_.clear();
    }

    std::filesystem::path file_;
    File out_;
    std::vector<std::uint8_t> buffer_;
    Index last_;
    std::uint64_t written_ = 0;
  };

  // Reads a run back in index order: at() is the next position, offset()
  // its depth less the run's base.
  class Reader {
   public:
    Reader(const SpillRuns& runs, std::size_t run) : runs_(&runs), run_(run) {
      open(0);
      next();
    }
    Index at() const { return at_; }
    std::uint32_t offset() const { return offset_; }
    // Past the last position: at() is the index size.
    void next() {  // the part's records, then the next part's
      while (!read_one()) open(part_ + 1);
    }

   private:
    // False at the end of the part.
    bool read_one() {
      if (done_) return true;
      Index gap = 0;
      int c = 0;
      for (unsigned shift = 0;; shift += 7) {
        if ((c = next_byte()) == EOF) {
          if (shift != 0) runs_->damaged(run_);
          return false;
        }
        gap |= static_cast<Index>(c & 0x7F) << shift;
        if (!(c & 0x80)) break;
      }
      if ((c = next_byte()) == EOF) runs_->damaged(run_);
      at_ = last_ + gap;
      last_ = at_;
      offset_ = static_cast<std::uint32_t>(c);
      return true;
    }
    int next_byte() {
      if (pos_ == data_.size()) {
        if (!in_) return EOF;
        buffer_.resize(std::size_t{1} << 16);
        buffer_.resize(std::fread(buffer_.data(), 1, buffer_.size(), in_.get()));
        data_ = buffer_;
        pos_ = 0;
        if (data_.empty()) return EOF;
      }
      return data_[pos_++];
    }
    void open(std::size_t part) {
      const Run& r = runs_->runs_[run_];
      part_ = part;
      in_.reset();
      data_ = {};
      pos_ = 0;
      if (part + 1 >= r.begins.size()) {
        done_ = true;
        at_ = r.begins.back();
        return;
      }
      last_ = r.begins[part];
      if (!r.held[part].empty() || r.bytes[part] == 0) {
        data_ = r.held[part];
        return;
      }
      in_.reset(std::fopen(runs_->file(run_, part).c_str(), "rb"));
      if (!in_) runs_->damaged(run_);
    }

    const SpillRuns* runs_;
    std::size_t run_;
    std::size_t part_ = 0;
    File in_;
    std::vector<std::uint8_t> buffer_;
    std::span<const std::uint8_t> data_;
    std::size_t pos_ = 0;
    bool done_ = false;
    Index at_ = 0, last_ = 0;
    std::uint32_t offset_ = 0;
  };

  explicit SpillRuns(std::string prefix) : prefix_(std::move(prefix)) {}
  SpillRuns(const SpillRuns&) = delete;
  SpillRuns& operator=(const SpillRuns&) = delete;
  // The runs' files go with them, unless a checkpoint names them (keep()):
  // they go with the checkpoint then (gen/depth/build.h), and a run
  // stopped before resumes from them.
  ~SpillRuns() {
    if (!kept_)
      for (std::size_t r = 0; r < runs_.size(); ++r) remove_files(r, runs_[r].begins.size());
  }
  // A checkpoint names the runs: the parts held in memory go to their files.
  void keep() {
    kept_ = true;
    for (std::size_t r = 0; r < runs_.size(); ++r)
      for (std::size_t p = 0; p < runs_[r].held.size(); ++p) {
        std::vector<std::uint8_t>& held = runs_[r].held[p];
        if (held.empty()) continue;
        const File out = create(file(r, p));
        write(out.get(), held, file(r, p));
        if (std::fflush(out.get()) != 0) fail("write", file(r, p));
        held = {};
      }
  }

  std::filesystem::path file(std::size_t run, std::size_t part) const {
    return prefix_ + ".run" + std::to_string(run) + "." + std::to_string(part);
  }
  std::size_t size() const { return runs_.size(); }
  const Run& run(std::size_t r) const { return runs_[r]; }
  void add(Run run) { runs_.push_back(std::move(run)); }

  // For a checkpoint: every run's base, parts and sizes.
  std::vector<std::uint64_t> save() const {
    std::vector<std::uint64_t> out{runs_.size()};
    for (const Run& r : runs_) {
      out.push_back(r.base);
      out.push_back(r.bytes.size());
      out.insert(out.end(), r.begins.begin(), r.begins.end());
      out.insert(out.end(), r.bytes.begin(), r.bytes.end());
    }
    return out;
  }
  // Back from save(), if every run's files are there with their sizes;
  // false (and no runs) otherwise.
  bool restore(std::span<const std::uint64_t> in, Index size) {
    runs_.clear();
    std::size_t at = 0;
    auto get = [&](std::uint64_t& v) { return at < in.size() ? (v = in[at++], true) : false; };
    std::uint64_t count = 0;
    if (!get(count)) return false;
    for (std::uint64_t k = 0; k < count; ++k) {
      Run r;
      std::uint64_t base = 0, parts = 0;
      if (!get(base) || !get(parts) || parts > in.size()) return false;
      r.base = static_cast<std::uint32_t>(base);
      r.begins.resize(parts + 1);
      r.bytes.resize(parts);
      r.held.resize(parts);
      for (Index& b : r.begins)
        if (!get(b) || b > size) return false;
      for (std::uint64_t& b : r.bytes)
        if (!get(b)) return false;
      for (std::size_t p = 0; p < parts; ++p) {
        std::error_code ec;
        if (r.bytes[p] != 0 && (std::filesystem::file_size(file(runs_.size(), p), ec) != r.bytes[p] || ec))
          return false;
      }
      runs_.push_back(std::move(r));
    }
    return at == in.size();
  }

 private:
  void remove_files(std::size_t run, std::size_t parts) const {
    std::error_code ignored;
    for (std::size_t p = 0; p + 1 < parts; ++p) std::filesystem::remove(file(run, p), ignored);
  }
  [[noreturn]] void damaged(std::size_t run) const {
    throw GenError("the depths spilled to " + file(run, 0).string() +
                   " and beside it are damaged or missing");
  }

  std::string prefix_;
  std::vector<Run> runs_;
  bool kept_ = false;
};

}  // namespace rtb
