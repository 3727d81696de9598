#!/usr/bin/env bash
# An engine in C (tests/probe/c_engine_test.c) plays pawn endings to the end by
# rtb_chess_probe_root() alone under the 50-move rule: KPvK and KRvKP,
# whose DTZ tables (and KPvK's DTM) take about 30 s to build, kept compact
# (tbgen --compact: streams only, each value derived from them); KRPvKR where
# RTB_KRPVKR_DIR holds KRPvKR-dtz.rtb and the tables it leads into (tbgen
# --game chess --param material=KRPvKR --param metric=dtz --threads 1: 37
# minutes and an 8.4 GiB peak here, too long for the suite).
#   c_engine.sh TBGEN C_ENGINE_TEST
set -euo pipefail
tbgen=$1 engine=$2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# KRvKP's run builds KPvK-dtz too: a run cannot build on compact tables.
for args in "material=KRvKP --param metric=dtz" "material=KPvK"; do
  # shellcheck disable=SC2086
  "$tbgen" --quiet --threads 2 --compact --game chess --param $args --out "$work" >/dev/null
done
for f in "$work"/*.rtb; do
  said=$("$(dirname "$tbgen")/tbprobe" --table "$f" --stats 2>&1 || true)
  if ! grep -q "is a compact table" <<<"$said"; then
    echo "$f: not compact: tbprobe said: $said" >&2
    exit 1
  fi
done
"$engine" "$work" \
  "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" \
  "4k3/8/8/8/8/8/4P3/4K3 w - - 95 1" \
  "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1" \
  "8/8/8/8/8/4k3/4P3/4K3 b - - 0 1" \
  "8/8/8/8/8/2k5/p7/K6R w - - 0 1" \
  "8/8/8/8/8/2k5/p7/K6R b - - 0 1" \
  "7R/8/8/8/8/1k6/p7/3K4 b - - 0 1" \
  "8/8/1p6/8/k7/8/8/4K2R w - - 0 1" \
  "8/1p6/8/8/8/8/k7/4K2R w - - 99 1" \
  "8/1p6/8/8/8/8/k7/4K2R b - - 99 1"
if [ -z "${RTB_KRPVKR_DIR:-}" ] || [ ! -f "$RTB_KRPVKR_DIR/KRPvKR-dtz.rtb" ]; then
  echo "KRPvKR: skipped (set RTB_KRPVKR_DIR to a directory with KRPvKR-dtz.rtb and the tables it leads into)"
  exit 0
fi
"$engine" "$RTB_KRPVKR_DIR" \
  "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1" \
  "1K1k4/1P6/8/8/8/8/r7/2R5 b - - 0 1" \
  "8/8/3k4/8/3PK3/8/r7/7R w - - 0 1" \
  "4k3/8/8/r7/4PK2/8/8/7R b - - 0 1" \
  "8/8/8/8/4k3/8/1PK5/r6R w - - 60 1"
