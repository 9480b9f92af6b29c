// Package ccline reads a C compiler's command line as gcc reads it, so that
// augur analyze and augur instrument take a program's compile line as its
// makefile writes it: the sources; the preprocessing flags (-D, -U, -I,
// -iquote, -isystem, -idirafter, -include, -nostdinc); what changes the code the
// machine executes (-O, -f, -m, -pthread) and the dialect (-std, -ansi);
// what only the linker reads (-l, -L, -Wl,...); and what matters to neither
// (warnings, debug information, dependency files). A flag that is none of
// these is an error naming it, never silently dropped: the table below is
// the list docs/analyze.md gives.
package ccline

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// kind is what a flag is to augur.
type kind int

const (
	// preprocessFlag: read by the C front end: macros, include
	// search, files included first.
	preprocessFlag kind = iota
	// codeGenFlag: changes what the machine executes (optimisation,
	// floating-point semantics, target, OpenMP) or the dialect: recorded
	// for the analysis, and given to gcc when augur asks it for its
	// predefined macros (__OPTIMIZE__, __FAST_MATH__, _OPENMP, __AVX2__).
	codeGenFlag
	// ignoredFlag: matters neither to what the program computes nor to
	// its speed (warnings, debug information, dependency files,
	// diagnostics); instrument --build still gives them to the compiler.
	ignoredFlag
	// modeFlag: says where the compiler stops (-c, -S, -E): analyze has
	// nothing to stop, and instrument always builds the program.
	modeFlag
	// linkFlag: only matters to the linker: analyze ignores them;
	// instrument --build gives them to the compiler after the sources.
	linkFlag
)

// flagRule is one row of the table of gcc flags.
type flagRule struct {
	name string
	// prefix: the flag is name followed by anything (-O3, -Wall,
	// -march=native); otherwise name exactly.
	prefix bool
	// value: the flag takes a value, joined (-Idir) or as the next word
	// (-I dir).
	value bool
	kind  kind
	// check: the system's compiler is asked whether it takes the flag
	// (every -f, -m, -O, -W and -g spelling cannot be listed here).
	check bool
}

