#!/usr/bin/env bash
# Checks formatting and runs clang-tidy (scripts/check-style.sh), then builds
# rtb three ways and runs every test: a plain release build, one with
# AddressSanitizer and UndefinedBehaviorSanitizer, and the threaded tests
# under ThreadSanitizer; then fuzzes every parser for 20 s each
# (scripts/fuzz.sh). The sanitizer builds keep assert() on. Under CI=true as
# root it also installs the Debian packages (scripts/test-debs.sh).
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
  local benchmarks=ON web=ON mpi=()
  [ -n "$sanitize" ] && benchmarks=OFF web=OFF mpi=(-DRTB_MPI=OFF)
  # Line tables only (-g1): enough for the sanitizers' and debuggers' stack
  # traces, and much cheaper to compile and link than full debug info.
  # compile_commands.json for clang-tidy.
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DRTB_SANITIZE="$sanitize" -DRTB_BENCHMARKS=$benchmarks \
    -DRTB_WEB=$web "${mpi[@]}" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
}
run() {  # run <build dir> <RTB_SANITIZE> <build target> <ctest args...>
  local dir=$1 sanitize=$2 target=$3
  shift 3
  echo "== $dir (RTB_SANITIZE='$sanitize')"
  configure "$dir" "$sanitize"
  local start=$SECONDS
  cmake --build "$dir" -j"$jobs" --target "$target"
  echo "== $dir built in $((SECONDS - start)) s"
  start=$SECONDS
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@"
  echo "== $dir tested in $((SECONDS - start)) s"
}
echo "== style"
start=$SECONDS
configure build-test ""
scripts/check-style.sh build-test
echo "== style checked in $((SECONDS - start)) s"
run build-test "" all
# On a throwaway machine (CI, as root): the Debian packages installed for
# real with apt-get and used from /usr.
if [ "${CI:-}" = true ] && [ "$(id -u)" = 0 ]; then
  echo "== Debian packages"
  scripts/test-debs.sh build-test
fi
run build-asan address all
run build-tsan thread rtb_threads_tests -L threads
echo "== fuzz"
start=$SECONDS
scripts/fuzz.sh 20
echo "== fuzz done in $((SECONDS - start)) s"
