#!/usr/bin/env bash
# Every position of every 3-4 piece table and of the 5-piece tables named
# below, rtb's metric=dtz against Syzygy's files (made by syzygy1/tb's
# rtbgen/rtbgenp outside this repository) through Debian's libfathom.
#   tests/syzygy_compare.sh BUILD_DIR [MATERIAL...]
# MATERIAL names the tables to compare (default: every table of 3 and 4
# pieces in $RTB_SYZYGY_DIR and the 5-piece tables below).
# Syzygy's files are looked for in $RTB_SYZYGY_DIR (required); rtb's tables
# go to $RTB_DTZ_DIR (default a temporary directory; tables already there
# are used as they are). Says "skipped" and exits 0 where the files or
# libfathom are absent; not run by ctest (the 3-4 piece tables take about
# 20 CPU minutes, a 5-piece table an hour or more).
#   RTB_COMPARE_JOBS=N          processes sharing each table (default: nproc)
#   RTB_COMPARE_EVERY=N         every N-th legal position only
#   RTB_COMPARE_SEARCH_EVERY=N  Fathom's one-ply search (about 60 us) on
#                               every N-th position of the side a .rtbz does
#                               not keep; the others' class is still compared
set -euo pipefail
build=$1
shift
syzygy=${RTB_SYZYGY_DIR:-}
# The 5-piece tables with cursed wins and blessed losses that were built
# with rtbgen here (see README.md).
five=${RTB_SYZYGY_FIVE:-"KBBvKN KBBvKQ KNNvKQ KRBvKR KQRvKQ KBNvKN"}
compare="$build/tests/syzygy_compare"
if [ ! -x "$compare" ]; then
  echo "syzygy_compare: skipped: libfathom-dev was not found when $build was configured"
  exit 0
fi
if [ -z "$syzygy" ] || [ ! -d "$syzygy" ] || ! ls "$syzygy"/*.rtbw > /dev/null 2>&1; then
  echo "syzygy_compare: skipped: no Syzygy files in '$syzygy' (set RTB_SYZYGY_DIR to their directory)"
  exit 0
fi
out=${RTB_DTZ_DIR:-$(mktemp -d)}
mkdir -p "$out"
tables=()
if [ $# -gt 0 ]; then
  tables=("$@")
else
  for f in "$syzygy"/*.rtbw; do
    t=$(basename "$f" .rtbw)
    if [ $(( ${#t} - 1 )) -le 4 ]; then tables+=("$t"); fi
  done
  for t in $five; do
    if [ -f "$syzygy/$t.rtbw" ] && [ -f "$syzygy/$t.rtbz" ]; then
      tables+=("$t")
    else
      echo "syzygy_compare: $t: no Syzygy files in $syzygy, not compared"
    fi
  done
fi
[ -f "$out/KQvK-dtz.rtb" ] ||
  "$build/cli/tbgen" --game chess --param material=all4 --param metric=dtz --out "$out" --quiet
for t in "${tables[@]}"; do
  [ -f "$out/$t-dtz.rtb" ] ||
    "$build/cli/tbgen" --game chess --param material="$t" --param metric=dtz --out "$out" --quiet
done
jobs=${RTB_COMPARE_JOBS:-$(nproc)}
logs=$(mktemp -d)
pids=()
for ((k = 0; k < jobs; ++k)); do
  "$compare" --every="${RTB_COMPARE_EVERY:-1}" --search-every="${RTB_COMPARE_SEARCH_EVERY:-1}" \
    --part="$k/$jobs" "$out" "$syzygy" "${tables[@]}" > "$logs/$k" 2>&1 &
  pids+=($!)
done
status=0
for ((k = 0; k < jobs; ++k)); do
  wait "${pids[$k]}" || status=1
  cat "$logs/$k"
done
rm -rf "$logs"
echo "syzygy_compare: $([ $status = 0 ] && echo "no difference" || echo FAILED)"
exit $status
