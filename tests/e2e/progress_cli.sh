#!/usr/bin/env bash
# tbgen's progress as a user sees it. Off a terminal: plain lines, no
# carriage return, each naming its table as "table k of n" and each table
# ending at 100%, then a summary line naming it. On a pseudo-terminal
# (script(1) from util-linux): a line redrawn in place.   progress_cli.sh TBGEN
set -euo pipefail
tbgen=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; echo "--- stderr:"; cat -A "$out/err" | head -40; exit 1; }

# Every chess table of three pieces and the tables they need: a set of several.
"$tbgen" --game chess --param material=all3 --threads 1 --out "$out/t" --progress-every 0 \
  >"$out/written" 2>"$out/err"
n=$(wc -l <"$out/written")
[ "$n" -ge 3 ] || fail "expected several tables, got $n"
! grep -q $'\r' "$out/err" || fail "carriage return off a terminal"
k=0
while read -r path; do
  k=$((k + 1))
  name=$(basename "$path" .rtb)
  place="table $k of $n: $name  "
  grep -qF "$place" "$out/err" || fail "no progress line for $place"
  last=$(grep -F "$place" "$out/err" | tail -1)
  [[ $last == *"done  100.0%"* ]] || fail "$name does not end at 100%: $last"
  grep -q "^$name: [0-9]* positions: " "$out/err" || fail "no summary line naming $name"
done <"$out/written"

# The Grundy and arena solvers end their tables in their own words.
"$tbgen" --game subtraction --param heaps=50000 --solver grundy --out "$out/g" --progress-every 0 \
  >/dev/null 2>"$out/err"
grep -q '^subtraction-.*\.grundy  done  100\.0%  .* positions, largest value [0-9]*, ' "$out/err" ||
  fail "no Grundy summary line"
"$tbgen" --game graph --param file="$(dirname "$0")/../fixtures/random1000.train" --param format=ioi-train \
  --param objective=buchi --solver arena --out "$out/g" --progress-every 0 >/dev/null 2>"$out/err"
grep -q '^graph-.*-buchi  done  100\.0%  .* positions, [0-9]* attractors\?, ' "$out/err" ||
  fail "no arena summary line"

# --quiet: nothing at all on stderr.
"$tbgen" --game chess --param material=KNvK --out "$out/q" --quiet >/dev/null 2>"$out/err"
[ ! -s "$out/err" ] || fail "--quiet printed something"

# A terminal: the bar is redrawn over itself ("\r") and erased at the end.
script -qec "'$tbgen' --game chess --param material=KQvK --threads 1 --out '$out/p'" /dev/null >"$out/tty"
grep -q $'\rtable 1 of 1: KQvK  ' "$out/tty" || { cat -A "$out/tty"; fail "no redrawn line on a terminal"; }
grep -q $'\r\e\\[K' "$out/tty" || { cat -A "$out/tty"; fail "the bar is not erased"; }
echo "progress ok: $n tables"
