#!/usr/bin/env bash
# Builds rtb three ways and runs every test: a plain release build, one with
# AddressSanitizer and UndefinedBehaviorSanitizer, and the threaded tests
# under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs="$(nproc)"
run() {  # run <build dir> <ctest args...> after configuring with the remaining cmake flags
  local dir=$1; shift
  local sanitize=$1; shift
  echo "== $dir (RTB_SANITIZE='$sanitize')"
  # The sanitizer builds skip the benchmarks, which no test runs.
  local benchmarks=ON
  [ -n "$sanitize" ] && benchmarks=OFF
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRTB_SANITIZE="$sanitize" -DRTB_BENCHMARKS=$benchmarks >/dev/null
  cmake --build "$dir" -j"$jobs"
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@"
}
run build-test ""
run build-asan address
run build-tsan thread -L threads
