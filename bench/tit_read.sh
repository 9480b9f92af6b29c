#!/usr/bin/env bash
# Speed of the SimGrid trace (TiT) reader, package tit.
#
#   bench/tit_read.sh                 # BenchmarkRead: ns per action, index and shared layouts
#   bench/tit_read.sh REV [RUNS]      # the same, and augur replay end to end (wall, peak RSS) on
#                                     # stencil traces of 256 and 4096 ranks, for tit/ as it is and
#                                     # tit/ as of git revision REV (the rest of the tree the same),
#                                     # runs alternating (RUNS of each, default 5), JSON output compared
#
# The machine may be shared: compare the two builds of one run, never
# figures of different runs. Prints min and median of the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  go test -run '^$' -bench Read -benchtime 10x -count 5 ./tit/ | grep -E 'Benchmark|ok'
  exit 0
fi
rev=$1; runs=${2:-5}
git rev-parse --verify -q "$rev^{commit}" >/dev/null || { echo "unknown revision $rev"; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Two trees: this one, and this one with tit/ from REV (with this tree's benchmark).
mkdir -p "$work/old" && git archive HEAD | tar -x -C "$work/old"
rm -rf "$work/old/tit" && git archive "$rev" tit | tar -x -C "$work/old"
cp tit/bench_test.go "$work/old/tit/"
rm -f "$work/old/tit/fast_test.go" # may need helpers REV lacks
(cd "$work/old" && go build -o "$work/augur.old" ./cmd/augur && go test -c -o "$work/tit.old.test" ./tit/)
go build -o "$work/augur.new" ./cmd/augur && go test -c -o "$work/tit.new.test" ./tit/

for c in "256 400" "4096 25"; do
  set -- $c
  go run ./bench/gentit -pattern stencil -np "$1" -iters "$2" -bytes 1e4 -flops 1e6 -out "$work/s$1/trace" \
    -platform "$work/s$1/cluster.xml" -backbone 2.25e9 -hostfile "$work/s$1/hostfile" >/dev/null
done

stats() { sort -n | awk '{x[NR]=$1} END {printf "min %8.2f  median %8.2f", x[1], x[int((NR+1)/2)]}'; }
for i in $(seq "$runs"); do
  for v in old new; do
    "$work/tit.$v.test" -test.run '^$' -test.bench Read -test.benchtime 10x |
      awk -v v=$v '/ns\/action/{for(i=1;i<=NF;i++) if($(i+1)=="ns/action") print v, $1, $i}' >> "$work/bench.txt"
    for n in 256 4096; do
      d=$work/s$n
      /usr/bin/time -f "%e %M" -o "$work/time" "$work/augur.$v" replay "$d/trace/index.txt" --platform "$d/cluster.xml" \
        --hostfile "$d/hostfile" --format json > "$d/$v.json"
      echo "$v $n $(cat "$work/time")" >> "$work/e2e.txt"
    done
  done
  for n in 256 4096; do
    cmp -s "$work/s$n/old.json" "$work/s$n/new.json" || echo "!! augur replay output differs at $n ranks"
  done
done
echo "BenchmarkRead (stencil, 256 ranks, 100 iterations), ns per action:"
for b in index shared; do
  for v in old new; do
    printf "  %-7s %-4s " "$b" "$v"; awk -v v=$v -v b=$b '$1==v && $2 ~ "/"b"-" {print $3}' "$work/bench.txt" | stats; echo
  done
done
echo "augur replay, stencil (256 ranks x 400 iterations, 4096 x 25; ~1e6 actions each):"
for n in 256 4096; do
  for v in old new; do
    printf "  %4d ranks %-4s wall (s) " "$n" "$v"; awk -v v=$v -v n=$n '$1==v && $2==n {print $3}' "$work/e2e.txt" | stats
    printf "   peak RSS (MB) "; awk -v v=$v -v n=$n '$1==v && $2==n {print $4/1024}' "$work/e2e.txt" | stats; echo
  done
done
