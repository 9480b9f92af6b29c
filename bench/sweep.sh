#!/usr/bin/env bash
# augur sweep on all cores, and its resume: a 10,000-point sweep of the
# stencil model (procs 1..100 × ITER 1..100 on Gescher) with -j 1 and with
# -j N (default 2, this machine's cores), then the -j N sweep killed
# (SIGKILL) half way and run again. Prints the load average before each
# run, the wall times, the speed-up, how many points the resumed run
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
      --procs 1..100 --set ITER=1..100 --set N=1024)

now() { date +%s.%N; }
timed() { # timed NAME OUT ARGS...: runs augur, prints its wall time
  local name=$1 out=$2; shift 2
  echo "load before $name: $(cut -d' ' -f1-3 /proc/loadavg)"
  local t0 t1; t0=$(now)
  "$bin" "$@" >"$out"
  t1=$(now)
  echo "$name: $(echo "$t1 - $t0" | bc) s"
  echo "$t1 - $t0" | bc >"$out.time"
}

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
