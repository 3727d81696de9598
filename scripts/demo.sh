#!/usr/bin/env bash
# Builds rtb, installs it into ./prefix (commands, library, Python module,
# web page), generates the tic-tac-toe table with the installed tbgen and
# probes the empty board three ways: tbprobe, Python, and tbserve over HTTP.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DRTB_BENCHMARKS=OFF >/dev/null
cmake --build build -j"$(nproc)"
cmake --install build --prefix "$PWD/prefix" >/dev/null
echo "installed into $PWD/prefix"
prefix/bin/tbgen --game tictactoe --out tables --force
prefix/bin/tbprobe --dir tables --game tictactoe --position "........." --line
PYTHONPATH="$PWD/prefix/lib/python3/dist-packages" python3 -c '
import rtb
with rtb.open_directory("tables") as tb:
    p = tb.probe("tictactoe", ".........", line=True)
    print("python:", p.value, "; best line", " ".join(m.position for m in p.line))'
prefix/bin/tbserve --dir tables --bind 127.0.0.1:0 >tables/tbserve.out &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q listening tables/tbserve.out && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' tables/tbserve.out)
echo "http: $(curl -sf "$url/api/tictactoe?position=.........")"
echo "The web page: prefix/bin/tbserve --dir tables, then open http://127.0.0.1:9000/"
