#!/usr/bin/env bash
# The reference speed travels with the trace (docs/replay.md §3.1, §3.2):
# cmd/augur/testdata/mpi/burst_allreduce.c (a compute loop and an
# allreduce) at 1 and 2 ranks, measured plain (its own MPI_Wtime from the
# end of MPI_Init to before MPI_Finalize, median of RUNS runs), recorded
# with augur record --mpi --machine HERE.yaml (RUNS recordings, the median
# replay) and replayed on HERE.yaml, the file augur bench machine wrote for
# this host; and, for comparison, recorded at an assumed 1 Gflop/s
# (--ref-speed 1e9, what augur record did before) and replayed there too.
# On a loaded machine runs differ by tens of per cent from one another, so
# each replay is also compared with the time of the very run it recorded
# (the program prints it under the recorder too): the "same run" columns.
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
printf '%-5s %-11s %-11s %-8s %-11s %-8s | %s\n' ranks measured_s replayed_s error at_1e9_s error "errors against the recorded runs' own times"
for np in 1 2; do
  m=(); r=(); o=(); rs=(); os_=(); re=(); oe=()
  for ((i = 0; i < runs; i++)); do
    m+=("$(mpirun -np "$np" --oversubscribe "$work_dir/ba" "$n" "$iters" "$work" | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')")
    t=$("$work_dir/augur" record --mpi --np "$np" --machine "$here" -o "$work_dir/rec" -- "$work_dir/ba" "$n" "$iters" "$work" 2>/dev/null | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')
    r+=("$(replay "$work_dir/rec/index.txt")"); rs+=("$t")
    re+=("$(awk -v r="${r[-1]}" -v t="$t" 'BEGIN { print 100*(r-t)/t }')")
    t=$("$work_dir/augur" record --mpi --np "$np" --ref-speed 1e9 -o "$work_dir/old" -- "$work_dir/ba" "$n" "$iters" "$work" 2>/dev/null | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')
    o+=("$(replay "$work_dir/old/index.txt")"); os_+=("$t")
    oe+=("$(awk -v r="${o[-1]}" -v t="$t" 'BEGIN { print 100*(r-t)/t }')")
  done
  mm=$(printf '%s\n' "${m[@]}" | median); rr=$(printf '%s\n' "${r[@]}" | median); oo=$(printf '%s\n' "${o[@]}" | median)
  ree=$(printf '%s\n' "${re[@]}" | median); oee=$(printf '%s\n' "${oe[@]}" | median)
  awk -v np="$np" -v m="$mm" -v r="$rr" -v o="$oo" -v re="$ree" -v oe="$oee" 'BEGIN { printf "%-5d %-11.6f %-11.6f %+7.1f%% %-11.6f %+7.1f%% | median of runs: %+7.1f%%, at 1e9 %+7.1f%%\n", np, m, r, 100*(r-m)/m, o, 100*(o-m)/m, re, oe }'
  echo "      runs: measured ${m[*]}; recorded runs ${rs[*]} replayed ${r[*]}; recorded at 1e9 ${os_[*]} replayed ${o[*]}"
done
