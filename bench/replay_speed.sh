#!/usr/bin/env bash
# Replays one generated trace with augur and with SimGrid 3.32's smpirun
# in the same run and prints, for both: wall time, trace actions per
# second, peak memory (maximum resident set, /usr/bin/time -v; also per
# simulated rank, which is what grows with the machine), and the
# ratios. Targets of issue 4: >= 50x SimGrid's speed, <= 1/10 of its memory.
#
#   bench/replay_speed.sh                   # stencil, 256 ranks, 400 iterations (~1.02e6 actions)
#   bench/replay_speed.sh mix 256 400       # PATTERN NP ITERS (see tit/gen)
#   bench/replay_speed.sh all               # stencil and mix at 256, 1024 and 4096 ranks (~1e6 actions each)
#
# Both simulators give the same simulation time (printed for each); augur
# also reports its engine events (messages, flows, collective rounds).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = all ]; then
  for p in stencil mix; do
    for c in "256 400" "1024 100" "4096 25"; do
      "$0" "$p" $c
      echo
    done
  done
  exit 0
fi
pattern=${1:-stencil}; np=${2:-256}; iters=${3:-400}
command -v smpirun >/dev/null || { echo "smpirun not found: install libsimgrid-dev (SimGrid 3.32)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
go run ./bench/gentit -pattern "$pattern" -np "$np" -iters "$iters" -bytes 1e4 -flops 1e6 \
  -out "$work/trace" -platform "$work/cluster.xml" -backbone 2.25e9 -hostfile "$work/hostfile" > "$work/gen.txt"
actions=$(awk '{print $2}' "$work/gen.txt")
echo "trace: $pattern, $np ranks, $iters iterations: $actions actions (cluster of $np hosts, 2.25 GB/s backbone)"

measure() { # NAME CMD... -> prints "wall_s rss_kb" and keeps stdout in $work/NAME.out
  local name=$1; shift
  /usr/bin/time -v "$@" > "$work/$name.out" 2> "$work/$name.time"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/{print $2}' "$work/$name.time")
  echo "$wall $rss"
}
read -r aw ar < <(measure augur "$work/augur" replay "$work/trace/index.txt" --platform "$work/cluster.xml" --hostfile "$work/hostfile" --format json)
read -r sw sr < <(measure simgrid smpirun -no-privatize -replay "$work/trace/index.txt" -np "$np" -platform "$work/cluster.xml" \
  -hostfile "$work/hostfile" /usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain)
at=$(grep -o '"simulation_time_s": [0-9.e+-]*' "$work/augur.out" | awk '{print $2}')
events=$(grep -o '"events": [0-9]*' "$work/augur.out" | awk '{print $2}')
st=$(grep -o 'Simulation time [0-9.]*' "$work/simgrid.time" "$work/simgrid.out" 2>/dev/null | head -1 | awk '{print $3}')
awk -v a="$actions" -v aw="$aw" -v ar="$ar" -v sw="$sw" -v sr="$sr" -v at="$at" -v st="$st" -v ev="$events" -v np="$np" 'BEGIN {
  printf "%-8s %12s %10s %16s %14s %12s\n", "", "sim time", "wall (s)", "actions/s", "peak RSS (MB)", "KB per rank"
  printf "%-8s %12.6f %10.2f %16.0f %14.1f %12.1f   (engine events: %d, %.0f/s)\n", "augur", at, aw, a/aw, ar/1024, ar/np, ev, ev/aw
  printf "%-8s %12.6f %10.2f %16.0f %14.1f %12.1f\n", "SimGrid", st, sw, a/sw, sr/1024, sr/np
  printf "speed ratio (augur/SimGrid actions per second): %.1fx   memory ratio (augur/SimGrid): %.3f   simulation times differ by %.4f %%\n", sw/aw, ar/sr, 100*(at-st)/st
}'
