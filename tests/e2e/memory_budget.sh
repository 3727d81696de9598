#!/usr/bin/env bash
# The memory estimate is an upper bound, and the budget is kept:
# for a dozen runs (chess with and without pawns, with dependencies, under
# dtm and dtz, a pawn table in slices; Connect Four's tiers; Quixo; tic-tac-toe; nim; a subtraction
# game; take-away's tables that read each other; a random graph with
# cycles, solved in a byte a position and in two), `tbgen plan --estimate` gives the run's peak at most, X; then
# `tbgen --memory X` builds the run, and the peak each summary line reads
# from the process (VmHWM) must not exceed X. A run whose table cannot fit
# its budget is refused before anything is written, with one line.
# Connect Four also in budgets under its in-core estimate, paged to disk.
#   tests/e2e/memory_budget.sh TBGEN TBPROBE
set -euo pipefail
tbgen=$1
tbprobe=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

awk -v n=300000 -v m=900000 'BEGIN { srand(5); print n, m;
  for (i = 0; i < m; i++) { u = int(rand() * n) + 1; v = int(rand() * n) + 1; print u, v } }' >"$work/graph.txt"

runs=(
  "--game chess --param material=KQvK --param metric=dtm"
  "--game chess --param material=KRvK --param metric=dtz"
  "--game chess --param material=KPvK --param metric=dtz"
  "--game chess --param material=KPvK --param metric=dtm"
  "--game chess --param material=KQvKR --param metric=dtm"
  "--game connect4 --param width=5 --param height=4"
  "--game quixo --param n=3"
  "--game tictactoe --param m=4 --param n=3 --param k=3"
  "--game nim --param heaps=4 --param max=20"
  "--game subtraction --param heaps=30000"
  "--game takeaway --param total=60 --param take=4"
  "--game graph --param file=$work/graph.txt"
  "--game graph --param file=$work/graph.txt --state-bytes 2"
)
threads=(1 1 1 2 1 2 2 1 1 1 2 1 2)

# The largest number on the lines of `text` after "peak " in MiB, in bytes.
peak_of() {
  grep -o 'peak [0-9.]* MiB' <<<"$1" | awk '{ p = $2 * 1048576; if (p > m) m = p } END { printf "%.0f", m }'
}

for k in "${!runs[@]}"; do
  out="$work/run$k"
  read -ra args <<<"${runs[$k]}"
  plan=$("$tbgen" plan --estimate "${args[@]}" --out "$out" --threads "${threads[$k]}" --checkpoint-every 0)
  budget=$(sed -n 's/^# run: peak at most \([0-9]*\) bytes.*/\1/p' <<<"$plan")
  [ -n "$budget" ] || fail "no run line in the estimate of ${runs[$k]}: $plan"
  grep -q '^# refused' <<<"$plan" && fail "the estimate of ${runs[$k]} refuses its own figure: $plan"
  log=$("$tbgen" "${args[@]}" --out "$out" --threads "${threads[$k]}" --checkpoint-every 0 \
    --memory "$budget" 2>&1 >/dev/null) || fail "${runs[$k]} --memory $budget failed: $log"
  peak=$(peak_of "$log")
  [ "$peak" -gt 0 ] || fail "no peak in the summary of ${runs[$k]}: $log"
  printf '%-62s estimate %6.1f MiB  peak %6.1f MiB  (%.2fx)\n' "${runs[$k]/$work\//}" \
    "$(bc -l <<<"$budget / 1048576")" "$(bc -l <<<"$peak / 1048576")" "$(bc -l <<<"$budget / $peak")"
  [ "$peak" -le "$budget" ] || fail "${runs[$k]}: peak $peak bytes over its estimate $budget"
done

# Refused up front: a budget the process alone exceeds (a usage error), and
# one that leaves KQvKR's table too little (a run error). Neither writes.
refused() {  # refused STATUS ARGS...: runs tbgen, which must exit STATUS with one line and write nothing
  local status=$1 out="$work/refused"
  shift
  rm -rf "$out"
  local rc=0 err
  err=$("$tbgen" "$@" --out "$out" --threads 1 2>&1 >/dev/null) || rc=$?
  [ "$rc" = "$status" ] || fail "tbgen $* exited $rc, not $status: $err"
  [ "$(wc -l <<<"$err")" = 1 ] || fail "tbgen $* said more than one line: $err"
  [ -z "$(find "$out" -name '*.rtb*' 2>/dev/null)" ] || fail "tbgen $* wrote $(ls "$out")"
  echo "refused: $err"
}
refused 2 --game chess --param material=KQvKR --memory 2M
refused 1 --game chess --param material=KQvKR --memory 30M
grep -q '^tbgen: error: KQvKR needs up to [0-9.]* MiB of memory' <<<"$("$tbgen" --game chess \
  --param material=KQvKR --out "$work/refused" --memory 30M 2>&1)" || fail "the refusal does not name KQvKR and its need"
refused 2 --game chess --param material=KQvK --memory lots
refused 2 --game nim --solver grundy --memory 1G
refused 2 --game tictactoe --state-bytes 3
refused 1 --game chess --param material=KQvK --state-bytes 1
# Out of core: a budget under a tiered game's in-core estimate but over its
# floor builds the table with its tiers paged to disk (gen/depth/paged_tier.h),
# within the budget, with the values of the in-core build above (run 5).
connect4=(--game connect4 --param width=5 --param height=4)
in_core=$("$tbprobe" --table "$work/run5/connect4-5x4.rtb" --checksum)
for budget in 16M 20M; do
  log=$("$tbgen" "${connect4[@]}" --out "$work/paged$budget" --threads 2 --checkpoint-every 0 \
    --memory "$budget" 2>&1 >/dev/null) || fail "connect4 5x4 --memory $budget failed: $log"
  peak=$(peak_of "$log")
  printf '%-62s budget %6s      peak %6.1f MiB\n' "${connect4[*]} (paged)" "$budget" "$(bc -l <<<"$peak / 1048576")"
  [ "$peak" -le "$(numfmt --from=iec "$budget")" ] || fail "connect4 5x4: peak $peak bytes over --memory $budget"
  paged=$("$tbprobe" --table "$work/paged$budget/connect4-5x4.rtb" --checksum)
  [ "$paged" = "$in_core" ] || fail "connect4 5x4 paged in $budget: checksum $paged, in core $in_core"
done
refused 1 "${connect4[@]}" --memory 12M

echo "every peak within its estimate"
