#!/usr/bin/env bash
# Thread-trace prediction (VPPB): Table 6 (real vs predicted speed-up
# on 2 processors for the example pthread programs, per model), Table 7
# (simulation times) and the 350,000-event speed test on 8 processors.
#   bench/threads.sh            # 5 real run pairs per program
#   REPS=9 bench/threads.sh     # more pairs on a noisy machine
set -euo pipefail
cd "$(dirname "$0")/.."
command -v gcc >/dev/null || { echo "bench/threads.sh needs gcc"; exit 1; }
command -v taskset >/dev/null || { echo "bench/threads.sh needs taskset (util-linux)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/augur" ./cmd/augur
go run ./bench/threadsgen -events 350000 -workers 8 > "$dir/radiosity-like.trace"
# Built with augur's profile (bench/pgo.sh): the speed test's figures are
# those of the simulator as augur ships it.
go run -pgo=cmd/augur/default.pgo ./bench/threadsbench -augur "$dir/augur" -dir "$dir" -reps "${REPS:-5}" -speed-trace "$dir/radiosity-like.trace" ${ONLY:+-only "$ONLY"}
echo
echo "The same speed test through the command line (reading included):"
"$dir/augur" simulate "$dir/radiosity-like.trace" --cpus 8 --model direct --timing | sed -n '1,6p'
