#!/usr/bin/env bash
# Dobutsu shogi solved whole, as CI can afford it (about 1 GB and a few
# minutes on two cores): the start position is a LOSS in 78 plies for the
# side to move, as published (Tanaka 2009), and the table's checksum is the
# one committed in tests/e2e/dobutsu_checksum.txt, so its 231,641,991 values
# never change by accident. The positions reachable from the start, as
# published: 246,803,167 up to the mirror, 99,485,568 of them not ending the
# game (tbprobe --reachable, about a minute and a half more).
#   dobutsu_solve.sh TBGEN TBPROBE
set -euo pipefail
tbgen=$1 tbprobe=$2
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$tbgen" --quiet --threads 2 --checkpoint-every 0 --game dobutsu --out "$work" | tail -1
start="$("$tbprobe" --table "$work/dobutsu.rtb" --position "S/gle/-c-/-C-/ELG/-" | head -1)"
echo "$start"
if [ "$start" != "S/gle/-c-/-C-/ELG/-: LOSS in 78 plies" ]; then
  echo "FAIL: the start position is a LOSS in 78 plies (published)"
  exit 1
fi
sum="dobutsu.rtb $("$tbprobe" --table "$work/dobutsu.rtb" --checksum)"
expected="$(cat "$here/dobutsu_checksum.txt")"
if [ "$sum" != "$expected" ]; then
  echo "FAIL: $sum, committed: $expected"
  exit 1
fi
reached="$("$tbprobe" --table "$work/dobutsu.rtb" --reachable --json --threads 2)"
echo "$reached"
field() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" <<<"$reached"; }
canonical="$(field canonical)" terminal="$(field terminal)"
if [ "$canonical" != 246803167 ] || [ "$((canonical - terminal))" != 99485568 ]; then
  echo "FAIL: reachable $canonical ($((canonical - terminal)) not terminal), published 246803167 (99485568)"
  exit 1
fi
echo "dobutsu: start LOSS in 78, checksum $sum as committed, reachable $canonical ($((canonical - terminal)) not terminal) as published"
