#!/usr/bin/env bash
# augur sweep on all cores, and its resume: a 10,000-point sweep of the
# stencil model (procs 1..100 × ITER 1..20 × N 256..4096*2 on Gescher,
# about 1.7 ms a point) with -j 1 and with
# -j N (default 2, this machine's cores), then the -j N sweep killed
# (SIGKILL) half way and run again. Prints the load average before each
# run, the wall and CPU times, the speed-up (and, first, the speed-up the
# machine offers N threads of pure computation at the moment: on a shared
# machine the sweep cannot beat it), how many points the resumed run
# computed, and whether every output is the same.
#
#   bench/sweep.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-2}
bin=$(mktemp -d)/augur
go build -o "$bin" ./cmd/augur
work=$(mktemp -d)
trap 'rm -rf "$work" "$(dirname "$bin")"' EXIT
args=(sweep predict examples/stencil.aug --machine examples/machines/gescher.yaml
      --procs 1..100 --set ITER=1..20 --set N=256..4096*2)

now() { date +%s.%N; }
timed() { # timed NAME OUT ARGS...: runs augur, prints its wall and CPU times
  local name=$1 out=$2; shift 2
  echo "load before $name: $(cut -d' ' -f1-3 /proc/loadavg)"
  local t0 t1 c0 c1; t0=$(now)
  c0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  "$bin" "$@" >"$out"
  t1=$(now)
  # CPU seconds of the finished child (cutime + cstime), in clock ticks.
  c1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  echo "$name: $(echo "$t1 - $t0" | bc) s wall, $(echo "scale=2; ($c1 - $c0) / $(getconf CLK_TCK)" | bc) s CPU"
  echo "$t1 - $t0" | bc >"$out.time"
}

# What the other jobs leave: the speed-up of N threads of pure computation.
go run ./bench/cpus -n "$jobs"
timed "-j 1" "$work/j1.txt" "${args[@]}" -j 1 --out "$work/j1"
timed "-j $jobs" "$work/jn.txt" "${args[@]}" -j "$jobs" --out "$work/jn"
echo "speed-up -j $jobs over -j 1: $(echo "scale=2; $(cat "$work/j1.txt.time") / $(cat "$work/jn.txt.time")" | bc)"
cmp -s "$work/j1.txt" "$work/jn.txt" && echo "outputs of -j 1 and -j $jobs: identical" || echo "outputs of -j 1 and -j $jobs: DIFFER"

# Kill half way, then resume.
"$bin" "${args[@]}" -j "$jobs" --out "$work/k" >/dev/null &
pid=$!
until [ -f "$work/k/results.jsonl" ] && [ "$(wc -l <"$work/k/results.jsonl")" -ge 5000 ]; do sleep 0.05; done
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
before=$(wc -l <"$work/k/results.jsonl")
echo "killed with SIGKILL after $before points were stored"
timed "resumed -j $jobs" "$work/k.txt" "${args[@]}" -j "$jobs" --out "$work/k"
after=$(wc -l <"$work/k/results.jsonl")
echo "the resumed run computed $((after - before)) points (10000 - $before = $((10000 - before)) were missing)"
cmp -s "$work/j1.txt" "$work/k.txt" && echo "output of the resumed run: identical to the uninterrupted run" || echo "output of the resumed run: DIFFERS"
