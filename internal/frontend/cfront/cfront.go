// Package cfront reads C programs as a compiler would — with the system's
// headers and a compile line's flags (package ccline), or a
// compile_commands.json — for augur analyze.
// It uses modernc.org/cc/v4, a pure-Go C99 preprocessor, parser and type
// checker that reads the real glibc and OpenMPI headers. What it adds:
// finding mpi.h where mpicc would (and augur's own declarations of MPI
// when none is installed), a fallback for other missing headers, the
// `#pragma augur` annotations with their positions, and every problem as
// a positioned diagnostic instead of a single error or a panic.
package cfront

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/frontend/ccline"
)

// Options are how a compiler is told to read the program.
type Options struct {
	// Flags are a compile line's flags, as gcc takes them (package ccline
	// reads them; no source files among them). The reader uses -D, -U,
	// -I, -iquote, -isystem, -idirafter and -include, and gives the
	// code-generation and dialect flags (-O, -f, -m, -std) to the system's
	// compiler for its predefined macros (__OPTIMIZE__, __FAST_MATH__,
	// _OPENMP, __AVX2__, __STDC_VERSION__); it ignores the others.
	Flags []string
	// CompileCommands is the path of a compile_commands.json: each file it
	// lists is read with the flags of its entry; other files use Flags.
	// With no files given, Load reads every file it lists.
	CompileCommands string
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
	// CodeGen is what its compile line says about the code the machine
	// executes (-O, -ffast-math, -march, -fopenmp).
	CodeGen ccline.CodeGen
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
	// System are the compiler's own include directories and MPI's: a
	// header there is not the program's (its functions are the library's).
	System []string
}

//go:embed include/mpi.h
var fallbackMPI []byte

// Loader reads programs with the system's compiler's configurations, one
// per set of code-generation flags (learning one runs cc, which takes a
// fifth of a second: reuse a Loader).
type Loader struct {
	cfg     *cc.Config
	mpiDirs []string
	mu      sync.Mutex
	configs map[string]*cc.Config // by code-generation flags
	checked map[string]bool       // flag sets the compiler took
	vectors map[string]float64    // vector widths by code-generation flags (vectorwidth.go)
}

// NewLoader learns the system's headers from its C compiler.
func NewLoader() (*Loader, error) {
	cfg, err := cc.NewConfig("", "")
	if err != nil {
		return nil, fmt.Errorf("augur analyze needs a C compiler (cc or gcc) to find the system's headers: %w", err)
	}
	return &Loader{cfg: cfg, mpiDirs: mpiIncludeDirs(false), configs: map[string]*cc.Config{"": cfg}, checked: map[string]bool{}, vectors: map[string]float64{}}, nil
}

// Load reads files with a new Loader.
func Load(ctx context.Context, files []string, o Options) (*Program, error) {
	l, err := NewLoader()
	if err != nil {
		return nil, err
	}
	return l.Load(ctx, files, o)
}

// Load reads files; with none, the files of o.CompileCommands. It fails
// only when nothing can be read (no file, flags that augur or the
// compiler refuses, an unreadable compile_commands.json); problems in the
// files are diagnostics.
func (l *Loader) Load(ctx context.Context, files []string, o Options) (*Program, error) {
	base, err := ccline.Parse(o.Flags)
	if err != nil {
		return nil, err
	}
	if len(base.Sources) > 0 {
		return nil, fmt.Errorf("the flags name the file %s: give the files apart", base.Sources[0])
	}
	perFile := map[string]*ccline.Line{}
	if o.CompileCommands != "" {
		var listed []string
		if perFile, listed, err = readCompileCommands(o.CompileCommands); err != nil {
			return nil, err
		}
		if len(files) == 0 {
			files = listed
		}
	}
	if len(files) == 0 {
		return nil, errors.New("no C file given")
	}
	mpiDirs := l.mpiDirs
	if o.noMPI {
		mpiDirs = nil
	}
	p := &Program{}
	for _, d := range append(append(append([]string(nil), l.cfg.SysIncludePaths...), l.cfg.IncludePaths...), mpiDirs...) {
		if d != "" {
			p.System = append(p.System, filepath.Clean(d))
		}
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		line := base
		if abs, err := filepath.Abs(f); err == nil && perFile[abs] != nil {
			line = perFile[abs]
		}
		cfg, err := l.config(ctx, line.Check, line.CodeGen.Flags)
		if err != nil {
			return nil, err
		}
		u := &Unit{File: f, CodeGen: line.CodeGen}
		if g := line.CodeGen; g.Opt == "3" || g.Opt == "fast" {
			// Only -O3 and -Ofast vectorise the loops the analysis does.
			u.CodeGen.VectorBytes = l.vectorBytes(ctx, g.Flags)
		}
		p.Units = append(p.Units, u)
		src, err := infile.ReadFile(f, infile.CSource)
		var refused *infile.Error
		if errors.As(err, &refused) {
			err = errors.New(refused.Msg) // the problem is placed at the file already
		}
		if err != nil {
			p.Diags = append(p.Diags, problem(Position{File: f}, false, err.Error()))
			continue
		}
		u.Pragmas = pragmas(f, src)
		// -isystem directories hold system headers, as for gcc: their
		// functions and macros are the library's.
		for _, d := range line.System {
			if d = filepath.Clean(d); !slices.Contains(p.System, d) {
				p.System = append(p.System, d)
			}
		}
		dirs := mpiDirs
		if line.NoStdInc {
			dirs = nil // only the directories the line gives
		}
		ast, directives, diags := translate(cfg, f, line, dirs, p.System, src)
		u.AST, u.Directives = ast, directives
		p.Diags = append(p.Diags, diags...)
	}
	p.Diags.Sort()
	return p, nil
}

