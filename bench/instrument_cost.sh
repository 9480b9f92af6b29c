#!/usr/bin/env bash
# What counting and timing cost: each program of examples/analyze built
# plain, with augur instrument --count, with --time (the user's build:
# mpicc -O2, nothing added), and with --time --align-loops 64 (every loop
# at a multiple of 64 bytes),
# run at its middle size on one rank, REPS runs of each in turn (so that
# they see the same load); prints the fastest time_s of each and its
# slowdown against the plain program.
#   bench/instrument_cost.sh [REPS]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
go build -o "$work/augur" ./cmd/augur
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $reps runs of each"
printf '%-8s %10s %10s %6s %10s %6s %12s %6s\n' program plain_s counted_s slow timed_s slow aligned_s slow
for spec in "pi 50000000" "jacobi 1024 100" "matmul 512" "lu 800" "isort 4194304"; do
    set -- $spec
    prog=$1
    shift
    src=examples/analyze/$prog.c
    mpicc -O2 -o "$work/$prog.plain" "$src" -Iexamples/analyze -lm
    "$work/augur" instrument --count --out "$work/$prog.cnt" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    "$work/augur" instrument --time --out "$work/$prog.time" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    "$work/augur" instrument --time --align-loops 64 --out "$work/$prog.time0" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    bins=("$work/$prog.plain" "$work/$prog.cnt/$prog" "$work/$prog.time/$prog" "$work/$prog.time0/$prog")
    for _ in $(seq "$reps"); do
        for k in "${!bins[@]}"; do
            (cd "$work" && mpirun -np 1 "${bins[$k]}" "$@" | sed -n 's/^time_s=//p') >> "$work/t$k"
        done
    done
    for k in "${!bins[@]}"; do sort -g "$work/t$k" | head -1; rm "$work/t$k"; done | paste -sd' ' |
        awk -v p="$prog" '{ printf "%-8s %10.6f %10.6f %5.2fx %10.6f %5.2fx %12.6f %5.2fx\n", p, $1, $2, $2 / $1, $3, $3 / $1, $4, $4 / $1 }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
