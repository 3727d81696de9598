#!/usr/bin/env bash
# Quixo 4x4, rtb against GamesmanOne on this machine, same run: CPU (user +
# sys) seconds, wall seconds and peak resident memory of generating the
# whole table, with 1 and 2 threads, plus positions and the start value.
#
# rtb is built here (Release, in $BUILD). GamesmanOne is only measured if a
# built copy is found at $GAMESMANONE (default /tmp/gamesmanone, with
# bin/gamesman); this script never fetches, builds or copies it.
# ANALYZE=1 also runs GamesmanOne's `analyze` for its reachable-position
# counts (slow: minutes), to compare with `tbprobe --reachable`.
#
# Usage: tests/bench/quixo_vs_gamesmanone.sh
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$REPO/build-release}
G1=${GAMESMANONE:-/tmp/gamesmanone}
WORK=$(mktemp -d /tmp/quixo_bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
START_RTB="x:................"
START_G1="1_----------------"

# shellcheck source=tests/bench/measure.sh
source "$REPO/tests/bench/measure.sh"

row() { printf "%-12s %7s %12s %12s %-10s %8s %8s %9s\n" "$@"; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (shared: expect noise)"
row system threads solved reachable start cpu_s wall_s peak_MiB

for threads in 1 2; do
  rm -rf "$WORK/rtb"
  read -r cpu wall peak < <(measure "$WORK/rtb$threads" "$TBGEN" --game quixo --out "$WORK/rtb" --threads "$threads")
  solved=$(grep -o '^[0-9]* positions' "$WORK/rtb$threads.err" | cut -d' ' -f1)
  "$TBPROBE" --table "$WORK/rtb/quixo.rtb" --position "$START_RTB" --reachable >"$WORK/probe.out"
  start=$(head -1 "$WORK/probe.out" | sed 's/.*: //; s/ in / /; s/ plies//')
  reachable_rtb=$(sed -n 's/^reachable from the start: \([0-9]*\) positions.*/\1/p' "$WORK/probe.out")
  row rtb "$threads" "$solved" "$reachable_rtb" "$start" "$cpu" "$wall" "$peak"
done

if [ ! -x "$G1/bin/gamesman" ]; then
  echo "GamesmanOne: not measured (no built copy at $G1/bin/gamesman; set GAMESMANONE=DIR)"
  exit 0
fi
# GamesmanOne cannot create an absolute --data-path here (its mkdir walk
# starts with ""), so it runs inside $WORK with a relative one.
cd "$WORK"
for threads in 1 2; do
  rm -rf g1data
  read -r cpu wall peak < <(OMP_NUM_THREADS=$threads measure "$WORK/g1_$threads" "$G1/bin/gamesman" --data-path=g1data solve quixo 1)
  solved=$(grep -o 'of size [0-9]*' "$WORK/g1_$threads.out" | awk '{s += $3} END {print s}')
  start=$("$G1/bin/gamesman" --data-path=g1data query quixo 1 "$START_G1" |
    grep -o '"positionValue": "[a-z]*", "remoteness": [0-9]*' | head -1 |
    sed 's/.*"positionValue": "\([a-z]*\)", "remoteness": \([0-9]*\)/\1 \2/; s/lose/loss/' | tr '[:lower:]' '[:upper:]')
  reachable="-"
  if [ "${ANALYZE:-0}" = 1 ] && [ "$threads" = 2 ]; then
    "$G1/bin/gamesman" --data-path=g1data analyze quixo 1 >"$WORK/g1_analyze.out" 2>&1
    reachable=$(awk '/^Summary of all positions/ {f = 1} f && /Totals/ {print $NF; exit}' "$WORK/g1_analyze.out")
  fi
  row GamesmanOne "$threads" "$solved" "$reachable" "$start" "$cpu" "$wall" "$peak"
done
echo "solved: rtb counts legal positions up to symmetry; GamesmanOne its hash space (all boards x turn)."
echo "reachable: from the start over the full board (rtb: tbprobe --reachable; GamesmanOne: ANALYZE=1)."
