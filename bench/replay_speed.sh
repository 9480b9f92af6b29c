#!/usr/bin/env bash
# Replays one generated trace with augur and with SimGrid 3.32's smpirun
# in the same run and prints, for both: wall time, trace actions per
# second, peak memory (maximum resident set, /usr/bin/time -v; also per
# simulated rank, which is what grows with the machine), and the
# ratios. Targets of issue 4: >= 50x SimGrid's speed, <= 1/10 of its memory.
#
#   bench/replay_speed.sh                   # the table of issue 32: ring and stencil (~1e6 actions), pairwise (1.3e5),
#                                           # text, first (compiling) and cached replays against smpirun
#   bench/replay_speed.sh cached [REPS]     # the same, each command run REPS times (default 3), minima kept;
#                                           # CASES="ring 64 100;stencil 64 50" for other cases
#   bench/replay_speed.sh stencil 256 400   # PATTERN NP ITERS (see internal/frontend/tit/gen)
#   bench/replay_speed.sh all               # stencil and mix at 256, 1024 and 4096 ranks (~1e6 actions each)
#   bench/replay_speed.sh patterns          # one table: every pattern and SimGrid's replay cases (issue 20)
#   bench/replay_speed.sh patterns BASE     # the same, with augur as of git revision BASE replayed in the
#                                           # same run too (before/after figures of one run)
#
# Both simulators give the same simulation time (printed for each); augur
# also reports its engine events (messages, flows, collective rounds).
#
# Compute amounts vary line to line as recorded ones do (gentit -spread:
# each amount Flops x (1 +- SPREAD), seeded; SPREAD=0 in the environment
# gives gentit's repeating traces, whose lines the reader's memo answers).
set -euo pipefail
cd "$(dirname "$0")/.."
spread=${SPREAD:-0.5}
[ $# -eq 0 ] && set -- cached
if [ "${1:-}" = cached ]; then
  # Issue 32's table. Per trace, in one run and alternating: smpirun
  # -replay; augur replay from the text (--no-cache); augur's first
  # replay (an empty cache: it compiles the trace, writes the entry and
  # replays from it); augur's replay from the cached compiled form. Each
  # REPS times, the minimum wall time and the minimum CPU time (user +
  # system, steadier on a shared machine) kept: a row of each, with ns per
  # action and the ratios to smpirun from those minima.
  reps=${2:-3}
  command -v smpirun >/dev/null || { echo "smpirun not found: install libsimgrid-dev (SimGrid 3.32)"; exit 1; }
  [ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
  go build -o "$work/augur" ./cmd/augur
  go build -o "$work/gentit" ./bench/gentit
  replaymain=/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)   (spread $spread, $reps runs each, minima)"
  printf "%-16s %-5s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n" case time actions smpirun_s text_s first_s cached_s \
    "text ns" "first ns" "cache ns" "text x" "first x" "cached x"
  timed() { # OUT CMD...: runs CMD, stdout+stderr to OUT; prints "wall cpu" (cpu: user + system)
    local out=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > "$out" 2>&1 || true
    awk '{printf "%s %.2f\n", $1, $2 + $3}' "$work/t"
  }
  minof() { printf "%s\n" "$@" | sort -g | head -1; }
  IFS=';' read -ra cases <<< "${CASES:-ring 256 1000;stencil 256 400;pairwise 256 1}"
  for c in "${cases[@]}"; do
    read -r p np it <<< "$c"
    rm -rf "$work/trace"
    actions=$("$work/gentit" -pattern "$p" -np "$np" -iters "$it" -bytes 1e4 -flops 1e6 -spread "$spread" -seed 1 \
      -out "$work/trace" -platform "$work/cluster.xml" -backbone 2.25e9 -hostfile "$work/hostfile" | awk '{print $2}')
    # Files changed less than 3 s ago make a "racy" cache entry, checked
    # by content on every read (internal/frontend/tracecache): let them settle.
    sleep 3
    args=("$work/trace/index.txt" --platform "$work/cluster.xml" --hostfile "$work/hostfile")
    S=(); T=(); F=(); C=(); Sc=(); Tc=(); Fc=(); Cc=()
    for _ in $(seq "$reps"); do
      read -r w u < <(timed "$work/s.out" smpirun -no-privatize -replay "$work/trace/index.txt" -np "$np" -platform "$work/cluster.xml" \
        -hostfile "$work/hostfile" "$replaymain"); S+=("$w"); Sc+=("$u")
      read -r w u < <(timed "$work/t.out" "$work/augur" replay --no-cache "${args[@]}"); T+=("$w"); Tc+=("$u")
      rm -rf "$work/cache"
      read -r w u < <(AUGUR_CACHE_DIR=$work/cache timed "$work/f.out" "$work/augur" replay "${args[@]}"); F+=("$w"); Fc+=("$u")
      read -r w u < <(AUGUR_CACHE_DIR=$work/cache timed "$work/c.out" "$work/augur" replay "${args[@]}"); C+=("$w"); Cc+=("$u")
    done
    st=$(grep -o 'Simulation time [0-9.e+-]*' "$work/s.out" | awk '{print $3}')
    for o in t f c; do
      at=$(awk '/^Simulation time/{print $3}' "$work/$o.out")
      [ "$at" = "$st" ] || echo "  ($o: simulation time $at, smpirun's $st)"
    done
    row() { # NAME KIND S T F C
      awk -v n="$1" -v k="$2" -v a="$actions" -v s="$3" -v t="$4" -v f="$5" -v c="$6" 'function r(x) { return s / (x > 0 ? x : 0.005) } BEGIN {
        printf "%-16s %-5s %9d %9.2f %9.2f %9.2f %9.2f %9.0f %9.0f %9.0f %9.1f %9.1f %9.1f\n", n, k, a, s, t, f, c,
          1e9 * t / a, 1e9 * f / a, 1e9 * c / a, r(t), r(f), r(c) }'
    }
    row "$p x$it" wall "$(minof "${S[@]}")" "$(minof "${T[@]}")" "$(minof "${F[@]}")" "$(minof "${C[@]}")"
    row "$p x$it" cpu "$(minof "${Sc[@]}")" "$(minof "${Tc[@]}")" "$(minof "${Fc[@]}")" "$(minof "${Cc[@]}")"
  done
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi
# The other modes measure the replay from the text, as before the trace
# cache (the cached mode above has both).
export AUGUR_CACHE=off
if [ "${1:-}" = patterns ]; then
  # Each row replays one trace with both simulators, one right after the
  # other, and gives the ratio of their times: wall, and CPU (user+system;
  # steadier than wall on a loaded machine). The machine's load is
  # printed before and after.
  command -v smpirun >/dev/null || { echo "smpirun not found: install libsimgrid-dev (SimGrid 3.32)"; exit 1; }
  [ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
  go build -o "$work/augur" ./cmd/augur
  go build -o "$work/gentit" ./bench/gentit
  base=${2:-}
  if [ -n "$base" ]; then
    mkdir -p "$work/base"
    git archive "$base" | tar -x -C "$work/base" || { echo "cannot read revision $base"; exit 1; }
    (cd "$work/base" && go build -o "$work/augur-base" ./cmd/augur)
  fi
  replaymain=/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  printf "%-24s %9s %12s %12s %9s %9s %9s %9s %8s %8s" case ranks actions sim_time_s augur_s smpirun_s augur_cpu smpi_cpu "wall x" "cpu x"
  [ -n "$base" ] && printf "   %9s %9s %8s" base_s base_cpu "base cpu x"
  echo
  timed() { # OUT CMD...: runs CMD, stdout+stderr to OUT; prints "wall cpu"
    local out=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > "$out" 2>&1 || true
    awk '{printf "%s %.2f\n", $1, $2 + $3}' "$work/t"
  }
  row() { # NAME NP ACTIONS AUGUR_OUT SMPI_OUT aw acpu sw scpu
    local at st
    at=$(awk '/^Simulation time/{print $3}' "$4" | paste -sd+ | bc -l)
    st=$(grep -o 'Simulation time [0-9.e+-]*' "$5" | awk '{print $3}' | paste -sd+ | bc -l)
    awk -v n="$1" -v np="$2" -v a="$3" -v at="$at" -v st="$st" -v aw="$6" -v ac="$7" -v sw="$8" -v sc="$9" 'BEGIN {
      flag = (at == "" || st == "" || (at - st) > 1e-6 * st || (st - at) > 1e-6 * st) ? "  (simulation times differ: " at " vs " st ")" : ""
      printf "%-24s %9s %12d %12.6f %9.2f %9.2f %9.2f %9.2f %8.1f %8.1f%s\n", n, np, a, at, aw, sw, ac, sc, sw / (aw > 0 ? aw : 0.005), sc / (ac > 0 ? ac : 0.005), flag }'
  }
  for c in "ring 256 1000" "ring 1600 160" "pairwise 256 1" "stencil 256 400" "colls 256 27" "mix 256 400"; do
    read -r p np it <<< "$c"
    rm -rf "$work/trace"
    actions=$("$work/gentit" -pattern "$p" -np "$np" -iters "$it" -bytes 1e4 -flops 1e6 -spread "$spread" -out "$work/trace" \
      -platform "$work/cluster.xml" -backbone 2.25e9 -hostfile "$work/hostfile" | awk '{print $2}')
    read -r aw ac < <(timed "$work/a.out" "$work/augur" replay "$work/trace/index.txt" --platform "$work/cluster.xml" --hostfile "$work/hostfile")
    read -r sw sc < <(timed "$work/s.out" smpirun -no-privatize -replay "$work/trace/index.txt" -np "$np" -platform "$work/cluster.xml" \
      -hostfile "$work/hostfile" "$replaymain")
    row "$p x$it" "$np" "$actions" "$work/a.out" "$work/s.out" "$aw" "$ac" "$sw" "$sc" | tr -d '\n'
    if [ -n "$base" ]; then
      read -r bw bc < <(timed "$work/b.out" "$work/augur-base" replay "$work/trace/index.txt" --platform "$work/cluster.xml" --hostfile "$work/hostfile")
      cmp -s <(grep '^Simulation time' "$work/a.out") <(grep '^Simulation time' "$work/b.out") || printf "  (base simulation time differs)"
      awk -v bw="$bw" -v bc="$bc" -v sc="$sc" 'BEGIN {printf "   %9.2f %9.2f %8.1f", bw, bc, sc / (bc > 0 ? bc : 0.005)}'
    fi
    echo
  done
  # SimGrid's own replay cases (examples/smpi/replay), all eleven in turn
  # with each simulator: start-up dominates both.
  d=internal/run/replay/testdata/simgrid
  : > "$work/a.all"; : > "$work/s.all"
  ptime() { # SIM: runs the eleven cases with one simulator, prints "wall cpu"
    local start end
    start=$(date +%s.%N)
    while read -r trace np _; do
      case $trace in '#'*|'') continue;; esac
      idx=$work/idx-$trace
      if [ "$trace" = split_traces ]; then sed "s|^replay/|$PWD/$d/|" $d/split_traces > "$idx"; else echo "$PWD/$d/$trace" > "$idx"; fi
      if [ "$1" = augur ]; then
        "$work/augur" replay "$idx" --platform $d/small_platform.xml --hostfile $d/hostfile --np "$np" >> "$work/a.all" 2>&1 || true
      elif [ "$1" = base ]; then
        "$work/augur-base" replay "$idx" --platform $d/small_platform.xml --hostfile $d/hostfile --np "$np" >> "$work/b.all" 2>&1 || true
      else
        smpirun -no-privatize -replay "$idx" -np "$np" -platform $d/small_platform.xml -hostfile $d/hostfile "$replaymain" >> "$work/s.all" 2>&1 || true
      fi
    done < $d/expected.tsv
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN {printf "%.2f", e - s}'
  }
  cpu0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  aw=$(ptime augur); cpu1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  sw=$(ptime smpirun); cpu2=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  tck=$(getconf CLK_TCK)
  ac=$(awk -v a="$cpu0" -v b="$cpu1" -v t="$tck" 'BEGIN {printf "%.2f", (b - a) / t}')
  sc=$(awk -v a="$cpu1" -v b="$cpu2" -v t="$tck" 'BEGIN {printf "%.2f", (b - a) / t}')
  actions=$(grep -v '^#' $d/expected.tsv | awk 'NF{print $1}' | while read -r f; do
    if [ "$f" = split_traces ]; then cat $d/actions0.txt $d/actions1.txt; else cat "$d/$f"; fi; done | grep -c .)
  row "SimGrid replay cases" "2-4" "$actions" "$work/a.all" "$work/s.all" "$aw" "$ac" "$sw" "$sc" | tr -d '\n'
  if [ -n "$base" ]; then
    : > "$work/b.all"
    bw=$(ptime base); cpu3=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    awk -v bw="$bw" -v a="$cpu2" -v b="$cpu3" -v t="$tck" -v sc="$sc" 'BEGIN {bc = (b - a) / t; printf "   %9.2f %9.2f %8.1f", bw, bc, sc / (bc > 0 ? bc : 0.005)}'
  fi
  echo
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi
if [ "${1:-}" = all ]; then
  for p in stencil mix; do
    for c in "256 400" "1024 100" "4096 25"; do
      "$0" "$p" $c
      echo
    done
  done
  exit 0
