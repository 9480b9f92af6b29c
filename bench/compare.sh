#!/usr/bin/env bash
# Speed of this tree against an earlier revision, in the same run: the
# figures a change to the engine, a front end or the result path must not
# make worse (issue 17: by no more than 5 %). Builds augur and bench/scale
# at BASE and from the working tree, then runs each case ROUNDS times,
# alternating base and new so that the machine's load falls on both alike,
# and prints the medians and the ratio new/base (below 1: faster now).
#
#   bench/compare.sh               # BASE = where this branch left main
#   bench/compare.sh a3f11ee 7     # BASE, ROUNDS (default 5)
#
# Cases (CPU seconds, user + system, of the whole command, a mean of 5; for the model
# the evaluation time that bench/scale prints):
#   model    LAPW0 (examples/lapw0.aug, NAT=64) at 10^4 and 10^6 processes
#   ring     256-rank ring x1000 (1.02e6 actions), replayed
#   stencil  256-rank stencil x400, replayed
#   mix      256-rank mix x400 (point to point and collectives), replayed
#   threads, threads-cs, threads-strict
#            the 350,000-event radiosity-like thread trace on 8 CPUs under
#            the Direct, Client-Server and Strict Sequence models (the
#            simulation time augur simulate --timing prints: the run on 8
#            CPUs and the one-CPU run of the speed-up)
#   threads-cmd  the Direct run, the whole command (reading the trace included)
# bench/scale is built with the profile augur is built with at that
# revision (cmd/augur/default.pgo, bench/pgo.sh), if it has one, so that
# the model figures are those of the binary that ships.
# The predictions themselves are compared too: a case whose output differs
# between base and new is flagged.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-$(git merge-base HEAD main)}
rounds=${2:-5}
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/base"
git archive "$base" | tar -x -C "$work/base" || { echo "cannot read revision $base"; exit 1; }
for v in new base; do
  src=$PWD; [ $v = base ] && src=$work/base
  pgo=off; [ -f "$src/cmd/augur/default.pgo" ] && pgo=$src/cmd/augur/default.pgo
  (cd "$src" && go build -o "$work/augur-$v" ./cmd/augur && go build -pgo="$pgo" -o "$work/scale-$v" ./bench/scale)
done
go build -o "$work/gentit" ./bench/gentit
go run ./bench/threadsgen -events 350000 -workers 8 > "$work/threads.trace"
for c in "ring 256 1000" "stencil 256 400" "mix 256 400"; do
  read -r p np it <<< "$c"
  "$work/gentit" -pattern "$p" -np "$np" -iters "$it" -bytes 1e4 -flops 1e6 -out "$work/$p" \
    -platform "$work/$p.xml" -backbone 2.25e9 -hostfile "$work/$p.hosts" > /dev/null
done

cpu() { # OUT CMD...: CPU seconds of CMD, its output to OUT. The command
  # runs 5 times under one clock (/usr/bin/time counts in 1/100 s, too
  # coarse for 5 % of a 0.2 s replay) and the mean is printed.
  local out=$1; shift
  /usr/bin/time -f "%U %S" -o "$work/t" bash -c 'for i in 1 2 3 4 5; do "$@" > "$0" 2>&1; done' "$out" "$@"
  awk '{printf "%.4f\n", ($1 + $2) / 5}' "$work/t"
}
measure() { # CASE VERSION: prints one figure, writes the output to $work/out-CASE-VERSION
  local c=$1 v=$2
  local a=$work/augur-$v out=$work/out-$1-$2 # after v is set: one local expands all its words first
  case $c in
    model-1e4|model-1e6)
      local n=10000; [ "$c" = model-1e6 ] && n=1000000
      GOMAXPROCS=1 "$work/scale-$v" -model examples/lapw0.aug -machine examples/machines/ideal.yaml \
        -procs $n -set NAT=64 -runs 1 > "$out"
      awk 'NR == 2 {printf "%.6f\n", $5 / $6}' "$out" # executions / (executions/s): 3 digits
      awk 'NR == 2 {print $2}' "$out" > "$out.cmp" ;;
    ring|stencil|mix)
      cpu "$out" "$a" replay "$work/$c/index.txt" --platform "$work/$c.xml" --hostfile "$work/$c.hosts"
      grep '^Simulation time' "$out" > "$out.cmp" || true ;;
    threads-cmd)
      cpu "$out" "$a" simulate "$work/threads.trace" --cpus 8 --model direct
      cp "$out" "$out.cmp" ;;
    threads|threads-cs|threads-strict)
      local m=direct; [ "$c" = threads-cs ] && m=client-server; [ "$c" = threads-strict ] && m=strict
      "$a" simulate "$work/threads.trace" --cpus 8 --model $m --timing > "$out"
      sed -n 's/.*simulation time: \([0-9.e+-]*\) s.*/\1/p' "$out"
      grep -v 'time:' "$out" > "$out.cmp" ;;
  esac
}
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "base $(git rev-parse --short "$base"), new: working tree of $(git rev-parse --short HEAD); $rounds rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %10s %10s %8s\n" case base_s new_s new/base
worse=0
for c in model-1e4 model-1e6 ring stencil mix threads threads-cs threads-strict threads-cmd; do
  : > "$work/b"; : > "$work/n"
  for _ in $(seq "$rounds"); do
    measure "$c" base >> "$work/b"
    measure "$c" new >> "$work/n"
  done
  b=$(median < "$work/b"); n=$(median < "$work/n")
  flag=""
  cmp -s "$work/out-$c-base.cmp" "$work/out-$c-new.cmp" || flag="  (outputs differ)"
  awk -v c="$c" -v b="$b" -v n="$n" -v f="$flag" 'BEGIN {
    r = (b > 0) ? n / b : 0
    printf "%-10s %10.4f %10.4f %8.3f%s%s\n", c, b, n, r, (r > 1.05) ? "  worse by more than 5 %" : "", f }'
  awk -v b="$b" -v n="$n" 'BEGIN {exit !(b > 0 && n / b > 1.05)}' && worse=$((worse + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$worse" -eq 0 ] || echo "$worse case(s) worse by more than 5 %: run again on a quieter machine before believing it"
