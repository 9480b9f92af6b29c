#!/usr/bin/env bash
# Agreement of augur replay with SimGrid 3.32's smpirun -replay on
# generated traces (internal/frontend/tit/gen): rings, stencils, all-to-all by point to
# point, mixes of collectives, on SimGrid cluster platforms with and
# without a limited backbone, under each flow network model. Prints one
# row per case and checks issue 4's bounds: within 1 % for point-to-point
# traces, 5 % with collectives.
#
#   bench/replay_agree.sh                 # 8 to 4096 ranks (takes a while: smpirun is the slow side)
#   bench/replay_agree.sh "8 64"          # only these rank counts
set -uo pipefail
cd "$(dirname "$0")/.."
nps=${1:-"8 64 256 1024 4096"}
command -v smpirun >/dev/null || { echo "smpirun not found: install libsimgrid-dev (SimGrid 3.32)"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur && go build -o "$work/gentit" ./bench/gentit || exit 1
printf "%-9s %5s %-9s %-5s %12s %12s %9s  %s\n" pattern np backbone model augur_s simgrid_s diff_% verdict
fail=0
for np in $nps; do
  for bb in 0 1e9; do
    "$work/gentit" -np "$np" -platform "$work/c.xml" -backbone "$bb" -hostfile "$work/hf" > /dev/null
    for pattern in ring stencil pairwise colls mix; do
      iters=6
      [ "$pattern" = pairwise ] && { [ "$np" -gt 256 ] && continue; iters=2; }
      [ "$np" -ge 1024 ] && iters=3
      rm -rf "$work/t"; "$work/gentit" -pattern "$pattern" -np "$np" -iters "$iters" -bytes 2e4 -flops 2e6 -out "$work/t" > /dev/null
      models="SMPI CM02 LV08"; [ "$np" -ge 1024 ] && models=SMPI
      for model in $models; do
        a=$("$work/augur" replay "$work/t/index.txt" --platform "$work/c.xml" --hostfile "$work/hf" --network-model "$model" 2>/dev/null | awk '/^Simulation time/{print $3}')
        s=$(smpirun -no-privatize -replay "$work/t/index.txt" -np "$np" -platform "$work/c.xml" -hostfile "$work/hf" \
              --cfg=network/model:"$model" /usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain 2>&1 | awk '/Simulation time/{print $NF}' | head -1)
        bound=1; case $pattern in colls|mix) bound=5;; esac
        bbname=none; [ "$bb" != 0 ] && bbname=1GB/s
        awk -v p="$pattern" -v n="$np" -v b="$bbname" -v m="$model" -v a="$a" -v s="$s" -v bound="$bound" 'BEGIN {
          if (a == "" || s == "") { printf "%-9s %5d %-9s %-5s %12s %12s %9s  %s\n", p, n, b, m, a, s, "-", "FAIL (no time)"; exit 1 }
          d = 100 * (a - s) / s; v = (d <= bound && d >= -bound) ? "ok (<= " bound " %)" : "FAIL (> " bound " %)"
          printf "%-9s %5d %-9s %-5s %12.6f %12.6f %9.4f  %s\n", p, n, b, m, a, s, d, v; exit (v ~ /FAIL/) }' || fail=1
      done
    done
  done
done
exit $fail
