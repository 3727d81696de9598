#include "cli/report.h"

#include <cstdio>

#include "cli/value_kind.h"

namespace rtb::cli {

ProgressSink progress_on_stderr() {
  return [](const ProgressReport& r) {
    const std::string label = r.label.empty() ? "" : r.label + ": ";
    const auto done = static_cast<unsigned long long>(r.done),
               total = static_cast<unsigned long long>(r.total);
    switch (r.phase) {
      case ProgressReport::Phase::FirstPass:
        std::fprintf(stderr, "\r%sfirst pass: %llu of %llu indices  %.1f s   ", label.c_str(), done, total,
                     r.seconds);
        break;
      case ProgressReport::Phase::Propagation:
        std::fprintf(stderr, "\r%sdepth %u  resolved %llu of %llu indices  %.2f M/s  %.1f s   ",
                     label.c_str(), r.depth, done, total, static_cast<double>(r.done) / r.seconds / 1e6,
                     r.seconds);
        break;
      case ProgressReport::Phase::Done:
        std::fprintf(stderr, "\r%ssolved to depth %u in %.1f s%40s\n", label.c_str(), r.depth, r.seconds, "");
        break;
    }
  };
}

std::string run_summary(const storage::TableMeta& meta, double seconds, std::uint64_t peak_bytes) {
  char tail[64];
  std::snprintf(tail, sizeof tail, "; %.2f s; peak %.1f MiB", seconds,
                static_cast<double>(peak_bytes) / (1 << 20));
  return kind_named(meta.value_kind).describe_counts(meta) + tail;
}

}  // namespace rtb::cli
