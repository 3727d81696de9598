#!/usr/bin/env bash
# Solves Connect Four boards with tbgen and prints, per board: positions,
# positions per second, CPU and wall seconds, peak memory and bytes per
# position on disk.
#   tests/bench/connect4.sh [WxH ...]      (default: 4x4 5x4 4x5 6x4 5x5)
# BUILD= names the build directory (default build), THREADS= the threads.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
threads=${THREADS:-$(nproc)}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(4x4 5x4 4x5 6x4 5x5)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf "%-6s %14s %14s %10s %9s %9s %9s %10s  %s\n" board indices positions "pos/s" "CPU s" "wall s" "peak MiB" "bytes/pos" start
for board in "${boards[@]}"; do
  w=${board%x*}
  h=${board#*x}
  /usr/bin/time -f "%U %S %e %M" -o "$out/time" "$build/cli/tbgen" --game connect4 --param "width=$w" \
    --param "height=$h" --out "$out" --threads "$threads" --quiet >/dev/null
  read -r user sys wall kb <"$out/time"
  table="$out/connect4-${w}x${h}.rtb"
  stats=$("$build/cli/tbprobe" --table "$table" --stats)
  indices=$(sed -n 's/^indices \([0-9]*\), positions \([0-9]*\)/\1/p' <<<"$stats")
  positions=$(sed -n 's/^indices \([0-9]*\), positions \([0-9]*\)/\2/p' <<<"$stats")
  start=$("$build/cli/tbprobe" --table "$table" --position "" | head -1)
  bytes=$(stat -c %s "$table")
  awk -v b="$board" -v i="$indices" -v p="$positions" -v u="$user" -v s="$sys" -v w="$wall" -v kb="$kb" \
    -v bytes="$bytes" -v start="$start" 'BEGIN {
      printf "%-6s %14d %14d %10.3g %9.2f %9.2f %9.1f %10.3f  %s\n", b, i, p, p / w, u + s, w, kb / 1024, bytes / p, start }'
  rm -f "$table"
done
