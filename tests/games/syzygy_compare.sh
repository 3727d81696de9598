#!/usr/bin/env bash
# Every position of every 3-4 piece table and of the 5-piece tables named
# below, rtb's metric=dtz against Syzygy's files (made by syzygy1/tb's
# rtbgen/rtbgenp outside this repository) through Debian's libfathom.
#   tests/games/syzygy_compare.sh BUILD_DIR [MATERIAL...]
# MATERIAL names the tables to compare (default: every table of 3 and 4
# pieces in $RTB_SYZYGY_DIR and the 5-piece tables below).
# Syzygy's files are looked for in $RTB_SYZYGY_DIR (required); rtb's tables
# go to $RTB_DTZ_DIR (default a temporary directory; tables already there
# are used as they are). Says "skipped" and exits 0 where the files or
# libfathom are absent; not run by ctest (minutes for the 3-4 piece tables,
# tens of minutes for a 5-piece table). RTB_COMPARE_THREADS=N threads
# (default: all cores).
set -euo pipefail
build=$1
shift
syzygy=${RTB_SYZYGY_DIR:-}
# The 5-piece tables with cursed wins and blessed losses that were built
# with rtbgen here (see README.md).
five=${RTB_SYZYGY_FIVE:-"KBBvKN KBBvKQ KNNvKQ KRBvKR KQRvKQ KBNvKN"}
compare="$build/tests/games/syzygy_compare"
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
"$compare" --threads="${RTB_COMPARE_THREADS:-$(nproc)}" "$out" "$syzygy" "${tables[@]}"
