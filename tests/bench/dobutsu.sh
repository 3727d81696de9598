#!/usr/bin/env bash
# Dobutsu shogi, strongly solved: rtb's whole solve (first pass,
# propagation, LMDB write) against clausecker/dobutsu's gentb, same run,
# with 1 and 2 threads: CPU (user + sys) seconds, wall seconds and peak
# resident memory; then the published figures from rtb's table: the start
# is a LOSS in 78 plies for Sente, and 246,803,167 positions are reachable
# (99,485,568 of them do not end the game).
#
# rtb is built here (Release, in $BUILD). gentb is only measured if a built
# copy is named by $GENTB (its path; built outside this repository); this
# script never fetches, builds or copies it.
#
# Usage: [THREADS="1 2"] [REACHABLE=1] tests/bench/dobutsu.sh
# (REACHABLE=0 skips the forward sweep, about a minute and a half on two cores.)
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$REPO/build-release}
GENTB=${GENTB:-}
WORK=$(mktemp -d /tmp/dobutsu_bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
START="S/gle/-c-/-C-/ELG/-"

# shellcheck source=tests/bench/measure.sh
source "$REPO/tests/bench/measure.sh"

row() { printf "%-8s %7s %9s %9s %10s\n" "$@"; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (shared: expect noise)"
row system threads cpu_s wall_s peak_MiB
for threads in ${THREADS:-1 2}; do
  rm -rf "$WORK/rtb"
  read -r cpu wall peak < <(measure "$WORK/rtb$threads" "$TBGEN" --game dobutsu --out "$WORK/rtb" \
    --threads "$threads" --checkpoint-every 0 --progress-every 0)
  row rtb "$threads" "$cpu" "$wall" "$peak"
  # The first pass's rate (indices/s), the propagation's (positions/s), the summary.
  tr '\r' '\n' <"$WORK/rtb$threads.err" | grep 'first pass' | tail -1 | sed 's/^/    /'
  tr '\r' '\n' <"$WORK/rtb$threads.err" | grep ' depth ' | tail -1 | sed 's/^/    /'
  tr '\r' '\n' <"$WORK/rtb$threads.err" | grep -E '(done|positions:)' | tail -2 | sed 's/^/    /'
  if [ -x "$GENTB" ]; then
    read -r cpu wall peak < <(cd "$WORK" && measure "$WORK/gentb$threads" "$GENTB" -j "$threads" "$WORK/gentb.tb")
    row gentb "$threads" "$cpu" "$wall" "$peak"
  fi
done
"$TBPROBE" --table "$WORK/rtb/dobutsu.rtb" --position "$START" | head -1
[ "${REACHABLE:-1}" = 0 ] || "$TBPROBE" --table "$WORK/rtb/dobutsu.rtb" --stats --reachable --json | tail -1
