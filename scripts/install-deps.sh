#!/usr/bin/env bash
# Installs the Debian 12 packages rtb builds and tests with.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config
          libboost-program-options-dev liblmdb-dev libzstd-dev libxxhash-dev
          libgtest-dev libbenchmark-dev nlohmann-json3-dev
          libcairo2-dev  # tbprobe --plot draws SVG and PNG pictures with cairo
          clang-format-14 clang-tidy-14
          man-db  # scripts/check-man.sh reads the man pages with man --warnings
          clang-14 libclang-rt-14-dev  # clang-14 and libFuzzer: scripts/fuzz.sh
          libopenmpi-dev openmpi-bin  # generation over MPI ranks (gen/mpi/, tbgen under mpirun)
          pybind11-dev python3-dev python3-pytest  # the Python module (python/) and its tests
          libcpp-httplib-dev  # tbserve (server/): HTTP with a thread pool and timeouts
          libfathom-dev  # tests/games/syzygy_compare: rtb's metric=dtz against Syzygy's files (Fathom)
          apache2-utils curl  # ab for scripts/bench-serve.sh (load test of tbserve); curl for the README's examples
          chromium chromium-driver)    # the web page's browser test (web/test)
# The web page is built with npm: Debian's node and npm unless the machine
# already has them (a newer node from elsewhere is fine).
command -v npm >/dev/null && command -v node >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
