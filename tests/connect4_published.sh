#!/usr/bin/env bash
# The published results of the larger Connect Four boards, too slow for the
# sanitizer builds: 6x4 is won by the second player in all 24 plies, 5x5 is
# a draw.   tests/connect4_published.sh TBGEN TBPROBE
set -euo pipefail
tbgen=$1
tbprobe=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
check() {  # check WIDTH HEIGHT EXPECTED
  "$tbgen" --game connect4 --param "width=$1" --param "height=$2" --out "$out" --quiet >/dev/null
  got=$("$tbprobe" --dir "$out" --game connect4 --param "width=$1" --param "height=$2" --position "" | head -1)
  if [ "$got" != "$3" ]; then
    echo "$1x$2: expected '$3', got '$got'"
    exit 1
  fi
  echo "$1x$2: $got"
}
check 6 4 "/////: LOSS in 24 plies"
check 5 5 "////: DRAW"
echo "2 passed, 0 failed"
