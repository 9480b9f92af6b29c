#!/usr/bin/env bash
# dPerf's threshold iteration rule on the bundled C blocks: for each
# block, REPS times, the rule's prediction of a long loop (about 1 to 3 s)
# against timing that loop in fresh processes (--full: the minimum of up
# to 3 runs while they fit in 3 s), with dPerf's slowdown (benchmark
# cost / measured loop). Times are CPU (virtual) times, as dPerf's
# PAPI_get_virt_nsec: the machine is shared. Needs gcc and python3.
#   bench/blockbench.sh [REPS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
go build -o /tmp/augur-bb ./cmd/augur
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for spec in "pi 200000000" "stream 1000000000" "stencil 8000000" "matvec 1000000" "sort 100000"; do
  set -- $spec
  for r in $(seq "$reps"); do
    /tmp/augur-bb bench block "internal/run/blockbench/blocks/$1.c" --n "$2" --full --format json |
      python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps({k: v for k, v in d.items() if k != "steps"}))' >>"$out"
  done
done
python3 - "$out" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print(f"{'block':8} {'n':>11} {'th':>9} {'predicted':>10} {'measured':>10} {'error':>7} {'cost':>9} {'slowdown':>8}")
by = {}
for d in rows:
    b = d["block"].split("/")[-1][:-2]
    by.setdefault(b, []).append(d)
    print(f"{b:8} {d['n']:>11} {d['threshold']:>9} {d['predicted_s']:>9.3f}s {d['measured_s']:>9.3f}s {d['error_pct']:>+6.1f}% {1e3*d['cost_s']:>7.1f}ms {d['slowdown']:>8.3f}")
print()
print("per block: mean |error|, worst |error|, mean slowdown, runs within 5 %")
allin = 0
for b, ds in by.items():
    e = [abs(d["error_pct"]) for d in ds]
    s = [d["slowdown"] for d in ds]
    k = sum(x <= 5 for x in e)
    allin += k
    print(f"  {b:8} {sum(e)/len(e):5.1f} %  {max(e):5.1f} %  {sum(s)/len(s):6.3f}  {k}/{len(e)}")
print(f"  all: {allin}/{len(rows)} predictions within 5 %")
PY
