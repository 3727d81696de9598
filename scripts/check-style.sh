#!/usr/bin/env bash
# Checks the tracked sources: clang-format (the repository's .clang-format)
# on every C and C++ source and header, then clang-tidy (the repository's
# .clang-tidy) on every C++ source of the project's code (games, gen,
# storage, probe, answers, cli, server, python), its headers included; with --all on
# the tests and benchmarks too. The tests are left out by default because
# they are half of clang-tidy's time in CI and are checked otherwise: built
# with -Werror and run under ASan+UBSan and TSan.
#
#   scripts/check-style.sh [--all] BUILD_DIR
#
# BUILD_DIR is a build configured with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
# (and the benchmarks on, the default), for its compile_commands.json.
# Fails on any file that needs formatting and on any clang-tidy finding.
set -euo pipefail
all=false
[ "${1:-}" = --all ] && { all=true; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--all] BUILD_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
clang_format=clang-format-14
command -v "$clang_format" >/dev/null || clang_format=clang-format
clang_tidy=clang-tidy-14
jobs=$(nproc)
status=0

# 1. Formatting.
mapfile -t sources < <(git ls-files '*.h' '*.cpp' '*.c')
unformatted=()
for f in "${sources[@]}"; do
  "$clang_format" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  echo "check-style: ${#unformatted[@]} file(s) need formatting:"
  printf '  %s\n' "${unformatted[@]}"
  echo "Fix with: $clang_format -i ${unformatted[*]}"
  status=1
else
  echo "check-style: clang-format: ${#sources[@]} files formatted"
fi

# 2. clang-tidy on the C++ sources in the compilation database.
db="$build/compile_commands.json"
if [ ! -f "$db" ]; then
  echo "check-style: no $db; configure $1 with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" >&2
  exit 1
fi
# tests/install/ is built outside the tree, against an installed rtb
# (tests/e2e/install_test.sh), so it is in no compilation database here.
# gen/instances/ holds explicit instantiations only: the solvers' templates
# they compile are checked in every file that includes them; tidying each
# game's instantiation again would only repeat that work.
if $all; then
  mapfile -t cpp < <(git ls-files '*.cpp' ':!:tests/install/*')
else
  mapfile -t cpp < <(git ls-files '*.cpp' ':!:tests/*' ':!:gen/instances/*')
fi
missing=()
for f in "${cpp[@]}"; do
  grep -qF "\"file\": \"$root/$f\"" "$db" || missing+=("$f")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "check-style: not in $db (configure with the benchmarks and tests on):"
  printf '  %s\n' "${missing[@]}"
  exit 1
fi
header_filter=$(scripts/tidy-header-filter.sh "$root" "$build")
# Compiler warnings are the compiler's (the build has -Werror): clang's own
# warnings, and the GCC-only flags it does not know (-Wno-restrict), are no
# findings here.
extra=(-Wno-unknown-warning-option -Wno-error)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
if command -v run-clang-tidy-14 >/dev/null; then
  # run-clang-tidy takes regular expressions on the database's paths; the
  # .clang-tidy file turns every warning into an error (WarningsAsErrors).
  regexes=()
  for f in "${cpp[@]}"; do regexes+=("^$root/${f//./\\.}\$"); done
  run-clang-tidy-14 -clang-tidy-binary "$(command -v "$clang_tidy")" -p "$build" -j "$jobs" -quiet \
    -header-filter="$header_filter" "${extra[@]/#/-extra-arg=}" "${regexes[@]}" >"$log" 2>&1 || status=1
else
  printf '%s\0' "${cpp[@]}" | xargs -0 -P"$jobs" -n1 "$clang_tidy" -p "$build" --quiet \
    --warnings-as-errors='*' --header-filter="$header_filter" "${extra[@]/#/--extra-arg=}" >"$log" 2>&1 || status=1
fi
# The findings with their notes and source lines, without colours, the
# per-file command lines and the counts of suppressed warnings.
sed 's/\x1b\[[0-9;]*m//g' "$log" |
  grep -vE "^$clang_tidy|^(/[^ ]*/)?$clang_tidy |^[0-9]+ warnings? (and [0-9]+ errors? )?generated|^Suppressed [0-9]+ warnings|^Use -header-filter=|^Error while processing|^Found compiler errors?" || true
if grep -qE '(warning|error):' "$log"; then status=1; fi
echo "check-style: clang-tidy: ${#cpp[@]} files in $((SECONDS - start)) s"
[ $status -eq 0 ] && echo "check-style: OK" || echo "check-style: FAILED"
exit $status
