#!/usr/bin/env bash
# Solves Connect Four boards with tbgen and prints, per board: positions, CPU
# and wall seconds, peak memory, bytes per position on disk and the start
# position's value, checked against the published outcome (Tromp; Steininger
# for the game lengths).
#   tests/bench/connect4.sh [WxH ...]      (default: 4x4 5x4 4x5 6x4 5x5)
# BUILD= names the build directory (default build), THREADS= the threads.
# REACHABLE=1 also counts the positions reachable from the empty board
# (tbprobe --reachable) against Tromp's counts, with its own time and memory.
# C4BDD=path/to/solve.out also runs markus7800/Connect4-Strong-Solver (its
# own build, outside this repository; one thread, win/draw/loss only) on each
# board, with a node table of 2^C4BDD_LOG2 entries (default: 24 up to 25
# cells, 25 for 7x4, 26 above) in a scratch directory, and checks its outcome
# and position count too.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
threads=${THREADS:-$(nproc)}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(4x4 5x4 4x5 6x4 5x5)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Positions reachable from the empty board (Tromp) and the outcome for the
# first player with the ply on which perfect play ends a won game.
declare -A published_count=([4x4]=161029 [5x4]=3945711 [6x4]=94910577 [7x4]=2265792710 [4x5]=1706255
  [5x5]=69763700 [6x5]=2818972642 [4x6]=15835683 [5x6]=1044334437 [4x7]=135385909 [4x8]=1104642469)
declare -A published_start=([4x4]="DRAW" [5x4]="DRAW" [6x4]="LOSS in 24 plies" [7x4]="DRAW" [4x5]="DRAW"
  [5x5]="DRAW" [6x5]="DRAW" [4x6]="DRAW" [5x6]="DRAW" [4x7]="DRAW" [4x8]="DRAW")

failed=0
verdict() {  # verdict GOT EXPECTED: "ok", "-" when nothing is published, else "MISMATCH"
  if [ -z "$2" ]; then
    echo "-"
  elif [ "$1" = "$2" ]; then
    echo "ok"
  else
    failed=1
    echo "MISMATCH (published: $2)"
  fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'; }
timed() {  # timed CMD...: runs CMD, prints "cpu_s wall_s peak_mib"
  /usr/bin/time -f "%U %S %e %M" -o "$out/time" "$@" >"$out/stdout" 2>"$out/stderr"
  awk '{ printf "%.2f %.2f %.1f\n", $1 + $2, $3, $4 / 1024 }' "$out/time"
}

printf "%-6s %-7s %14s %9s %9s %9s %10s  %s\n" board system positions "CPU s" "wall s" "peak MiB" "bytes/pos" \
  "start position"
for board in "${boards[@]}"; do
  w=${board%x*}
  h=${board#*x}
  game=(--game connect4 --param "width=$w" --param "height=$h")
  read -r cpu wall peak < <(timed "$build/cli/tbgen" "${game[@]}" --out "$out" --threads "$threads" \
    --progress-every 600)
  table="$out/connect4-${w}x${h}.rtb"
  # Its summary: "connect4-WxH: N positions: ..." (tbprobe --stats would decode every index again).
  positions=$(sed -n 's/^connect4-[0-9x]*: \([0-9]*\) positions.*/\1/p' "$out/stderr")
  start=$("$build/cli/tbprobe" --table "$table" --position "" | head -1 | sed 's/^[^:]*: //')
  bytes=$(stat -c %s "$table")
  printf "%-6s %-7s %14d %9.2f %9.2f %9.1f %10.3f  %s %s\n" "$board" rtb "$positions" "$cpu" "$wall" "$peak" \
    "$(ratio "$bytes" "$positions")" "$start" "$(verdict "$start" "${published_start[$board]:-}")"
  if [ "${REACHABLE:-0}" = 1 ]; then
    read -r cpu wall peak < <(timed "$build/cli/tbprobe" --table "$table" --reachable --threads "$threads")
    reached=$(sed -n 's/^reachable from the start: \([0-9]*\) positions.*/\1/p' "$out/stdout")
    printf "%-6s %-7s %14d %9.2f %9.2f %9.1f %10s  %s\n" "$board" reached "$reached" "$cpu" "$wall" "$peak" "" \
      "$(verdict "$reached" "${published_count[$board]:-}")"
  fi
  rm -f "$table"
  if [ -n "${C4BDD:-}" ]; then
    log2=${C4BDD_LOG2:-$((w * h <= 25 ? 24 : w * h <= 28 ? 25 : 26))}
    mkdir -p "$out/c4bdd" && rm -rf "$out/c4bdd/"*
    read -r cpu wall peak < <(cd "$out/c4bdd" && timed "$C4BDD" "$log2" "$w" "$h")
    # Its log gives, per ply, win=, draw=, loss= and total= for the side to move.
    reached=$(sed -n 's/.* total=\([0-9]*\) in .*/\1/p' "$out/stdout" | awk '{ n += $1 } END { printf "%.0f\n", n }')
    start=$(grep -o 'win=[0-9]* draw=[0-9]* loss=[0-9]*' "$out/stdout" | tail -1 | tr -c '0-9\n' ' ' |
      awk '{ print $1 ? "WIN" : $2 ? "DRAW" : "LOSS" }')
    bytes=$(du -sb "$out/c4bdd" | cut -f1)
    outcome=${published_start[$board]:-}
    printf "%-6s %-7s %14d %9.2f %9.2f %9.1f %10.3f  %s %s; reachable %s\n" "$board" c4bdd "$reached" "$cpu" "$wall" \
      "$peak" "$(ratio "$bytes" "$reached")" "$start" "$(verdict "$start" "${outcome%% *}")" \
      "$(verdict "$reached" "${published_count[$board]:-}")"
    rm -rf "$out/c4bdd"
  fi
done
exit $failed
