#!/usr/bin/env bash
# The trace paths on the corpus of other people's programs
# (bench/corpus/programs.tsv, docs/corpus.md) against their measured runs,
# for every program, size and configuration (1 and 2 ranks, and 1 rank x 2
# threads where the program has OpenMP):
#   record:     augur record --mpi --np N -o DIR -- PROGRAM ARGS   (the program as
#               its own build line built it), then augur replay DIR/index.txt
#               --platform MACHINE;
#   instrument: augur instrument --time --build --out DIR -- BUILD LINE (verbatim,
#               its compiler first), the timed program run with mpirun --bind-to none,
#               then augur replay DIR/index.txt --platform MACHINE.
# Error = |replayed - measured| / measured; a configuration where augur fails
# shows the first line of its error. The timed run's own span (from MPI_Init
# to MPI_Finalize, by the same shim: it also wraps PMPI_Init, which augur's
# recorder linked into the timed program calls) over the measured plain run
# is printed after the table (issue: the timed run stays under 1.5x). Prints a markdown table and the summary
# (bench/corpus/table.py).
#
#   bench/traces_corpus.sh SRC
#   env: AUGUR, MACHINE, MACHINE_FLAGS, ONLY, KEEP as for
#        bench/analyze_corpus.sh;
#        MEASURED       a file of bench/corpus/measure.sh; without it the plain
#                       runs are made here, one before each recording (RUNS of
#                       them, the least kept), so that both see the machine of
#                       the same minutes;
#        MEASURED_OUT   where to write those plain runs (measure.sh's columns);
#        RUNS           recordings and timed runs per configuration, the quickest
#                       kept (default 3: augur record --runs 3);
#        AUGUR_CLI      new (default) or old (instrument with -o DIR, -I/-D apart and
#                       the other flags in --cflags);
#        RECORD_FLAGS   more flags for augur record (e.g. --ref-speed 2.3e9);
#        INSTRUMENT_FLAGS  more flags for augur instrument.
# OpenMPI binds each rank to a core by default; record's mpirun is told not to
# (OMPI_MCA_hwloc_base_binding_policy=none), as the measured runs are run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus_dir=$root/bench/corpus
[ $# -eq 1 ] || { echo "usage: bench/traces_corpus.sh SRC   (docs/corpus.md)" >&2; exit 2; }
src=$(cd "$1" 2>/dev/null && pwd) || { echo "traces_corpus: no directory $1: extract the sources first (bench/corpus/sources.sh)" >&2; exit 2; }
cli=${AUGUR_CLI:-new}
case $cli in new | old) ;; *) echo "traces_corpus: AUGUR_CLI must be new or old, got '$cli'" >&2; exit 2 ;; esac
work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then echo "traces_corpus: work directory $work" >&2; else trap 'rm -rf "$work"' EXIT; fi
. "$corpus_dir/lib.sh"
corpus_check_sources || exit 1
corpus_span_lib

augur=${AUGUR:-}
if [ -z "$augur" ]; then
    augur=$work/augur
    (cd "$root" && go build -o "$augur" ./cmd/augur) || { echo "traces_corpus: go build failed" >&2; exit 1; }
fi
[ -x "$augur" ] || { echo "traces_corpus: AUGUR=$augur is not an executable" >&2; exit 2; }
augur=$(cd "$(dirname "$augur")" && pwd)/$(basename "$augur")

machine=${MACHINE:-}
if [ -z "$machine" ]; then
    machine=$work/here.yaml
    echo "traces_corpus: augur bench machine ${MACHINE_FLAGS:-} -o $machine" >&2
    # shellcheck disable=SC2086 # the flags are words
    "$augur" bench machine ${MACHINE_FLAGS:-} --no-progress -o "$machine" >"$work/machine.log" 2>&1 ||
        { cat "$work/machine.log" >&2; echo "traces_corpus: augur bench machine failed" >&2; exit 1; }
fi
[ -f "$machine" ] || { echo "traces_corpus: no machine file $machine" >&2; exit 2; }
machine=$(cd "$(dirname "$machine")" && pwd)/$(basename "$machine")

# Without MEASURED the plain runs are made here, in turn with the recordings
# and the timed runs of the same configuration (plain, record, timed, plain,
# ...): this machine's speed drifts by tens of percent over an hour, and a
# measurement made in another hour carries that drift into the error. The
# rows go to $work/measured.tsv, in measure.sh's columns, and to
# MEASURED_OUT if it is set (for bench/analyze_corpus.sh's MEASURED).
measured=${MEASURED:-}
paired=
if [ -z "$measured" ]; then
    paired=1
    measured=$work/measured.tsv
    {
        echo "# measured: $(date -u '+%Y-%m-%d %H:%M UTC') by bench/traces_corpus.sh, in turn with the recordings and timed runs (RUNS=${RUNS:-3})"
        echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(free -h | awk '/^Mem:/ {print $2}') memory, $(uname -sr)"
        echo "# load before: $(uptime | sed 's/.*load average: //')"
        printf 'name\tsize\tomp\tranks\tthreads\targs\tmin_s\truns_s\tload_1m\n'
    } >"$measured"
