// Package instrument rewrites a C/MPI program so that a run counts how
// often its blocks execute: ChronosMix's post-mortem counts, for what the
// static analysis cannot know (while loops, data-dependent bounds and
// branches). The blocks are exactly augur analyze's, with its names.
//
// Every loop gets two counters, its entries and its iterations; every if
// three, its executions and each arm's. A counter is a statement put
// inside braces around the statement it counts ({ augur_count(K); for
// ... }), always on the same line, so that every line keeps its number
// and the compiler's messages point at the user's code. A small runtime
// (augur_count.c) writes the counts of each process at exit.
package instrument

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/frontend/analyze"
)

// Counter is one counter of the instrumented program.
type Counter struct {
	Block string // the analysis's block name
	What  string // entries, iterations, executions, then, else
}

// Program is an instrumented program.
type Program struct {
	// Files maps each source file to its instrumented text.
	Files    map[string][]byte
	Counters []Counter
	// Skipped are warnings at the blocks that could not be instrumented
	// (a statement that comes from a macro), with why.
	Skipped diag.List
}

// edit inserts text at a byte offset of a file.
type edit struct {
	off  int
	text string
	seq  int // order among edits at one offset
}

// Rewrite instruments the loops and branches of the analysis a, whose
// sources are given by name.
func Rewrite(a *analyze.Analysis, sources map[string][]byte) (*Program, error) {
	p := &Program{Files: map[string][]byte{}}
	edits := map[string][]edit{}
	seq := 0
	wrap := func(n cc.Node, k int) error {
		file, start, end, err := span(n, sources)
		if err != nil {
			return err
		}
		// Opening braces nest outward-first at one offset: the later
		// (inner) wrap opens after; closing braces the other way round.
		seq++
		open := fmt.Sprintf("{ augur_count(%d); ", k)
		if _, loop := n.(*cc.IterationStatement); loop {
			if d, ok := loopDirective(sources[file], start); ok {
				// Before its OpenMP directive; a worksharing loop's
				// threads all pass there, and one counts the entry.
				if d.team {
					open = fmt.Sprintf("{ augur_count_team(%d); ", k)
				}
				start, open = d.at, d.beforeDirective(open)
			}
		}
		edits[file] = append(edits[file], edit{start, open, seq}, edit{end, " }", -seq})
		return nil
	}
	add := func(b *analyze.Block, what string) int {
		p.Counters = append(p.Counters, Counter{Block: b.Name, What: what})
		return len(p.Counters) - 1
	}
	for _, b := range a.Blocks() {
		var err error
		switch s := b.Stmt.(type) {
		case *cc.IterationStatement:
			if err = wrap(s, add(b, "entries")); err == nil {
				err = wrap(s.Statement, add(b, "iterations"))
			}
		case *cc.SelectionStatement:
			if s.Case != cc.SelectionStatementIf && s.Case != cc.SelectionStatementIfElse {
				continue // switch: its cases are not counted
			}
			if err = wrap(s, add(b, "executions")); err == nil {
				err = wrap(s.Statement, add(b, "then"))
			}
			if err == nil && s.Statement2 != nil {
				err = wrap(s.Statement2, add(b, "else"))
			}
		default:
			continue
		}
		if err != nil {
			p.Skipped = append(p.Skipped, diag.WarnAt(b.Pos.File, b.Pos.Line, b.Pos.Col, "%s is not counted: %v", b.Name, err))
		}
	}
	for name, src := range sources {
		p.Files[name] = apply(name, src, edits[name], "augur_count.h")
	}
	return p, nil
}

// span is where a statement lies in its file: the offsets of its first
// token and just past its last. Tokens from macros live elsewhere; a
// statement that starts or ends in one cannot be wrapped.
func span(n cc.Node, sources map[string][]byte) (string, int, int, error) {
	toks := cc.NodeTokens(n)
	if len(toks) == 0 {
		return "", 0, 0, fmt.Errorf("no tokens")
	}
	first, last := toks[0].Position(), toks[len(toks)-1].Position()
	src, ok := sources[first.Filename]
	if !ok || last.Filename != first.Filename {
		return "", 0, 0, fmt.Errorf("the statement is not all in one file the program lists (a macro?)")
	}
	start := first.Offset
	end := last.Offset + len(toks[len(toks)-1].Src())
	if start < 0 || end > len(src) || start >= end || !bytes.HasPrefix(src[start:], toks[0].Src()) ||
		!bytes.HasSuffix(src[:end], toks[len(toks)-1].Src()) {
		return "", 0, 0, fmt.Errorf("the statement's tokens do not match its source (a macro?)")
	}
	return first.Filename, start, end, nil
}

