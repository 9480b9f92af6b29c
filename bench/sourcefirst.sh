#!/usr/bin/env bash
# Speed of source-first prediction (docs/analyze.md, docs/semantics.md §1):
#  - a triangular loop nest summed in closed form against the same nest run
#    iteration by iteration (go test -bench Triangle ./internal/run/predict), with the
#    ratio of the two in the same run;
#  - augur analyze on a generated 2,000-line C/MPI program
#    (go test -bench AnalyzeLarge ./internal/frontend/analyze).
#   bench/sourcefirst.sh [BENCHTIME]   (default 5x)
set -euo pipefail
cd "$(dirname "$0")/.."
bt=${1:-5x}
out=$(go test -run '^$' -bench 'Triangle|AnalyzeLarge' -benchtime "$bt" ./internal/run/predict ./internal/frontend/analyze)
echo "$out" | grep '^Benchmark'
echo "$out" | awk '
    /BenchmarkTriangleStepped_1000/    { step = $3 }
    /BenchmarkTriangleClosedForm_1000-/ { closed = $3 }
    END {
        if (step > 0 && closed > 0)
            printf "500 500-iteration triangle: closed form %.0f times faster than stepping (%.3g ms against %.3g ms)\n", step / closed, closed / 1e6, step / 1e6
    }'
