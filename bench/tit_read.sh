#!/usr/bin/env bash
# Speed of the SimGrid trace (TiT) reader, package tit.
#
#   bench/tit_read.sh                 # BenchmarkRead: ns per action (wall and CPU), index and shared
#                                     # layouts; BenchmarkRankMemory: heap per rank at 4096 ranks
#   bench/tit_read.sh REV [RUNS]      # the same, and augur replay end to end (user CPU time, peak
#                                     # RSS) on stencil traces of 256 and 4096 ranks and a mix of 256,
#                                     # for the reader (internal/frontend/tit/) as it is and as of git
#                                     # revision REV (the rest of the tree the same; REV after the tree
#                                     # moved under internal/), runs alternating (RUNS of each, default
#                                     # 5), JSON output compared
#
# The machine may be shared: compare the two builds of one run, never
# figures of different runs, and CPU times rather than wall times. Prints
# min and median of the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  go test -run '^$' -bench 'Read$' -benchtime 10x -count 5 ./internal/frontend/tit/ | grep -E 'Benchmark|ok'
  go test -run '^$' -bench RankMemory -benchtime 1x ./internal/frontend/tit/ | grep -E 'Benchmark|ok'
  exit 0
fi
rev=$1; runs=${2:-5}
git rev-parse --verify -q "$rev^{commit}" >/dev/null || { echo "unknown revision $rev"; exit 2; }
tit=internal/frontend/tit
git cat-file -e "$rev:$tit" 2>/dev/null || { echo "$rev has no $tit (it is from before the tree moved under internal/): give a later revision"; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Two trees: this one, and this one with internal/frontend/tit/ from REV (with this tree's benchmark).
mkdir -p "$work/old" && git archive HEAD | tar -x -C "$work/old"
rm -rf "$work/old/$tit" && git archive "$rev" "$tit" | tar -x -C "$work/old"
rm -f "$work/old/$tit/"*_test.go # REV's tests may need helpers it lacks; the benchmarks need none
cp "$tit"/bench_test.go "$tit"/cputime_*_test.go "$work/old/$tit/"
(cd "$work/old" && go build -o "$work/augur.old" ./cmd/augur && go test -c -o "$work/tit.old.test" ./internal/frontend/tit/)
go build -o "$work/augur.new" ./cmd/augur && go test -c -o "$work/tit.new.test" ./internal/frontend/tit/

traces="stencil-256 mix-256 stencil-4096"
for c in "stencil 256 400" "mix 256 400" "stencil 4096 25"; do
  set -- $c
  d=$work/$1-$2
  go run ./bench/gentit -pattern "$1" -np "$2" -iters "$3" -bytes 1e4 -flops 1e6 -out "$d/trace" \
    -platform "$d/cluster.xml" -backbone 2.25e9 -hostfile "$d/hostfile" >/dev/null
done
for v in old new; do
  "$work/tit.$v.test" -test.run '^$' -test.bench RankMemory -test.benchtime 1x |
    awk -v v=$v '/B\/rank/{for(i=1;i<=NF;i++) if($(i+1)=="B/rank") print v, $i}' >> "$work/mem.txt"
done

stats() { sort -n | awk '{x[NR]=$1} END {printf "min %8.2f  median %8.2f", x[1], x[int((NR+1)/2)]}'; }
for i in $(seq "$runs"); do
  for v in old new; do
    "$work/tit.$v.test" -test.run '^$' -test.bench 'Read$' -test.benchtime 10x |
      awk -v v=$v '/ns\/action/{for(i=1;i<=NF;i++) if($(i+1)=="cpu-ns/action") print v, $1, $i}' >> "$work/bench.txt"
    for t in $traces; do
      d=$work/$t
      /usr/bin/time -f "%U %M" -o "$work/time" "$work/augur.$v" replay "$d/trace/index.txt" --platform "$d/cluster.xml" \
        --hostfile "$d/hostfile" --format json > "$d/$v.json"
      echo "$v $t $(cat "$work/time")" >> "$work/e2e.txt"
    done
  done
  for t in $traces; do
    cmp -s "$work/$t/old.json" "$work/$t/new.json" || echo "!! augur replay output differs on $t"
  done
done
echo "BenchmarkRankMemory (4096 ranks, every rank's file open), heap bytes per rank:"
for v in old new; do printf "  %-4s %s\n" "$v" "$(awk -v v=$v '$1==v {print $2}' "$work/mem.txt")"; done
echo "BenchmarkRead (stencil, 256 ranks, 100 iterations), CPU ns per action:"
for b in index shared; do
  for v in old new; do
    printf "  %-7s %-4s " "$b" "$v"; awk -v v=$v -v b=$b '$1==v && $2 ~ "/"b"-" {print $3}' "$work/bench.txt" | stats; echo
  done
done
echo "augur replay (stencil 256 ranks x 400 iterations, mix 256 x 400, stencil 4096 x 25; ~1e6 actions each):"
for t in $traces; do
  for v in old new; do
    printf "  %-12s %-4s user (s) " "$t" "$v"; awk -v v=$v -v t=$t '$1==v && $2==t {print $3}' "$work/e2e.txt" | stats
    printf "   peak RSS (MB) "; awk -v v=$v -v t=$t '$1==v && $2==t {print $4/1024}' "$work/e2e.txt" | stats; echo
  done
done