// FlagError is a compile line's flag that the system's compiler refuses:
// a problem of the command line rather than of the program.
type FlagError struct{ Err error }

func (e *FlagError) Error() string { return e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// config is the compiler's configuration with the code-generation flags
// given: its predefined macros change with them (-fopenmp defines
// _OPENMP, -O2 __OPTIMIZE__). The compiler first checks the flags whose
// spelling only it knows, so that one it does not take is an error
// naming it.
func (l *Loader) config(ctx context.Context, check, flags []string) (*cc.Config, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if key := "check\x00" + strings.Join(check, "\x00"); len(check) > 0 && !l.checked[key] {
		args := append(append([]string(nil), check...), "-E", "-x", "c", os.DevNull, "-o", os.DevNull)
		cmd := exec.CommandContext(ctx, l.cfg.CC, args...)
		cmd.Env = append(os.Environ(), "LC_ALL=C")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, &FlagError{fmt.Errorf("the compiler (%s) refuses the compile line's flags %s: %s", l.cfg.CC, strings.Join(check, " "), strings.TrimSpace(string(out)))}
		}
		l.checked[key] = true
	}
	key := strings.Join(flags, "\x00")
	if cfg := l.configs[key]; cfg != nil {
		return cfg, nil
	}
	cfg, err := cc.NewConfig("", "", flags...)
	if err != nil {
		return nil, fmt.Errorf("learning the compiler's configuration with %s: %w", strings.Join(flags, " "), err)
	}
	l.configs[key] = cfg
	return cfg, nil
}

// readCompileCommands reads a compile_commands.json: each listed file
// (absolute) with its compile line, whose relative directories and files
// are made absolute from the entry's directory, and the files in order.
func readCompileCommands(path string) (map[string]*ccline.Line, []string, error) {
	data, err := infile.ReadFile(path, infile.CompileDB)
	if err != nil {
		return nil, nil, err
	}
	return parseCompileCommands(path, data)
}

// parseCompileCommands is readCompileCommands of the file's text.
func parseCompileCommands(path string, data []byte) (map[string]*ccline.Line, []string, error) {
	var err error
	var entries []struct {
		Directory string   `json:"directory"`
		File      string   `json:"file"`
		Command   string   `json:"command"`
		Arguments []string `json:"arguments"`
	}
	if err := json.Unmarshal(data, &entries); err != nil {
		e := diag.JSON(path, data, err)
		e.Msg = "not a compile_commands.json: " + e.Msg
		return nil, nil, e
	}
	at := entryPlaces(data)
	out := map[string]*ccline.Line{}
	var files []string
	for i, e := range entries {
		// A problem of an entry is at the entry's "{".
		bad := func(format string, a ...any) error {
			var line, col int
			if i < len(at) {
				line, col = at[i][0], at[i][1]
			}
			return diag.At(path, line, col, "entry %d%s", i+1, fmt.Sprintf(format, a...))
		}
		args := e.Arguments
		if len(args) == 0 {
			if args, err = ccline.Split(e.Command); err != nil {
				return nil, nil, bad(": %v", err)
			}
		}
		if e.File == "" || len(args) == 0 {
			return nil, nil, bad(" has no file or no command")
		}
		line, err := ccline.Parse(args)
		if err != nil {
			return nil, nil, bad(" (%s): %v", e.File, err)
		}
		abs := func(p string) string {
			if filepath.IsAbs(p) || e.Directory == "" {
				return p
			}
			return filepath.Join(e.Directory, p)
		}
		for _, dirs := range []*[]string{&line.Quote, &line.Include, &line.System, &line.After, &line.Preinclude} {
			for j, d := range *dirs {
				(*dirs)[j] = abs(d)
			}
		}
		f, err := filepath.Abs(abs(e.File))
		if err != nil {
			return nil, nil, err
		}
		if _, seen := out[f]; !seen {
			files = append(files, relative(f))
		}
		out[f] = line
	}
	return out, files, nil
}

