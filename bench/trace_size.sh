#!/usr/bin/env bash
# Wall time, peak memory and file sizes of augur's timelines
# (docs/output.md, "Timelines") on a prediction of 4.48 million element
# executions: examples/stencil.aug, 64 processes, 1000 iterations, on
# examples/machines/dperf-hetero.yaml. Runs: no timeline; --trace (first
# --trace-limit slices); --trace with --trace-window 0:1; --trace and
# --paraver together. Also prints the Chrome trace's otherData (slices
# and arrows kept).
#
#   bench/trace_size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
args=(predict examples/stencil.aug --machine examples/machines/dperf-hetero.yaml --procs 64 --set ITER=1000 --stable --format csv)
run() { # NAME FLAGS...
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$work/augur" "${args[@]}" "$@" > /dev/null 2> "$work/$name.err" || { cat "$work/$name.err"; exit 1; }
  read -r wall rss < "$work/$name.time"
  local size=""
  for f in "$work"/"$name".*; do
    case $f in *.time|*.err) ;; *) size="$size $(basename "$f")=$(( $(stat -c %s "$f") / 1000000 ))MB" ;; esac
  done
  printf '%-22s %6ss %6d MB %s\n' "$name" "$wall" $((rss / 1000)) "$size"
  [ -f "$work/$name.json" ] && head -c 400 "$work/$name.json" | sed -n '1s/.*"otherData":\({[^}]*}\).*/    \1/p'
  return 0
}
run none
run trace --trace "$work/trace.json"
run window --trace "$work/window.json" --trace-window 0:1
run trace_paraver --trace "$work/trace_paraver.json" --paraver "$work/trace_paraver"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
