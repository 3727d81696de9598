#!/usr/bin/env bash
# Chess generation side by side with Syzygy's generator, in one run:
#   tests/bench/chess_vs_syzygy.sh TB_SRC [THREADS ...]      (default: 1 2)
# TB_SRC is syzygy1/tb's src directory with rtbgen and rtbgenp built
# (make rtbgen rtbgenp), outside this project. TABLES= names the single
# tables to time (default: KQvKR KBNvK KPvKP; KRPvKR takes half an hour of
# set-up). For each thread count it prints CPU and wall seconds and peak
# memory of both and the CPU ratio, for all 35 tables of 3 and 4 pieces and
# for each single table. rtb computes DTM (tbgen, metric=dtm, its table
# written); Syzygy computes WDL and DTZ (rtbgen -g: generation only, no
# compression, no file). Each single table is timed with the tables it
# depends on already built, as is every Syzygy table: its generator reads
# them for captures and promotions, so they are built first, untimed.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TB_SRC [THREADS ...]" >&2; exit 2; }
tb=$(cd "$1" && pwd)
shift
threads=("$@")
[ ${#threads[@]} -eq 0 ] && threads=(1 2)
read -r -a singles <<<"${TABLES:-KQvKR KBNvK KPvKP}"
REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$REPO/build-bench}
source "$REPO/tests/bench/measure.sh"
for exe in rtbgen rtbgenp; do
  [ -x "$tb/$exe" ] || { echo "$tb/$exe is missing: make rtbgen rtbgenp in $tb" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Syzygy's 35 tables in an order that puts each after those it reads.
all4=(KQvK KRvK KBvK KNvK KPvK
  KQQvK KQRvK KQBvK KQNvK KRRvK KRBvK KRNvK KBBvK KBNvK KNNvK
  KQvKQ KQvKR KQvKB KQvKN KRvKR KRvKB KRvKN KBvKB KBvKN KNvKN
  KQPvK KRPvK KBPvK KNPvK KQvKP KRvKP KBvKP KNvKP KPPvK KPvKP)
# The 5-piece tables KRPvKR reads beyond those.
krpvkr_needs=(KQRvKR KRRvKR KRBvKR KRNvKR)

syzygy_exe() { [[ $1 == *P* ]] && echo "$tb/rtbgenp" || echo "$tb/rtbgen"; }
mkdir -p "$work/syzygy"
syzygy_build() {  # the files another table reads
  for t in "$@"; do
    [ -e "$work/syzygy/$t.rtbw" ] || (cd "$work/syzygy" && RTBPATH=. "$(syzygy_exe "$t")" -t "$(nproc)" "$t" \
      >/dev/null 2>&1) || { echo "rtbgen failed on $t" >&2; exit 1; }
  done
}
# syzygy_time THREADS TABLE...: summed CPU, summed wall, largest peak.
syzygy_time() {
  local n=$1 cpu=0 wall=0 peak=0 c w p
  shift
  for t in "$@"; do
    read -r c w p < <(cd "$work" && RTBPATH="$work/syzygy" measure "$work/s" "$(syzygy_exe "$t")" -g -t "$n" "$t")
    cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN {print a + b}')
    wall=$(awk -v a="$wall" -v b="$w" 'BEGIN {print a + b}')
    peak=$(awk -v a="$peak" -v b="$p" 'BEGIN {print (b > a ? b : a)}')
  done
  echo "$cpu $wall $peak"
}
rtb_time() {  # rtb_time THREADS DIR MATERIAL [--force]
  measure "$work/r" "$TBGEN" --game chess --param "material=$3" --param metric=dtm --out "$2" \
    --threads "$1" --quiet "${@:4}"
}
row() {  # row LABEL THREADS "rtb cpu wall peak" "syzygy cpu wall peak"
  read -r rc rw rp <<<"$3"
  read -r sc sw sp <<<"$4"
  awk -v l="$1" -v n="$2" -v rc="$rc" -v rw="$rw" -v rp="$rp" -v sc="$sc" -v sw="$sw" -v sp="$sp" 'BEGIN {
    printf "%-8s %3d %9.2f %9.2f %9.1f %9.2f %9.2f %9.1f %8.2fx\n", l, n, rc, rw, rp, sc, sw, sp, rc / sc }'
}

echo "building Syzygy's tables the timed runs read ..." >&2
syzygy_build "${all4[@]}"
[[ " ${singles[*]} " == *" KRPvKR "* ]] && syzygy_build "${krpvkr_needs[@]}"
mkdir -p "$work/rtb-deps"
for t in "${singles[@]}"; do rtb_time "$(nproc)" "$work/rtb-deps" "$t" >/dev/null; done

printf "%-8s %3s %9s %9s %9s %9s %9s %9s %9s\n" tables thr "rtb CPU" "rtb wall" "rtb MiB" "syz CPU" "syz wall" \
  "syz MiB" "CPU ratio"
for n in "${threads[@]}"; do
  rm -rf "$work/rtb-all4"
  row all4 "$n" "$(rtb_time "$n" "$work/rtb-all4" all4)" "$(syzygy_time "$n" "${all4[@]}")"
  for t in "${singles[@]}"; do
    row "$t" "$n" "$(rtb_time "$n" "$work/rtb-deps" "$t" --force)" "$(syzygy_time "$n" "$t")"
  done
done
