#!/usr/bin/env bash
# Builds the Debian packages (cpack -G DEB), checks their contents
# (tests/e2e/deb_test.sh), installs them for real with `apt-get install
# ./*.deb`, and runs the install test against /usr: the C program through
# pkg-config, the C++ program through find_package, on a table made by the
# installed tbgen; and, where the Python module was built, imports it with
# Debian's python3 from /usr. Then removes the packages again (--keep leaves
# them).
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
[ -d "$build/python/rtb" ] && packages+=(python3-rtb)
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
"$root/tests/e2e/deb_test.sh" "$build" "$debs"
(cd "$debs" && DEBIAN_FRONTEND=noninteractive apt-get install -y ./*.deb)
dpkg -L "${packages[@]}"
"$root/tests/e2e/install_test.sh" --installed /usr "$root"
if [[ " ${packages[*]} " == *" python3-rtb "* ]]; then
  tables=$(mktemp -d /tmp/rtb-debs-tables.XXXXXX)
  tbgen --game tictactoe --out "$tables" --quiet
  expected=$(tbprobe --dir "$tables" --game tictactoe --position x........ --json)
  # Debian's interpreter, with no PYTHONPATH: the package's own folder.
  got=$(env -u PYTHONPATH /usr/bin/python3 -c 'import json, sys, rtb
with rtb.open_directory(sys.argv[1]) as tb:
    print(json.dumps(tb.probe("tictactoe", "x........").json))' "$tables")
  rm -rf "$tables"
  /usr/bin/python3 -c 'import json, sys; sys.exit(json.loads(sys.argv[1]) != json.loads(sys.argv[2]))' \
    "$expected" "$got" || { echo "test-debs: python3-rtb answers $got, tbprobe $expected" >&2; exit 1; }
  echo "test-debs: python3-rtb imports from /usr and answers as tbprobe"
fi
echo "test-debs: ok"
