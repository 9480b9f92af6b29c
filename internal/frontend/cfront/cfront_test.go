package cfront

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
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
	p, err := Load(context.Background(), []string{"testdata/prog.c"}, Options{IncludeDirs: []string{"testdata/include"}, Defines: []string{"CLASS='W'"}})
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
	p, err = Load(context.Background(), []string{"testdata/prog.c"}, Options{IncludeDirs: []string{"testdata/include"}, Defines: []string{"CLASS='A'"}})
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
		"testdata/nonexistent.c: open testdata/nonexistent.c: no such file or directory",
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
// diagnostic names a file.
func FuzzLoad(f *testing.F) {
	if _, err := exec.LookPath("cc"); err != nil {
		f.Skip("no C compiler")
	}
	for _, name := range []string{"testdata/prog.c", "testdata/mpiprog.c", "testdata/broken.c"} {
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
		p, err := l.Load(context.Background(), []string{path}, Options{IncludeDirs: []string{"testdata/include"}})
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

// Every #pragma the preprocessor keeps comes with its position and text,
// continuation lines joined; what #if removes is not there, and -fopenmp
// (Options.OpenMP) defines _OPENMP as gcc does. The system's headers'
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
		p, err := Load(context.Background(), []string{"testdata/pragmas.c"}, Options{OpenMP: c.openMP})
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
