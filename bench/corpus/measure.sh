#!/usr/bin/env bash
# Measures the corpus of other people's programs (programs.tsv; docs/corpus.md)
# on this machine: each program built with its own build line, run at 1 and
# 2 ranks (and 1 rank x 2 threads where it has OpenMP) at each of its sizes,
# REPS times; the time of a run is the longest rank's wall time from the
# return of MPI_Init to the entry of MPI_Finalize (span.c, preloaded), and a
# configuration's figure is the least of its runs: on a shared machine other
# jobs can only slow a run down.
#
#   bench/corpus/measure.sh SRC [OUT.tsv]
#     SRC   the directory the sources were extracted into (bench/corpus/sources.sh)
#     OUT   default bench/corpus/measured.tsv
#   env: REPS (default 3), ONLY (regular expression on program names),
#        RUN_TIMEOUT (seconds a run may take, default 300)
#
# OUT gets comment lines (#) with the date, the machine and the load, then
#   name size omp ranks threads args min_s runs_s load_1m
# tab-separated; runs_s lists every run's time, load_1m is the one-minute
# load average just before the configuration's first run.
set -euo pipefail
corpus_dir=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: bench/corpus/measure.sh SRC [OUT.tsv]" >&2; exit 2; }
src=$(cd "$1" && pwd) || { echo "measure: no directory $1" >&2; exit 2; }
out=${2:-$corpus_dir/measured.tsv}
reps=${REPS:-3}
case $reps in '' | *[!0-9]* | 0) echo "measure: REPS must be a positive integer, got '$reps'" >&2; exit 2 ;; esac
for tool in mpicc mpirun; do
    command -v "$tool" >/dev/null || { echo "measure: $tool not found: apt-get install openmpi-bin libopenmpi-dev" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$corpus_dir/lib.sh"
corpus_check_sources || exit 1
corpus_span_lib

tmp=$work/measured.tsv
{
    echo "# measured: $(date -u '+%Y-%m-%d %H:%M UTC') by bench/corpus/measure.sh (REPS=$reps${ONLY:+, ONLY=$ONLY})"
    echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(free -h | awk '/^Mem:/ {print $2}') memory, $(uname -sr)"
    echo "# mpi: $(mpirun --version | head -n 1); cc: $(mpicc --version | head -n 1)"
    echo "# load before: $(uptime | sed 's/.*load average: //') (1, 5, 15 min; the machine is shared, so runs are slowed by others)"
    printf 'name\tsize\tomp\tranks\tthreads\targs\tmin_s\truns_s\tload_1m\n'
} >"$tmp"

while IFS=$'\t' read -r name size omp repo commit dir prep build args; do
    corpus_build "$name" "$size" "$repo" "$dir" "$prep" "$build" || exit 1
    rd=$(corpus_repo_dir "$repo")/$dir
    while read -r np thr; do
        a=$(corpus_args "$args" "$np" "$thr")
        load=$(corpus_load)
        runs=()
        for _ in $(seq "$reps"); do
            # shellcheck disable=SC2086 # the arguments are words
            t=$(corpus_run_once "$work/bin/$name-$size" "$rd" "$np" "$thr" $a) || exit 1
            runs+=("$t")
        done
        min=$(printf '%s\n' "${runs[@]}" | sort -g | head -n 1)
        list=$(IFS=,; echo "${runs[*]}")
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$omp" "$np" "$thr" "$a" "$min" "$list" "$load" >>"$tmp"
        printf 'measure: %-18s %-3s %s x %s  %-28s %10.4f s  (load %s)\n' "$name" "$size" "$np" "$thr" "$a" "$min" "$load" >&2
    done < <(corpus_configs "$omp")
done < <(corpus_rows)
echo "# load after: $(uptime | sed 's/.*load average: //')" >>"$tmp"
mv "$tmp" "$out"
echo "written: $out" >&2
