#!/usr/bin/env bash
# Source-first predictions against the measured runs of examples/analyze
# (bench/analyze_measure.sh writes them): augur bench machine characterises
# this machine, augur analyze writes each program's model, and augur
# validate prints predicted against measured time per configuration, with
# ChronosMix's and Performance Prophet's error |Ts - Tm| / Tm, then the
# mean and worst error over everything and whether the ranking of sizes and
# process counts is right.
#   bench/analyze_validate.sh [MEASURED_DIR] [MACHINE.yaml]
#   (defaults: examples/analyze/measured, a fresh bench machine --quick)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-examples/analyze/measured}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
machine=${2:-}
if [ -z "$machine" ]; then
  machine="$work/here.yaml"
  "$work/augur" bench machine --quick -o "$machine" >/dev/null 2>&1
fi
all="$work/all.csv"
: >"$all"
for prog in pi jacobi matmul lu isort; do
  [ -f "$dir/$prog.csv" ] || { echo "no $dir/$prog.csv"; continue; }
  "$work/augur" analyze --model "$work/$prog.aug" mpicc -O2 -I examples/analyze "examples/analyze/$prog.c" -lm >/dev/null 2>"$work/$prog.warn" || { cat "$work/$prog.warn"; exit 1; }
  echo "== $prog"
  "$work/augur" validate "$work/$prog.aug" "$dir/$prog.csv" --machine "$machine" --measured tm_s
  "$work/augur" validate "$work/$prog.aug" "$dir/$prog.csv" --machine "$machine" --measured tm_s --format csv --stable |
    python3 -c 'import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["record"] == "row":
        print(",".join([sys.argv[1], r["configuration"], r["time_s"], r["measured_time_s"], r["error_pct"]]))' "$prog" >>"$all"
  echo
done
python3 - "$all" <<'PY'
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
# columns: prog, configuration, time_s (predicted), measured_time_s, error_pct
errs = [float(r[-1]) for r in rows]
print(f"all {len(errs)} configurations: mean error {sum(errs)/len(errs):.1f} %, worst {max(errs):.1f} %")
by = collections.defaultdict(list)
for r in rows:
    by[r[0]].append((float(r[2]), float(r[3]), r[1]))
wrong = 0
pairs = 0
for p, v in by.items():
    for i in range(len(v)):
        for j in range(i + 1, len(v)):
            pairs += 1
            if (v[i][0] < v[j][0]) != (v[i][1] < v[j][1]):
                wrong += 1
                print(f"  ranking wrong in {p}: {v[i][2]} vs {v[j][2]} (predicted {v[i][0]:.4g} vs {v[j][0]:.4g}, measured {v[i][1]:.4g} vs {v[j][1]:.4g})")
print(f"ranking of configurations: {pairs - wrong} of {pairs} pairs right")
PY
