#!/usr/bin/env bash
# Generation over MPI on this machine, ranks 1 to 4 (one thread each):
#  - one table split over the ranks (--mpi split): wall time, bytes sent
#    between ranks per position and per layer, and time per layer a rank
#    spends waiting in the exchanges (from tbgen's summary line);
#  - a set of tables handed to ranks as their dependencies finish
#    (--mpi tables; rank 0 is the manager): wall time.
# The one-process run without mpirun is the baseline of both.
#   tests/bench/mpi.sh TBGEN [TABLE_PARAMS] [SET_PARAMS] [MAX_RANKS]   (- skips a part)
#   e.g. tests/bench/mpi.sh build/cli/tbgen "--game chess --param material=KQvKR" \
#        "--game chess --param material=all4" 4
set -euo pipefail
tbgen=$1
read -r -a table <<<"${2:---game chess --param material=KQvKR}"
read -r -a set <<<"${3:---game chess --param material=all3}"
max_ranks=${4:-4}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mpirun=(mpirun --oversubscribe --allow-run-as-root)
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
now() { date +%s.%N; }

if [ "${table[*]}" != - ]; then
  echo "one table, split: ${table[*]}"
  # The dependencies are built once, outside the measurement.
  "$tbgen" --quiet --out "$work/deps" "${table[@]}" >/dev/null
  start=$(now)
  "$tbgen" --quiet --threads 1 --force --out "$work/deps" "${table[@]}" >/dev/null
  echo "  1 process, 1 thread: $(seconds "$start" "$(now)") s"
  for ranks in $(seq 1 "$max_ranks"); do
    start=$(now)
    "${mpirun[@]}" -np "$ranks" "$tbgen" --threads 1 --mpi split --force --out "$work/deps" "${table[@]}" \
      2>"$work/split.err" >/dev/null
    wall=$(seconds "$start" "$(now)")
    echo "  $ranks ranks: $wall s wall; $(grep -o 'mpi split over.*' "$work/split.err" | tail -1)"
  done
fi
[ "${set[*]}" = - ] && exit 0
echo "a set of tables, whole tables to ranks: ${set[*]}"
start=$(now)
"$tbgen" --quiet --threads 1 --out "$work/set0" "${set[@]}" >/dev/null
echo "  1 process, 1 thread: $(seconds "$start" "$(now)") s, $(ls "$work/set0"/*.rtb | wc -l) tables"
for ranks in $(seq 1 "$max_ranks"); do
  start=$(now)
  "${mpirun[@]}" -np "$ranks" "$tbgen" --quiet --threads 1 --mpi tables --out "$work/set$ranks" "${set[@]}" >/dev/null
  echo "  $ranks ranks ($((ranks > 1 ? ranks - 1 : 1)) generating): $(seconds "$start" "$(now)") s"
done
