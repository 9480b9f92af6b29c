#!/usr/bin/env bash
# seed 002's threshold iteration rule on the bundled C blocks: the
# prediction of a long loop against timing the loop, and the time saved.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/augur-bb ./cmd/augur
for spec in "pi 200000000" "stream 200000000" "stencil 400000"; do
  set -- $spec
  /tmp/augur-bb bench block blockbench/blocks/$1.c --n $2 --full
done
