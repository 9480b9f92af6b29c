#!/usr/bin/env bash
# Prints augur's speed figures: element executions per second, events per
# second and heap bytes per simulated process for the LAPW0 model at 32,
# 10^4 and 10^6 processes (targets: >= 10 million executions/s on one core,
# <= 1 KiB per process, 10^6 processes in under 30 s), then the go test
# benchmarks of the kernel and the engine.
#
#   bench/run.sh            # everything
#   bench/run.sh quick      # 32 and 10^4 processes only, no go test -bench
set -euo pipefail
cd "$(dirname "$0")/.."
procs=32,10000,1000000
[ "${1:-}" = quick ] && procs=32,10000
echo "== LAPW0 (examples/lapw0.aug, NAT=64) on examples/machines/ideal.yaml, 4 processes per node, GOMAXPROCS=1"
GOMAXPROCS=1 go run -pgo=cmd/augur/default.pgo ./bench/scale -model examples/lapw0.aug -machine examples/machines/ideal.yaml -procs "$procs" -set NAT=64
echo
echo "== the same on gescher.yaml (Fast Ethernet, NIC serialisation on: collectives run event by event)"
GOMAXPROCS=1 go run -pgo=cmd/augur/default.pgo ./bench/scale -model examples/lapw0.aug -machine examples/machines/gescher.yaml -procs "${procs%,1000000}" -set NAT=64
[ "${1:-}" = quick ] && exit 0
echo
echo "== go test -bench"
go test -run '^$' -bench . -benchmem ./internal/base/des ./internal/engine ./internal/run/predict 2>/dev/null | grep -E '^(Benchmark|ok|PASS)' || true
