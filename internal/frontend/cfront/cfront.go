// Package cfront reads C programs as a compiler would — with the system's
// headers, -I, -D and -U, or a compile_commands.json — for augur analyze.
// It uses modernc.org/cc/v4, a pure-Go C99 preprocessor, parser and type
// checker that reads the real glibc and OpenMPI headers. What it adds:
// finding mpi.h where mpicc would (and augur's own declarations of MPI
// when none is installed), a fallback for other missing headers, the
// `#pragma augur` annotations with their positions, and every problem as
// a positioned diagnostic instead of a single error or a panic.
package cfront

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/diag"
)

// Options are a compiler's preprocessing flags.
type Options struct {
	IncludeDirs []string // -I DIR, searched before the system's
	Defines     []string // -D NAME or NAME=VALUE
	Undefines   []string // -U NAME
	// CompileCommands is the path of a compile_commands.json: each file it
	// lists is read with the -I/-D/-U/-isystem/-iquote/-include flags of
	// its entry; other files use the flags above.
	CompileCommands string
	// OpenMP defines _OPENMP, as gcc -fopenmp does: the program is read
	// with its OpenMP code in effect.
	OpenMP bool
	// noMPI ignores installed MPI headers (tests of the fallback).
	noMPI bool
}

// Position is a place in a source file.
type Position struct {
	File      string
	Line, Col int
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// problem is a diagnostic at p: an error, or a warning.
func problem(p Position, warning bool, msg string) *diag.Error {
	return &diag.Error{File: p.File, Line: p.Line, Col: p.Col, Msg: msg, Warning: warning}
}

// Pragma is a `#pragma augur TEXT` line of a user's file.
type Pragma struct {
	Pos  Position
	Text string // after "augur": "loop(N / 2)"
}

// Unit is one translation unit.
type Unit struct {
	File    string
	AST     *cc.AST // nil when the file could not be read
	Pragmas []Pragma
	// Directives are the other #pragma lines (and _Pragma operators) the
	// preprocessor kept in the user's files — those of code that #if
	// removed are not here — in source order: Text is the pragma after
	// "#pragma", "omp parallel for reduction(+:s)".
	Directives []Pragma
}

// Program is the units of a program and what was found wrong with them,
// sorted by position.
type Program struct {
	Units []*Unit
	Diags diag.List
}

//go:embed include/mpi.h
var fallbackMPI []byte

// Loader reads programs with one configuration of the system's compiler
// (learning it runs cc, which takes a fifth of a second: reuse a Loader).
type Loader struct {
	cfg     *cc.Config
	mpiDirs []string
}

// NewLoader learns the system's headers from its C compiler.
func NewLoader() (*Loader, error) {
	cfg, err := cc.NewConfig("", "")
	if err != nil {
		return nil, fmt.Errorf("augur analyze needs a C compiler (cc or gcc) to find the system's headers: %w", err)
	}
	return &Loader{cfg: cfg, mpiDirs: mpiIncludeDirs(false)}, nil
}

// Load reads files with a new Loader.
func Load(ctx context.Context, files []string, o Options) (*Program, error) {
	l, err := NewLoader()
	if err != nil {
		return nil, err
	}
	return l.Load(ctx, files, o)
}

// Load reads files. It fails only when nothing can be read (no file, an
// unreadable compile_commands.json); problems in the files are
// diagnostics.
func (l *Loader) Load(ctx context.Context, files []string, o Options) (*Program, error) {
	if len(files) == 0 {
		return nil, errors.New("no C file given")
	}
	perFile := map[string][]string{}
	if o.CompileCommands != "" {
		var err error
		if perFile, err = readCompileCommands(o.CompileCommands); err != nil {
			return nil, err
		}
	}
	mpiDirs := l.mpiDirs
	if o.noMPI {
		mpiDirs = nil
	}
	p := &Program{}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		flags := flagsFor(f, o, perFile)
		u := &Unit{File: f}
		p.Units = append(p.Units, u)
		src, err := os.ReadFile(f)
		if err != nil {
			p.Diags = append(p.Diags, problem(Position{File: f}, false, err.Error()))
			continue
		}
		u.Pragmas = pragmas(f, src)
		flags.openMP = o.OpenMP
		ast, directives, diags := translate(l.cfg, f, flags, mpiDirs, src)
		u.AST, u.Directives = ast, directives
		p.Diags = append(p.Diags, diags...)
	}
	p.Diags.Sort()
	return p, nil
}

