#!/usr/bin/env bash
# Every fuzz target of the tree for the same time, one after another, and a
# table of what each did: executions, new inputs, and whether it failed
# (hostile input, docs/cli.md; scripts/test.sh gives each 10 s in CI).
#
#   bench/fuzz_all.sh [MINUTES] [PATTERN]
#     MINUTES  time per target (default 2; fractions such as 0.5 work)
#     PATTERN  regular expression on "package Target" to run a subset
#   env: FUZZ_PARALLEL  fuzzing workers per target (go test -parallel;
#        default: as many as CPUs), e.g. 1 to leave the other cores free
#
# A failing input the fuzzer finds is saved under the package's
# testdata/fuzz/TARGET/ (commit it with the fix: it becomes a test). The
# executions count is the fuzzer's last report (bench/README.md says which
# targets make few, and why).
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-2}
pattern=${2:-.}
secs=$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); if (s < 1) s = 1; print s }')
log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf '%-40s %-26s %12s %8s %s\n' package target executions new result
failed=0
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "$pkg $target" | grep -Eq -- "$pattern" || continue
    result=ok
    if ! go test -run='^$' -fuzz="^${target}\$" -fuzztime="${secs}s" ${FUZZ_PARALLEL:+-parallel="$FUZZ_PARALLEL"} "$pkg" >"$log" 2>&1; then
      # Go 1.26's coordinator sometimes ends a clean run with "context
      # deadline exceeded" (golang/go#75804): a failure only if an input
      # was saved or the log says FAIL with a failing input.
      if grep -q 'Failing input written' "$log"; then
        result="FAILED: $(grep -m1 'Failing input written' "$log" | sed 's/.*written to //')"
        failed=$((failed + 1))
      elif grep -q 'context deadline exceeded' "$log"; then
        result="ok (coordinator: context deadline exceeded at the end)"
      else
        result="FAILED: $(grep -v '^fuzz: elapsed' "$log" | head -n 3 | tr '\n' ' ')"
        failed=$((failed + 1))
      fi
    fi
    last=$(grep '^fuzz: elapsed' "$log" | tail -n 1)
    execs=$(printf '%s\n' "$last" | sed -n 's/.*execs: \([0-9]*\).*/\1/p')
    new=$(printf '%s\n' "$last" | sed -n 's/.*new interesting: \([0-9]*\).*/\1/p')
    printf '%-40s %-26s %12s %8s %s\n' "${pkg#augur/}" "$target" "${execs:-?}" "${new:-?}" "$result"
  done
done
echo "fuzz_all: $failed target(s) failed, ${minutes} min each"
[ "$failed" -eq 0 ]
