#!/usr/bin/env bash
# The published results of the larger Connect Four boards, too slow for the
# sanitizer builds: 6x4 is won by the second player in all 24 plies, 5x5 is
# a draw, and Tromp's counts of the positions reachable from the empty board
# (tbprobe --reachable). The 28-30 cell boards take minutes each: see
# tests/bench/connect4.sh.   tests/e2e/connect4_published.sh TBGEN TBPROBE
set -euo pipefail
tbgen=$1
tbprobe=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
check() {  # check WIDTH HEIGHT START REACHABLE
  local game=(--game connect4 --param "width=$1" --param "height=$2")
  "$tbgen" "${game[@]}" --out "$out" --quiet >/dev/null
  got=$("$tbprobe" --dir "$out" "${game[@]}" --position "" | head -1)
  if [ "$got" != "$3" ]; then
    echo "$1x$2: expected '$3', got '$got'"
    exit 1
  fi
  reached=$("$tbprobe" --dir "$out" "${game[@]}" --reachable | sed -n 's/^reachable from the start: \([0-9]*\) .*/\1/p')
  if [ "$reached" != "$4" ]; then
    echo "$1x$2: expected $4 positions reachable from the empty board, got '$reached'"
    exit 1
  fi
  echo "$1x$2: $got, $reached reachable"
  rm -f "$out"/*.rtb
}
check 6 4 "/////: LOSS in 24 plies" 94910577
check 5 5 "////: DRAW" 69763700
check 4 5 "///: DRAW" 1706255
echo "3 passed, 0 failed"
