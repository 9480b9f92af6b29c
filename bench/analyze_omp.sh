#!/usr/bin/env bash
# OpenMP source-first predictions against real runs: bench/omp/tri.c (an
# imbalanced triangular loop) is built with gcc -O3 -march=native -fopenmp
# under schedule(static), (dynamic) and (guided), run with OMP_NUM_THREADS
# 1 and 2 (the least of 3 runs of the time from the start of main to its
# end, which the program prints, with the longest CPU time of a thread in
# the shared loop in that run), and predicted by augur analyze -fopenmp
# --threads T on a machine from augur bench machine --quick. Prints one
# row per configuration with the error |predicted - measured| / measured
# of the wall time and of the longest thread's CPU time: on a machine
# that other programs load, the wall time grows with their share of the
# CPUs, the threads' CPU times do not. Then the same for the MPI+OpenMP
# bench/omp/hybrid.c at ranks × threads, when mpicc is installed.
#   bench/analyze_omp.sh [MACHINE.yaml] [N]
#   (defaults: a fresh bench machine --quick, N = 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
machine=${1:-}
n=${2:-20000}
if [ -z "$machine" ]; then
  machine="$work/here.yaml"
  "$work/augur" bench machine --quick -o "$machine" >/dev/null 2>&1
fi
printf '%-8s %7s %12s %14s %12s %8s %8s\n' schedule threads wall_s longest_cpu_s predicted_s error error_cpu
for sched in static dynamic guided; do
  gcc -O3 -march=native -fopenmp -DN="$n" -DSCHED="$sched" -o "$work/tri-$sched" bench/omp/tri.c
  for t in 1 2; do
    measured=$(for r in 1 2 3; do OMP_NUM_THREADS=$t "$work/tri-$sched" | awk '{ print $2, $3 }'; done | sort -g | head -1)
    predicted=$("$work/augur" analyze -O3 -march=native -fopenmp -D N="$n" -D SCHED="$sched" bench/omp/tri.c --machine "$machine" --threads "$t" --format json 2>/dev/null |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["machines"][0]["time_s"])')
    python3 -c "import sys; m, c, p, t = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[5]); print(f'{sys.argv[4]:<8} {t:>7} {m:12.4f} {c:14.4f} {p:12.4f} {100 * abs(p - m) / m:7.1f} % {100 * abs(p - c) / c:7.1f} %')" $measured "$predicted" "$sched" "$t"
  done
done
# MPI + OpenMP: bench/omp/hybrid.c at 1 rank × 1 and 2 threads and 2
# ranks × 1 thread (mpirun --bind-to none), its time from the end of
# MPI_Init to MPI_Finalize on rank 0 and the longest thread's CPU time.
if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then
  mpicc -O3 -march=native -fopenmp -DN="$n" -o "$work/hybrid" bench/omp/hybrid.c
  printf '\n%-8s %7s %12s %14s %12s %8s %8s\n' ranks threads wall_s longest_cpu_s predicted_s error error_cpu
  for pt in "1 1" "1 2" "2 1"; do
    set -- $pt
    measured=$(for r in 1 2 3; do OMP_NUM_THREADS=$2 mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$1" "$work/hybrid" | awk '{ print $2, $3 }'; done | sort -g | head -1)
    predicted=$("$work/augur" analyze -O3 -march=native -fopenmp -D N="$n" bench/omp/hybrid.c --machine "$machine" --procs "$1" --threads "$2" --format json 2>/dev/null |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["machines"][0]["time_s"])')
    python3 -c "import sys; m, c, p = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); print(f'{sys.argv[4]:<8} {sys.argv[5]:>7} {m:12.4f} {c:14.4f} {p:12.4f} {100 * abs(p - m) / m:7.1f} % {100 * abs(p - c) / c:7.1f} %')" $measured "$predicted" "$1" "$2"
  done
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