fi
pattern=${1:-stencil}; np=${2:-256}; iters=${3:-400}
command -v smpirun >/dev/null || { echo "smpirun not found: install libsimgrid-dev (SimGrid 3.32)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: install the Debian package time"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/augur" ./cmd/augur
go run ./bench/gentit -pattern "$pattern" -np "$np" -iters "$iters" -bytes 1e4 -flops 1e6 -spread "$spread" \
  -out "$work/trace" -platform "$work/cluster.xml" -backbone 2.25e9 -hostfile "$work/hostfile" > "$work/gen.txt"
actions=$(awk '{print $2}' "$work/gen.txt")
echo "trace: $pattern, $np ranks, $iters iterations: $actions actions (cluster of $np hosts, 2.25 GB/s backbone)"

measure() { # NAME CMD... -> prints "wall_s rss_kb" and keeps stdout in $work/NAME.out
  local name=$1; shift
  /usr/bin/time -v "$@" > "$work/$name.out" 2> "$work/$name.time"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/{print $2}' "$work/$name.time")
  echo "$wall $rss"
}
read -r aw ar < <(measure augur "$work/augur" replay "$work/trace/index.txt" --platform "$work/cluster.xml" --hostfile "$work/hostfile" --format json)
read -r sw sr < <(measure simgrid smpirun -no-privatize -replay "$work/trace/index.txt" -np "$np" -platform "$work/cluster.xml" \
  -hostfile "$work/hostfile" /usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain)
at=$(grep -o '"time_s": [0-9.e+-]*' "$work/augur.out" | awk '{print $2}')
events=$(grep -o '"events": [0-9]*' "$work/augur.out" | awk '{print $2}')
st=$(grep -o 'Simulation time [0-9.]*' "$work/simgrid.time" "$work/simgrid.out" 2>/dev/null | head -1 | awk '{print $3}')
awk -v a="$actions" -v aw="$aw" -v ar="$ar" -v sw="$sw" -v sr="$sr" -v at="$at" -v st="$st" -v ev="$events" -v np="$np" 'BEGIN {
  printf "%-8s %12s %10s %16s %14s %12s\n", "", "sim time", "wall (s)", "actions/s", "peak RSS (MB)", "KB per rank"
  printf "%-8s %12.6f %10.2f %16.0f %14.1f %12.1f   (engine events: %d, %.0f/s)\n", "augur", at, aw, a/aw, ar/1024, ar/np, ev, ev/aw
  printf "%-8s %12.6f %10.2f %16.0f %14.1f %12.1f\n", "SimGrid", st, sw, a/sw, sr/1024, sr/np
  printf "speed ratio (augur/SimGrid actions per second): %.1fx   memory ratio (augur/SimGrid): %.3f   simulation times differ by %.4f %%\n", sw/aw, ar/sr, 100*(at-st)/st
}'
