// When and where a solver saves its state, and the state an earlier run
// saved. A solver asks due() at its safe points (layer boundaries) and then
// save()s its sections; a driver around it (the tiers of a game) adds its
// own sections to every save. The file's identity names the table, its
// index size and the generator, so a checkpoint of anything else is
// ignored, with a note.
#pragma once

#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "storage/checkpoint_file.h"

namespace rtb {

using Sections = std::vector<storage::CheckpointSection>;
using Note = std::function<void(const std::string&)>;

template <class T>
std::span<const std::byte> bytes_of(std::span<const T> items) {
  return std::as_bytes(items);
}
template <class T>
requires std::is_trivially_copyable_v<T> std::span<const std::byte> bytes_of(const T& item) {
  return std::as_bytes(std::span<const T>(&item, 1));
}

// Copies a section into `out`; false if its size is not out's.
template <class T>
requires std::is_trivially_copyable_v<T>
bool read_section(const storage::CheckpointFile& file, std::string_view name, std::span<T> out) {
  const std::span<const std::byte> bytes = file.section(name);
  if (bytes.size() != out.size_bytes()) return false;
  if (!bytes.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
  return true;
}
template <class T>
requires std::is_trivially_copyable_v<T>
bool read_section(const storage::CheckpointFile& file, std::string_view name, T& out) {
  return read_section(file, name, std::span<T>(&out, 1));
}

class Checkpointer {
 public:
  using Clock = std::chrono::steady_clock;

  Checkpointer(std::filesystem::path file, std::string identity, std::chrono::duration<double> every,
               Note note)
      : file_(std::move(file)), identity_(std::move(identity)), every_(every), note_(std::move(note)) {}

  // The checkpoint an earlier run left, if it can be used; a note says why
  // one that cannot is ignored.
  std::optional<storage::CheckpointFile> load() const {
    std::string why;
    std::optional<storage::CheckpointFile> found = storage::CheckpointFile::open(file_, identity_, why);
    if (!why.empty()) note(why);
    return found;
  }

  // After `every` of work since the last save, and never sooner than
  // work_per_save times what that save took: a slow disk or a huge table
  // then costs at most a fortieth of the run's time.
  bool due() const {
    const auto since = Clock::now() - last_;
    return since >= every_ && since >= work_per_save_ * last_cost_;
  }
  void set_work_per_save(int times) { work_per_save_ = times; }  // for tests: 0 saves whenever asked

  // Writes `sections` and the driver's into the checkpoint file.
  void save(Sections sections) {
    const auto start = Clock::now();
    if (outer_) outer_(sections);
    storage::write_checkpoint(file_, identity_, sections);
    ++saves_;
    last_ = Clock::now();
    last_cost_ = last_ - start;
  }

  // Sections a driver adds to every save (empty function: none).
  void set_outer(std::function<void(Sections&)> outer) { outer_ = std::move(outer); }

  // Which part of the table the solver is in (a tier), so a solver resumes
  // only its own part's state.
  void set_scope(std::string scope) { scope_ = std::move(scope); }
  const std::string& scope() const { return scope_; }

  // The state a solver should resume from (for the current scope), or null.
  void set_resume(const storage::CheckpointFile* file) { resume_ = file; }
  const storage::CheckpointFile* resume() const { return resume_; }

  void note(const std::string& text) const {
    if (note_) note_(text);
  }

  void remove() const {
    std::error_code ignored;
    std::filesystem::remove(file_, ignored);
  }

  const std::filesystem::path& file() const { return file_; }
  unsigned saves() const { return saves_; }

 private:
  std::filesystem::path file_;
  std::string identity_;
  std::chrono::duration<double> every_;
  Note note_;
  Clock::time_point last_ = Clock::now();
  Clock::duration last_cost_{0};
  int work_per_save_ = 40;
  std::function<void(Sections&)> outer_;
  std::string scope_;
  const storage::CheckpointFile* resume_ = nullptr;
  unsigned saves_ = 0;
};

}  // namespace rtb
