#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang-14 (build dir
# build-fuzz/, ASan+UBSan) and runs each one, as many at a time as there
# are cores, for SECONDS_PER_TARGET seconds (default 20) from its seed corpus
# tests/fuzz/corpus/<target>/. Prints per target the executions and any
# finding; exits non-zero on a crash, leak, timeout, out-of-memory or
# sanitizer report, leaving the input in build-fuzz/fuzz-artifacts/<target>/
# and the log in build-fuzz/fuzz-logs/<target>.log.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-20}"
shift || true
targets=(fuzz_params fuzz_position fuzz_graph_file fuzz_block fuzz_table)
[ $# -gt 0 ] && targets=("$@")
build="$root/build-fuzz"

# Line tables only (-g1): the stack traces of a finding need no more.
CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DRTB_FUZZ=ON -DRTB_BENCHMARKS=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" make_table_seed >/dev/null

# New inputs go to a scratch corpus; the committed seeds are only read.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/table-seed" "$build/fuzz-logs"
"$build/tests/fuzz/make_table_seed" "$work/table-seed/tiny-table"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
fuzz_one() {  # fuzz_one <target>: runs it and writes its one-line result to $work/<target>.result
  local target=$1 status=0
  local corpora=("$work/new-$target" "$root/tests/fuzz/corpus/$target")
  [ "$target" = fuzz_table ] && corpora+=("$work/table-seed")
  mkdir -p "$work/new-$target" "$build/fuzz-artifacts/$target"
  local log="$build/fuzz-logs/$target.log"
  (cd "$work" && TMPDIR="$work" "$build/tests/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$target/" "${corpora[@]}") \
    >"$log" 2>&1 || status=$?
  local runs inputs
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  inputs="$(find "$work/new-$target" -type f | wc -l)"
  if [ "$status" -eq 0 ]; then
    echo "$target: ${runs:-?} executions in ${seconds} s, $inputs new inputs, no finding" >"$work/$target.result"
  else
    {
      echo "$target: FINDING after ${runs:-?} executions (exit status $status), log $log:"
      grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz property violated|.*runtime error|.*deadly signal|.*Test unit written)' \
        "$log" | head -8 | sed 's/^/  /'
    } >"$work/$target.result"
  fi
}
# The targets share the cores: each is one process.
jobs="$(nproc)"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$target" &
done
wait
failed=()
for target in "${targets[@]}"; do
  cat "$work/$target.result"
  grep -q "^$target: FINDING" "$work/$target.result" && failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}"
  exit 1
fi
echo "fuzz: no findings"
