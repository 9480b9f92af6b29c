#!/usr/bin/env bash
# Source-first prediction against measured runs (docs/analyze.md): each
# program of examples/analyze is compiled with mpicc -O2 and run at three
# problem sizes with 1 and 2 processes under OpenMPI, REPS times (the
# fastest run is the one least disturbed by other load); augur bench
# machine characterises this machine, augur analyze writes each program's
# model, and augur validate prints predicted against measured times
# (ChronosMix's and Performance Prophet's error |Ts - Tm| / Tm).
#   bench/analyze_measure.sh [REPS] [OUTDIR]   (default 3, a temporary directory)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
command -v mpicc >/dev/null || { echo "needs OpenMPI's mpicc and mpirun (apt-get install libopenmpi-dev openmpi-bin)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
go build -o "$out/augur" ./cmd/augur
"$out/augur" bench machine --quick -o "$out/here.yaml" 2>/dev/null >/dev/null
echo "machine: $out/here.yaml ($(grep -m1 'cycle:' "$out/here.yaml" | sed 's/ *#.*//; s/^ *//')); load $(cut -d' ' -f1-3 /proc/loadavg)"
# program: parameter columns, then one "values" per size.
specs=(
  "pi|n|20000000|60000000|200000000"
  "jacobi|n,iters|512,200|1024,200|2048,200"
  "matmul|n|200|400|800"
  "lu|n|300|600|1200"
  "isort|n,iters|524288,10|2097152,10|8388608,10"
)
for spec in "${specs[@]}"; do
  IFS='|' read -r prog cols s1 s2 s3 <<<"$spec"
  mpicc -O2 -o "$out/$prog" "examples/analyze/$prog.c"
  csv="$out/$prog.csv"
  echo "procs,$cols,tm_s" >"$csv"
  for size in "$s1" "$s2" "$s3"; do
    for np in 1 2; do
      best=""
      for r in $(seq "$reps"); do
        t=$(mpirun --oversubscribe -np "$np" "$out/$prog" ${size//,/ } | sed -n 's/^time_s=//p')
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
      done
      echo "$np,$size,$best" >>"$csv"
    done
  done
  "$out/augur" analyze "examples/analyze/$prog.c" -I examples/analyze -o "$out/$prog.aug" >/dev/null 2>"$out/$prog.warnings" || { cat "$out/$prog.warnings"; exit 1; }
  echo
  echo "== $prog"
  "$out/augur" validate "$out/$prog.aug" "$csv" --machine "$out/here.yaml" --measured tm_s
done
echo
echo "files in $out"
