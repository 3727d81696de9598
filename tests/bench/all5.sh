#!/usr/bin/env bash
# Every chess table of up to 5 pieces (145), rtb beside Syzygy's generator:
#   tests/bench/all5.sh TB_SRC WORK [THREADS]          runs (or resumes) them
#   tests/bench/all5.sh --totals WORK                  prints the totals
# TB_SRC is syzygy1/tb's src directory with rtbgen and rtbgenp built, outside
# this project. Three runs, one after the other, each with THREADS threads
# (default: every core):
#   syzygy  rtbgen/rtbgenp -t THREADS --stats, one process per table as
#           syzygy1/tb's run.pl does (WDL and DTZ files, compressed), in
#           WORK/syzygy
#   dtz     tbgen --game chess --param material=all5 --param metric=dtz
#   dtm     the same with metric=dtm
# Each run goes on where the last one stopped: Syzygy's skips the tables
# whose files exist; tbgen keeps its finished tables and resumes a table
# from its checkpoint. So the set can be built over several sittings:
# `touch WORK/stop` ends Syzygy's run after its current table and stops
# tbgen at once (SIGTERM; at most --checkpoint-every seconds of its work are
# done again). Every sitting of a run appends "run cpu_s wall_s peak_mib" to
# WORK/segments.tsv (whole processes, /usr/bin/time); --totals sums CPU and
# wall time per run, takes the largest peak, and sizes the files: Syzygy's
# .rtbw + .rtbz, rtb's tables compacted to their streams (tbgen compact, on
# copies), as an engine would install them. RTB_BIN=DIR takes tbgen and
# tbprobe from DIR (copies of one build, so that every sitting runs the
# same code) instead of building them in BUILD. RUNS="dtz dtm" (a subset of
# the default "syzygy dtz dtm") does only those runs.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$REPO/build-bench}

