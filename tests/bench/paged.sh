#!/usr/bin/env bash
# Builds each table twice in one run, in core and under `--memory BUDGET`
# (paged to disk where it does not fit), and prints per table: CPU and wall
# seconds and peak memory of both builds, the ratios, and whether the two
# tables' values are the same (tbprobe --checksum). Exits 1 if they differ,
# or if the paged build's peak is over its budget.
#   tests/bench/paged.sh BUDGET TBGEN_ARGS...   e.g.
#   tests/bench/paged.sh 32M --game connect4 --param width=6 --param height=4
# BUILD= names the build directory (default build), THREADS= the threads
# (default all), WORK= a scratch directory to keep (default a temporary one).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
threads=${THREADS:-$(nproc)}
budget=$1
shift
work=${WORK:-$(mktemp -d)}
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT

# build NAME ARGS...: one tbgen run into $work/NAME; prints "cpu wall peak_kib".
build() {
  local name=$1
  shift
  rm -rf "${work:?}/$name"
  /usr/bin/time -f '%U %S %e %M' -o "$work/$name.time" "$build/cli/tbgen" "$@" --out "$work/$name" \
    --threads "$threads" --checkpoint-every 0 --quiet >/dev/null
  awk '{ printf "%.1f %.1f %d\n", $1 + $2, $3, $4 }' "$work/$name.time"
}

read -r core_cpu core_wall core_peak <<<"$(build core "$@")"
read -r paged_cpu paged_wall paged_peak <<<"$(build paged "$@" --memory "$budget")"
core_sum=$("$build/cli/tbprobe" --table "$(ls "$work"/core/*.rtb | tail -1)" --checksum)
paged_sum=$("$build/cli/tbprobe" --table "$(ls "$work"/paged/*.rtb | tail -1)" --checksum)
budget_kib=$(numfmt --from=iec "$budget" | awk '{ print int($1 / 1024) }')

echo "table: $*  threads: $threads"
printf '%-24s %10s %10s %12s\n' build "CPU s" "wall s" "peak MiB"
printf '%-24s %10s %10s %12.1f\n' "in core" "$core_cpu" "$core_wall" "$(bc -l <<<"$core_peak / 1024")"
printf '%-24s %10s %10s %12.1f\n' "--memory $budget" "$paged_cpu" "$paged_wall" "$(bc -l <<<"$paged_peak / 1024")"
printf 'ratios (paged / in core): CPU %.2fx, wall %.2fx, peak %.2fx\n' "$(bc -l <<<"$paged_cpu / $core_cpu")" \
  "$(bc -l <<<"$paged_wall / $core_wall")" "$(bc -l <<<"$paged_peak / $core_peak")"
echo "checksums: in core $core_sum, paged $paged_sum"
[ "$core_sum" = "$paged_sum" ] || { echo "FAIL: the paged table differs" >&2; exit 1; }
[ "$paged_peak" -le "$budget_kib" ] || { echo "FAIL: peak ${paged_peak} KiB over the budget of $budget" >&2; exit 1; }
echo "same values; peak within the budget"
