# Shared by bench/corpus/measure.sh, bench/analyze_corpus.sh and
# bench/traces_corpus.sh: reading the recipe (programs.tsv), finding the
# sources, building each program with its own build line, running it under
# the span shim (span.c) and taking the least of several runs.
#
# Sourced, not run. The caller sets: corpus_dir (this directory), src (the
# directory the sources were extracted into), work (a scratch directory).

export LC_ALL=C

# OpenMPI refuses to run as root unless told twice.
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# corpus_rows prints the recipe's rows (no header), those whose name matches
# the extended regular expression $ONLY when it is set. The recipe is
# programs.tsv (the C corpus), or $CORPUS (fortran.tsv: NAS's Fortran
# kernels).
corpus_rows() {
    awk -F'\t' -v only="${ONLY:-}" 'NR > 1 && NF > 0 && $1 !~ /^#/ && (only == "" || $1 ~ only)' "${CORPUS:-$corpus_dir/programs.tsv}"
}

# corpus_repo_dir OWNER/NAME prints where that repository's sources must be.
corpus_repo_dir() { printf '%s/%s\n' "$src" "${1/\//+}"; }

# corpus_check_sources checks that every source file a build line names is
# under $src, and says for each missing one how to get it. Returns 1 when
# something is missing.
corpus_check_sources() {
    local missing=0 name size omp repo commit dir prep build args f rd
    declare -A told=()
    while IFS=$'\t' read -r name size omp repo commit dir prep build args; do
        rd=$(corpus_repo_dir "$repo")
        for f in $build; do
            case $f in
            *.c) ;;
            *) continue ;;
            esac
            if [ ! -f "$rd/$dir/$f" ]; then
                echo "corpus: missing $rd/$dir/$f (program $name)" >&2
                if [ -z "${told[$repo]:-}" ]; then
                    told[$repo]=1
                    cat >&2 <<EOF
  get it: the repository github.com/$repo at commit $commit, extracted into $rd:
    git clone https://github.com/$repo /tmp/repo && mkdir -p '$rd' &&
    git -C /tmp/repo archive $commit | tar -x -C '$rd'
  (bench/corpus/sources.sh does this from a mirror; docs/corpus.md)
EOF
                fi
                missing=1
            fi
        done
    done < <(corpus_rows)
    return $missing
}

# corpus_binary BUILD prints the program the build line writes (its -o).
corpus_binary() {
    local prev= t
    for t in $1; do
        if [ "$prev" = -o ]; then
            printf '%s\n' "$t"
            return 0
        fi
        prev=$t
    done
    return 1
}

# corpus_build NAME SIZE REPO DIR PREP BUILD runs the preparation and the
# build line in the program's directory and copies the program to
# $work/bin/NAME-SIZE. On failure it prints the compiler's output and
# returns 1.
corpus_build() {
    local name=$1 size=$2 repo=$3 dir=$4 prep=$5 build=$6 rd out exe
    rd=$(corpus_repo_dir "$repo")/$dir
    exe=$(corpus_binary "$build") || { echo "corpus: $name: the build line has no -o" >&2; return 1; }
    mkdir -p "$work/bin"
    if [ "$prep" != - ]; then
        if ! out=$(cd "$rd" && bash -c "$prep" 2>&1); then
            printf 'corpus: %s %s: preparation failed: %s\n%s\n' "$name" "$size" "$prep" "$out" >&2
            return 1
        fi
    fi
    if ! out=$(cd "$rd" && bash -c "$build" 2>&1); then
        printf 'corpus: %s %s: build failed: %s\n%s\n' "$name" "$size" "$build" "$out" >&2
        return 1
    fi
    cp "$rd/$exe" "$work/bin/$name-$size"
}

# corpus_configs OMP prints the configurations, "RANKS THREADS" a line:
# 1 and 2 ranks, and 1 rank of 2 threads for a program with OpenMP (its 2
# ranks of 1 thread is the second line).
corpus_configs() {
    echo "1 1"
    echo "2 1"
    if [ "$1" = yes ]; then echo "1 2"; fi
}

