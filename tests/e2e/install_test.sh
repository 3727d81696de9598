#!/usr/bin/env bash
# The installed rtb, used as a new user would: `cmake --install` into a
# temporary prefix; outside the source tree, a C program built with
# pkg-config and a C++ program built with find_package(rtb CONFIG), linked
# with the installed librtb only (shared, and static); both probe every
# position of a tic-tac-toe table made by the installed tbgen and must give
# tbprobe's values. Also: librtb's SONAME, the man pages, --version, the
# bash completion.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR [CONSUMER_FLAGS]
#        install_test.sh --installed PREFIX SOURCE_DIR  (rtb already installed
#        there, as by the Debian packages: scripts/test-debs.sh)
# CONSUMER_FLAGS: compiler flags the consumers need to link this build's
# librtb (the sanitizer build's -fsanitize=...); a fully static program is
# built only without them (the sanitizers cannot link statically).
set -euo pipefail
work=$(mktemp -d /tmp/rtb-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install_test: $*" >&2
  exit 1
}
# uses_installed_librtb PROGRAM: the librtb.so.0 it loads is the installed one
# (compared as real paths: /lib may be a link to /usr/lib).
uses_installed_librtb() {
  local loaded
  loaded=$(ldd "$1" | awk '$1 == "librtb.so.0" { print $3 }')
  [ -n "$loaded" ] && [ "$(realpath "$loaded")" = "$(realpath "$prefix/$libdir/librtb.so.0")" ]
}
if [ "$1" = --installed ]; then
  prefix=$2
  source=$(realpath "$3")
  flags=""
else
  build=$(realpath "$1")
  source=$(realpath "$2")
  flags=${3:-}
  prefix=$work/prefix
  cmake --install "$build" --prefix "$prefix" >"$work/install.log"
fi
pc_file=$(find "$prefix/lib" -maxdepth 3 -path '*/pkgconfig/rtb.pc' 2>/dev/null | head -1 || true)
[ -n "$pc_file" ] || fail "no rtb.pc installed under $prefix/lib"
grep -qx "prefix=$prefix" "$pc_file" || fail "$pc_file does not name the prefix $prefix"
# shellcheck disable=SC2016 # the literal ${exec_prefix}
libdir=$(sed -n 's/^libdir=\${exec_prefix}\///p' "$pc_file")
[ -n "$libdir" ] || fail "no rtb.pc installed"

# The library: versioned, with its SONAME, the dev link and the archive.
[ -L "$prefix/$libdir/librtb.so" ] || fail "no librtb.so link"
real=$(readlink -f "$prefix/$libdir/librtb.so")
[[ $real == */librtb.so.[0-9]*.[0-9]*.[0-9]* ]] || fail "librtb.so points to $real, not a versioned file"
readelf -d "$real" | grep >/dev/null 'SONAME.*\[librtb\.so\.0\]' || fail "librtb's SONAME is not librtb.so.0"
readelf -d "$real" | grep >/dev/null -E 'R(UN)?PATH' && fail "the installed librtb keeps a build-tree RPATH"
[ -f "$prefix/$libdir/librtb.a" ] || fail "no librtb.a"
# The headers stand alone: nothing from the generator, Boost or JSON.
grep -rlE '#include .(boost|nlohmann|gen/|cli/)' "$prefix/include/rtb" && fail "installed headers need more than rtb"

# The commands: --version, man pages, completion.
for command in tbgen tbprobe tbserve; do
  "$prefix/bin/$command" --version | grep >/dev/null -x "$command (rtb) [0-9.]*" || fail "$command --version"
  man_page=$prefix/share/man/man1/$command.1
  [ -s "$man_page" ] || fail "no man page $man_page"
  grep -qF -- '\-\-version' "$man_page" || fail "$man_page does not list the options"
  [ -s "$prefix/share/bash-completion/completions/$command" ] || fail "no bash completion for $command"
done
completions=$(PATH=$prefix/bin:$PATH bash -c "source '$prefix/share/bash-completion/completions/tbgen'
  COMP_WORDS=(tbgen --game tic); COMP_CWORD=2; _rtb_complete tbgen; echo \"\${COMPREPLY[*]}\"
  COMP_WORDS=(tbprobe --st); COMP_CWORD=1; _rtb_complete tbprobe; echo \"\${COMPREPLY[*]}\"")