// flags are one file's preprocessing flags.
type flags struct {
	include, system, defines, undefines, preinclude []string
	openMP                                          bool
}

func flagsFor(file string, o Options, perFile map[string][]string) flags {
	abs, _ := filepath.Abs(file)
	if args, ok := perFile[abs]; ok {
		return parseFlags(args)
	}
	return flags{include: o.IncludeDirs, defines: o.Defines, undefines: o.Undefines}
}

// parseFlags reads the preprocessing flags of a compiler command line,
// both "-I dir" and "-Idir".
func parseFlags(args []string) flags {
	var f flags
	for i := 0; i < len(args); i++ {
		a := args[i]
		for _, fl := range []struct {
			name string
			to   *[]string
		}{{"-I", &f.include}, {"-iquote", &f.include}, {"-isystem", &f.system}, {"-D", &f.defines}, {"-U", &f.undefines}, {"-include", &f.preinclude}} {
			if a == fl.name && i+1 < len(args) {
				*fl.to = append(*fl.to, args[i+1])
				i++
				break
			}
			if strings.HasPrefix(a, fl.name) && len(a) > len(fl.name) && fl.name != "-include" {
				*fl.to = append(*fl.to, a[len(fl.name):])
				break
			}
		}
	}
	return f
}

// readCompileCommands maps each listed file (absolute) to its arguments,
// with relative -I paths made absolute from the entry's directory.
func readCompileCommands(path string) (map[string][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var entries []struct {
		Directory string   `json:"directory"`
		File      string   `json:"file"`
		Command   string   `json:"command"`
		Arguments []string `json:"arguments"`
	}
	if err := json.Unmarshal(data, &entries); err != nil {
		e := diag.JSON(path, data, err)
		e.Msg = "not a compile_commands.json: " + e.Msg
		return nil, e
	}
	out := map[string][]string{}
	for i, e := range entries {
		args := e.Arguments
		if len(args) == 0 {
			args = strings.Fields(e.Command)
		}
		if e.File == "" || len(args) == 0 {
			return nil, fmt.Errorf("%s: entry %d has no file or no command", path, i+1)
		}
		dir := e.Directory
		abs := func(p string) string {
			if filepath.IsAbs(p) || dir == "" {
				return p
			}
			return filepath.Join(dir, p)
		}
		for j := 0; j < len(args); j++ {
			switch a := args[j]; {
			case (a == "-I" || a == "-isystem" || a == "-iquote" || a == "-include") && j+1 < len(args):
				args[j+1] = abs(args[j+1])
				j++
			case strings.HasPrefix(a, "-I") && len(a) > 2:
				args[j] = "-I" + abs(a[2:])
			}
		}
		f, _ := filepath.Abs(abs(e.File))
		out[f] = args
	}
	return out, nil
}

// mpiIncludeDirs finds the directories of mpi.h as mpicc would: OpenMPI's
// mpicc --showme:incdirs, MPICH's mpicc -show, the usual places.
func mpiIncludeDirs(skip bool) []string {
	if skip {
		return nil
	}
	if out, err := exec.Command("mpicc", "--showme:incdirs").Output(); err == nil {
		if dirs := strings.Fields(string(out)); len(dirs) > 0 {
			return dirs
		}
	}
	if out, err := exec.Command("mpicc", "-show").Output(); err == nil {
		var dirs []string
		for _, f := range strings.Fields(string(out)) {
			if strings.HasPrefix(f, "-I") && len(f) > 2 {
				dirs = append(dirs, f[2:])
			}
		}
		if len(dirs) > 0 {
			return dirs
		}
	}
	for _, d := range []string{"/usr/lib/x86_64-linux-gnu/openmpi/include", "/usr/include/x86_64-linux-gnu/mpich", "/usr/include/mpich", "/usr/include/openmpi", "/usr/include/smpi"} {
		if _, err := os.Stat(filepath.Join(d, "mpi.h")); err == nil {
			return []string{d}
		}
	}
	return nil
}

var includeLine = regexp.MustCompile(`^\s*#\s*include\s*[<"]([^>"]+)[>"]`)

// translate preprocesses, parses and type-checks one file. A header that
// is not found is replaced by an empty one (mpi.h by augur's own) with a
// warning at its #include, and the file is read again.
func translate(base *cc.Config, file string, f flags, mpiDirs []string, src []byte) (ast *cc.AST, directives []Pragma, diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			ast = nil
			diags = append(diags, problem(Position{File: file}, false, fmt.Sprintf("internal error in the C front end: %v", r)))
		}
	}()
	stubs, err := os.MkdirTemp("", "augur-cfront-")
	if err != nil {
		return nil, nil, diag.List{problem(Position{File: file}, false, err.Error())}
	}
	defer os.RemoveAll(stubs)
	cfg := *base
	cfg.IncludePaths = append(append(append([]string{""}, f.include...), mpiDirs...), base.IncludePaths[1:]...)
	cfg.IncludePaths = append(cfg.IncludePaths, stubs)
	cfg.SysIncludePaths = append(append(append([]string(nil), f.system...), mpiDirs...), base.SysIncludePaths...)
	cfg.SysIncludePaths = append(cfg.SysIncludePaths, stubs)
	predefined := base.Predefined + "\n" + defineText(f)
	if f.openMP {
		predefined += "#define _OPENMP 201511\n" // gcc's value
	}
	system := append(append(append([]string{stubs}, mpiDirs...), base.IncludePaths[1:]...), base.SysIncludePaths...)
	stubbed := map[string]bool{}
	for attempt := 0; ; attempt++ {
		directives = nil
		cfg.PragmaHandler = func(toks []cc.Token) error {
			if d, ok := directive(toks, file, src, system); ok {
				directives = append(directives, d)
			}
			return nil
		}
		sources := []cc.Source{{Name: "<predefined>", Value: predefined}, {Name: "<builtin>", Value: cc.Builtin}}
		for _, inc := range f.preinclude {
			sources = append(sources, cc.Source{Name: inc})
		}
		sources = append(sources, cc.Source{Name: file, Value: src})
		ast, err := cc.Translate(&cfg, sources)
		if err == nil {
			for i, d := range directives {
				if strings.HasPrefix(d.Text, "omp ") {
					directives[i].Text = expand(d.Text, ast.Macros, 0)
				}
			}
			return ast, directives, diags
		}
		errs := ccErrors(err, file)
		missing := ""
		for _, d := range errs {
			if name, ok := strings.CutPrefix(d.Msg, "include file not found: "); ok {
				missing = strings.Trim(name, `<>"`)
				at := includeAt(file, src, missing, Position{File: d.File, Line: d.Line, Col: d.Col})
				if stubbed[missing] || attempt > 50 {
					missing = ""
					break
				}
				stubbed[missing] = true
				content := []byte("/* augur analyze: " + missing + " was not found; read as empty */\n")
				msg := fmt.Sprintf("%s not found; it is read as empty, and what it declares is unknown (give its directory with -I)", missing)
				if filepath.Base(missing) == "mpi.h" {
					content = fallbackMPI
					msg = "mpi.h not found (no OpenMPI, MPICH or SimGrid installed); using augur's own declarations of MPI"
				}
				if err := writeStub(stubs, missing, content); err != nil {
					return nil, nil, append(diags, problem(at, false, err.Error()))
				}
				diags = append(diags, problem(at, true, msg))
				break
			}
		}
		if missing == "" {
			return nil, nil, append(diags, errs...)
		}
	}
}

