#!/usr/bin/env bash
# Small probes of this machine behind figures in the docs, our own C
# programs (bench/probes/), built with the corpus's flags:
#   vecwidth: ns an element of c[m] += a[m] * b in the first level at
#     inner trip counts T, gcc's default vectors for -march=native against
#     -mprefer-vector-width=256 (docs/analyze.md, Vectorised loops);
#   fmapair: a throughput-bound multiply-add loop alone, then two at
#     once (docs/corpus.md: whether the CPUs share a core).
# Run it on a quiet machine: the figures are times.
set -euo pipefail
cd "$(dirname "$0")/probes"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O3 -march=native -o "$work/vec" vecwidth.c
gcc -O3 -march=native -mprefer-vector-width=256 -o "$work/vec256" vecwidth.c
gcc -O2 -march=native -o "$work/fma" fmapair.c
echo "== vecwidth, -O3 -march=native"
for t in 32 512; do "$work/vec" "$t"; done
echo "== vecwidth, -O3 -march=native -mprefer-vector-width=256"
for t in 32 512; do "$work/vec256" "$t"; done
echo "== fmapair: alone, then two at once"
"$work/fma"
"$work/fma" & "$work/fma" & wait
