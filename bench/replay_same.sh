#!/usr/bin/env bash
# Checks that a change to the replay engine changed nothing but its speed:
# builds augur at BASE (a git revision; default: where the current branch
# left main, so that work merged into main since does not count) and from the working
# tree, replays the bench traces (the patterns of bench/replay_speed.sh,
# under SMPI, CM02 and LV08, with and without a limited backbone) and
# SimGrid's own replay cases (internal/run/replay/testdata/simgrid) with both, and
# compares `augur replay --format json` byte for byte; the working tree's
# twice through a trace cache of its own (the first replay compiles the
# trace, the second reads the compiled form), both compared. Exit status 1 if
# any output differs. A BASE before 9834b06 writes the JSON of schema
# version 1 (docs/output.md, "The header"): every output then differs by
# the renamed fields; compare from that revision on.
#
#   bench/replay_same.sh            # against the branch's fork point from main
#   bench/replay_same.sh 560edc3    # against a revision
set -uo pipefail
cd "$(dirname "$0")/.."
base=${1:-$(git merge-base main HEAD)}
if [ -z "${1:-}" ] && [ "$(git rev-parse "$base")" = "$(git rev-parse HEAD)" ]; then
  # Once main has merged the branch, the fork point is the branch itself.
  echo "note: main has merged this branch: comparing with HEAD itself (pass the revision to compare with)"
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/base"
git archive "$base" | tar -x -C "$work/base" || { echo "cannot read revision $base"; exit 1; }
(cd "$work/base" && go build -o "$work/augur-base" ./cmd/augur) || exit 1
go build -o "$work/augur-new" ./cmd/augur && go build -o "$work/gentit" ./bench/gentit || exit 1

n=0; bad=0
same() { # NAME ARGS...: replays with both binaries and compares
  local name=$1; shift
  AUGUR_CACHE=off "$work/augur-base" replay "$@" --format json > "$work/a.json" 2>&1; local sa=$?
  local run sb
  for run in first cached; do
    [ $run = first ] && rm -rf "$work/cache"
    AUGUR_CACHE_DIR=$work/cache "$work/augur-new" replay "$@" --format json > "$work/b.json" 2>&1; sb=$?
    n=$((n + 1))
    if [ $sa -ne $sb ] || ! cmp -s "$work/a.json" "$work/b.json"; then
      bad=$((bad + 1)); echo "DIFFERS: $name, $run replay (exit $sa vs $sb)"; diff "$work/a.json" "$work/b.json" | head -5
    fi
  done
}
# pattern np iters: the bench sizes, shortened where the model sweep
# would take long (the byte comparison needs no long run).
# Each with equal compute amounts and with amounts that vary line to line
# (spread 0.5), as recorded ones do: the reader's memo then finds none.
for c in "ring 256 1000" "ring 1600 50" "stencil 256 100" "pairwise 256 1" "colls 256 90" "mix 256 100" \
  "ring 256 1000 0.5" "stencil 256 100 0.5" "pairwise 256 1 0.5" "mix 256 100 0.5"; do
  read -r p np it spread <<< "$c"
  rm -rf "$work/t"
  "$work/gentit" -pattern "$p" -np "$np" -iters "$it" -bytes 1e4 -flops 1e6 -spread "${spread:-0}" -out "$work/t" > /dev/null
  for bb in 2.25e9 0; do
    "$work/gentit" -np "$np" -platform "$work/c.xml" -backbone "$bb" -hostfile "$work/hf" > /dev/null
    for model in SMPI CM02 LV08; do
      same "$p $np x$it spread=${spread:-0} backbone=$bb $model" "$work/t/index.txt" --platform "$work/c.xml" --hostfile "$work/hf" --network-model "$model"
    done
  done
done
d=internal/run/replay/testdata/simgrid
while read -r trace np _; do
  case $trace in '#'*|'') continue;; esac
  if [ "$trace" = split_traces ]; then idx=$d/split_traces; else idx=$work/idx-$trace; echo "$PWD/$d/$trace" > "$idx"; fi
  same "peer $trace np=$np" "$idx" --platform $d/small_platform.xml --hostfile $d/hostfile --np "$np"
done < $d/expected.tsv
echo "$n replays compared with $base: $bad differ"
[ $bad -eq 0 ]
