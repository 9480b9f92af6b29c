#!/usr/bin/env bash
# Writes cmd/augur/default.pgo, the CPU profile augur is built with
# (profile-guided optimisation: `go build` reads a main package's
# default.pgo and inlines and lays out the calls hot in it). The profile
# is the go test benchmarks of the work augur's commands spend their time
# on, each for the same time, merged:
#
#   simulate  the 350,000-event thread trace under each model, on 8
#             processors and on one (BenchmarkRadiosity), and its reading
#   predict   LAPW0 at 10^4 and 10^6 processes, the sample model
#   replay    256-rank ring, stencil and mix SimGrid traces on a flow network
#   analyze   a 2,000-line C/MPI program
#
# Run it again after a large change to the engine, a front end or the
# result path: a profile of older code still applies (the compiler matches
# functions by name and lines by offset) but finds less. The benchmarks
# build without a profile, so one profile never feeds the next.
#
#   bench/pgo.sh           # 2 s a benchmark
#   BENCHTIME=5s bench/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bt=${BENCHTIME:-2s}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export GOMAXPROCS=1 AUGUR_THREADS_TRACE=$work/threads.trace

go run ./bench/threadsgen -events 350000 -workers 8 > "$AUGUR_THREADS_TRACE"
go build -o "$work/gentit" ./bench/gentit
for p in ring stencil mix; do
  "$work/gentit" -pattern "$p" -np 256 -iters 200 -bytes 1e4 -flops 1e6 -out "$work/$p" \
    -platform "$work/$p.xml" -backbone 2.25e9 -hostfile "$work/$p.hosts" > /dev/null
done

profile() { # NAME PACKAGE BENCH: the benchmarks BENCH of PACKAGE, profiled into $work/NAME.prof
  echo "profiling $1 ($2 -bench '$3')" >&2
  go test -run '^$' -bench "$3" -benchtime "$bt" -cpuprofile "$work/$1.prof" -o "$work/$1.test" "$2" > "$work/$1.out" ||
    { cat "$work/$1.out" >&2; exit 1; }
  grep -q '^Benchmark' "$work/$1.out" || { echo "$1: no benchmark ran" >&2; cat "$work/$1.out" >&2; exit 1; }
}
profile simulate ./internal/run/simulate Radiosity
profile threadtrace ./internal/frontend/threadtrace Load
profile predict ./internal/run/predict 'LAPW0_10000$|LAPW0_1000000$|Sample'
for p in ring stencil mix; do
  AUGUR_REPLAY_TRACE=$work/$p/index.txt AUGUR_REPLAY_PLATFORM=$work/$p.xml AUGUR_REPLAY_HOSTFILE=$work/$p.hosts \
    profile "replay-$p" ./internal/run/replay ReplayTrace
done
profile analyze ./internal/frontend/analyze AnalyzeLarge

go tool pprof -proto "$work"/*.prof > "$work/default.pgo" 2> /dev/null
mv "$work/default.pgo" cmd/augur/default.pgo
echo "wrote cmd/augur/default.pgo ($(wc -c < cmd/augur/default.pgo) bytes)"
