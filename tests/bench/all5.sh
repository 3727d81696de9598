#!/usr/bin/env bash
# Every chess table of up to 5 pieces (145), rtb beside Syzygy's generator,
# a process per table (as syzygy1/tb's run.pl builds a set):
#   tests/bench/all5.sh RUN WORK [THREADS]     builds the set for RUN, or goes on
#   tests/bench/all5.sh --totals WORK          prints the totals per run and beside Syzygy's
# RUN is one of
#   syzygy  rtbgen/rtbgenp -t THREADS --stats (WDL and DTZ files, compressed),
#           from TB_SRC=syzygy1/tb's src directory with both built, outside
#           this project; in WORK/syzygy
#   dtz     tbgen --game chess --param material=T --param metric=dtz; in WORK/dtz
#   dtm     the same with metric=dtm; in WORK/dtm
# THREADS defaults to 1; two runs may go at once, one per core. Tables go in
# the order `tbgen --param material=all5` builds them (`tbgen plan`): each
# after those it reads. Each table built appends "run table threads cpu_s
# wall_s peak_mib bytes" to WORK/tables.tsv (a whole process,
# /usr/bin/time; bytes: Syzygy's .rtbw + .rtbz, rtb's table compacted to
# its streams on a copy, as an engine installs it). A run skips the tables
# it has rows for, so the set can be built over several sittings: `touch
# WORK/stop` ends every run after its current table, `touch WORK/stop-RUN`
# that run alone. ROWS=FILE keeps the
# rows there instead (the committed tests/bench/all5.tsv): on a new machine
# a run goes on from them, building again, unmeasured, only the tables that
# its next tables read (`tbgen plan` says which). RTB_BIN=DIR takes tbgen
# and tbprobe from DIR (copies of one build, so that every sitting runs the
# same code) instead of building them; the syzygy run needs them too, for
# the plan. TBGEN_PLAN=FILE plans with that tbgen instead (for an RTB_BIN
# build older than `tbgen plan`).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$REPO/build-bench}

# totals WORK: per run, the sums over its tables; then each rtb run beside
# Syzygy's over the tables both have (the like-for-like figures while runs
# are unfinished), with the ratios.
totals() {
  local rows=${ROWS:-$1/tables.tsv}
  [ -s "$rows" ] || { echo "no tables in $rows" >&2; exit 1; }
  awk '
    {key = $1 " " $2; if (seen[key]++) next; run[$1]; n[$1]++
     cpu[$1] += $4; wall[$1] += $5; if ($6 > peak[$1]) peak[$1] = $6; bytes[$1] += $7
     tcpu[key] = $4; twall[key] = $5; tpeak[key] = $6; tbytes[key] = $7; table[$2]}
    function line(r, k, c, w, p, b) {printf "%-7s %7d %10.0f %10.0f %9.0f %14.0f\n", r, k, c, w, p, b}
    function sums(r, o) {  # the figures of run r over the tables run o has too
      c[r] = w[r] = p[r] = b[r] = k[r] = 0
      for (t in table) if ((r " " t) in tcpu && (o " " t) in tcpu) {
        x = r " " t; c[r] += tcpu[x]; w[r] += twall[x]; b[r] += tbytes[x]; k[r]++
        if (tpeak[x] > p[r]) p[r] = tpeak[x]
      }
    }
    END {
      printf "%-7s %7s %10s %10s %9s %14s\n", "run", "tables", "CPU s", "wall s", "peak MiB", "bytes"
      for (r in run) line(r, n[r], cpu[r], wall[r], peak[r], bytes[r])
      if (!("syzygy" in run)) exit
      for (r in run) {
        if (r == "syzygy") continue
        sums(r, "syzygy"); sums("syzygy", r)
        if (!k[r]) continue
        printf "\n%s beside syzygy, the %d tables both have:\n", r, k[r]
        line(r, k[r], c[r], w[r], p[r], b[r]); line("syzygy", k[r], c["syzygy"], w["syzygy"], p["syzygy"], b["syzygy"])
        printf "%-7s %7s %10.2f %10.2f %9.2f %14.2f\n", "ratio", "", c[r] / c["syzygy"], w[r] / w["syzygy"],
          p[r] / p["syzygy"], b[r] / b["syzygy"]
      }
    }' "$rows"
}