[ "$completions" = $'tictactoe\n--stats' ] || fail "bash completion gave: $completions"

# A real table, from the installed tbgen; tbprobe's values are the reference.
"$prefix/bin/tbgen" --game tictactoe --out "$work/tables" --quiet >/dev/null
"$prefix/bin/tbprobe" --dir "$work/tables" --game tictactoe --dump >"$work/expected"
[ "$(wc -l <"$work/expected")" -gt 100 ] || fail "tbprobe --dump printed too little"

# The installed tbserve answers as tbprobe does and, where the web page was
# built, serves it from the prefix it was installed to.
"$prefix/bin/tbserve" --dir "$work/tables" --bind 127.0.0.1:0 >"$work/tbserve.out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q '^listening on' "$work/tbserve.out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/tbserve.out")
[ -n "$url" ] || fail "the installed tbserve did not start: $(cat "$work/tbserve.out")"
"$prefix/bin/tbprobe" --dir "$work/tables" --game tictactoe --position xo....... --json >"$work/probe.json"
curl -sf "$url/api/tictactoe?position=xo......." >"$work/served.json" || fail "tbserve did not answer /api"
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
  "$work/probe.json" "$work/served.json" || fail "tbserve's /api answer differs from tbprobe --json"
if [ -f "$prefix/share/rtb/web/index.html" ]; then
  curl -sf "$url/" | cmp -s - "$prefix/share/rtb/web/index.html" || fail "tbserve does not serve the installed page"
fi
kill $server

# Outside the source tree: the consumers' sources copied to the temporary folder.
mkdir "$work/consumer"
cp "$source"/tests/install/consumer.c "$source"/tests/install/consumer.cpp "$source"/tests/install/CMakeLists.txt \
  "$work/consumer/"
cd "$work/consumer"
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
# shellcheck disable=SC2086,SC2046 # flags and pkg-config's answer are lists of words
"${CC:-cc}" -std=c11 -Wall -Werror $flags consumer.c -o consumer_c $(pkg-config --cflags --libs rtb) \
  -Wl,-rpath,"$prefix/$libdir"
uses_installed_librtb ./consumer_c || fail "consumer_c does not use the installed librtb"
./consumer_c "$work/tables" tictactoe <"$work/expected" >c.out 2>c.err || fail "consumer_c: $(cat c.err)"
cmp -s c.out "$work/expected" || fail "the C program's values differ from tbprobe's"
if [ -z "$flags" ]; then
  # Fully static, from rtb.pc's Requires.private and Libs.private.
  # shellcheck disable=SC2046 # pkg-config's answer is a list of words
  cc -std=c11 -static consumer.c -o consumer_c_static $(pkg-config --cflags --static --libs rtb)
  readelf -d consumer_c_static 2>/dev/null | grep >/dev/null NEEDED && fail "consumer_c_static is not static"
  ./consumer_c_static "$work/tables" tictactoe <"$work/expected" >c_static.out 2>c.err || fail "consumer_c_static: $(cat c.err)"
  cmp -s c_static.out "$work/expected" || fail "the static C program's values differ from tbprobe's"
fi

cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="$flags" \
  >cmake.log 2>&1 || fail "configuring the C++ consumer failed: $(tail -5 cmake.log)"
grep -qi boost build/CMakeCache.txt && fail "the C++ consumer's configure looked for Boost"
cmake --build build >build.log 2>&1 || fail "building the C++ consumer failed: $(tail -20 build.log)"
uses_installed_librtb build/consumer || fail "consumer does not use the installed librtb"
ldd build/consumer_static | grep >/dev/null librtb && fail "consumer_static needs librtb.so"
for program in consumer consumer_static; do
  build/$program "$work/tables" tictactoe <"$work/expected" >cpp.out 2>cpp.err || fail "$program: $(cat cpp.err)"
  cmp -s cpp.out "$work/expected" || fail "the C++ program $program's values differ from tbprobe's"
done
echo "install_test: $(wc -l <"$work/expected") positions agree (C shared$([ -z "$flags" ] && echo ", C static"), C++ shared and static)"
