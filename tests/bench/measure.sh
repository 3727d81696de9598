# Sourced by the side-by-side benchmarks (tests/bench/*.sh): builds rtb's
# tbgen and tbprobe (Release, in $BUILD) and measures whole processes.
#   REPO and BUILD must be set; sets TBGEN and TBPROBE. With RTB_BIN set,
#   takes them from that directory instead of building.

command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

if [ -n "${RTB_BIN:-}" ]; then
  # A run over several sittings keeps one build: RTB_BIN holds its tbgen and tbprobe.
  TBGEN=$RTB_BIN/tbgen
  TBPROBE=$RTB_BIN/tbprobe
  [ -x "$TBGEN" ] && [ -x "$TBPROBE" ] || { echo "RTB_BIN=$RTB_BIN lacks tbgen or tbprobe" >&2; exit 1; }
else
  echo "building rtb (Release) in $BUILD ..." >&2
  cmake -S "$REPO" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD" -j"$(nproc)" --target tbgen tbprobe >/dev/null
  TBGEN=$BUILD/cli/tbgen
  TBPROBE=$BUILD/cli/tbprobe
fi

# measure LOG CMD...: runs CMD under /usr/bin/time -v (stdout to LOG.out,
# stderr to LOG.err) and prints "cpu wall peak_mib".
measure() {
  local log=$1
  shift
  /usr/bin/time -v -o "$log.time" "$@" >"$log.out" 2>"$log.err"
  awk -F': ' '
    /User time/ {cpu += $2}
    /System time/ {cpu += $2}
    /Elapsed \(wall clock\)/ {n = split($2, t, ":"); wall = 0; for (k = 1; k <= n; ++k) wall = wall * 60 + t[k]}
    /Maximum resident set size/ {peak = $2 / 1024}
    END {printf "%.2f %.2f %.1f\n", cpu, wall, peak}' "$log.time"
}
