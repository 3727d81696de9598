#!/usr/bin/env bash
# Generates a fixed list of tables and compares the checksum of each
# table's values (XXH3-64, as its meta record keeps it) and of each stream
# it keeps (`tbprobe --checksum`) with the committed list
# tests/e2e/checksums.txt: table values and streams never change by accident.
#   checksums.sh TBGEN TBPROBE            compare (exit 1 on any difference)
#   checksums.sh TBGEN TBPROBE --update   rewrite the list after an intended change
set -euo pipefail
tbgen=$1 tbprobe=$2 mode=${3:-compare}
here="$(cd "$(dirname "$0")" && pwd)"
list="$here/checksums.txt"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$work/tables"

gen() { "$tbgen" --quiet --out "$out" "$@" >/dev/null; }
gen --game chess --param material=all4
gen --game chess --param material=all3 --param metric=dtc
gen --game connect4 --param width=5 --param height=4
gen --game tictactoe
gen --game tictactoe --param m=3 --param n=4 --param k=3
gen --game graph --param file="$here/../fixtures/random2000.graph"
gen --game graph --param file="$here/../fixtures/random2000.graph" --param misere=1
gen --game graph --param file="$here/../fixtures/random2000.graph" --solver grundy
gen --game subtraction --solver grundy
gen --game octal --param octal=0.77 --solver grundy
gen --game octal --param octal=0.137 --solver grundy
gen --game nim --param heaps=3 --param max=7 --solver grundy
for objective in reach safety buchi cobuchi; do
  gen --game graph --param file="$here/../fixtures/random1000.train" --param format=ioi-train \
      --param objective=$objective --solver arena
done

actual="$work/actual.txt"
for table in "$out"/*.rtb; do
  sum=$("$tbprobe" --table "$table" --checksum)
  echo "$(basename "$table") $sum"
done | LC_ALL=C sort >"$actual"
echo "$(wc -l <"$actual") tables generated"
if [ "$mode" = --update ]; then
  cp "$actual" "$list"
  echo "wrote $list"
  exit 0
fi
if ! diff -u "$list" "$actual"; then
  echo "table values differ from tests/e2e/checksums.txt (lines with - are expected, + generated)"
  exit 1
fi
echo "all $(wc -l <"$list") checksums match"