// includeAt is the position of the #include of name in the user's file,
// where cc reported the header missing (possibly inside another header).
func includeAt(file string, src []byte, name string, reported Position) Position {
	if reported.File == file {
		return reported
	}
	for i, line := range strings.Split(string(src), "\n") {
		if m := includeLine.FindStringSubmatch(line); m != nil && m[1] == name {
			return Position{File: file, Line: i + 1, Col: strings.Index(line, "#") + 1}
		}
	}
	return reported
}

func writeStub(dir, name string, content []byte) error {
	p := filepath.Join(dir, filepath.Clean("/"+name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, content, 0o644)
}

// defineText writes -D and -U as preprocessor lines.
func defineText(f flags) string {
	var b strings.Builder
	for _, d := range f.defines {
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		fmt.Fprintf(&b, "#define %s %s\n", name, val)
	}
	for _, u := range f.undefines {
		fmt.Fprintf(&b, "#undef %s\n", u)
	}
	return b.String()
}

var (
	errLine = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)
	// cc ends its messages with where in its own source they come from.
	ccSource = regexp.MustCompile(`\s*\([a-z0-9_]+\.go:\d+:[A-Za-z0-9_.]*:?\)$`)
)

// ccErrors splits cc's error into positioned diagnostics. cc's notes about
// its own consequential failures ("TODO ... missed/failed type check")
// follow a real error and are left out.
func ccErrors(err error, file string) diag.List {
	var out diag.List
	for _, line := range strings.Split(err.Error(), "\n") {
		line = ccSource.ReplaceAllString(strings.TrimSpace(line), "")
		if line == "" || strings.HasPrefix(line, "TODO ") {
			continue
		}
		if m := errLine.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[2])
			c, _ := strconv.Atoi(m[3])
			out = append(out, diag.At(m[1], l, c, "%s", m[4]))
			continue
		}
		out = append(out, problem(Position{File: file}, false, line))
	}
	return out
}

