#!/usr/bin/env bash
# Failures over MPI ranks: an error on one rank (rank 0 refusing to replace
# a table) ends every rank with the same one-line error; a rank killed in
# the middle of a split table ends the run with a one-line error from every
# other rank and leaves no table that looks complete; and the run started
# again writes the table the single-process run writes.
#   mpi_failure.sh MPIEXEC TBGEN TBPROBE
set -euo pipefail
mpiexec=$1 tbgen=$2 tbprobe=$3
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mpirun=("$mpiexec" --oversubscribe --allow-run-as-root -np 3)
fail() {
  echo "FAIL: $*"
  exit 1
}

# 1. One rank fails: all three say why.
"$tbgen" --quiet --out "$work/t" --game chess --param material=KQvK >/dev/null
if "${mpirun[@]}" "$tbgen" --quiet --out "$work/t" --game chess --param material=KQvK >/dev/null 2>"$work/refuse.err"; then
  fail "replacing a table without --force succeeded"
fi
n=$(grep -c "^tbgen: error: table .*KQvK.rtb already exists" "$work/refuse.err" || true)
[ "$n" = 3 ] || fail "expected the refusal from 3 ranks, got $n: $(cat "$work/refuse.err")"

# The same from a worker of whole tables: KPvK exists, one of its
# dependencies does not, so the set KQvK, KPvK is handed out and the
# worker given KPvK fails.
"$tbgen" --quiet --out "$work/t" --game chess --param material=KPvK >/dev/null
rm "$work/t/KQvK.rtb"
if "${mpirun[@]}" "$tbgen" --quiet --out "$work/t" --game chess --param material=KPvK >/dev/null 2>"$work/worker.err"; then
  fail "replacing a table without --force succeeded"
fi
n=$(grep -c "^tbgen: error: table .*KPvK.rtb already exists" "$work/worker.err" || true)
[ "$n" = 3 ] || fail "expected the worker's refusal from 3 ranks, got $n: $(cat "$work/worker.err")"
[ "$(grep -c '^tbgen:' "$work/worker.err")" = 3 ] || fail "more than one line per rank: $(cat "$work/worker.err")"

# A table whose moves read the slices solved before it (DTZ with pawns)
# cannot be split: every rank says so, and no table is written.
"$tbgen" --quiet --out "$work/z" --game chess --param material=KPvK --param metric=dtz >/dev/null
rm "$work/z/KPvK-dtz.rtb"
if "${mpirun[@]}" "$tbgen" --quiet --out "$work/z" --mpi split --game chess --param material=KPvK \
  --param metric=dtz >/dev/null 2>"$work/sliced.err"; then
  fail "a split run of KPvK-dtz succeeded"
fi
n=$(grep -c "^tbgen: error: KPvK-dtz is solved slice by slice" "$work/sliced.err" || true)
[ "$n" = 3 ] || fail "expected the refusal of a sliced table from 3 ranks, got $n: $(cat "$work/sliced.err")"
[ ! -e "$work/z/KPvK-dtz.rtb" ] || fail "a refused split run wrote KPvK-dtz.rtb"

# 2. A rank is killed while KQvKR is split over three ranks. mpirun sends
# the others SIGTERM, then SIGKILL after odls_base_sigkill_timeout (1 s by
# default). On a busy machine rank 0, the writer, missed its line in 1 run
# of 10 with that second and in none of 24 with 10 s.
mkdir -p "$work/pids"
"${mpirun[@]}" --mca odls_base_sigkill_timeout 10 sh -c 'echo $$ >"$1/pids/$OMPI_COMM_WORLD_RANK"; shift; exec "$@"' sh "$work" \
  "$tbgen" --quiet --out "$work/k" --mpi split --game chess --param material=KQvKR >/dev/null 2>"$work/kill.err" &
run=$!
for _ in $(seq 1 600); do
  [ -e "$work/k/KQvKR.rtb.partial" ] && [ -s "$work/pids/2" ] && break
  sleep 0.1
done
[ -e "$work/k/KQvKR.rtb.partial" ] || fail "the split table was never started"
kill -9 "$(cat "$work/pids/2")"
if wait "$run"; then fail "the run with a killed rank succeeded"; fi
[ ! -e "$work/k/KQvKR.rtb" ] || fail "a table was published by a run whose rank died"
n=$(grep -c "^tbgen: error: rank [01] of 3 stopped" "$work/kill.err" || true)
[ "$n" = 2 ] || fail "expected a one-line error from both other ranks, got $n: $(cat "$work/kill.err")"

# 3. Started again, the run finishes the table, identical to one process's.
"${mpirun[@]}" "$tbgen" --quiet --out "$work/k" --mpi split --game chess --param material=KQvKR >/dev/null 2>&1 ||
  fail "the run started again failed"
sum="KQvKR.rtb $("$tbprobe" --table "$work/k/KQvKR.rtb" --checksum)"
grep -qxF "$sum" "$here/checksums.txt" || fail "$sum is not in tests/e2e/checksums.txt"
echo "failures over MPI end every rank with an error and leave no complete table"
