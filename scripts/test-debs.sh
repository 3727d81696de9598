#!/usr/bin/env bash
# Builds the Debian packages (cpack -G DEB), checks their contents
# (tests/deb_test.sh), installs them for real with `apt-get install
# ./*.deb`, and runs the install test against /usr: the C program through
# pkg-config, the C++ program through find_package, on a table made by the
# installed tbgen. Then removes the packages again (--keep leaves them).
# Needs root and changes the system: for throwaway machines (CI).
# Usage: scripts/test-debs.sh [BUILD_DIR] [--keep]   (BUILD_DIR: build, fully built)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
keep=0
for arg in "$@"; do
  case $arg in
    --keep) keep=1 ;;
    *) build=$arg ;;
  esac
done
if [ "$(id -u)" != 0 ]; then
  echo "test-debs: needs root (it installs packages); run it on a throwaway machine" >&2
  exit 1
fi
debs=$(mktemp -d /tmp/rtb-debs.XXXXXX)
packages=(librtb0 librtb-dev rtb-tools)
cleanup() {
  [ "$keep" = 1 ] || DEBIAN_FRONTEND=noninteractive apt-get purge -y "${packages[@]}" >/dev/null 2>&1 || true
  rm -rf "$debs"
}
trap cleanup EXIT
for p in "${packages[@]}"; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep >/dev/null "install ok installed"; then
    echo "test-debs: $p is installed already; remove it first" >&2
    exit 1
  fi
done
"$root/tests/deb_test.sh" "$build" "$debs"
(cd "$debs" && DEBIAN_FRONTEND=noninteractive apt-get install -y ./*.deb)
dpkg -L librtb0 librtb-dev rtb-tools
"$root/tests/install_test.sh" --installed /usr "$root"
echo "test-debs: ok"
