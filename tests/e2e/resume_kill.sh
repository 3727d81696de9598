#!/usr/bin/env bash
# Runs that resume: tbgen is killed (SIGKILL) at random moments and run
# again, and must end with tables byte-identical to an uninterrupted run's.
# After every kill, no file in the output that tbprobe accepts may differ
# from the finished table of that name.
#   tests/e2e/resume_kill.sh TBGEN TBPROBE [full|quick] [KILLS] [SEED]
# KILLS (default 20) are spread over the cases. full (about two minutes):
# a chess set with pawns and dependencies under metric=dtz (KBvKP, solved
# slice by slice, and the nine tables it needs), Connect Four 5x4 (tiered;
# and again in 16 MiB, its tiers paged to disk: gen/depth/paged_tier.h),
# 4x4 Quixo (10.7 M positions, cyclic), and a random graph of 2 M vertices
# with cycles and long paths, solved in a byte a position (its depths
# spilled to disk beside the checkpoint). quick, for the sanitizer builds:
# KPvK (metric=dtz) and its dependencies, Connect Four 5x3, and a random
# graph of 200 000 vertices.
set -euo pipefail
tbgen=$1
tbprobe=$2
mode=${3:-full}
kills=${4:-20}
seed=${5:-$$}
RANDOM=$seed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "seed $seed (rerun: $0 TBGEN TBPROBE $mode $kills $seed)"

vertices=$([ "$mode" = full ] && echo 2000000 || echo 200000)
awk -v n=$vertices -v m=$((3 * vertices)) 'BEGIN { srand(11); print n, m;
  for (i = 0; i < m; i++) { u = int(rand() * n) + 1; v = rand() < 0.7 ? u + int(rand() * 50) + 1 : int(rand() * n) + 1;
    if (v > n) v -= n; print u, v } }' >"$work/graph.txt"
if [ "$mode" = full ]; then
  cases=("--game chess --param material=KBvKP --param metric=dtz" "--game connect4 --param width=5 --param height=4"
    "--game connect4 --param width=5 --param height=4 --memory 16M"
    "--game quixo --param n=4" "--game graph --param file=$work/graph.txt")
else
  cases=("--game chess --param material=KPvK --param metric=dtz" "--game connect4 --param width=5 --param height=3"
    "--game graph --param file=$work/graph.txt")
fi
total_kills=0 from_checkpoint=0 from_scratch=0

now() { date +%s%N; }

