#!/usr/bin/env bash
# Validation of augur instrument --time (dPerf's timed run; docs/instrument.md):
# each program of examples/analyze at its middle size, at 1, 2 and 4 ranks
# under OpenMPI (mpicc -O2, --oversubscribe: this machine has 2 cores):
#   plain_s    the plain program's time_s, fastest of REPS runs (the three
#              programs run in turn, so that they see the same load)
#   timed_s    the --time program's, fastest of REPS runs, and its slowdown
#   pred_s     replay of the --time traces on examples/mpi/localhost.xml
#              (this machine), the lowest of the REPS runs' predictions,
#              and its error against plain_s
#   ref_s      the time examples/analyze/measured/ holds for that size and
#              number of ranks (bench/analyze_measure.sh, fastest of 9 runs
#              at a quieter hour; none at 4 ranks), and pred_s's error
#              against it
#   samp_s     the same with the main loop sampled (--sample, threshold
#              iteration rule): run time, how much of timed_s it saves,
#              prediction and error
# then, with SimGrid's smpirun, whether each rank's MPI actions are those
# smpirun -trace-ti records and how the compute totals compare, and the
# 4-rank traces replayed by augur and by smpirun -replay on this machine,
# on a 64-node cluster and on dPerf's two-switch heterogeneous cluster
# (bench/dperf_cluster.xml, ranks on pd-0 c2-0 pd-1 c2-1); and at 8 ranks,
# more than this machine has cores, the --time traces (CPU time: valid
# oversubscribed) replayed on 8 such cores against smpirun's simulation of
# the same program there.
#
#   bench/instrument_time.sh [REPS]     (default 5)
#   PROGS="matmul lu" bench/instrument_time.sh 5     (only those programs)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
go build -o "$work/augur" ./cmd/augur
go build -o "$work/titcmp" ./bench/titcmp
go run ./bench/gentit -np 64 -platform "$work/cluster64.xml" -backbone 2.25e9 > /dev/null
here=examples/mpi/localhost.xml
smpi=$(command -v smpirun || true)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $reps runs of each"

min() { sort -g | head -1; }
wanted() { [ -z "${PROGS:-}" ] || [[ " $PROGS " == *" $1 "* ]]; }
run() { # run NP BIN ARGS...: time_s of one run, or nan (said on stderr)
    local np=$1; shift
    if ! mpirun -np "$np" --oversubscribe "$@" > "$work/run.out" 2>&1; then
        echo "mpirun -np $np $*: $(tail -3 "$work/run.out")" >&2
    fi
    awk -F= '/^time_s=/{print $2; found = 1} END { if (!found) print "nan" }' "$work/run.out"
}
replay() { # replay INDEX PLATFORM [HOSTFILE]: simulated seconds, or NaN (said on stderr)
    local hf=()
    [ -n "${3:-}" ] && hf=(--hostfile "$3")
    "$work/augur" replay "$1" --platform "$2" "${hf[@]}" > "$work/replay.out" 2>&1 || echo "replay $1 on $2: $(tail -1 "$work/replay.out")" >&2
    awk '/^Simulation time/{print $3; found = 1} END { if (!found) print "nan" }' "$work/replay.out"
}