if [ "${1:-}" = --totals ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --totals WORK" >&2; exit 2; }
  totals "$2"
  exit 0
fi
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 syzygy|dtz|dtm WORK [THREADS] | --totals WORK" >&2; exit 2; }
run=$1
threads=${3:-1}
case $run in
  syzygy)
    tb=$(cd "${TB_SRC:?set TB_SRC to the src directory of syzygy1/tb}" && pwd)
    for exe in rtbgen rtbgenp; do
      [ -x "$tb/$exe" ] || { echo "$tb/$exe is missing: make rtbgen rtbgenp in $tb" >&2; exit 1; }
    done ;;
  dtz | dtm) ;;
  *) echo "unknown run $run (syzygy, dtz or dtm)" >&2; exit 2 ;;
esac
mkdir -p "$2/$run" "$2/logs"
work=$(cd "$2" && pwd)
rm -f "$work/stop-$run"
rows=${ROWS:-$work/tables.tsv}
touch "$rows"
source "$REPO/tests/bench/measure.sh"

# The file that shows TABLE is built, and the command that builds it.
built() {
  if [ "$run" = syzygy ]; then [ -e "$work/syzygy/$1.rtbz" ]; else [ -e "$work/$run/$1$suffix.rtb" ]; fi
}
build() {
  if [ "$run" = syzygy ]; then
    local exe=rtbgen
    [[ $1 == *P* ]] && exe=rtbgenp
    (cd "$work/syzygy" && RTBPATH=. exec "$tb/$exe" -t "$threads" --stats "$1")
  else
    "$TBGEN" --game chess --param "material=$1" --param "metric=$run" --out "$work/$run" \
      --threads "$threads" --checkpoint-every 0 --progress-every 60 --force
  fi
}
bytes() {
  if [ "$run" = syzygy ]; then
    stat -c %s "$work/syzygy/$1.rtbw" "$work/syzygy/$1.rtbz" | awk '{s += $1} END {print s}'
  else
    local copy=$work/compact-$run/$1$suffix.rtb
    mkdir -p "$work/compact-$run"
    cp "$work/$run/$1$suffix.rtb" "$copy"
    "$TBGEN" compact --table "$copy" --quiet || return 1
    stat -c %s "$copy"
  fi
}
suffix=
[ "$run" = dtz ] && suffix=-dtz
export -f build
export run tb work threads TBGEN

# plan MATERIAL: the materials a build of MATERIAL (one table, or all5)
# needs, each after those it reads and MATERIAL's last: tbgen's own plan,
# over a directory that holds no table (every metric reads the same).
plan() {
  "${TBGEN_PLAN:-$TBGEN}" plan --game chess --param "material=$1" --param metric=dtz --out "$work/no-tables" --force |
    sed -E 's/^.*\tchess .*material=([^,]*).*\t.*$/\1/'
}
# ensure TABLE: builds, unmeasured, what it reads that is missing.
ensure() {
  local needs d
  needs=$(plan "$1")
  for d in $needs; do
    if [ "$d" = "$1" ] || built "$d"; then continue; fi
    echo "$run: $d (read by a later table; unmeasured)" >&2
    build "$d" >"$work/logs/$run-$d.unmeasured" 2>&1 || { echo "$run failed on $d" >&2; exit 1; }
  done
}

set_order=$(plan all5) || { echo "${TBGEN_PLAN:-$TBGEN} cannot plan: set TBGEN_PLAN to a newer tbgen" >&2; exit 1; }
for t in $set_order; do
  [ -n "$(awk -v r="$run" -v t="$t" '$1 == r && $2 == t' "$rows")" ] && continue
  [ -e "$work/stop" ] && { echo "$run: stopped before $t (rm $work/stop to go on)" >&2; exit 1; }
  [ -e "$work/stop-$run" ] && { echo "$run: stopped before $t" >&2; exit 1; }
  ensure "$t"
  echo "$run: $t" >&2
  # The build alone is measured; a table killed halfway is built again whole.
  log=$work/logs/$run-$t
  figures=$(measure "$log" bash -c "build $t")
  grep -q 'Exit status: 0' "$log.time" && built "$t" ||
    { echo "$run failed on $t (see $log.*)" >&2; exit 1; }
  size=$(bytes "$t") || { echo "$run: cannot compact $t" >&2; exit 1; }
  echo "$run $t $threads $figures $size" >>"$rows"
done
echo "$run: all 145 tables built" >&2