totals() {
  local work=$1
  [ -f "$work/segments.tsv" ] || { echo "no runs in $work" >&2; exit 1; }
  printf "%-7s %9s %9s %9s %8s %14s\n" run "CPU s" "wall s" "peak MiB" sittings "bytes"
  for run in syzygy dtz dtm; do
    local bytes
    bytes=$(run_bytes "$work" "$run")
    awk -v r="$run" -v b="$bytes" '$1 == r {cpu += $2; wall += $3; if ($4 > peak) peak = $4; ++n}
      END {if (n) printf "%-7s %9.0f %9.0f %9.0f %8d %14s\n", r, cpu, wall, peak, n, b}' "$work/segments.tsv"
  done
}
run_bytes() {  # run_bytes WORK RUN: the bytes an engine would install
  local work=$1 run=$2
  if [ "$run" = syzygy ]; then
    find "$work/syzygy" -name '*.rtb[wz]' -printf '%s\n' | awk '{s += $1} END {print s + 0}'
    return
  fi
  local compact=$work/compact-$run scratch=$work/compact-$run/scratch
  mkdir -p "$scratch"
  for table in "$work/$run"/*.rtb; do
    [ -e "$table" ] || continue
    local name
    name=$(basename "$table")
    if [ ! -e "$compact/$name" ] || [ "$table" -nt "$compact/$name" ]; then
      cp "$table" "$scratch/$name"
      "$TBGEN" compact --table "$scratch/$name" --quiet
      mv "$scratch/$name" "$compact/$name"
    fi
  done
  find "$compact" -name '*.rtb' -printf '%s\n' | awk '{s += $1} END {print s + 0}'
}

if [ "${1:-}" = --totals ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --totals WORK" >&2; exit 2; }
  source "$REPO/tests/bench/measure.sh"
  totals "$(cd "$2" && pwd)"
  exit 0
fi
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 TB_SRC WORK [THREADS] | --totals WORK" >&2; exit 2; }
tb=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
threads=${3:-$(nproc)}
read -r -a runs <<<"${RUNS:-syzygy dtz dtm}"
wanted() { [[ " ${runs[*]} " == *" $1 "* ]]; }
for exe in rtbgen rtbgenp; do
  [ -x "$tb/$exe" ] || { echo "$tb/$exe is missing: make rtbgen rtbgenp in $tb" >&2; exit 1; }
done
source "$REPO/tests/bench/measure.sh"
rm -f "$work/stop"

# The 145 tables, each after those it reads: captures lead to fewer pieces,
# promotions to fewer pawns.
tables() {
  local p=(Q R B N P) i j k
  local n=${#p[@]}
  {
    for ((i = 0; i < n; ++i)); do echo "K${p[i]}vK"; done
    for ((i = 0; i < n; ++i)); do for ((j = i; j < n; ++j)); do
      echo "K${p[i]}${p[j]}vK"
      echo "K${p[i]}vK${p[j]}"
    done; done
    for ((i = 0; i < n; ++i)); do for ((j = i; j < n; ++j)); do for ((k = j; k < n; ++k)); do
      echo "K${p[i]}${p[j]}${p[k]}vK"
    done; done; done
    for ((i = 0; i < n; ++i)); do for ((j = i; j < n; ++j)); do for ((k = 0; k < n; ++k)); do
      echo "K${p[i]}${p[j]}vK${p[k]}"
    done; done; done
  } | awk '{pawns = gsub(/P/, "P"); print length($0), pawns, $0}' | sort -k1,1n -k2,2n -s | awk '{print $3}'
}

# One sitting of Syzygy's run: a process per missing table until all exist
# or WORK/stop appears. Its time is that of this shell's children.
syzygy_sitting() {
  cd "$work/syzygy"
  for t in $(tables); do
    [ -e "$t.rtbz" ] && continue
    [ -e "$work/stop" ] && return 0
    local exe=rtbgen
    [[ $t == *P* ]] && exe=rtbgenp
    echo "syzygy: $t" >&2
    RTBPATH=. "$tb/$exe" -t "$threads" --stats "$t" >>"$work/syzygy.log" 2>&1 ||
      { echo "$exe failed on $t (see $work/syzygy.log)" >&2; return 1; }
  done
  touch "$work/syzygy.done"
}
# segment RUN CMD...: times one sitting, appends it to segments.tsv and
# leaves its log in WORK/RUN.<start time>; fails unless CMD finished.
segment() {
  local run=$1 log out
  shift
  log=$work/$run.$(date +%Y%m%d-%H%M%S)
  out=$(measure "$log" "$@") || true
  echo "$run $out" >>"$work/segments.tsv"
  echo "$run sitting: $out (cpu s, wall s, peak MiB; log $log.*)" >&2
  ! grep -q 'Command terminated by signal' "$log.time" && grep -q 'Exit status: 0' "$log.time"
}
# tbgen has no stop file: a watcher sends it SIGTERM when one appears.
watch_stop() {
  while sleep 5; do
    [ -e "$work/stop" ] || continue
    for pid in $(pgrep -f "tbgen --game chess --param material=all5 .*--out $work/"); do
      [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = tbgen ] && kill -TERM "$pid"  # not /usr/bin/time
    done
  done
}

if wanted syzygy && [ ! -e "$work/syzygy.done" ]; then
  mkdir -p "$work/syzygy"
  export -f tables syzygy_sitting
  export tb work threads
  segment syzygy bash -c syzygy_sitting || { echo "Syzygy's run failed" >&2; exit 1; }
  [ -e "$work/syzygy.done" ] || { echo "Syzygy's run stopped; run again to go on" >&2; exit 1; }
fi
for metric in dtz dtm; do
  wanted "$metric" && [ ! -e "$work/$metric.done" ] || continue
  [ -e "$work/stop" ] && exit 1
  watch_stop &
  watcher=$!
  if segment "$metric" "$TBGEN" --game chess --param material=all5 --param "metric=$metric" \
    --out "$work/$metric" --threads "$threads" --progress-every 60; then
    touch "$work/$metric.done"
  fi
  kill "$watcher"
  [ -e "$work/$metric.done" ] || { echo "tbgen's $metric run stopped; run again to go on" >&2; exit 1; }
done
totals "$work"
