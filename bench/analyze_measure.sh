#!/usr/bin/env bash
# Measures the C/MPI programs of examples/analyze on this machine, for
# comparison with augur analyze's predictions (augur validate, docs/validate.md).
#
#   bench/analyze_measure.sh [REPS] [OUTDIR]   (defaults: 5, examples/analyze/measured)
#
# Each program is compiled with mpicc -O2 into a temporary directory and run
# at its three problem sizes with mpirun -np 1 and -np 2, REPS times each.
# OUTDIR/PROG.csv gets one row per configuration:
#   procs,n[,iters],tm_s,median_s,max_s,reps,load_1m
# tm_s is the fastest of the REPS runs: on a shared machine the other jobs
# can only slow a run down, so the minimum is the figure least disturbed by
# load, and it is the column augur validate reads by default. load_1m is the
# one-minute load average just before the configuration ran.
# OUTDIR/machine.txt records the CPU, compilers and load of the run.
set -euo pipefail
export LC_ALL=C

reps=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
src=$root/examples/analyze
out=${2:-$src/measured}

case $reps in
'' | *[!0-9]* | 0) echo "analyze_measure: REPS must be a positive integer, got '$reps'" >&2; exit 2 ;;
esac
for tool in mpicc mpirun; do
    if ! command -v "$tool" >/dev/null; then
        echo "analyze_measure: $tool not found: install OpenMPI (apt-get install openmpi-bin libopenmpi-dev)" >&2
        exit 1
    fi
done

# OpenMPI refuses to run as root unless told twice.
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# program|parameter columns|three sizes, each the program's arguments
# joined by commas. Each size is at least 10x the work of the first.
specs=(
    "pi|n|5000000|50000000|500000000"
    "jacobi|n,iters|512,100|1024,100|2048,100"
    "matmul|n|256|512|1024"
    "lu|n|400|800|1600"
    "isort|n|1048576|4194304|16777216"
)

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
mkdir -p "$out"

for spec in "${specs[@]}"; do
    prog=${spec%%|*}
    mpicc -O2 -o "$bin/$prog" "$src/$prog.c" -lm ||
        { echo "analyze_measure: mpicc failed on $src/$prog.c" >&2; exit 1; }
done

# On a machine with fewer slots than ranks OpenMPI refuses to start unless
# oversubscribing is allowed; ask for it only then, since it also makes
# waiting ranks yield their CPU, which changes the timings.
mpiflags=()
if ! mpirun -np 2 "$bin/pi" 1000 >/dev/null 2>&1; then
    mpiflags=(--oversubscribe)
    mpirun "${mpiflags[@]}" -np 2 "$bin/pi" 1000 >/dev/null ||
        { echo "analyze_measure: mpirun -np 2 fails even with --oversubscribe" >&2; exit 1; }
fi

load() { cut -d' ' -f1 /proc/loadavg; }

# run PROG NP ARGS... runs the program once and sets run_time to its time_s
# (the whole program after MPI_Init, what augur analyze predicts; kernel_s,
# the timed computation alone, is not recorded),
# checking that it printed one and that its checksum line matches the one
# in first_check (set by the first run of a configuration).
run() {
    local prog=$1 np=$2 output check time
    shift 2
    if ! output=$(timeout 300 mpirun "${mpiflags[@]}" -np "$np" "$bin/$prog" "$@" 2>&1); then
        printf 'analyze_measure: mpirun -np %s %s %s failed:\n%s\n' "$np" "$prog" "$*" "$output" >&2
        return 1
    fi
    time=$(sed -n 's/^time_s=//p' <<<"$output")
    check=$(grep -v '^time_s=\|^kernel_s=' <<<"$output" | head -n 1)
    if [ -z "$time" ] || [ -z "$check" ]; then
        printf 'analyze_measure: %s %s on %s ranks printed no time_s= and checksum lines:\n%s\n' "$prog" "$*" "$np" "$output" >&2
        return 1
    fi
    if [ -z "${first_check:-}" ]; then
        first_check=$check
    elif [ "$check" != "$first_check" ]; then
        printf 'analyze_measure: %s %s on %s ranks is not deterministic:\n  %s\n  %s\n' "$prog" "$*" "$np" "$first_check" "$check" >&2
        return 1
    fi
    run_time=$time
}

{
    echo "measured: $(date -u '+%Y-%m-%d %H:%M UTC') by bench/analyze_measure.sh $reps"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
    echo "memory: $(free -h | awk '/^Mem:/ {print $2}')"
    echo "kernel: $(uname -sr)"
    echo "mpi: $(mpirun --version | head -n 1)"
    echo "cc: $(mpicc --version | head -n 1), mpicc -O2"
    echo "mpirun flags: ${mpiflags[*]:-(none)}"
    echo "load before: $(uptime | sed 's/.*load average: //')"
} >"$bin/machine.txt"

summary=$bin/summary
printf '%-7s %-10s %-6s %5s %10s %10s %10s %6s\n' program n iters procs min_s median_s max_s load >"$summary"
for spec in "${specs[@]}"; do
    IFS='|' read -r prog cols s1 s2 s3 <<<"$spec"
    csv=$bin/$prog.csv
    echo "procs,$cols,tm_s,median_s,max_s,reps,load_1m" >"$csv"
    for size in "$s1" "$s2" "$s3"; do
        IFS=',' read -r -a args <<<"$size"
        for np in 1 2; do
            echo "analyze_measure: $prog ${args[*]} on $np ranks, $reps runs" >&2
            before=$(load)
            first_check=
            times=()
            for _ in $(seq "$reps"); do
                run "$prog" "$np" "${args[@]}"
                times+=("$run_time")
            done
            stats=$(printf '%s\n' "${times[@]}" | sort -g | awk '
                { t[NR] = $1 }
                END {
                    med = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
                    printf "%.6f %.6f %.6f", t[1], med, t[NR]
                }')
            read -r min med max <<<"$stats"
            echo "$np,$size,$min,$med,$max,$reps,$before" >>"$csv"
            iters=-
            [ "${#args[@]}" -gt 1 ] && iters=${args[1]}
            printf '%-7s %-10s %-6s %5s %10s %10s %10s %6s\n' "$prog" "${args[0]}" "$iters" "$np" "$min" "$med" "$max" "$before" >>"$summary"
        done
    done
done
echo "load after: $(uptime | sed 's/.*load average: //')" >>"$bin/machine.txt"

# Only a complete run replaces the committed measurements.
for spec in "${specs[@]}"; do
    prog=${spec%%|*}
    mv "$bin/$prog.csv" "$out/$prog.csv"
done
mv "$bin/machine.txt" "$out/machine.txt"
cat "$out/machine.txt"
echo
cat "$summary"
echo
echo "written: $out/{pi,jacobi,matmul,lu,isort}.csv and $out/machine.txt"
