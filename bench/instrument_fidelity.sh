#!/usr/bin/env bash
# Trace fidelity of augur instrument --time against smpirun -trace-ti
# (docs/instrument.md, "Trace fidelity"): for each program of
# examples/analyze at its middle size and each number of ranks, the
# --time program is run REPS times in two placements,
#   spread    mpirun --oversubscribe: the ranks on the machine's cores, two
#             or more at a time (as the plain program runs)
#   one-core  the same under taskset -c 0: every rank on one core, so that
#             no two ranks ever compute at the same time, which is how
#             SMPI runs them (one simulated process after the other, in
#             one system process)
# and SimGrid's smpirun -trace-ti REPS times on the same program (smpicc
# -O2, malloc left alone, host speed 1 Gf = the traces' unit). From each
# side the run with the least compute in all is kept (the least disturbed
# by the other jobs of the machine), and bench/titcmp compares it rank by
# rank with smpirun's: MPI actions, and compute per rank.
#
#   bench/instrument_fidelity.sh [REPS]                       (default 3)
#   PROGS="jacobi isort" NPS="2 4" bench/instrument_fidelity.sh 3
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
root=$PWD
if ! command -v smpirun > /dev/null || ! command -v mpirun > /dev/null; then
    echo "instrument_fidelity.sh: needs OpenMPI's mpirun and SimGrid's smpirun" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
go build -o "$work/augur" ./cmd/augur
go build -o "$work/titcmp" ./bench/titcmp
here=examples/mpi/localhost.xml
wanted() { [ -z "${PROGS:-}" ] || [[ " $PROGS " == *" $1 "* ]]; }
# compute FILES...: the seconds of compute in these traces (flops at 1e9 flop/s).
compute() { awk '$2 == "compute" { s += $3 } END { printf "%.9f\n", s / 1e9 }' "$@"; }
printf '#undef malloc\n#undef calloc\n#undef realloc\n#undef free\n' > "$work/plain_malloc.h"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $reps runs of each"
for spec in "pi 50000000" "jacobi 1024 100" "matmul 512" "lu 800" "isort 4194304"; do
    set -- $spec
    prog=$1
    shift
    wanted "$prog" || continue
    src=examples/analyze/$prog.c
    "$work/augur" instrument --time --out "$work/$prog.time" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    # SimGrid's smpi_helpers.h turns malloc into smpi_shared_malloc_intercept,
    # on whose memory jacobi's kernel runs 2.8 times slower: undone.
    smpicc -O2 -include "$work/plain_malloc.h" -o "$work/$prog.smpi" "$src" -Iexamples/analyze -lm 2> /dev/null
    for np in ${NPS:-1 2 4}; do
        for place in spread one-core; do
            pin=()
            [ "$place" = one-core ] && pin=(taskset -c 0)
            best=""
            for r in $(seq "$reps"); do
                rm -f "$work/$prog.time"/rank-*.txt
                "${pin[@]}" mpirun -np "$np" --oversubscribe "$work/$prog.time/$prog" "$@" > /dev/null 2>&1 ||
                    echo "mpirun -np $np $prog ($place) failed" >&2
                c=$(compute "$work/$prog.time"/rank-*.txt)
                if [ -z "$best" ] || awk -v a="$c" -v b="$best" 'BEGIN { exit !(a < b) }'; then
                    best=$c
                    rm -rf "$work/$place"
                    mkdir -p "$work/$place"
                    cp "$work/$prog.time"/rank-*.txt "$work/$place/"
                    for ((k = 0; k < np; k++)); do echo "$work/$place/rank-$k.txt"; done > "$work/$place/index.txt"
                fi
            done
        done
        best=""
        for r in $(seq "$reps"); do
            rm -rf "$work/ti$r"*
            (cd "$work" && smpirun -np "$np" -platform "$root/$here" --cfg=smpi/host-speed:1Gf -trace-ti \
                --cfg=tracing/filename:"$work/ti$r.txt" "$work/$prog.smpi" "$@" > /dev/null 2>&1) ||
                echo "smpirun -np $np $prog failed" >&2
            c=$(compute $(cat "$work/ti$r.txt"))
            if [ -z "$best" ] || awk -v a="$c" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$c sk=$r; fi
        done
        for place in spread one-core; do
            (cd "$work" && ./titcmp "$work/$place/index.txt" "$work/ti$sk.txt" "$np" || true) |
                sed "s/^/$prog np=$np $place: /"
        done
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