// Header declares the counters the instrumented sources increment.
// The increment is inline: a call per iteration would cost more than
// most loop bodies. Built with OpenMP, the threads of a team share the
// counters: increments are atomic, and the entry of a worksharing loop,
// which every thread of the team passes, is counted by thread 0 alone.
const Header = `/* augur instrument --count: the counters (augur_count.c writes them at exit). */
#ifndef AUGUR_COUNT_H
#define AUGUR_COUNT_H
extern unsigned long long augur_counts[];
#ifdef _OPENMP
extern int omp_get_thread_num(void);
static inline void augur_count(int k) { __atomic_fetch_add(&augur_counts[k], 1ULL, __ATOMIC_RELAXED); }
static inline void augur_count_team(int k) { if (omp_get_thread_num() == 0) augur_count(k); }
#else
static inline void augur_count(int k) { augur_counts[k]++; }
static inline void augur_count_team(int k) { augur_counts[k]++; }
#endif
#endif
`

// Runtime returns the C runtime for the counters: an array, and a
// destructor that writes augur-counts.RANK.txt (the MPI rank from the
// launcher's environment) into $AUGUR_COUNT_DIR, or dir, at exit, one "BLOCK
// WHAT COUNT" line a counter.
func (p *Program) Runtime(dir string) string {
	var names, whats strings.Builder
	for _, c := range p.Counters {
		fmt.Fprintf(&names, "    %q,\n", c.Block)
		fmt.Fprintf(&whats, "    %q,\n", c.What)
	}
	return withRank(fmt.Sprintf(`/* augur instrument --count: counters of augur analyze's blocks. */
#include <stdio.h>
#include <stdlib.h>

#define AUGUR_N %d
unsigned long long augur_counts[AUGUR_N + 1];
static const char *augur_blocks[AUGUR_N + 1] = {
%s    0};
static const char *augur_whats[AUGUR_N + 1] = {
%s    0};

/* AUGUR_RANK */

__attribute__((destructor)) static void augur_write(void)
{
    char path[4096];
    const char *dir = getenv("AUGUR_COUNT_DIR"); /* a run per directory, e.g. one per problem size */
    if (!dir || !*dir)
        dir = %q;
    snprintf(path, sizeof path, "%%s/augur-counts.%%s.txt", dir, augur_rank());
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return;
    }
    for (int k = 0; k < AUGUR_N; k++)
        fprintf(f, "%%s %%s %%llu\n", augur_blocks[k], augur_whats[k], augur_counts[k]);
    fclose(f);
}
`, len(p.Counters), names.String(), whats.String(), dir))
}

// Counts are one process's counts, by block and by what was counted
// (entries, iterations, executions, then, else).
type Counts map[string]map[string]float64

// ReadCounts reads the counts process rank wrote into dir.
func ReadCounts(dir string, rank int) (Counts, error) {
	path := filepath.Join(dir, fmt.Sprintf("augur-counts.%d.txt", rank))
	data, err := infile.ReadFile(path, infile.Counts)
	if err != nil {
		return nil, err
	}
	c := Counts{}
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return nil, diag.At(path, i+1, 0, "want BLOCK WHAT COUNT, got %q", line)
		}
		n, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(n >= 0) || math.IsInf(n, 0) {
			return nil, diag.At(path, i+1, strings.LastIndex(line, f[2])+1, "count %q is not a number ≥ 0", f[2])
		}
		if c[f[0]] == nil {
			c[f[0]] = map[string]float64{}
		}
		c[f[0]][f[1]] += n
	}
	return c, nil
}

// Measure fills the analysis's unknowns from counts: a loop count becomes
// the mean iterations an entry, a branch probability the share of
// executions that took the then arm. It returns the parameter values, to
// be set as --set would; set ones are left as they are. Each unknown it
// fills is marked measured.
func (c Counts) Measure(a *analyze.Analysis, set map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for i := range a.Unknowns {
		u := &a.Unknowns[i]
		b, ok := c[u.Block]
		if !ok || u.Param == "" {
			continue
		}
		if _, given := set[u.Param]; given {
			continue
		}
		var v float64
		switch {
		case u.What == "loop count" && b["entries"] > 0:
			v = b["iterations"] / b["entries"]
		case u.What == "branch probability" && b["executions"] > 0:
			v = b["then"] / b["executions"]
		default:
			continue
		}
		out[u.Param] = v
		u.How, u.Value = analyze.Measured, strconv.FormatFloat(v, 'g', 6, 64)
		a.MarkMeasured(u.Block)
	}
	return out
}

// Executions is what the analysis's count of a block stands for: a loop
// block's iterations, a branch block's executions.
func (c Counts) Executions(b string, kind analyze.Kind) (float64, bool) {
	m, ok := c[b]
	if !ok {
		return 0, false
	}
	switch kind {
	case analyze.Loop:
		return m["iterations"], true
	case analyze.Branch:
		return m["executions"], true
	}
	return 0, false
}

// rankFunc is the C function both runtimes name their files by: the
// process's rank as the launcher gives it (OpenMPI, PMI, PMIx, Slurm), 0
// without one. The runtimes' templates hold a /* AUGUR_RANK */ line for it.
const rankFunc = `static const char *augur_rank(void)
{
    const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID", 0};
    for (int i = 0; vars[i]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return v;
    }
    return "0";
}
`

// withRank puts rankFunc into a runtime's source.
func withRank(src string) string { return strings.Replace(src, "/* AUGUR_RANK */\n", rankFunc, 1) }