// rules is the table of the flags augur knows, the first match winning:
// longer names come before the prefixes they start with. docs/analyze.md
// lists the same table; keep the two together.
var rules = []flagRule{
	// Preprocessing.
	{name: "-D", value: true, kind: preprocessFlag},
	{name: "-U", value: true, kind: preprocessFlag},
	{name: "-iquote", value: true, kind: preprocessFlag},
	{name: "-isystem", value: true, kind: preprocessFlag},
	{name: "-idirafter", value: true, kind: preprocessFlag},
	{name: "-include", value: true, kind: preprocessFlag},
	{name: "-I", value: true, kind: preprocessFlag},
	{name: "-nostdinc", kind: preprocessFlag},
	// The dialect and what the machine executes.
	{name: "-std=", prefix: true, kind: codeGenFlag},
	{name: "-ansi", kind: codeGenFlag},
	{name: "-pthread", kind: codeGenFlag},
	{name: "-pg", kind: codeGenFlag},
	{name: "-O", prefix: true, kind: codeGenFlag},
	// -f flags that only change messages or files written beside the
	// object, before every other -f.
	{name: "-fdiagnostics-", prefix: true, kind: ignoredFlag},
	{name: "-fno-diagnostics-", prefix: true, kind: ignoredFlag},
	{name: "-fmessage-length=", prefix: true, kind: ignoredFlag},
	{name: "-fdebug-prefix-map=", prefix: true, kind: ignoredFlag},
	{name: "-ffile-prefix-map=", prefix: true, kind: ignoredFlag},
	{name: "-fmacro-prefix-map=", prefix: true, kind: ignoredFlag},
	{name: "-fdump-", prefix: true, kind: ignoredFlag},
	{name: "-fopt-info", prefix: true, kind: ignoredFlag},
	{name: "-fmax-errors=", prefix: true, kind: ignoredFlag},
	{name: "-fsyntax-only", kind: modeFlag},
	{name: "-f", prefix: true, kind: codeGenFlag},
	{name: "-m", prefix: true, kind: codeGenFlag},
	// Link only.
	{name: "-Wl,", prefix: true, kind: linkFlag},
	{name: "-Xlinker", value: true, kind: linkFlag},
	{name: "-l", value: true, kind: linkFlag},
	{name: "-L", value: true, kind: linkFlag},
	{name: "-T", value: true, kind: linkFlag},
	{name: "-z", value: true, kind: linkFlag},
	{name: "-static", kind: linkFlag},
	{name: "-static-libgcc", kind: linkFlag},
	{name: "-static-pie", kind: linkFlag},
	{name: "-shared", kind: linkFlag},
	{name: "-shared-libgcc", kind: linkFlag},
	{name: "-rdynamic", kind: linkFlag},
	{name: "-s", kind: linkFlag},
	{name: "-pie", kind: linkFlag},
	{name: "-no-pie", kind: linkFlag},
	{name: "-nostdlib", kind: linkFlag},
	{name: "-nostartfiles", kind: linkFlag},
	{name: "-nodefaultlibs", kind: linkFlag},
	// Neither: warnings, debug information, dependency files, messages.
	{name: "-Wa,", prefix: true, kind: ignoredFlag},
	{name: "-W", prefix: true, kind: ignoredFlag, check: true},
	{name: "-w", kind: ignoredFlag},
	{name: "-g", prefix: true, kind: ignoredFlag, check: true},
	{name: "-pedantic", kind: ignoredFlag},
	{name: "-pedantic-errors", kind: ignoredFlag},
	{name: "-v", kind: ignoredFlag},
	{name: "-pipe", kind: ignoredFlag},
	{name: "-save-temps", prefix: true, kind: ignoredFlag},
	{name: "-MF", value: true, kind: ignoredFlag},
	{name: "-MT", value: true, kind: ignoredFlag},
	{name: "-MQ", value: true, kind: ignoredFlag},
	{name: "-M", kind: ignoredFlag},
	{name: "-MM", kind: ignoredFlag},
	{name: "-MD", kind: ignoredFlag},
	{name: "-MMD", kind: ignoredFlag},
	{name: "-MP", kind: ignoredFlag},
	{name: "-MG", kind: ignoredFlag},
	{name: "-H", kind: ignoredFlag},
	// Where the compiler stops and what it writes.
	{name: "-c", kind: modeFlag},
	{name: "-S", kind: modeFlag},
	{name: "-E", kind: modeFlag},
	{name: "-o", value: true, kind: modeFlag},
	{name: "-x", value: true, kind: modeFlag},
}

// Macro is a -D or a -U, in the order given (a later one wins, as in gcc).
type Macro struct {
	Name  string
	Value string // -DNAME is NAME=1
	Undef bool
}

// CodeGen is what of a compile line changes what the machine executes:
// the analysis records it (docs/analyze.md) for the pricing to read.
type CodeGen struct {
	// Opt is the optimisation level of the last -O: "0", "1", "2", "3",
	// "s", "z", "g" or "fast"; empty when no -O was given (gcc then
	// compiles at -O0).
	Opt string
	// FastMath: -ffast-math or -Ofast, not undone by a later
	// -fno-fast-math: floating-point operations may be reassociated.
	FastMath bool
	// Arch and Tune are -march= and -mtune= ("native"); empty: gcc's
	// default target.
	Arch, Tune string
	// OpenMP: -fopenmp (not undone by -fno-openmp).
	OpenMP bool
	// VectorBytes is the width of the vectors the system's compiler
	// vectorises a loop of doubles with at these flags, as the reader of
	// the program found it (package cfront); 0 when not known, and the
	// analysis then judges from -march.
	VectorBytes float64
	// Flags are all the compile line's code-generation and dialect flags
	// as given, in order: -O, -f, -m, -std=, -ansi, -pthread, -pg.
	Flags []string
}

