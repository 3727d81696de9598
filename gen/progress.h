// Progress of a long generation on stderr, at most once a second and only
// after the first second, so short runs stay silent.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace rtb {

class Progress {
 public:
  Progress(bool quiet, std::uint64_t size, std::string label = "")
      : quiet_(quiet), size_(size), label_(label.empty() ? label : label + ": ") {}

  // From one thread only: the initial pass over every index.
  void initialising(std::uint64_t done) {
    if (!due()) return;
    std::fprintf(stderr, "\r%sfirst pass: %llu of %llu indices  %.1f s   ", label_.c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(size_), seconds());
  }

  void update(std::uint32_t depth, std::uint64_t resolved) {
    if (!due()) return;
    const double now = seconds();
    std::fprintf(stderr, "\r%sdepth %u  resolved %llu of %llu indices  %.2f M/s  %.1f s   ", label_.c_str(),
                 depth, static_cast<unsigned long long>(resolved), static_cast<unsigned long long>(size_),
                 static_cast<double>(resolved) / now / 1e6, now);
  }

  void done(std::uint32_t max_depth) {
    if (quiet_ || !printed_) return;
    std::fprintf(stderr, "\r%ssolved to depth %u in %.1f s%40s\n", label_.c_str(), max_depth, seconds(), "");
  }

  // Whether a line is due: not quiet, after the first second, once a second.
  bool due() {
    if (quiet_) return false;
    const double now = seconds();
    if (now < 1.0 || now - last_ < 1.0) return false;
    last_ = now;
    printed_ = true;
    return true;
  }

  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  bool quiet_;
  std::uint64_t size_;
  std::string label_;
  Clock::time_point start_ = Clock::now();
  double last_ = 0;
  bool printed_ = false;
};

}  // namespace rtb
