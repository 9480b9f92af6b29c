package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"augur/analyze"
	"augur/cfront"
	"augur/instrument"
)

type instrumentFlags struct {
	include, define, undef stringList
	out                    *string
	count                  *bool
	build                  *bool
	compiler               *string
	cflags                 *string
}

func newInstrumentFlags(fs *flag.FlagSet) *instrumentFlags {
	f := &instrumentFlags{}
	fs.Var(&f.include, "I", "add `DIR` to the header search path, as a compiler's -I (repeatable)")
	fs.Var(&f.define, "D", "define macro `NAME[=VALUE]`, as a compiler's -D (repeatable)")
	fs.Var(&f.undef, "U", "undefine macro `NAME` (repeatable)")
	f.out = fs.String("o", "", "write the instrumented sources, the runtime and (with --build) the program to `DIR`; required")
	f.count = fs.Bool("count", false, "count the executions of every loop and branch of augur analyze's blocks (ChronosMix's post-mortem counts); required")
	f.build = fs.Bool("build", false, "compile the instrumented program into DIR with the system's mpicc (cc when the program does not include mpi.h)")
	f.compiler = fs.String("cc", "", "compile with `COMPILER` instead of mpicc or cc")
	f.cflags = fs.String("cflags", "-O2", "`FLAGS` for the compiler (with --build), e.g. \"-O2 -march=native\"")
	return f
}

func instrumentCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newInstrumentFlags(fs) },
		name:    "instrument",
		summary: "write a C/MPI program that counts its blocks when run (ChronosMix's post-mortem counts)",
		usage:   "PROG.c [more.c ...] --count -o DIR [-I DIR] [-D NAME=VALUE] [--build] [flags]",
		help: `Writes the program again into DIR with a counter on every loop (its entries
and iterations) and every if (its executions and each arm's): the blocks of
augur analyze, with their names. Every line keeps its number, so compiler
messages point at your code. DIR also gets augur_count.c, the runtime that
writes DIR/augur-counts.RANK.txt when each process exits; --build compiles
everything into DIR/PROG with mpicc (or cc).

Run the program as usual, then give the directory to augur analyze:

  augur instrument examples/analyze/isort.c -I examples/analyze --count -o cnt --build
  mpirun -np 2 cnt/isort 1048576
  augur analyze examples/analyze/isort.c -I examples/analyze --counts cnt --set n=1048576 --procs 2

augur analyze then takes the loop counts and branch probabilities it could
not know from the run (provenance "measured"), and prints static against
measured counts where it has both.

Exit status 1 when the program cannot be read, analysed, written or built.`,
	}
	c.run = func(e *env, args []string) int { return runInstrument(e, c, args) }
	return c
}

func runInstrument(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet("instrument", flag.ContinueOnError)
	f := newInstrumentFlags(fs)
	files, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(e.stderr, "augur instrument: "+format+"\n", a...)
		return code
	}
	switch {
	case len(files) == 0:
		return fail(exitUsage, "no C file given")
	case !*f.count:
		return fail(exitUsage, "say what to instrument: --count (the executions of every block)")
	case *f.out == "":
		return fail(exitUsage, "-o DIR is required")
	}
	dir, err := filepath.Abs(*f.out)
	if err != nil {
		return fail(exitInput, "%v", err)
	}
	prog, err := cfront.Load(context.Background(), files, cfront.Options{IncludeDirs: f.include, Defines: f.define, Undefines: f.undef})
	if err != nil {
		return fail(exitInput, "%v", err)
	}
	for _, d := range prog.Diags {
		if d.Severity == cfront.Error {
			fmt.Fprintln(e.stderr, d)
			return exitInput
		}
	}
	a, err := analyze.Run(analyze.Sources(prog), analyze.Options{})
	if err != nil {
		return fail(exitInput, "%v", err)
	}
	sources := map[string][]byte{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return fail(exitInput, "%v", err)
		}
		sources[name] = src
	}
	ip, err := instrument.Rewrite(a, sources)
	if err != nil {
		return fail(exitInput, "%v", err)
	}
	for _, s := range ip.Skipped {
		fmt.Fprintf(e.stderr, "augur instrument: warning: not counted: %s\n", s)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(exitInput, "%v", err)
	}
	var outs []string
	for _, name := range files {
		out := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(out, ip.Files[name], 0o644); err != nil {
			return fail(exitInput, "%v", err)
		}
		outs = append(outs, out)
	}
	for name, text := range map[string]string{"augur_count.h": instrument.Header, "augur_count.c": ip.Runtime(dir)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return fail(exitInput, "%v", err)
		}
	}
	fmt.Fprintf(e.stdout, "wrote %d instrumented file(s), %d counters, and augur_count.c to %s\n", len(outs), len(ip.Counters), dir)
	if !*f.build {
		return exitOK
	}
	compiler := *f.compiler
	if compiler == "" {
		compiler = "cc"
		for _, src := range sources {
			if strings.Contains(string(src), "<mpi.h>") {
				compiler = "mpicc"
			}
		}
	}
	bin := filepath.Join(dir, strings.TrimSuffix(filepath.Base(files[0]), filepath.Ext(files[0])))
	cargs := strings.Fields(*f.cflags)
	for _, name := range files {
		cargs = append(cargs, "-I", filepath.Dir(name)) // the program's own headers, as next to it
	}
	for _, inc := range f.include {
		cargs = append(cargs, "-I", inc)
	}
	for _, d := range f.define {
		cargs = append(cargs, "-D"+d)
	}
	for _, u := range f.undef {
		cargs = append(cargs, "-U"+u)
	}
	cargs = append(append(append(cargs, "-I", dir), outs...), filepath.Join(dir, "augur_count.c"), "-o", bin, "-lm")
	cmd := exec.Command(compiler, cargs...)
	cmd.Stdout, cmd.Stderr = e.stderr, e.stderr
	if err := cmd.Run(); err != nil {
		return fail(exitInput, "%s %s: %v", compiler, strings.Join(cargs, " "), err)
	}
	fmt.Fprintf(e.stdout, "built %s\n", bin)
	return exitOK
}