// entryPlaces are the line and column of each element of the JSON array
// data (which decodes), in order.
func entryPlaces(data []byte) [][2]int {
	var at [][2]int
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // "["
		return nil
	}
	line, col, done := 1, 1, int64(0)
	advance := func(to int64) {
		for ; done < to; done++ {
			if data[done] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
	for dec.More() {
		// InputOffset is the end of what came before: the element
		// starts after the blanks and the comma.
		start := dec.InputOffset()
		for start < int64(len(data)) && strings.IndexByte(" \t\r\n,", data[start]) >= 0 {
			start++
		}
		advance(start)
		at = append(at, [2]int{line, col})
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			break
		}
	}
	return at
}

// relative is path relative to the working directory when it is below
// it, as a user would write it.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if r, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
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
func translate(base *cc.Config, file string, line *ccline.Line, mpiDirs, systemDirs []string, src []byte) (ast *cc.AST, directives []Pragma, diags diag.List) {
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
	cfg.IncludePaths, cfg.SysIncludePaths = searchPaths(base, line, mpiDirs, stubs)
	headers := &headerFS{}
	cfg.FS, cfg.FSOnly = headers, true
	predefined := base.Predefined + "\n" + defineText(line.Macros)
	// A pragma in a header of these directories is the system's, not the
	// program's directive.
	system := append([]string{stubs}, systemDirs...)
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
		for _, inc := range line.Preinclude {
			sources = append(sources, cc.Source{Name: inc})
		}
		sources = append(sources, cc.Source{Name: file, Value: src})
		d, err := checkShape(&cfg, file, src, sources)
		if d != nil {
			return nil, nil, append(diags, d)
		}
		if err == nil {
			// The preprocessor's errors are reported as they are, without
			// parsing: cc's preprocessor stops at its first error, so its
			// parser would read a unit cut there, and can loop without
			// end at such an end ("*" and the end of the unit after a
			// missing header or an unterminated character constant,
			// FuzzLoadStubs), its memory growing. Translate would report
			// the same errors and only consequential ones after them.
			var ast *cc.AST
			if ast, err = cc.Translate(&cfg, sources); err == nil {
				for i, d := range directives {
					if strings.HasPrefix(d.Text, "omp ") {
						directives[i].Text = expand(d.Text, ast.Macros, 0)
					}
				}
				return ast, directives, diags
			}
		}
		errs := ccErrors(err, file, src)
		placeUnchecked(errs, &cfg, sources, file)
		missing := ""
		for _, d := range errs {
			if name, ok := strings.CutPrefix(d.Msg, "include file not found: "); ok {
				missing = strings.Trim(name, `<>"`)
				if r := headers.refusal(missing); r != nil {
					// Found, but not a file to read: an error at the
					// #include, never a stub. What cc said after it
					// (the unit ended there) is consequential.
					d.Msg = fmt.Sprintf("#include %s: %s %s", name, r.Path, r.Msg)
					return nil, nil, append(diags, d)
				}
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
					if line.NoStdInc {
						msg = "mpi.h not found in the directories given (-nostdinc: MPI's are not searched; give them with -I); using augur's own declarations of MPI"
					}
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

// searchPaths are gcc's include searches. For "...": the including
// file's directory (""), -iquote, -I, MPI's directories (which mpicc
// adds as -I; none with -nostdinc), -isystem, the system's (not with
// -nostdinc), -idirafter;
// for <...> the same from -I on. The stubs of missing headers come last.
func searchPaths(base *cc.Config, line *ccline.Line, mpiDirs []string, stubs string) (quote, system []string) {
	var chain []string
	for _, dirs := range [][]string{line.Include, mpiDirs, line.System} {
		chain = append(chain, dirs...)
	}
	stdQuote, stdSystem := base.IncludePaths[1:], base.SysIncludePaths
	if line.NoStdInc {
		stdQuote, stdSystem = nil, nil
	}
	quote = append(append(append([]string{""}, line.Quote...), chain...), stdQuote...)
	quote = append(append(quote, line.After...), stubs)
	system = append(append([]string(nil), chain...), stdSystem...)
	system = append(append(system, line.After...), stubs)
	return quote, system
}

// defineText writes -D and -U, in their order, as preprocessor lines.
func defineText(macros []ccline.Macro) string {
	var b strings.Builder
	for _, m := range macros {
		if m.Undef {
			fmt.Fprintf(&b, "#undef %s\n", m.Name)
			continue
		}
		// A function-like -D'MAX(a,b)=...' has its parameters in Name.
		fmt.Fprintf(&b, "#define %s %s\n", m.Name, m.Value)
	}
	return b.String()
}

var (
	errLine = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)
	// cc ends its messages with where in its own source they come from.
	ccSource = regexp.MustCompile(`\s*\([a-z0-9_]+\.go:\d+:[A-Za-z0-9_.]*:?\)$`)
	// cc reports a floating constant Go cannot parse as a note of its
	// own, without a position; an integer one with Go's words.
	badFloat = regexp.MustCompile(`^TODO \*cc\.PrimaryExpression PrimaryExpressionFloat (\S+) FERR strconv\.ParseFloat: parsing "[^"]*": (.*)$`)
	badInt   = regexp.MustCompile(`^strconv\.ParseUint: parsing "([^"]*)": (.*)$`)
)

// ccErrors splits cc's error into positioned diagnostics, in the words
// of a C compiler. cc's notes about its own consequential failures
// ("TODO ... missed/failed type check") follow a real error and are left
// out, unless nothing else is said. A message that cc could not place
// ("-: unexpected EOF", at the end of an included file) is put at the
// end of the unit's file, where the input ended.
func ccErrors(err error, file string, src []byte) diag.List {
	var out diag.List
	var notes []string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = ccSource.ReplaceAllString(strings.TrimSpace(line), "")
		if m := badFloat.FindStringSubmatch(line); m != nil {
			msg := "invalid floating constant " + m[1]
			if m[2] == "value out of range" {
				msg = "floating constant " + m[1] + " is out of range"
			}
			out = append(out, problem(findNumber(file, src, m[1]), false, msg))
			continue
		}
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "TODO ") {
			notes = append(notes, line)
			continue
		}
		if m := errLine.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[2])
			c, _ := strconv.Atoi(m[3])
			msg := m[4]
			if n := badInt.FindStringSubmatch(msg); n != nil {
				msg = "invalid integer constant " + n[1]
				if n[2] == "value out of range" {
					msg = "integer constant " + n[1] + " is too large"
				}
			}
			out = append(out, diag.At(m[1], l, c, "%s", msg))
			continue
		}
		if rest, ok := strings.CutPrefix(line, "-: "); ok {
			out = append(out, problem(endOf(file, src), false, rest))
			continue
		}
		out = append(out, problem(Position{File: file}, false, line))
	}
	if len(out) == 0 && len(notes) > 0 {
		out = append(out, problem(Position{File: file}, false, "the C front end cannot read this file: "+strings.TrimPrefix(notes[0], "TODO ")))
	}
	return out
}

// findNumber is the place of the first number token text in src, or the
// file alone when it is not there (it came from a macro of a header).
func findNumber(file string, src []byte, text string) Position {
	for i, line := range strings.Split(string(src), "\n") {
		for from := 0; ; {
			k := strings.Index(line[from:], text)
			if k < 0 {
				break
			}
			k += from
			end := k + len(text)
			exponent := end < len(line) && (line[end] == '+' || line[end] == '-') && isExponent(text[len(text)-1])
			if (k == 0 || !isNumberByte(line[k-1])) && (end == len(line) || !isNumberByte(line[end])) && !exponent {
				return Position{File: file, Line: i + 1, Col: k + 1}
			}
			from = k + 1
		}
	}
	return Position{File: file}
}

func isNumberByte(c byte) bool { return c == '.' || isWordByte(c) }

// endOf is the place just after the last character of src that is not
// blank.
func endOf(file string, src []byte) Position {
	lines := strings.Split(strings.TrimRight(string(src), " \t\r\n"), "\n")
	last := lines[len(lines)-1]
	return Position{File: file, Line: len(lines), Col: len(last) + 1}
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
