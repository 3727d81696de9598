#!/usr/bin/env bash
# Tables generated over K MPI ranks are identical, checksum for checksum, to
# the single-process ones listed in tests/e2e/checksums.txt: chess tables with
# dependencies (whole tables handed to ranks, and each table split over the
# ranks), Connect Four 5x4 (tiers, split) and random graphs (split).
#   mpi_tables.sh MPIEXEC TBGEN TBPROBE K
set -euo pipefail
mpiexec=$1 tbgen=$2 tbprobe=$3 ranks=$4
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

run() {  # DIR ARGS...: generate into DIR over the ranks
  local dir=$1
  shift
  "$mpiexec" --oversubscribe --allow-run-as-root -np "$ranks" "$tbgen" --quiet --threads 1 --out "$work/$dir" "$@" \
    >"$work/$dir.out"
}
# Every table in DIR must have exactly its line of checksums.txt; COUNT tables.
expect() {
  local dir=$1 count=$2 table sum n=0
  for table in "$work/$dir"/*.rtb; do
    sum="$(basename "$table") $("$tbprobe" --table "$table" --checksum)"
    if ! grep -qxF "$sum" "$here/checksums.txt"; then
      echo "FAIL ($ranks ranks, $dir): $sum is not in tests/e2e/checksums.txt"
      exit 1
    fi
    n=$((n + 1))
  done
  if [ "$n" != "$count" ]; then
    echo "FAIL ($ranks ranks, $dir): $n tables, expected $count"
    exit 1
  fi
}

run chess-tables --game chess --param material=all3 --mpi tables
expect chess-tables 5
run chess-split --game chess --param material=all3 --mpi split
expect chess-split 5
# One table and the four it depends on, each split (auto mode: one table named).
run chess-kpk --game chess --param material=KPvK
expect chess-kpk 5
run connect4 --game connect4 --param width=5 --param height=4
expect connect4 1
run graph --game graph --param file="$here/../fixtures/random2000.graph"
expect graph 1
echo "all tables over $ranks ranks match the single-process checksums"
