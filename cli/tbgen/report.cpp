#include "cli/tbgen/report.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "answers/value_kind.h"
#include "cli/tbgen/progress_format.h"

namespace rtb::cli {

std::shared_ptr<ProgressPrinter> progress_on_stderr(double every) {
  ProgressStyle style;
  style.terminal = isatty(STDERR_FILENO) != 0;
  style.interval = style.terminal ? 0.1 : every;
  winsize size{};
  if (style.terminal && ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    style.columns = size.ws_col;
  const auto start = std::chrono::steady_clock::now();
  return std::make_shared<ProgressPrinter>(
      style,
      [](std::string_view text) {
        std::fwrite(text.data(), 1, text.size(), stderr);
        std::fflush(stderr);
      },
      [start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); });
}

ProgressSink sink_of(std::shared_ptr<ProgressPrinter> printer) {
  return [printer = std::move(printer)](const ProgressReport& r) { printer->report(r); };
}

std::string run_summary(const storage::TableMeta& meta, double seconds, std::uint64_t peak_bytes) {
  char tail[64];
  std::snprintf(tail, sizeof tail, "; %.2f s; peak %.1f MiB", seconds,
                static_cast<double>(peak_bytes) / (1 << 20));
  return answers::kind_named(meta.value_kind).describe_counts(meta) + tail;
}

}  // namespace rtb::cli
