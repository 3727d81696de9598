#!/usr/bin/env bash
# The fast loop for developers: what scripts/test.sh checks, for a change.
#
#   scripts/dev-check.sh [BUILD_DIR] [BASE]
#
# The change is what differs from BASE (default: main's merge base with
# HEAD), committed or not. In order: clang-format on the changed sources,
# an incremental build in BUILD_DIR (default build-dev; configured as the
# plain CI build on first use), the layer check, clang-tidy on the changed
# .cpp files, and the ctest tests the change can break
# (scripts/layers.py affected). Stops at the first step that fails. CI runs
# everything, three builds and the fuzzers: scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-dev}
base=${2:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)}
mapfile -t changed < <({ git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u |
  while read -r f; do [ -f "$f" ] && echo "$f"; done)
if [ ${#changed[@]} -eq 0 ]; then
  echo "dev-check: nothing changed since $base"
  exit 0
fi
echo "dev-check: ${#changed[@]} file(s) changed since $(git rev-parse --short "$base")"

sources=()
for f in "${changed[@]}"; do
  case $f in *.h | *.cpp | *.c) sources+=("$f") ;; esac
done
if [ ${#sources[@]} -gt 0 ]; then
  clang-format-14 --style=file --dry-run --Werror "${sources[@]}"
  echo "dev-check: clang-format: ${#sources[@]} file(s) formatted"
fi

if [ ! -f "$build/CMakeCache.txt" ]; then
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DRTB_WEB=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi
cmake --build "$build" -j"$(nproc)"
python3 scripts/layers.py check "$build"

cpp=()
for f in "${sources[@]}"; do
  case $f in tests/install/*) ;; *.cpp) cpp+=("$f") ;; esac
done
if [ ${#cpp[@]} -gt 0 ]; then
  root=$(pwd)
  printf '%s\0' "${cpp[@]}" | xargs -0 -P"$(nproc)" -n1 clang-tidy-14 -p "$build" --quiet \
    --header-filter="$(scripts/tidy-header-filter.sh "$root" "$(cd "$build" && pwd)")" \
    --extra-arg=-Wno-unknown-warning-option 2>/dev/null
  echo "dev-check: clang-tidy: ${#cpp[@]} file(s) clean"
fi

mapfile -t tests < <(python3 scripts/layers.py affected "$build" "${changed[@]}")
if [ ${#tests[@]} -eq 0 ]; then
  echo "dev-check: no test depends on the change"
  exit 0
fi
regex="^($(IFS='|'; echo "${tests[*]}"))\$"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -R "$regex"
echo "dev-check: OK (${#tests[@]} tests)"
