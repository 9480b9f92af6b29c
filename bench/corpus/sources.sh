#!/usr/bin/env bash
# Extracts the corpus's sources (bench/corpus/programs.tsv, or the recipe
# $CORPUS names, e.g. bench/corpus/fortran.tsv) into SRC, one
# directory per repository named OWNER+NAME, each the repository's tree at
# the recipe's commit. Nothing of them is committed here.
#
#   bench/corpus/sources.sh SRC [GITDIR_ROOT]
#
# For each repository it looks for a git directory holding the commit at
# GITDIR_ROOT/OWNER+NAME/repo (a bare mirror or a checkout's .git; default
# root /work/.mirror), then at GITDIR_ROOT/OWNER+NAME; with none, it says
# how to get one (git clone https://github.com/OWNER/NAME) and exits 1.
set -euo pipefail
corpus_dir=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: bench/corpus/sources.sh SRC [GITDIR_ROOT]" >&2; exit 2; }
mkdir -p "$1"
src=$(cd "$1" && pwd)
recipe=${CORPUS:-$corpus_dir/programs.tsv}
mirrors=${2:-/work/.mirror}
missing=0
while IFS=$'\t' read -r repo commit; do
    dest=$src/${repo/\//+}
    if [ -d "$dest" ]; then
        echo "sources: $repo already in $dest"
        continue
    fi
    gd=
    for cand in "$mirrors/${repo/\//+}/repo/.git" "$mirrors/${repo/\//+}/repo" "$mirrors/${repo/\//+}/.git" "$mirrors/${repo/\//+}"; do
        if [ -d "$cand" ] && git --git-dir="$cand" cat-file -e "$commit^{commit}" 2>/dev/null; then
            gd=$cand
            break
        fi
    done
    if [ -z "$gd" ]; then
        cat >&2 <<EOF
sources: no git directory with $repo at commit $commit under $mirrors/${repo/\//+}
  get it:  git clone https://github.com/$repo $mirrors/${repo/\//+}
  then run this script again (or: git -C $mirrors/${repo/\//+} archive $commit | tar -x -C $dest)
EOF
        missing=1
        continue
    fi
    # Only the directories the recipe builds in and their parents' shared
    # parts are needed, but the whole tree is small except for ParRes's
    # documents, which some mirrors store without their blobs: take the
    # top-level directories that hold the programs and what they include.
    paths=$(awk -F'\t' -v r="$repo" 'NR > 1 && $4 == r { split($6, p, "/"); print p[1] }' "$recipe" | sort -u)
    case $repo in
    ParRes/Kernels) paths="$paths common include" ;;
    esac
    mkdir -p "$dest"
    # shellcheck disable=SC2086 # the paths are words
    if ! git --git-dir="$gd" archive "$commit" $paths | tar -x -C "$dest"; then
        echo "sources: git archive of $repo $commit ($paths) failed" >&2
        rm -rf "$dest"
        missing=1
        continue
    fi
    echo "sources: $repo $commit -> $dest ($(echo $paths))"
done < <(awk -F'\t' 'NR > 1 { print $4 "\t" $5 }' "$recipe" | sort -u)
exit $missing
