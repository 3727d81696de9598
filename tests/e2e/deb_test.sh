#!/usr/bin/env bash
# The Debian packages `cpack -G DEB` makes from a build: librtb0 (the shared
# library), librtb-dev (headers, librtb.a, CMake package, rtb.pc) and
# rtb-tools (the commands, man pages, completion), each with the files and
# the dependencies it must have. Needs no root: the packages are only read
# (scripts/test-debs.sh installs them for real).
# Usage: deb_test.sh BUILD_DIR [OUT_DIR]  (OUT_DIR: keep the .deb files there)
set -euo pipefail
build=$(realpath "$1")
work=$(mktemp -d /tmp/rtb-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
out=${2:-$work/debs}
fail() {
  echo "deb_test: $*" >&2
  exit 1
}
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
arch=$(dpkg --print-architecture)
mkdir -p "$out"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$work/cpack.log" 2>&1 ||
  fail "cpack failed: $(tail -20 "$work/cpack.log")"

# has PACKAGE PATTERN...: the package's file list matches every pattern.
has() {
  local deb=$out/${1}_${version}_$arch.deb
  shift
  [ -f "$deb" ] || fail "no $(basename "$deb") (made: $(ls "$out"))"
  dpkg-deb -c "$deb" | awk '{print $6}' >"$work/files"
  for pattern in "$@"; do
    grep -qE "^\./usr/$pattern\$" "$work/files" || fail "$(basename "$deb") lacks /usr/$pattern"
  done
}
# field PACKAGE FIELD: the value of a control field.
field() { dpkg-deb -f "$out/${1}_${version}_$arch.deb" "$2"; }

has librtb0 "lib/(.*/)?librtb\.so\.0" "lib/(.*/)?librtb\.so\.$version"
grep -qE 'librtb\.(so|a)$' "$work/files" && fail "librtb0 holds development files"
dpkg-deb -I "$out/librtb0_${version}_$arch.deb" | grep >/dev/null ' shlibs' || fail "librtb0 has no shlibs file"
dpkg-deb --ctrl-tarfile "$out/librtb0_${version}_$arch.deb" | tar -xO ./postinst | grep >/dev/null ldconfig ||
  fail "librtb0 does not run ldconfig when installed"
for dep in liblmdb0 libzstd1 libxxhash0 libstdc++6 libc6; do
  field librtb0 Depends | grep >/dev/null "$dep" || fail "librtb0 does not depend on $dep: $(field librtb0 Depends)"
done

has librtb-dev include/rtb/rtb.h include/rtb/rtb_chess.h include/rtb/probe/probe.h include/rtb/games/any_game.h \
  "lib/(.*/)?librtb\.so" "lib/(.*/)?librtb\.a" "lib/(.*/)?pkgconfig/rtb\.pc" "lib/(.*/)?cmake/rtb/rtbConfig\.cmake" \
  "lib/(.*/)?cmake/rtb/rtbConfigVersion\.cmake" "lib/(.*/)?cmake/rtb/rtbTargets\.cmake"
for dep in "librtb0 (= $version)" liblmdb-dev libzstd-dev libxxhash-dev pkg-config; do
  field librtb-dev Depends | grep >/dev/null -F "$dep" || fail "librtb-dev does not depend on $dep: $(field librtb-dev Depends)"
done
pc=$(dpkg-deb --fsys-tarfile "$out/librtb-dev_${version}_$arch.deb" | tar -xO --wildcards '*/rtb.pc')
grep -qx 'prefix=/usr' <<<"$pc" || fail "rtb.pc in librtb-dev does not name /usr: $pc"

has rtb-tools bin/tbgen bin/tbprobe share/man/man1/tbgen\\.1 share/man/man1/tbprobe\\.1 \
  share/bash-completion/completions/tbgen share/bash-completion/completions/tbprobe
has rtb-tools bin/tbserve share/man/man1/tbserve\\.1 share/bash-completion/completions/tbserve
if [ -f "$build/web/dist/index.html" ]; then has rtb-tools share/rtb/web/index\\.html; fi
if [ -d "$build/python/rtb" ]; then
  has python3-rtb lib/python3/dist-packages/rtb/__init__\\.py lib/python3/dist-packages/rtb/chess\\.py \
    "lib/python3/dist-packages/rtb/_rtb\\..*\\.so"
  field python3-rtb Depends | grep >/dev/null python3 || fail "python3-rtb: Depends $(field python3-rtb Depends)"
fi
field rtb-tools Depends | grep >/dev/null libboost-program-options || fail "rtb-tools: Depends $(field rtb-tools Depends)"
field rtb-tools Depends | grep >/dev/null librtb && fail "rtb-tools depends on librtb, but links it statically"
echo "deb_test: ok: $(basename -a "$out"/*.deb | tr '\n' ' ')"
