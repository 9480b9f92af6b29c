#!/usr/bin/env bash
# augur bench machine --quick, twice: its wall time (must stay under 30 s)
# and whether the two runs agree within the spread each reports.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/augur-calib ./cmd/augur
for i in 1 2; do
  s=$(date +%s.%N)
  /tmp/augur-calib bench machine --quick -o /tmp/augur-calib-$i.yaml >/dev/null
  e=$(date +%s.%N)
  echo "run $i: $(echo "$e - $s" | bc) s"
done
# Compare every op: |m1 - m2| <= spread1 + spread2 (values in ns).
python3 - <<'PY'
import re
def ops(p):
    out = {}
    for line in open(p):
        m = re.match(r'\s+(\w+): ([\d.e+-]+)(ns|us|ms|s)\s+# ± ([\d.e+-]+)(ns|us|ms|s)', line)
        if m:
            f = {'ns': 1, 'us': 1e3, 'ms': 1e6, 's': 1e9}
            out[m[1]] = (float(m[2]) * f[m[3]], float(m[4]) * f[m[5]])
    return out
a, b = ops('/tmp/augur-calib-1.yaml'), ops('/tmp/augur-calib-2.yaml')
agree = 0
for k in a:
    (m1, s1), (m2, s2) = a[k], b[k]
    ok = abs(m1 - m2) <= s1 + s2
    agree += ok
    print(f"{k:10s} {m1:9.3f} ± {s1:7.3f}   {m2:9.3f} ± {s2:7.3f}   {'agree' if ok else 'DIFFER'}")
print(f"{agree}/{len(a)} operations agree within the reported spreads")
PY