// String is the flags as the report header shows them.
func (c CodeGen) String() string {
	if len(c.Flags) == 0 {
		return "none (gcc's default, -O0)"
	}
	return strings.Join(c.Flags, " ")
}

// Line is a compile line.
type Line struct {
	// Compiler is the compiler the line names first (mpicc, gcc,
	// /usr/bin/cc); empty when the line starts with a flag or a file.
	Compiler string
	Sources  []string // the C files, in order
	// The include search: -iquote, -I, -isystem and -idirafter
	// directories, each in order.
	Quote, Include, System, After []string
	// NoStdInc is -nostdinc: only the directories the line gives are
	// searched, not the system's (the C library's and the compiler's)
	// nor MPI's, which augur adds as mpicc would.
	NoStdInc   bool
	Macros     []Macro
	Preinclude []string // -include FILE
	CodeGen    CodeGen
	// Compile is every flag that compiles, as given and in order: all but
	// -c, -S, -E, -x, -o FILE, link-only flags and the input files. It is
	// what instrument --build gives the compiler before the sources.
	Compile []string
	// Link is the link-only flags and the object and library files, in
	// order: instrument --build gives them after the sources.
	Link []string
	// Output is -o's FILE; empty when not given.
	Output string
	// Check are the flags whose spelling only the compiler knows: the
	// code-generation and dialect flags, -W... and -g...; augur asks the
	// system's compiler whether it takes them.
	Check []string
}

// Error is a word of a compile line that augur cannot take.
type Error struct {
	Word string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("compile line: %s: %s", e.Word, e.Msg) }

// compilerName is what a compiler's name looks like: cc, gcc, mpicc,
// mpiicc, smpicc, clang-16, x86_64-linux-gnu-gcc-12, c99.
var compilerName = regexp.MustCompile(`^[A-Za-z0-9_.+-]*(cc|clang|c89|c99|c11)(-[0-9.]+)?$`)