var pragmaLine = regexp.MustCompile(`^\s*#\s*pragma\s+augur\b(.*)$`)

// pragmas collects the `#pragma augur` lines of a file.
func pragmas(file string, src []byte) []Pragma {
	var out []Pragma
	for i, line := range strings.Split(string(src), "\n") {
		if m := pragmaLine.FindStringSubmatch(line); m != nil {
			out = append(out, Pragma{Pos: Position{File: file, Line: i + 1, Col: strings.Index(line, "#") + 1}, Text: strings.TrimSpace(m[1])})
		}
	}
	return out
}

// directive is a #pragma the preprocessor handed over (its tokens after
// "pragma"), if it is in one of the user's files — not in a header of
// the system, of MPI or a stub — and not augur's own. Its position is the
// "#" of its line in the unit's own file, the first token's elsewhere.
func directive(toks []cc.Token, file string, src []byte, system []string) (Pragma, bool) {
	if len(toks) == 0 || toks[0].SrcStr() == "augur" {
		return Pragma{}, false
	}
	p := toks[0].Position()
	for _, dir := range system {
		if dir != "" && strings.HasPrefix(p.Filename, strings.TrimSuffix(dir, "/")+"/") {
			return Pragma{}, false
		}
	}
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && len(t.Sep()) > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.SrcStr())
	}
	at := Position{File: p.Filename, Line: p.Line, Col: p.Column}
	if p.Filename == "_Pragma_" {
		at = Position{File: file} // cc keeps no position of a _Pragma operator
	}
	if p.Filename == file {
		if lines := strings.Split(string(src), "\n"); p.Line >= 1 && p.Line <= len(lines) {
			if c := strings.Index(lines[p.Line-1], "#"); c >= 0 && c < p.Column {
				at.Col = c + 1
			}
		}
	}
	return Pragma{Pos: at, Text: b.String()}, true
}

var word = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// expand replaces the object-like macros of an OpenMP directive by their
// values, as gcc -fopenmp does (schedule(SCHED), num_threads(NT)). The
// macros are those defined at the end of the unit.
func expand(text string, macros map[string]*cc.Macro, depth int) string {
	if depth > 10 {
		return text
	}
	return word.ReplaceAllStringFunc(text, func(id string) string {
		m := macros[id]
		if m == nil || m.IsFnLike {
			return id
		}
		var b strings.Builder
		for i, t := range m.ReplacementList() {
			if i > 0 && len(t.Sep()) > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(t.SrcStr())
		}
		if b.Len() == 0 {
			return id
		}
		return expand(b.String(), macros, depth+1)
	})
}
