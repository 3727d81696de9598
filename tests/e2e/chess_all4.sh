#!/usr/bin/env bash
# Every chess table of 3 and 4 pieces, whole: generated, verified (each
# stored value re-derived from its successors) and checked for moves/unmoves
# consistency over every index. Too slow for the sanitizer builds (about a
# minute and a half here).   tests/e2e/chess_all4.sh BENCH_CHESS
set -euo pipefail
bench=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bench" generate "$out" all4 2
"$bench" verify "$out" | tee "$out/verify.txt"
[ "$(grep -c ' verified$' "$out/verify.txt")" = 35 ] || { echo "expected 35 verified tables"; exit 1; }
"$bench" consistency all4 | tee "$out/consistency.txt"
[ "$(grep -c ' consistent' "$out/consistency.txt")" = 35 ] || { echo "expected 35 consistent tables"; exit 1; }
