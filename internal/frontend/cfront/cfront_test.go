package cfront

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"modernc.org/cc/v4"
)

func needCC(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler: the system headers cannot be found")
	}
}

// functions lists the names of the function definitions of a unit's own
// file, in order.
func functions(u *Unit) []string {
	var out []string
	for l := u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		if ed := l.ExternalDeclaration; ed != nil && ed.Case == cc.ExternalDeclarationFuncDef {
			if fd := ed.FunctionDefinition; fd.Position().Filename == u.File {
				out = append(out, fd.Declarator.Name()+"@"+strconv.Itoa(fd.Position().Line))
			}
		}
	}
	return out
}

// A program with the system's stdio, math and stdlib and a header found
// through -I reads typed; -D changes what the preprocessor keeps; the
// #pragma augur lines come with their positions.
func TestLoadWithHeadersAndFlags(t *testing.T) {
	needCC(t)
	p, err := Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: []string{"-Itestdata/include", "-DCLASS='W'"}})
	if err != nil || p.Diags.HasErrors() {
		t.Fatalf("%v %v", err, p.Diags)
	}
	u := p.Units[0]
	if got := strings.Join(functions(u), " "); got != "scale@12 main@14" {
		t.Errorf("functions %s", got)
	}
	if len(u.Pragmas) != 1 || u.Pragmas[0].Text != "loop(n)" || u.Pragmas[0].Pos.String() != "testdata/prog.c:17:1" {
		t.Errorf("pragmas %+v", u.Pragmas)
	}
	// CLASS W makes SIZE 128: the default of n in main's first line.
	if !strings.Contains(macroValue(t, u, "SIZE"), "128") {
		t.Errorf("SIZE with CLASS=W: %s", macroValue(t, u, "SIZE"))
	}
	p, err = Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: []string{"-I", "testdata/include", "-DCLASS='A'"}})
	if err != nil || p.Diags.HasErrors() || !strings.Contains(macroValue(t, p.Units[0], "SIZE"), "16") {
		t.Errorf("SIZE with CLASS=A: %v %v", err, p.Diags)
	}
	// Without -I the local header is missing: a warning at its #include,
	// then FACTOR is undefined: an error with its position.
	p, err = Load(context.Background(), []string{"testdata/prog.c"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := diagText(p)
	if !strings.Contains(text, "testdata/prog.c:4:10: warning: local.h not found; it is read as empty") || !strings.Contains(text, "testdata/prog.c:12:44: undefined: FACTOR\n") || strings.Contains(text, "TODO") || !p.Diags.HasErrors() {
		t.Errorf("diagnostics:\n%s", text)
	}
}

func macroValue(t *testing.T, u *Unit, name string) string {
	t.Helper()
	m := u.AST.Macros[name]
	if m == nil {
		return "(undefined)"
	}
	var b strings.Builder
	for _, tok := range m.ReplacementList() {
		b.WriteString(tok.SrcStr())
	}
	return b.String()
}

func diagText(p *Program) string {
	var b strings.Builder
	for _, d := range p.Diags {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

// An MPI program reads with the installed mpi.h, and with augur's own
// declarations when none is found (said as a warning at the #include).
func TestLoadMPI(t *testing.T) {
	needCC(t)
	p, err := Load(context.Background(), []string{"testdata/mpiprog.c"}, Options{noMPI: true})
	if err != nil || p.Diags.HasErrors() {
		t.Fatalf("fallback: %v\n%s", err, diagText(p))
	}
	if v, ok := p.Units[0].AST.Macros["MPI_DOUBLE"]; !ok || v == nil {
		t.Error("the fallback mpi.h does not define MPI_DOUBLE")
	}
	if text := diagText(p); !strings.Contains(text, "testdata/mpiprog.c:1:10: warning: mpi.h not found") {
		t.Errorf("diagnostics:\n%s", text)
	}
	if len(mpiIncludeDirs(false)) == 0 {
		t.Skip("no MPI installed (libopenmpi-dev): the real mpi.h is not tested")
	}
	p, err = Load(context.Background(), []string{"testdata/mpiprog.c"}, Options{})
	if err != nil || p.Diags.HasErrors() || len(p.Diags) != 0 {
		t.Fatalf("installed mpi.h: %v\n%s", err, diagText(p))
	}
}

// Syntax errors come back positioned, every one of them.
func TestLoadErrors(t *testing.T) {
	needCC(t)
	p, err := Load(context.Background(), []string{"testdata/broken.c", "testdata/missing.c", "testdata/nonexistent.c"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := diagText(p)
	for _, want := range []string{
		"testdata/broken.c:2:11: unexpected ';', expected unary expression\n",
		"testdata/missing.c:2:10: warning: nosuch/header.h not found",
		"testdata/nonexistent.c: stat testdata/nonexistent.c: no such file or directory",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, text)
		}
	}
	if _, err := Load(context.Background(), nil, Options{}); err == nil {
		t.Error("no file: no error")
	}
	if _, err := Load(context.Background(), []string{"testdata/prog.c"}, Options{CompileCommands: "testdata/nonexistent.json"}); err == nil {
		t.Error("missing compile_commands.json: no error")
	}
}

// A compile_commands.json gives each file its own flags, relative to its
// directory.
func TestCompileCommands(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	abs, _ := filepath.Abs("testdata")
	db := `[{"directory": "` + abs + `", "file": "cc/unit.c", "arguments": ["cc", "-Iinclude", "-D", "MODE=3", "-c", "cc/unit.c"]}]`
	path := filepath.Join(dir, "compile_commands.json")
	if err := os.WriteFile(path, []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Load(context.Background(), []string{"testdata/cc/unit.c"}, Options{CompileCommands: path})
	if err != nil || p.Diags.HasErrors() {
		t.Fatalf("%v\n%s", err, diagText(p))
	}
	if got := macroValue(t, p.Units[0], "MODE"); got != "3" {
		t.Errorf("MODE = %s", got)
	}
	if err := os.WriteFile(path, []byte(`{"not": "a list"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(context.Background(), []string{"testdata/cc/unit.c"}, Options{CompileCommands: path}); err == nil ||
		err.Error() != path+":1:1: not a compile_commands.json: JSON: want array, got object" {
		t.Errorf("bad database: %v", err)
	}
}

// Mutated C sources never make the front end panic or hang, and every
// diagnostic names a file. The inputs are read with the system's headers,
// which makes each one cost a few tenths of a second (glibc's and MPI's
// headers are parsed anew); FuzzLoadStubs explores the same front end
// many times faster.
func FuzzLoad(f *testing.F) {
	fuzzLoad(f, []string{"testdata/prog.c", "testdata/mpiprog.c", "testdata/broken.c"}, "-Itestdata/include")
}

// FuzzLoadStubs is FuzzLoad with testdata/stubs's few prototypes for the
// C library (-nostdinc -isystem) and augur's own declarations of MPI:
// an input parses a few hundred lines of headers instead of tens of
// thousands.
func FuzzLoadStubs(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.c")
	fuzzLoad(f, seeds, "-nostdinc", "-isystem", "testdata/stubs", "-Itestdata/include")
}

func fuzzLoad(f *testing.F, seeds []string, flags ...string) {
	if _, err := exec.LookPath("cc"); err != nil {
		f.Skip("no C compiler")
	}
	for _, name := range seeds {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	l, err := NewLoader()
	if err != nil {
		f.Skip(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		path := filepath.Join(t.TempDir(), "f.c")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := l.Load(context.Background(), []string{path}, Options{Flags: flags})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Diags {
			if d.File == "" || d.Msg == "" {
				t.Errorf("diagnostic without a file or a message: %+v", d)
			}
		}
	})
}

// Include search is gcc's: -I for both "..." and <...>, -iquote for
// "..." only, -isystem for both, and "mpi.h" where mpicc finds it.
func TestIncludeSearch(t *testing.T) {
	needCC(t)
	if len(mpiIncludeDirs(false)) == 0 {
		t.Skip("no MPI installed (libopenmpi-dev)")
	}
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	load := func(flags ...string) string {
		p, err := l.Load(context.Background(), []string{"testdata/search/prog.c"}, Options{Flags: flags})
		if err != nil {
			t.Fatal(err)
		}
		return diagText(p)
	}
	if text := load("-I", "testdata/search/i", "-iquote", "testdata/search/q", "-isystemtestdata/search/s"); text != "" {
		t.Errorf("-I, -iquote, -isystem:\n%s", text)
	}
	// -iquote does not serve <...>; -I serves "...".
	text := load("-iquote", "testdata/search/i", "-Itestdata/search/q", "-idirafter", "testdata/search/s")
	if !strings.Contains(text, "testdata/search/prog.c:3:10: warning: angle.h not found") || strings.Contains(text, "quoted.h not found") || strings.Contains(text, "sys_only.h") {
		t.Errorf("-iquote for <...>:\n%s", text)
	}
}

// -nostdinc searches only the directories the line gives: the system's
// stdio.h is not found (read as empty, with a warning), MPI's mpi.h
// neither (augur's own declarations); -isystem's headers are system
// headers, as for gcc.
func TestNoStdInc(t *testing.T) {
	needCC(t)
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: []string{"-nostdinc", "-Itestdata/include"}})
	if err != nil {
		t.Fatal(err)
	}
	if text := diagText(p); !strings.Contains(text, "testdata/prog.c:1:10: warning: stdio.h not found") {
		t.Errorf("-nostdinc found the system's stdio.h:\n%s", text)
	}
	p, err = l.Load(context.Background(), []string{"testdata/prog.c", "testdata/mpiprog.c"}, Options{Flags: []string{"-nostdinc", "-isystem", "testdata/stubs", "-Itestdata/include"}})
	if err != nil {
		t.Fatal(err)
	}
	if text := diagText(p); text != "testdata/mpiprog.c:1:10: warning: mpi.h not found in the directories given (-nostdinc: MPI's are not searched; give them with -I); using augur's own declarations of MPI\n" {
		t.Errorf("with the stubs:\n%s", text)
	}
	if !slices.Contains(p.System, "testdata/stubs") {
		t.Errorf("-isystem's directory is not a system one: %q", p.System)
	}
}

// -D and -U act in their order; the code-generation flags change the
// compiler's predefined macros as gcc's do and are recorded; a flag the
// compiler does not know is an error naming it.
func TestFlagsAsGCC(t *testing.T) {
	needCC(t)
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	load := func(flags ...string) *Unit {
		t.Helper()
		p, err := l.Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: append([]string{"-Itestdata/include", "-DCLASS='W'"}, flags...)})
		if err != nil || p.Diags.HasErrors() {
			t.Fatalf("%v: %v %s", flags, err, diagText(p))
		}
		return p.Units[0]
	}
	u := load("-DX=1", "-UX", "-D", "X=2", "-DY", "-UY", "-DF(a)=(a+1)")
	if macroValue(t, u, "X") != "2" || macroValue(t, u, "Y") != "(undefined)" || macroValue(t, u, "F") != "(a+1)" {
		t.Errorf("X=%s Y=%s F=%s", macroValue(t, u, "X"), macroValue(t, u, "Y"), macroValue(t, u, "F"))
	}
	if macroValue(t, u, "_OPENMP") != "(undefined)" || macroValue(t, u, "__OPTIMIZE__") != "(undefined)" || u.CodeGen.Opt != "" {
		t.Errorf("without flags: _OPENMP %s __OPTIMIZE__ %s %+v", macroValue(t, u, "_OPENMP"), macroValue(t, u, "__OPTIMIZE__"), u.CodeGen)
	}
	u = load("-O2", "-fopenmp", "-ffast-math", "-Wall", "-g", "-lm")
	if macroValue(t, u, "_OPENMP") == "(undefined)" || macroValue(t, u, "__OPTIMIZE__") != "1" || macroValue(t, u, "__FAST_MATH__") != "1" {
		t.Errorf("-O2 -fopenmp -ffast-math: _OPENMP %s __OPTIMIZE__ %s __FAST_MATH__ %s", macroValue(t, u, "_OPENMP"), macroValue(t, u, "__OPTIMIZE__"), macroValue(t, u, "__FAST_MATH__"))
	}
	if g := u.CodeGen; g.Opt != "2" || !g.OpenMP || !g.FastMath || strings.Join(g.Flags, " ") != "-O2 -fopenmp -ffast-math" {
		t.Errorf("recorded %+v", g)
	}
	_, err = l.Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: []string{"-Wall", "-fno-such-flag"}})
	if err == nil || !strings.Contains(err.Error(), "refuses the compile line's flags -Wall -fno-such-flag") || !strings.Contains(err.Error(), "unrecognized command-line option") {
		t.Errorf("unknown -f flag: %v", err)
	}
	if _, err = l.Load(context.Background(), []string{"testdata/prog.c"}, Options{Flags: []string{"-Q"}}); err == nil || err.Error() != "compile line: -Q: not a gcc flag that augur knows (docs/analyze.md lists them)" {
		t.Errorf("-Q: %v", err)
	}
}

// With no file given, a compile_commands.json's files are read, each
// with its own command (a shell command line here).
func TestCompileCommandsAllFiles(t *testing.T) {
	needCC(t)
	abs, _ := filepath.Abs("testdata")
	db := `[{"directory": "` + abs + `", "file": "cc/unit.c", "command": "mpicc -O3 -I include -D 'MODE=(2 + 5)' -c cc/unit.c -o unit.o"},
 {"directory": "` + abs + `", "file": "` + abs + `/prog.c", "command": "cc -Iinclude -DCLASS=\"'W'\" -c prog.c"}]`
	path := filepath.Join(t.TempDir(), "compile_commands.json")
	if err := os.WriteFile(path, []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Load(context.Background(), nil, Options{CompileCommands: path})
	if err != nil || p.Diags.HasErrors() {
		t.Fatalf("%v\n%s", err, diagText(p))
	}
	if len(p.Units) != 2 || p.Units[0].File != "testdata/cc/unit.c" || p.Units[1].File != "testdata/prog.c" {
		t.Fatalf("units %v %v", p.Units[0].File, p.Units[1].File)
	}
	if got := macroValue(t, p.Units[0], "MODE"); got != "(2+5)" || p.Units[0].CodeGen.Opt != "3" || p.Units[1].CodeGen.Opt != "" {
		t.Errorf("MODE = %s, %+v %+v", got, p.Units[0].CodeGen, p.Units[1].CodeGen)
	}
}

// Every #pragma the preprocessor keeps comes with its position and text,
// continuation lines joined; what #if removes is not there, and -fopenmp
// on the compile line defines _OPENMP as gcc does. The system's headers'
// pragmas and augur's own are left out.
func TestDirectives(t *testing.T) {
	needCC(t)
	for _, c := range []struct {
		openMP bool
		want   string
	}{
		{false, "testdata/pragmas.c:2:1 once|testdata/pragmas.c:5:1 omp parallel for reduction(+:s)|"},
		{true, "testdata/pragmas.c:2:1 once|testdata/pragmas.c:5:1 omp parallel for reduction(+:s)|testdata/pragmas.c:10:3 omp barrier|"},
	} {
		p, err := Load(context.Background(), []string{"testdata/pragmas.c"}, Options{Flags: ompFlags(c.openMP)})
		if err != nil || p.Diags.HasErrors() {
			t.Fatalf("%v %v", err, p.Diags)
		}
		got := ""
		for _, d := range p.Units[0].Directives {
			got += d.Pos.String() + " " + d.Text + "|"
		}
		if got != c.want {
			t.Errorf("OpenMP %v: directives\n%s\nwant\n%s", c.openMP, got, c.want)
		}
		if len(p.Units[0].Pragmas) != 1 {
			t.Errorf("augur pragmas %+v", p.Units[0].Pragmas)
		}
	}
}

// ompFlags is the compile line with or without -fopenmp.
func ompFlags(on bool) []string {
	if on {
		return []string{"-fopenmp"}
	}
	return nil
}