printf 'pd-0\nc2-0\npd-1\nc2-1\n' > "$work/hf4"
printf 'core0\ncore1\ncore0\ncore1\n' > "$work/hf4here"
replaymain=/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain
ref() { # ref PROG NP ARGS...: tm_s of examples/analyze/measured/PROG.csv, or -
    local prog=$1 np=$2
    shift 2
    awk -F, -v np="$np" -v n="$1" -v it="${2:-}" 'NR > 1 && $1 == np && $2 == n && (it == "" || $3 == it) {
        print (it == "" ? $3 : $4); found = 1 } END { if (!found) print "-" }' "examples/analyze/measured/$prog.csv"
}
printf '%-7s %2s %9s %9s %6s %9s %7s %9s %7s %9s %5s %9s %7s\n' program np plain_s timed_s slow pred_s err ref_s err samp_s cut samp_pred err
fidelity=()
for spec in "pi 50000000|count_hits_L33" "jacobi 1024 100|main_L64" "matmul 512|main_L58" "lu 800|main_L53" "isort 4194304|main_L102_2,main_L109"; do
    args=${spec%|*}
    sample=${spec#*|}
    set -- $args
    prog=$1
    shift
    wanted "$prog" || continue
    src=examples/analyze/$prog.c
    mpicc -O2 -o "$work/$prog" "$src" -Iexamples/analyze -lm
    "$work/augur" instrument --time --out "$work/$prog.time" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    "$work/augur" instrument --time --sample "$sample" --out "$work/$prog.samp" --build mpicc -O2 -I examples/analyze "$src" > /dev/null
    if [ -n "$smpi" ]; then
        # SimGrid's smpi_helpers.h (which smpicc includes first) turns malloc
        # into smpi_shared_malloc_intercept, on whose memory jacobi's kernel
        # runs 2.8x slower (0.364 s against 0.130 s simulated, 1024 100, one
        # rank): undone, so that both traces time the same code.
        printf '#undef malloc\n#undef calloc\n#undef realloc\n#undef free\n' > "$work/plain_malloc.h"
        smpicc -O2 -include "$work/plain_malloc.h" -o "$work/$prog.smpi" "$src" -Iexamples/analyze -lm 2> /dev/null
    fi
    for np in 1 2 4; do
        # Interleaved, so that the three see the same load.
        plains=() timed=() tpred=() samp=() spred=() tp_best=""
        for r in $(seq "$reps"); do
            plains+=("$(run "$np" "$work/$prog" "$@")")
            timed+=("$(run "$np" "$work/$prog.time/$prog" "$@")")
            tpred+=("$(replay "$work/$prog.time/index.txt" "$here")")
            # The least disturbed run's traces (the lowest prediction) are
            # the ones compared and replayed elsewhere below.
            if [ "$r" = 1 ] || awk -v a="${tpred[-1]}" -v b="$tp_best" 'BEGIN { exit !(a < b) }'; then
                tp_best=${tpred[-1]}
                rm -rf "$work/$prog.best"
                mkdir -p "$work/$prog.best"
                cp "$work/$prog.time"/rank-*.txt "$work/$prog.best/"
                for ((k = 0; k < np; k++)); do echo "$work/$prog.best/rank-$k.txt"; done > "$work/$prog.best/index.txt"
            fi
            samp+=("$(run "$np" "$work/$prog.samp/$prog" "$@")")
            spred+=("$(replay "$work/$prog.samp/index.txt" "$here")")
        done
        plain=$(printf '%s\n' "${plains[@]}" | min)
        t=$(printf '%s\n' "${timed[@]}" | min)
        tp=$(printf '%s\n' "${tpred[@]}" | min)
        s=$(printf '%s\n' "${samp[@]}" | min)
        sp=$(printf '%s\n' "${spred[@]}" | min)
        rf=$(ref "$prog" "$np" "$@")
        awk -v p="$prog" -v n="$np" -v m="$plain" -v t="$t" -v tp="$tp" -v s="$s" -v sp="$sp" -v rf="$rf" 'BEGIN {
            re = rf == "-" ? "      -" : sprintf("%+6.1f%%", 100 * (tp - rf) / rf)
            printf "%-7s %2d %9.4f %9.4f %5.2fx %9.4f %+6.1f%% %9s %s %9.4f %4.0f%% %9.4f %+6.1f%%\n",
                p, n, m, t, t / m, tp, 100 * (tp - m) / m, rf, re, s, 100 * (1 - s / t), sp, 100 * (sp - m) / m }'
        if [ "$np" = 4 ]; then
            here4=$(replay "$work/$prog.best/index.txt" "$here" "$work/hf4here")
            c64=$(replay "$work/$prog.best/index.txt" "$work/cluster64.xml")
            dp=$(replay "$work/$prog.best/index.txt" bench/dperf_cluster.xml "$work/hf4")
            sg=-
            if [ -n "$smpi" ] && [ -x "$replaymain" ]; then
                sg=$(smpirun -no-privatize -replay "$work/$prog.best/index.txt" -np 4 -platform "$here" -hostfile "$work/hf4here" \
                    "$replaymain" 2>&1 | awk '/Simulation time/{print $NF}' | head -1)
            fi
            fidelity+=("$(printf '%-7s 4 ranks: this machine %.6f s (smpirun -replay %s s), 64-node cluster %.4f s, dPerf cluster %.4f s' "$prog" "$here4" "$sg" "$c64" "$dp")")
        fi
        if [ -n "$smpi" ]; then
            # The best --time run's traces against the best of 3 smpirun
            # -trace-ti runs (the fastest simulated time_s: the least
            # disturbed by the other jobs).
            sbest=""
            for k in 1 2 3; do
                rm -rf "$work/smpi-ti$k"*
                st=$(cd "$work" && smpirun -np "$np" -platform "$root/$here" --cfg=smpi/host-speed:1Gf -trace-ti \
                    --cfg=tracing/filename:"$work/smpi-ti$k.txt" "$work/$prog.smpi" "$@" 2> /dev/null | sed -n 's/^time_s=//p')
                if [ -z "$sbest" ] || awk -v a="$st" -v b="$sbest" 'BEGIN { exit !(a < b) }'; then sbest=$st; sk=$k; fi
            done
            (cd "$work" && ./titcmp "$work/$prog.best/index.txt" "$work/smpi-ti$sk.txt" "$np" || true) |
                sed "s/^/  $prog np=$np smpirun: /" >> "$work/fidelity.txt"
        fi
    done
done
if [ -n "$smpi" ]; then
    cat > "$work/cores8.xml" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="cores" prefix="core" radical="0-7" suffix="" speed="1Gf" bw="5GBps" lat="1us"/>
</platform>
XML
    echo
    echo "8 ranks on 8 cores like this machine's (1 Gf, 5 GB/s, 1 us): replay of the --time traces against smpirun's simulation (simulated time_s):"
    for spec in "pi 50000000" "jacobi 1024 100" "matmul 512" "lu 800" "isort 4194304"; do
        set -- $spec
        prog=$1
        shift
        wanted "$prog" || continue
        # The lowest of 3 on each side.
        p=$(for _ in 1 2 3; do
            run 8 "$work/$prog.time/$prog" "$@" > /dev/null
            replay "$work/$prog.time/index.txt" "$work/cores8.xml"
        done | min)
        s=$(for _ in 1 2 3; do
            (cd "$work" && smpirun -np 8 -platform "$work/cores8.xml" --cfg=smpi/host-speed:1Gf "$work/$prog.smpi" "$@" 2> /dev/null |
                awk -F= '/^time_s=/{print $2; found = 1} END { if (!found) print "nan" }')
        done | min)
        awk -v p="$prog" -v a="$p" -v b="$s" 'BEGIN { printf "  %-7s replay %.4f s, smpirun %.4f s: %+.1f%%\n", p, a, b, 100 * (a - b) / b }'
    done
fi
echo
echo "replay of the same 4-rank --time traces on other platforms (simulated seconds):"
printf '  %s\n' "${fidelity[@]}"
if [ -n "$smpi" ]; then
    echo
    echo "MPI actions and compute of the --time traces (the run predicted fastest) against smpirun -trace-ti's (the fastest of 3):"
    cat "$work/fidelity.txt"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