// Parse reads a compile line: gcc's flags and the files, in any order,
// optionally after the compiler's name.
func Parse(args []string) (*Line, error) {
	l := &Line{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "" || a[0] != '-' || a == "-" {
			if err := l.input(a, i == 0); err != nil {
				return nil, err
			}
			continue
		}
		if strings.HasPrefix(a, "--") {
			return nil, &Error{a, "gcc's flags are written with one dash here; the flags with two are augur's own (augur analyze --help)"}
		}
		if strings.HasPrefix(a, "-Wp,") || a == "-Xpreprocessor" || a == "-imacros" || a == "-undef" {
			return nil, &Error{a, "augur does not read this preprocessor flag; give the macros and directories as -D, -U and -I"}
		}
		r := match(a)
		if r == nil {
			return nil, &Error{a, "not a gcc flag that augur knows (docs/analyze.md lists them)"}
		}
		words := []string{a}
		val := ""
		if r.value {
			if a == r.name {
				if i+1 >= len(args) {
					return nil, &Error{a, "needs a value after it"}
				}
				i++
				val = args[i]
				words = append(words, val)
			} else {
				val = a[len(r.name):]
			}
		}
		if err := l.flag(r, a, val, words); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// match is the rule of flag a, nil if none.
func match(a string) *flagRule {
	for i := range rules {
		r := &rules[i]
		switch {
		case a == r.name:
			return r
		case (r.prefix || r.value) && strings.HasPrefix(a, r.name):
			return r
		}
	}
	return nil
}

// input takes a word that is not a flag.
func (l *Line) input(a string, first bool) error {
	switch ext := filepath.Ext(a); {
	case ext == ".c":
		l.Sources = append(l.Sources, a)
	case ext == ".o" || ext == ".a" || ext == ".so" || ext == ".lo" || strings.Contains(a, ".so."):
		l.Link = append(l.Link, a)
	case first && compilerName.MatchString(filepath.Base(a)):
		l.Compiler = a
	case a == "" || a == "-":
		return &Error{fmt.Sprintf("%q", a), "not a file name"}
	default:
		return &Error{a, "not a C source (.c), an object or a library; only a compiler's name (mpicc, gcc) may come first"}
	}
	return nil
}

// flag takes flag a of rule r with its value val; words are the words it
// took.
func (l *Line) flag(r *flagRule, a, val string, words []string) error {
	if r.value && val == "" {
		return &Error{a, "has an empty value"}
	}
	switch r.kind {
	case preprocessFlag:
		switch r.name {
		case "-D":
			name, v, ok := strings.Cut(val, "=")
			if !ok {
				v = "1"
			}
			l.Macros = append(l.Macros, Macro{Name: name, Value: v})
		case "-U":
			l.Macros = append(l.Macros, Macro{Name: val, Undef: true})
		case "-iquote":
			l.Quote = append(l.Quote, val)
		case "-I":
			l.Include = append(l.Include, val)
		case "-isystem":
			l.System = append(l.System, val)
		case "-idirafter":
			l.After = append(l.After, val)
		case "-include":
			l.Preinclude = append(l.Preinclude, val)
		case "-nostdinc":
			l.NoStdInc = true
		}
		l.Compile = append(l.Compile, words...)
	case codeGenFlag:
		l.Check = append(l.Check, a)
		if strings.HasPrefix(a, "-O") && !validOpt(a[2:]) {
			return &Error{a, "not an optimisation level: gcc takes -O, -O0 to -O3, -Os, -Oz, -Og and -Ofast"}
		}
		l.CodeGen.take(a)
		l.Compile = append(l.Compile, words...)
	case ignoredFlag:
		if r.check {
			l.Check = append(l.Check, a)
		}
		l.Compile = append(l.Compile, words...)
	case linkFlag:
		l.Link = append(l.Link, words...)
	case modeFlag:
		if r.name == "-o" {
			l.Output = val
		}
		if r.name == "-x" && val != "c" && val != "none" {
			return &Error{strings.Join(words, " "), "augur reads C only"}
		}
	}
	return nil
}

// take records a code-generation flag.
func (c *CodeGen) take(a string) {
	c.Flags = append(c.Flags, a)
	switch {
	case strings.HasPrefix(a, "-O"):
		c.Opt = optLevel(a[2:])
		if c.Opt == "fast" {
			c.FastMath = true
		}
	case a == "-ffast-math":
		c.FastMath = true
	case a == "-fno-fast-math":
		c.FastMath = false
	case a == "-fopenmp":
		c.OpenMP = true
	case a == "-fno-openmp":
		c.OpenMP = false
	case strings.HasPrefix(a, "-march="):
		c.Arch = a[len("-march="):]
	case strings.HasPrefix(a, "-mtune="):
		c.Tune = a[len("-mtune="):]
	}
}

// validOpt tells whether gcc takes -O followed by s.
func validOpt(s string) bool {
	switch s {
	case "", "s", "z", "g", "fast":
		return true
	}
	return strings.Trim(s, "0123456789") == ""
}

// optLevel is gcc's level for -O's suffix: -O is -O1, and levels above 3
// are 3.
func optLevel(s string) string {
	if s == "" {
		return "1"
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return s // s, z, g, fast
	}
	return strconv.Itoa(min(n, 3))
}

// Split cuts a command written for the shell (a compile_commands.json's
// "command") into words as sh would: blanks separate them, quotes and
// backslashes keep what they quote.
func Split(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			inWord = true
		case c == '\'' || c == '"':
			end := i + 1
			for end < len(s) && s[end] != c {
				if c == '"' && s[end] == '\\' && end+1 < len(s) {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, fmt.Errorf("unterminated %c quote in %q", c, s)
			}
			q := s[i+1 : end]
			if c == '"' {
				q = unescapeDouble(q)
			}
			w.WriteString(q)
			inWord = true
			i = end
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// unescapeDouble removes the backslashes sh removes inside double quotes.
func unescapeDouble(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if q[i] == '\\' && i+1 < len(q) && strings.IndexByte("\"\\$`", q[i+1]) >= 0 {
			i++
		}
		b.WriteByte(q[i])
	}
	return b.String()
}
