#!/usr/bin/env bash
# The reference speed travels with the trace (docs/replay.md §3.1, §3.2):
# cmd/augur/testdata/mpi/burst_allreduce.c (a compute loop and an
# allreduce) at 1 and 2 ranks, measured plain (its own MPI_Wtime from the
# end of MPI_Init to before MPI_Finalize, median of RUNS runs), recorded
# with augur record --mpi --machine HERE.yaml (RUNS recordings, the median
# replay) and replayed on HERE.yaml, the file augur bench machine wrote for
# this host; and, for comparison, recorded at an assumed 1 Gflop/s
# (--ref-speed 1e9, what augur record did before) and replayed there too.
#
#   bench/reference_speed.sh HERE.yaml [N ITERS WORK RUNS]   # default 2000000 20 10 3
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(realpath "$1"); n=${2:-2000000}; iters=${3:-20}; work=${4:-10}; runs=${5:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work_dir=$(mktemp -d); trap 'rm -rf "$work_dir"' EXIT
go build -o "$work_dir/augur" ./cmd/augur
mpicc -O2 -o "$work_dir/ba" cmd/augur/testdata/mpi/burst_allreduce.c
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
replay() { "$work_dir/augur" replay "$1" --platform "$here" 2>/dev/null | awk '/^Simulation time/{print $3}'; }
printf '%-5s %-12s %-12s %-8s %-12s %-8s\n' ranks measured_s replayed_s error at_1e9_s error
for np in 1 2; do
  m=(); r=(); o=()
  for ((i = 0; i < runs; i++)); do
    m+=("$(mpirun -np "$np" --oversubscribe "$work_dir/ba" "$n" "$iters" "$work" | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')")
    "$work_dir/augur" record --mpi --np "$np" --machine "$here" -o "$work_dir/rec" -- "$work_dir/ba" "$n" "$iters" "$work" > /dev/null 2>&1
    r+=("$(replay "$work_dir/rec/index.txt")")
    "$work_dir/augur" record --mpi --np "$np" --ref-speed 1e9 -o "$work_dir/old" -- "$work_dir/ba" "$n" "$iters" "$work" > /dev/null 2>&1
    o+=("$(replay "$work_dir/old/index.txt")")
  done
  mm=$(printf '%s\n' "${m[@]}" | median); rr=$(printf '%s\n' "${r[@]}" | median); oo=$(printf '%s\n' "${o[@]}" | median)
  awk -v np="$np" -v m="$mm" -v r="$rr" -v o="$oo" 'BEGIN { printf "%-5d %-12.6f %-12.6f %+7.1f%% %-12.6f %+7.1f%%\n", np, m, r, 100*(r-m)/m, o, 100*(o-m)/m }'
  echo "      runs: measured ${m[*]}; replayed ${r[*]}; at 1e9 ${o[*]}"
done
