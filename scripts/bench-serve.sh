#!/usr/bin/env bash
# Load test of tbserve on loopback with ab (Debian's apache2-utils): REQUESTS
# requests (default 100,000) over CONNECTIONS kept-alive connections (default
# 64) for each kind of request: a tic-tac-toe /api probe, the same with its
# best line, chess /api probes, /standard and /api/tables. Prints per kind the
# requests per second, p50 and p99 latency and the failures, which must be 0
# (the script exits 1 otherwise).
#   scripts/bench-serve.sh [BUILD_DIR] [REQUESTS] [CONNECTIONS] [THREADS] [MIX]
# MIX: "all" (default) or "probe" (the tic-tac-toe probe only: the cost of
# the server itself rather than of the answers).
set -euo pipefail
build=${1:-build}
requests=${2:-100000}
connections=${3:-64}
threads=${4:-$connections}  # tbserve --threads: each open connection holds one
mix=${5:-all}
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null && wait "$server" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
"$build/cli/tbgen" --game tictactoe --out "$work/tables" --quiet >/dev/null
"$build/cli/tbgen" --game chess --param material=KQvK --out "$work/tables" --quiet >/dev/null
"$build/cli/tbgen" --game chess --param material=KRvK --out "$work/tables" --quiet >/dev/null
"$build/server/tbserve" --dir "$work/tables" --bind 127.0.0.1:0 --threads "$threads" >"$work/out" &
server=$!
for _ in $(seq 100); do grep -q listening "$work/out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/out")
[ -n "$url" ] || { echo "tbserve did not start" >&2; exit 1; }

paths=("/api/tictactoe?position=x........")
[ "$mix" = all ] && paths+=(
  "/api/tictactoe?position=xo..x...o&line=1"
  "/api/chess?position=8/8/8/3k4/8/8/8/KR6%20w%20-%20-%200%201"
  "/api/chess?position=k7/8/1K6/8/8/8/8/1Q6%20w%20-%20-%200%201&line=1"
  "/standard?fen=8/8/8/3k4/8/8/8/KR6_b_-_-_0_1"
  "/api/tables")
echo "tbserve --threads $threads; $requests requests over $connections connections per kind (ab -k)"
status=0
for path in "${paths[@]}"; do
  ab -q -k -n "$requests" -c "$connections" "$url$path" >"$work/ab" 2>&1 || { cat "$work/ab" >&2; exit 1; }
  rps=$(awk '/^Requests per second/ {print $4}' "$work/ab")
  p50=$(awk '$1 == "50%" {print $2}' "$work/ab")
  p99=$(awk '$1 == "99%" {print $2}' "$work/ab")
  failed=$(awk '/^Failed requests/ {print $3}' "$work/ab")
  non2xx=$(awk '/^Non-2xx responses/ {print $3}' "$work/ab")
  printf '%-72s %8.0f requests/s  p50 %3d ms  p99 %4d ms  failed %d\n' "$path" "$rps" "$p50" "$p99" \
    "$((failed + ${non2xx:-0}))"
  [ "$((failed + ${non2xx:-0}))" -eq 0 ] || status=1
done
exit $status
