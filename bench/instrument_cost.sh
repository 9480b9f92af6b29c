#!/usr/bin/env bash
# What counting costs: each program of examples/analyze built plain and with
# augur instrument --count (mpicc -O2 both), run at its middle size on one
# rank, the fastest of REPS runs of each; prints time_s plain, counted, and
# the slowdown.
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
best() { # best PROGRAM ARGS...: the fastest time_s of $reps runs
    local t m=""
    for _ in $(seq "$reps"); do
        t=$(cd "$work" && mpirun -np 1 "$@" | sed -n 's/^time_s=//p')
        if [ -z "$m" ] || awk -v a="$t" -v b="$m" 'BEGIN { exit !(a < b) }'; then m=$t; fi
    done
    echo "$m"
}
printf '%-8s %12s %12s %9s\n' program plain_s counted_s slowdown
for spec in "pi 50000000" "jacobi 1024 100" "matmul 512" "lu 800" "isort 4194304"; do
    set -- $spec
    prog=$1
    shift
    mpicc -O2 -o "$work/$prog.plain" "examples/analyze/$prog.c" -Iexamples/analyze -lm
    "$work/augur" instrument "examples/analyze/$prog.c" -I examples/analyze --count -o "$work/$prog.cnt" --build >/dev/null
    plain=$(best "$work/$prog.plain" "$@")
    counted=$(best "$work/$prog.cnt/$prog" "$@")
    awk -v p="$prog" -v a="$plain" -v b="$counted" 'BEGIN { printf "%-8s %12.6f %12.6f %8.2fx\n", p, a, b, b / a }'
done
