#!/usr/bin/env bash
# Source-first prediction of the corpus of other people's programs
# (bench/corpus/programs.tsv, docs/corpus.md) against their measured runs:
# for every program and size, `augur analyze` reads the program from its own
# build line (passed through verbatim, the compiler's flags single-dash) and
# writes a model, `augur check` checks it, and `augur predict MODEL --procs N
# --threads T --args "..."` predicts each configuration (1 and 2 ranks, and
# 1 rank x 2 threads where the program has OpenMP) on a machine file from
# `augur bench machine`. Error = |predicted - measured| / measured; a
# configuration where augur fails shows the first line of its error instead
# of a number. Prints a markdown table and the summary (bench/corpus/table.py).
#
#   bench/analyze_corpus.sh SRC
#     SRC        the directory the sources were extracted into (bench/corpus/sources.sh)
#   env:
#     AUGUR      the augur binary (default: go build ./cmd/augur of this tree)
#     MACHINE    the machine file (default: augur bench machine, run once now;
#                MACHINE_FLAGS, e.g. --quick, are passed to it)
#     MEASURED   measured times to compare with, e.g. bench/corpus/measured.tsv
#                (default: measure now with bench/corpus/measure.sh, REPS runs each)
#     AUGUR_CLI  new (default): augur analyze --machine M --model FILE --args "..." -- BUILD LINE,
#                the build line verbatim (compiler, flags, files); old: the CLI before the compiler's
#                flags were taken (-o MODEL, -I DIR, -D NAME; no --args)
#     AUGUR_ARGS no: leave --args out (a binary with the new compile line but no --args yet)
#     ONLY       regular expression on program names; REPS (default 3)
#     KEEP       set to keep the work directory (models, warnings), whose path is printed
#   A program with a file bench/corpus/values/NAME.values is analysed with
#   --values FILE: the counts its data make (docs/analyze.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus_dir=$root/bench/corpus
[ $# -eq 1 ] || { echo "usage: bench/analyze_corpus.sh SRC   (docs/corpus.md)" >&2; exit 2; }
src=$(cd "$1" 2>/dev/null && pwd) || { echo "analyze_corpus: no directory $1: extract the sources first (bench/corpus/sources.sh)" >&2; exit 2; }
cli=${AUGUR_CLI:-new}
case $cli in new | old) ;; *) echo "analyze_corpus: AUGUR_CLI must be new or old, got '$cli'" >&2; exit 2 ;; esac
work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then echo "analyze_corpus: work directory $work" >&2; else trap 'rm -rf "$work"' EXIT; fi
. "$corpus_dir/lib.sh"
corpus_check_sources || exit 1

augur=${AUGUR:-}
if [ -z "$augur" ]; then
    augur=$work/augur
    (cd "$root" && go build -o "$augur" ./cmd/augur) || { echo "analyze_corpus: go build failed" >&2; exit 1; }
fi
[ -x "$augur" ] || { echo "analyze_corpus: AUGUR=$augur is not an executable" >&2; exit 2; }
augur=$(cd "$(dirname "$augur")" && pwd)/$(basename "$augur")

machine=${MACHINE:-}
if [ -z "$machine" ]; then
    machine=$work/here.yaml
    echo "analyze_corpus: augur bench machine ${MACHINE_FLAGS:-} -o $machine" >&2
    # shellcheck disable=SC2086 # the flags are words
    "$augur" bench machine ${MACHINE_FLAGS:-} --no-progress -o "$machine" >"$work/machine.log" 2>&1 ||
        { cat "$work/machine.log" >&2; echo "analyze_corpus: augur bench machine failed" >&2; exit 1; }
fi
[ -f "$machine" ] || { echo "analyze_corpus: no machine file $machine" >&2; exit 2; }
machine=$(cd "$(dirname "$machine")" && pwd)/$(basename "$machine")

measured=${MEASURED:-}
if [ -z "$measured" ]; then
    measured=$work/measured.tsv
    "$corpus_dir/measure.sh" "$src" "$measured" || exit 1
fi
[ -f "$measured" ] || { echo "analyze_corpus: no measurements $measured" >&2; exit 2; }

mkdir -p "$work/models"
results=$work/results.tsv
printf 'name\tsize\tranks\tthreads\targs\tmeasured_s\tanalyze+predict\n' >"$results"

while IFS=$'\t' read -r name size omp repo commit dir prep build args; do
    rd=$(corpus_repo_dir "$repo")/$dir
    model=$work/models/$name-$size.aug
    log=$work/models/$name-$size.log
    fail=
    if [ "$prep" != - ] && ! (cd "$rd" && bash -c "$prep") >"$log" 2>&1; then
        fail="preparation failed: $prep"
    fi
    if [ -z "$fail" ]; then
        # The build line verbatim, its compiler first: augur takes the
        # single-dash words as the compiler's.
        read -r -a words <<<"$build"
        a1=$(corpus_args "$args" 1 1)
        if [ "$cli" = new ]; then
            cmd=("$augur" analyze --machine "$machine" --model "$model" --no-progress)
            [ "${AUGUR_ARGS:-yes}" = no ] || cmd+=(--args "$a1")
            # What the program's data make, given outside its source
            # (docs/analyze.md, "Values given outside the source").
            [ ! -f "$corpus_dir/values/$name.values" ] || cmd+=(--values "$corpus_dir/values/$name.values")
            cmd+=(-- "${words[@]}")
        else
            read -r -a old <<<"$(corpus_old_flags "$build")"
            cmd=("$augur" analyze --machine "$machine" -o "$model" --no-progress "${old[@]}")
        fi
        if ! (cd "$rd" && "${cmd[@]}") >"$log.out" 2>"$log"; then
            fail="analyze: $(corpus_first_error "$log")"
        elif ! "$augur" check "$model" >"$log.check" 2>&1; then
            fail="check: $(corpus_first_error "$log.check")"
        fi
    fi
    while read -r np thr; do
        a=$(corpus_args "$args" "$np" "$thr")
        meas=$(awk -F'\t' -v n="$name" -v s="$size" -v p="$np" -v t="$thr" \
            '$1 == n && $2 == s && $4 == p && $5 == t { print $7 }' "$measured" | tail -n 1)
        if [ -n "$fail" ]; then
            pred=$fail
        else
            pargs=(predict "$model" --machine "$machine" --procs "$np" --threads "$thr" --format csv --no-progress)
            if [ "$cli" = new ] && [ "${AUGUR_ARGS:-yes}" != no ]; then pargs+=(--args "$a"); fi
            if "$augur" "${pargs[@]}" >"$work/pred.csv" 2>"$work/pred.err"; then
                pred=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i } $1 == "summary" { print $col["time_s"] }' "$work/pred.csv")
                [ -n "$pred" ] || pred="predict printed no summary row"
            else
                pred="predict: $(corpus_first_error "$work/pred.err")"
            fi
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$np" "$thr" "$a" "${meas:-not measured}" "$pred" >>"$results"
        printf 'analyze_corpus: %-18s %-3s %sx%s measured %s predicted %s\n' "$name" "$size" "$np" "$thr" "${meas:-?}" "$pred" >&2
    done < <(corpus_configs "$omp")
done < <(corpus_rows)

echo "augur: $augur ($cli CLI); machine: $machine; measured: $measured"
echo
python3 "$corpus_dir/table.py" "$results"
