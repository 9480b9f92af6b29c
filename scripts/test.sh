#!/usr/bin/env bash
# The whole test suite, as the README gives it. It installs what the tests
# need on a fresh Debian machine (you are root there), checks formatting and
# vet, runs every test, and gives each fuzz target a short run on top of its
# committed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1; }
if ! need dot; then
  echo "== installing graphviz (the export tests render dot output)"
  if [ "$(id -u)" = 0 ] && need apt-get; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) ||
      echo "   could not install graphviz; the tests that need it say so and skip"
  else
    echo "   not root or no apt-get: the tests that need graphviz will skip"
  fi
fi

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "not gofmt-formatted:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test"
go test -count=1 ./...

echo "== fuzz (short runs on top of the committed corpora)"
fuzztime=${FUZZTIME:-10s}
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "   $pkg $target ($fuzztime)"
    log=$(mktemp)
    for try in 1 2; do
      if go test -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" "$pkg" >"$log" 2>&1; then
        break
      fi
      # A failing input the fuzzer found is saved under testdata/fuzz: that
      # is a real bug, fail now. A failure without one is the fuzzing
      # engine itself (a worker stalled on a loaded machine): show it and
      # try once more.
      grep -v '^fuzz: elapsed' "$log" | tail -30
      if [ -n "$(git status --porcelain -- "$dir/testdata/fuzz" 2>/dev/null)" ] || [ "$try" = 2 ]; then
        echo "fuzzing $pkg $target failed"; rm -f "$log"; exit 1
      fi
      echo "   (no failing input was saved; running $target once more)"
    done
    rm -f "$log"
  done
done

echo "== examples (every bundled model checks and predicts)"
go build -o /tmp/augur-test-bin ./cmd/augur
for m in examples/*.aug; do
  /tmp/augur-test-bin check "$m"
done
echo "all tests passed"
