#!/usr/bin/env bash
# Every position of every 3-4 piece table and of the 5-piece tables named
# below, rtb's metric=dtz against Syzygy's files (made by syzygy1/tb's
# rtbgen/rtbgenp outside this repository) through Debian's libfathom.
#   tests/syzygy_compare.sh BUILD_DIR
# Syzygy's files are looked for in $RTB_SYZYGY_DIR (required); rtb's tables
# go to $RTB_DTZ_DIR (default a temporary
# directory). Says "skipped" and exits 0 where the files or libfathom are
# absent; not run by ctest (the 5-piece tables take many minutes, and
# Fathom about 60 us a position: $RTB_COMPARE_EVERY=N checks every N-th).
set -euo pipefail
build=$1
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
"$build/cli/tbgen" --game chess --param material=all4 --param metric=dtz --out "$out" --quiet
tables=()
for f in "$syzygy"/*.rtbw; do
  t=$(basename "$f" .rtbw)
  pieces=$(( ${#t} - 1 ))
  if [ "$pieces" -le 4 ]; then tables+=("$t"); fi
done
for t in $five; do
  if [ -f "$syzygy/$t.rtbw" ] && [ -f "$syzygy/$t.rtbz" ]; then
    "$build/cli/tbgen" --game chess --param material="$t" --param metric=dtz --out "$out" --quiet
    tables+=("$t")
  else
    echo "syzygy_compare: $t: no Syzygy files in $syzygy, not compared"
  fi
done
"$compare" --every="${RTB_COMPARE_EVERY:-1}" "$out" "$syzygy" "${tables[@]}"
