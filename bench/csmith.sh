#!/usr/bin/env bash
# augur analyze on random valid C programs (issue 29, "a model that checks,
# by construction"): csmith writes N programs with the seeds FIRST ..
# FIRST+N-1, and each is read, analysed and modelled, and the model checked
# at 1, 2 and 3 processes, as augur check and augur predict would
# (TestCsmithBench in internal/frontend/analyze). It prints how many were
# ok, refused with an error positioned at a C construct, gave a model that
# does not check (an internal error), or panicked, and fails on the last
# two. Needs Debian's csmith and libcsmith-dev.
#   bench/csmith.sh [N] [FIRST]      (default 100 programs from seed 1)
# The programs of testdata/csmith were written by the same command line
# (CSMITH_FLAGS) with the seeds 1 .. 20.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
first=${2:-1}
command -v csmith >/dev/null || { echo "csmith is not installed (apt-get install csmith libcsmith-dev)" >&2; exit 2; }
flags=${CSMITH_FLAGS:-"--max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4"}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for ((s = first; s < first + n; s++)); do
  csmith --seed "$s" $flags -o "$dir/csmith_$s.c" >/dev/null
done
AUGUR_CSMITH_DIR=$dir go test -v -count=1 -timeout 0 -run '^TestCsmithBench$' ./internal/frontend/analyze | grep -v '^ok\|^PASS\|^FAIL$\|^---\|^=== RUN'