# corpus_args ARGS RANKS THREADS puts RANKS in place of {ranks} and THREADS
# in place of {threads}: some programs take their thread count (ParRes's
# MPIOPENMP kernels) or their process grid (CoMD's -i -j -k) as arguments.
corpus_args() {
    local a=${1//\{ranks\}/$2}
    printf '%s\n' "${a//\{threads\}/$3}"
}

# corpus_span_lib builds the span shim into $work/libspan.so once.
corpus_span_lib() {
    if [ ! -f "$work/libspan.so" ]; then
        mpicc -O2 -shared -fPIC -o "$work/libspan.so" "$corpus_dir/span.c" ||
            { echo "corpus: mpicc could not build the span shim $corpus_dir/span.c" >&2; return 1; }
    fi
}

# corpus_run_once BIN DIR RANKS THREADS ARGS... runs the program once in DIR
# under the span shim, with mpirun --bind-to none, and prints the longest
# rank's span in seconds. The program's output goes to $work/last.out.
corpus_run_once() {
    local bin=$1 dir=$2 np=$3 thr=$4 spanf
    shift 4
    spanf=$work/span.txt
    rm -f "$spanf"
    if ! (cd "$dir" && OMP_NUM_THREADS=$thr timeout "${RUN_TIMEOUT:-300}" mpirun --bind-to none -np "$np" \
        -x OMP_NUM_THREADS -x LD_PRELOAD="$work/libspan.so" -x SPAN_OUT="$spanf" \
        "$bin" "$@" </dev/null) >"$work/last.out" 2>&1; then
        echo "corpus: $bin $* on $np ranks x $thr threads failed:" >&2
        tail -n 5 "$work/last.out" >&2
        return 1
    fi
    if [ ! -s "$spanf" ]; then
        echo "corpus: $bin $* wrote no span (did it call MPI_Init and MPI_Finalize?)" >&2
        return 1
    fi
    sed -n 's/^span_max_s=\([0-9.]*\).*/\1/p' "$spanf" | tail -n 1
}

# corpus_load prints the one-minute load average.
corpus_load() { cut -d' ' -f1 /proc/loadavg; }

# corpus_old_flags BUILD prints the build line as augur's CLI took it before
# it took the compiler's flags: its source files, and -I, -D and -U with
# their values as separate words; everything else (optimisation, -o, -l,
# -std, -f..., -m...) is left out, since that CLI refused it.
corpus_old_flags() {
    local t out=() first=1
    for t in $1; do
        if [ -n "$first" ]; then first=; continue; fi
        case $t in
        -I?* | -D?* | -U?*) out+=("${t:0:2}" "${t:2}") ;;
        *.c) out+=("$t") ;;
        esac
    done
    printf '%s\n' "${out[*]}"
}

# corpus_old_cflags BUILD prints what corpus_old_flags leaves out, but for -o
# and its value: the compiler flags for augur instrument --cflags.
corpus_old_cflags() {
    local t out=() first=1 skip=
    for t in $1; do
        if [ -n "$first" ]; then first=; continue; fi
        if [ -n "$skip" ]; then skip=; continue; fi
        case $t in
        -o) skip=1 ;;
        -I?* | -D?* | -U?* | *.c) ;;
        *) out+=("$t") ;;
        esac
    done
    printf '%s\n' "${out[*]}"
}

# corpus_first_error FILE prints the first line of augur's error in FILE:
# the first line that is not a warning (warnings come before the error and
# may name a variable with "error" in it), else the first line; "(no
# message)" for an empty file.
corpus_first_error() {
    local line
    line=$(grep -v -m1 -e ': warning: ' -e '^\s*$' "$1" || true)
    [ -n "$line" ] || line=$(grep -m1 . "$1" || true)
    # "...does not check:" says what follows on the next line.
    case $line in
    *:) line="$line $(grep -v -e ': warning: ' -e '^\s*$' "$1" | sed -n 2p)" ;;
    esac
    printf '%s\n' "${line:-(no message)}"
}
