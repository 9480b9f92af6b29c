#!/usr/bin/env bash
# The prices of what real programs do (docs/analyze.md, "Prices for what
# real programs do"), measured: each program of bench/prices is built with
# gcc -O3 -march=native (and its dot product also with -ffast-math), its
# kernels timed (CPU time, the least of 3 runs), and compared with what
# augur analyze predicts for the kernel's function from the same compile
# line on a machine file of this machine.
#   bench/analyze_prices.sh [MACHINE.yaml]   (default: a fresh bench machine --quick)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
machine=${1:-}
if [ -z "$machine" ]; then
  machine="$work/here.yaml"
  "$work/augur" bench machine --quick -o "$machine" >/dev/null 2>&1
fi
# seconds FUNCTION < analyze's report: the function's time in seconds.
seconds() {
  awk -v f="$1" '$1 == "function" { t = 1; next } t && NF == 0 { t = 0 } t && $1 == f {
      v = $2; u = $3; s = (u == "s") ? 1 : (u == "ms") ? 1e-3 : (u == "µs") ? 1e-6 : 1e-9; printf "%.6g\n", v * s; exit }'
}
printf '%-10s %-28s %10s %10s %8s\n' kernel flags measured predicted error
run() { # program flags kernels...
  local prog=$1 flags=$2
  shift 2
  # shellcheck disable=SC2086
  gcc $flags "bench/prices/$prog.c" -o "$work/$prog" -lm 2>/dev/null
  for r in 1 2 3; do "$work/$prog"; done >"$work/$prog.times"
  # shellcheck disable=SC2086
  "$work/augur" analyze "bench/prices/$prog.c" $flags --machine "$machine" 2>/dev/null >"$work/$prog.report"
  for k in "$@"; do
    local m p
    m=$(awk -v k="$k" '$1 == k { if (min == "" || $2 < min) min = $2 } END { print min }' "$work/$prog.times")
    p=$(seconds "$k" <"$work/$prog.report")
    printf '%-10s %-28s %10.4f %10.4f %+7.0f%%\n' "$k" "$flags" "$m" "$p" "$(echo "($p - $m) / $m * 100" | bc -l)"
  done
}
run stencil "-O3 -march=native" sweep2d sweepflat
run spmv "-O3 -march=native" spmv
run branches "-O3 -march=native" collatz thirds dot
run branches "-O3 -march=native -ffast-math" dot
run libcalls "-O3 -march=native" randfill mathmap copy
run libcalls "-O3 -march=native -ffast-math" mathmap
run transpose "-O3 -march=native" tiled untiled
