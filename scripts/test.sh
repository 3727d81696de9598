#!/usr/bin/env bash
# Checks formatting and runs clang-tidy (scripts/check-style.sh) and the
# layer check (scripts/layers.py), then builds rtb three ways and runs the
# tests: a plain release build (and its man pages, scripts/check-man.sh), one
# with AddressSanitizer and UndefinedBehaviorSanitizer, and the threaded
# tests under ThreadSanitizer; then fuzzes every parser for 20 s
# (scripts/fuzz.sh). The sanitizer builds keep assert() on.
#
# Each test runs where it finds the most for its time. The GoogleTest suites
# (label unit) are built and run under the sanitizers only (the plain build
# is configured with RTB_UNIT_TESTS=OFF, which halves its compile time). The
# plain build runs the drivers of the released commands end to end: the
# checksums (there only), Dobutsu and Connect Four against their published
# values, MPI, the Debian packages, the install, Python and the browser; the
# ASan build runs those of them that fit its speed.
#
# Under CI=true as root it also installs the Debian packages
# (scripts/test-debs.sh). Each step's time is printed, and all of them at
# the end. The fast loop for a change is scripts/dev-check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs="$(nproc)"
configure() {  # configure <build dir> <RTB_SANITIZE>
  local dir=$1 sanitize=$2
  # The sanitizer builds skip the benchmarks, which no test runs, and the web
  # page, whose browser test runs in the plain build.
  # They also build without MPI (RTB_MPI=OFF): Open MPI's own allocations at
  # init and finalize would fill LeakSanitizer's report; the plain build runs
  # the MPI tests (ctest -L mpi).
  # The sanitizer builds use Clang, which compiles them in less than half
  # GCC's time (gen/instances/chess.cpp under ASan+UBSan: 60 s against 149);
  # the plain build stays GCC's, as Debian's packages are.
  # They compile at -O1, as the sanitizers' documentation advises: a fifth
  # less compile time than -O2 for at most a sixth more test time
  # (chess_test under ASan+UBSan: 41 s against 55 s to compile
  # gen/instances/chess.cpp, 82 s against 70 s to run).
  local benchmarks=ON web=ON mpi=() compilers=() optimize=-O2 unit=OFF
  [ -n "$sanitize" ] && benchmarks=OFF web=OFF mpi=(-DRTB_MPI=OFF) optimize=-O1 unit=ON \
    compilers=(-DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14)
  # Line tables only (-g1): enough for the sanitizers' and debuggers' stack
  # traces, and much cheaper to compile and link than full debug info.
  # compile_commands.json for clang-tidy.
  # Ninja and the compilers chosen here: a build folder made otherwise starts again.
  grep -qs "CMAKE_GENERATOR:INTERNAL=Ninja" "$dir/CMakeCache.txt" || rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  [ -z "$sanitize" ] || grep -qs "CMAKE_CXX_COMPILER:.*clang" "$dir/CMakeCache.txt" ||
    rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$optimize -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$optimize -g1 -DNDEBUG" \
    -DRTB_SANITIZE="$sanitize" -DRTB_BENCHMARKS=$benchmarks -DRTB_UNIT_TESTS=$unit \
    -DRTB_WEB=$web "${mpi[@]}" "${compilers[@]}" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
}
times=()
timed() {  # timed <what> <start>: prints and keeps the seconds since start
  times+=("$1 $((SECONDS - $2)) s")
  echo "== $1 in $((SECONDS - $2)) s"
}
run() {  # run <build dir> <RTB_SANITIZE> <build target> <ctest args...>
  local dir=$1 sanitize=$2 target=$3
  shift 3
  echo "== $dir (RTB_SANITIZE='$sanitize')"
  configure "$dir" "$sanitize"
  local start=$SECONDS
  cmake --build "$dir" -j"$jobs" --target "$target"
  timed "$dir built" $start
  start=$SECONDS
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@"
  timed "$dir tested" $start
}
echo "== style"
start=$SECONDS
configure build-test ""
scripts/check-style.sh build-test
python3 scripts/layers.py check build-test
timed "style checked" $start
run build-test "" all
scripts/check-man.sh build-test
# On a throwaway machine (CI, as root): the Debian packages installed for
# real with apt-get and used from /usr.
if [ "${CI:-}" = true ] && [ "$(id -u)" = 0 ]; then
  echo "== Debian packages"
  start=$SECONDS
  scripts/test-debs.sh build-test
  timed "Debian packages tested" $start
fi
run build-asan address all -E '^checksums$'
run build-tsan thread rtb_threads_tests -L threads
echo "== fuzz"
start=$SECONDS
scripts/fuzz.sh 20
timed "fuzzed" $start
echo "== all done in $SECONDS s:"
printf '   %s\n' "${times[@]}"