fi
[ -f "$measured" ] || { echo "traces_corpus: no measurements $measured" >&2; exit 2; }

# replay DIR prints the replayed time of DIR/index.txt on the machine, or the
# first line of the error.
replay() {
    if "$augur" replay "$1/index.txt" --platform "$machine" --format csv --no-progress >"$work/replay.csv" 2>"$work/replay.err"; then
        local t
        t=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i } $1 == "summary" { print $col["time_s"] }' "$work/replay.csv")
        printf '%s\n' "${t:-replay printed no time}"
    else
        printf 'replay: %s\n' "$(corpus_first_error "$work/replay.err")"
    fi
}

# Each recording and each timed run is made RUNS times and the quickest kept
# (record --runs): the plain runs are the least of REPS, and a run on this
# shared machine can only be slowed by others.
runs=${RUNS:-3}
results=$work/results.tsv
printf 'name\tsize\tranks\tthreads\targs\tmeasured_s\trecord+replay\tinstrument+replay\n' >"$results"
slow=$work/slowdown.txt
: >"$slow"

while IFS=$'\t' read -r name size omp repo commit dir prep build args; do
    rd=$(corpus_repo_dir "$repo")/$dir
    tag=$name-$size
    bfail=
    corpus_build "$name" "$size" "$repo" "$dir" "$prep" "$build" 2>"$work/$tag.build" ||
        bfail="build: $(corpus_first_error "$work/$tag.build")"

    # The timed build, once per program and size.
    tdir=$work/timed/$tag
    mkdir -p "$tdir"
    ifail=$bfail
    if [ -z "$ifail" ]; then
        read -r -a words <<<"$build"
        if [ "$cli" = new ]; then
            # shellcheck disable=SC2086 # the flags are words
            icmd=("$augur" instrument --time --build --out "$tdir" ${INSTRUMENT_FLAGS:-} -- "${words[@]}")
        else
            read -r -a old <<<"$(corpus_old_flags "$build")"
            # shellcheck disable=SC2086 # the flags are words
            icmd=("$augur" instrument --time --build -o "$tdir" --cc "${words[0]}" --cflags "$(corpus_old_cflags "$build")" ${INSTRUMENT_FLAGS:-} "${old[@]}")
        fi
        if ! (cd "$rd" && "${icmd[@]}") >"$work/$tag.instr.out" 2>"$work/$tag.instr"; then
            ifail="instrument: $(corpus_first_error "$work/$tag.instr")"
        else
            # The timed program: the newest executable file instrument wrote.
            tbin=$(find "$tdir" -maxdepth 1 -type f -perm -u+x ! -name '*.so' ! -name '*.sh' -printf '%T@ %p\n' | sort -rn | head -n 1 | cut -d' ' -f2-)
            [ -n "$tbin" ] || ifail="instrument: no program built in $tdir"
        fi
    fi

    while read -r np thr; do
        a=$(corpus_args "$args" "$np" "$thr")
        if [ -n "$paired" ]; then
            meas=
        else
            meas=$(awk -F'\t' -v n="$name" -v s="$size" -v p="$np" -v t="$thr" \
                '$1 == n && $2 == s && $4 == p && $5 == t { print $7 }' "$measured" | tail -n 1)
        fi

        # record + replay; paired, one plain run before each recording.
        plain=()
        if [ -n "$bfail" ]; then
            rec=$bfail
        elif [ -n "$paired" ]; then
            rec= rbest= rbestdir=
            load=$(corpus_load)
            for k in $(seq "$runs"); do
                # shellcheck disable=SC2086 # the arguments are words
                if t=$(corpus_run_once "$work/bin/$tag" "$rd" "$np" "$thr" $a); then plain+=("$t"); fi
                rdir=$work/rec/$tag-$np-$thr-$k
                # shellcheck disable=SC2086 # the flags and arguments are words
                if ! (cd "$rd" && OMP_NUM_THREADS=$thr OMPI_MCA_hwloc_base_binding_policy=none \
                    "$augur" record --mpi --np "$np" -o "$rdir" ${RECORD_FLAGS:-} -- "$work/bin/$tag" $a </dev/null) \
                    >"$work/rec.out" 2>"$work/rec.err"; then
                    rec="record: $(corpus_first_error "$work/rec.err")"
                    break
                fi
                # The recording's span: the longest rank's, as each rank's trace ends with it.
                ts=$(grep -rhs "^# augur span: " "$rdir" | awk '{ if ($4 > m) m = $4 } END { print m + 0 }')
                if [ -z "$rbest" ] || awk -v a="$ts" -v b="$rbest" 'BEGIN { exit !(a < b) }'; then
                    rbest=$ts rbestdir=$rdir
                fi
            done
            [ -n "$rec" ] || rec=$(replay "$rbestdir")
        else
            rdir=$work/rec/$tag-$np-$thr
            # shellcheck disable=SC2086 # the flags and arguments are words
            if (cd "$rd" && OMP_NUM_THREADS=$thr OMPI_MCA_hwloc_base_binding_policy=none \
                "$augur" record --mpi --np "$np" --runs "$runs" -o "$rdir" ${RECORD_FLAGS:-} -- "$work/bin/$tag" $a </dev/null) \
                >"$work/rec.out" 2>"$work/rec.err"; then
                rec=$(replay "$rdir")
            else
                rec="record: $(corpus_first_error "$work/rec.err")"
            fi
        fi

        # instrument --time + run + replay: the timed program run $runs
        # times, each into its own directory; the run of least span (the
        # span shim's, the same measure as the plain runs') is replayed.
        if [ -n "$ifail" ]; then
            ins=$ifail
        else
            ins= best= bestdir=
            for k in $(seq "$runs"); do
                if [ -n "$paired" ] && [ "${rec#record:}" != "$rec" ]; then
                    # The recordings failed: the plain runs are made here.
                    # shellcheck disable=SC2086 # the arguments are words
                    if t=$(corpus_run_once "$work/bin/$tag" "$rd" "$np" "$thr" $a); then plain+=("$t"); fi
                fi
                odir=$work/tit/$tag-$np-$thr-$k
                mkdir -p "$odir"
                rm -f "$work/span.txt"
                # shellcheck disable=SC2086 # the arguments are words
                if ! (cd "$rd" && OMP_NUM_THREADS=$thr timeout "${RUN_TIMEOUT:-300}" mpirun --bind-to none -np "$np" \
                    -x OMP_NUM_THREADS -x AUGUR_TIT_DIR="$odir" -x LD_PRELOAD="$work/libspan.so" -x SPAN_OUT="$work/span.txt" \
                    "$tbin" $a </dev/null) >"$work/tit.out" 2>&1; then
                    ins="timed run failed: $(tail -n 1 "$work/tit.out")"
                    break
                fi
                if [ ! -f "$odir/index.txt" ]; then
                    ins="instrument: the timed run wrote no $odir/index.txt"
                    break
                fi
                ts=$(sed -n 's/^span_max_s=\([0-9.]*\).*/\1/p' "$work/span.txt" 2>/dev/null | tail -n 1)
                if [ -z "$best" ] || awk -v a="${ts:-0}" -v b="$best" 'BEGIN { exit !(a < b) }'; then
                    best=${ts:-0} bestdir=$odir
                fi
            done
            if [ -z "$ins" ]; then
                ins=$(replay "$bestdir")
                if [ -n "$paired" ] && [ "${#plain[@]}" -gt 0 ]; then
                    meas=$(printf '%s\n' "${plain[@]}" | sort -g | head -n 1)
                fi
                awk -v n="$name" -v s="$size" -v p="$np" -v t="$thr" -v ts="$best" -v m="${meas:-}" '
                    BEGIN {
                        if (m + 0 > 0) printf "| %s | %s | %s×%s | %.4f | %.4f | %.2f× |\n", n, s, p, t, m, ts, ts / m
                        else printf "| %s | %s | %s×%s | not measured | %.4f | |\n", n, s, p, t, ts
                    }' >>"$slow"
            fi
        fi
        if [ -n "$paired" ]; then
            if [ "${#plain[@]}" -gt 0 ]; then
                meas=$(printf '%s\n' "${plain[@]}" | sort -g | head -n 1)
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$omp" "$np" "$thr" "$a" "$meas" "$(IFS=,; echo "${plain[*]}")" "${load:-}" >>"$measured"
            else
                meas=
                printf '%s\t%s\t%s\t%s\t%s\t%s\tfailed\t-\t-\n' "$name" "$size" "$omp" "$np" "$thr" "$a" >>"$measured"
            fi
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$np" "$thr" "$a" "${meas:-not measured}" "$rec" "$ins" >>"$results"
        printf 'traces_corpus: %-18s %-3s %sx%s measured %s record %s instrument %s\n' "$name" "$size" "$np" "$thr" "${meas:-?}" "$rec" "$ins" >&2
    done < <(corpus_configs "$omp")
done < <(corpus_rows)

if [ -n "$paired" ]; then
    echo "# load after: $(uptime | sed 's/.*load average: //')" >>"$measured"
    [ -z "${MEASURED_OUT:-}" ] || cp "$measured" "$MEASURED_OUT"
fi
echo "augur: $augur ($cli CLI); machine: $machine; measured: ${MEASURED:-in turn with the recordings${MEASURED_OUT:+, written to $MEASURED_OUT}}"
echo
python3 "$corpus_dir/table.py" "$results"
if [ -s "$slow" ]; then
    echo "The timed runs (the quickest of $runs, the span shim's time) against the measured plain runs (the least of theirs):"
    echo
    echo "| program | size | ranks×threads | plain (s) | timed (s) | timed / plain |"
    echo "|---|---|---|---|---|---|"
    cat "$slow"
else
    echo "(no timed run finished)"
fi
