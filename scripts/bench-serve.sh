#!/usr/bin/env bash
# Load test of tbserve on loopback: 100,000 requests over 64 connections
# (wrk, Debian's package), a mix of /api probes of tictactoe and chess and
# /standard. Prints requests per second, p50 and p99 latency and the error
# count (which must be 0: the script exits 1 otherwise).
#   scripts/bench-serve.sh [BUILD_DIR] [REQUESTS] [CONNECTIONS] [THREADS] [MIX]
# MIX: "all" (default, every kind of request) or "probe" (one tictactoe
# /api probe: the cost of the server itself rather than of the answers).
set -euo pipefail
build=${1:-build}
requests=${2:-100000}
connections=${3:-64}
threads=${4:-$connections}  # tbserve --threads: each open connection holds one
mix=${5:-all}
work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" || true
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

cat >"$work/mix.lua" <<LUA
-- Each of wrk's threads sends its share of the requests, cycling through
-- the mix, then stops.
local paths = {
  "/api/tictactoe?position=x........",
}
if "$mix" == "all" then paths = {
  "/api/tictactoe?position=x........",
  "/api/tictactoe?position=xo..x...o&line=1",
  "/api/chess?position=8/8/8/3k4/8/8/8/KR6%20w%20-%20-%200%201",
  "/api/chess?position=k7/8/1K6/8/8/8/8/1Q6%20w%20-%20-%200%201&line=1",
  "/standard?fen=8/8/8/3k4/8/8/8/KR6_b_-_-_0_1",
  "/api/tables",
} end
local sent, answered = 0, 0
limit = $requests  -- each thread's share, set by setup
function setup(thread) thread:set("limit", math.floor($requests / 2)) end
function request()
  sent = sent + 1
  return wrk.format("GET", paths[(sent % #paths) + 1])
end
function response(status, headers, body)
  answered = answered + 1
  if answered >= limit then wrk.thread:stop() end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("requests %d in %.2f s: %.0f requests/s; latency p50 %.2f ms, p99 %.2f ms, max %.2f ms; errors %d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
LUA
wrk -t2 -c"$connections" -d600s --timeout 10s -s "$work/mix.lua" "$url" | tee "$work/report"
grep -q "errors 0$" "$work/report"