# Every file tbprobe takes for a table must be the finished one of that name
# (a .partial killed between its last sync and its rename is that table too).
check_files() {  # check_files DIR REFERENCE_DIR
  local f
  for f in "$1"/*; do
    [ -e "$f" ] || continue
    if "$tbprobe" --table "$f" --stats >/dev/null 2>&1; then
      if ! cmp -s "$f" "$2/$(basename "${f%.partial}")"; then
        echo "FAIL: after a kill, tbprobe accepts $f, which is not the finished table"
        exit 1
      fi
    fi
  done
}

# The finished tiers a checkpoint keeps are compressed: at most twice the
# finished table's size, where raw they took two bytes an index (Connect
# Four 5x4: 11 MB beside a 1.4 MB table).
check_tier_log() {  # check_tier_log DIR FINISHED_TABLE
  local f limit=$((2 * $(stat -c %s "$2")))
  for f in "$1"/*.tiers; do
    [ -e "$f" ] || continue
    if [ "$(stat -c %s "$f")" -gt "$limit" ]; then
      echo "FAIL: $f takes $(stat -c %s "$f") bytes, over twice the table's $(stat -c %s "$2")"
      exit 1
    fi
  done
}

for k in "${!cases[@]}"; do
  read -r -a args <<<"${cases[$k]}"
  ref="$work/ref$k" out="$work/out$k"
  start=$(now)
  "$tbgen" "${args[@]}" --out "$ref" --quiet --checkpoint-every 0 >/dev/null
  ms=$((($(now) - start) / 1000000))
  target=$(ls -t "$ref" | head -1)  # the table asked for is written last
  n=$((kills / ${#cases[@]} + (k < kills % ${#cases[@]} ? 1 : 0)))
  killed=0 attempts=0 resumed=0
  # A run that finishes before its kill ends the case: nothing is left to interrupt.
  while ((killed < n && attempts < 3 * n)) && [ ! -e "$out/$target" ]; do
    attempts=$((attempts + 1))
    "$tbgen" "${args[@]}" --out "$out" --quiet --checkpoint-every 0.01 >/dev/null 2>"$work/err" &
    pid=$!
    delay=$((ms / 20 + RANDOM % (ms / 3 + 1)))  # resumed runs go further each time
    sleep "$((delay / 1000)).$(printf %03d $((delay % 1000)))"
    if kill -KILL "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
    wait "$pid" 2>/dev/null || true
    if grep -q "resuming from" "$work/err"; then resumed=$((resumed + 1)); fi
    check_files "$out" "$ref"
    check_tier_log "$out" "$ref/$target"
  done
  "$tbgen" "${args[@]}" --out "$out" --quiet --checkpoint-every 0.01 >/dev/null 2>"$work/err" ||
    grep -q "already exists" "$work/err"
  if grep -q "resuming from" "$work/err"; then resumed=$((resumed + 1)); fi
  runs=$((attempts + 1))
  total_kills=$((total_kills + killed)) from_checkpoint=$((from_checkpoint + resumed))
  from_scratch=$((from_scratch + runs - resumed))
  for f in "$ref"/*; do
    if ! cmp "$f" "$out/$(basename "$f")"; then
      echo "FAIL: ${cases[$k]}: $(basename "$f") differs from the uninterrupted run's"
      exit 1
    fi
  done
  # A killed writer's lock file may stay (unlocked, harmless) where no run
  # wrote that table again; partial files and checkpoints may not.
  leftovers=$(ls "$out" | grep -v -e '\.rtb$' -e '\.rtb\.lock$' || true)
  if [ -n "$leftovers" ]; then
    echo "FAIL: ${cases[$k]}: left behind: $leftovers"
    exit 1
  fi
  echo "${cases[$k]}: ${ms} ms uninterrupted; $killed kills, $runs runs, $resumed resumed from a checkpoint;" \
    "identical to the uninterrupted run"
done
# Two writers of one table: while the first lives (stopped here, so the
# moment is sure) the second is refused, with --force too; the first's
# table is whole. A writer killed then stops no one: the rerun replaces
# its partial file.
read -r -a args <<<"${cases[1]}"
target=$(ls "$work/ref1")
for ending in finish kill; do
  two="$work/two-$ending"
  "$tbgen" "${args[@]}" --out "$two" --quiet --force >/dev/null 2>&1 &
  first=$!
  for ((t = 0; t < 2000; t++)); do [ -e "$two/$target.lock" ] && break; sleep 0.01; done
  kill -STOP "$first"
  if "$tbgen" "${args[@]}" --out "$two" --quiet --force >/dev/null 2>"$work/err"; then
    echo "FAIL: a second tbgen wrote $target while the first was writing it"
    exit 1
  fi
  grep -q "another tbgen is writing $two/$target" "$work/err" || {
    echo "FAIL: the second tbgen did not say why it stopped:" && cat "$work/err" && exit 1
  }
  if [ $ending = finish ]; then
    kill -CONT "$first"
    wait "$first"
  else
    kill -KILL "$first"
    wait "$first" 2>/dev/null || true
    "$tbgen" "${args[@]}" --out "$two" --quiet --force --checkpoint-every 0 >/dev/null 2>&1
  fi
  cmp "$two/$target" "$work/ref1/$target"
done
echo "two writers: the second refused while the first lived; the table is whole"
echo "kills $total_kills, runs resumed from a checkpoint $from_checkpoint, started from scratch $from_scratch"
if ((total_kills < kills / 2)); then
  echo "FAIL: only $total_kills of $kills kills landed before their run finished"
  exit 1
fi
