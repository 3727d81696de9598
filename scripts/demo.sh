#!/usr/bin/env bash
# Builds rtb, generates the tic-tac-toe table and probes the empty board.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build -j"$(nproc)" --target tbgen tbprobe
build/cli/tbgen --game tictactoe --out tables --force
build/cli/tbprobe --dir tables --game tictactoe --position "........." --line
