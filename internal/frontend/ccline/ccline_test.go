package ccline

import (
	"reflect"
	"strings"
	"testing"
)

// A NAS-style build line, with the compiler first, flags before and after
// the sources and link flags mixed in, is read as gcc reads it.
func TestParseBuildLine(t *testing.T) {
	line := "mpicc -O3 -march=native -DCLASS=W -D MPI -I../common -I /opt/inc -iquote q -isystem s -idirafter a -nostdinc " +
		"-include first.h -UDEBUG -std=c99 -Wall -g -ffast-math -fopenmp -pthread is.c -c -o is.o c_print_results.c -lm -L /usr/lib -Wl,-O1 helper.o"
	l, err := Parse(strings.Fields(line))
	if err != nil {
		t.Fatal(err)
	}
	want := &Line{
		Compiler: "mpicc",
		Sources:  []string{"is.c", "c_print_results.c"},
		Quote:    []string{"q"}, Include: []string{"../common", "/opt/inc"}, System: []string{"s"}, After: []string{"a"},
		NoStdInc:   true,
		Macros:     []Macro{{Name: "CLASS", Value: "W"}, {Name: "MPI", Value: "1"}, {Name: "DEBUG", Undef: true}},
		Preinclude: []string{"first.h"},
		CodeGen: CodeGen{Opt: "3", FastMath: true, Arch: "native", OpenMP: true,
			Flags: []string{"-O3", "-march=native", "-std=c99", "-ffast-math", "-fopenmp", "-pthread"}},
		Compile: strings.Fields("-O3 -march=native -DCLASS=W -D MPI -I../common -I /opt/inc -iquote q -isystem s -idirafter a -nostdinc " +
			"-include first.h -UDEBUG -std=c99 -Wall -g -ffast-math -fopenmp -pthread"),
		Link:   []string{"-lm", "-L", "/usr/lib", "-Wl,-O1", "helper.o"},
		Output: "is.o",
		Check:  []string{"-O3", "-march=native", "-std=c99", "-Wall", "-g", "-ffast-math", "-fopenmp", "-pthread"},
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("got  %+v\nwant %+v", l, want)
	}
	if got := l.CodeGen.String(); got != "-O3 -march=native -std=c99 -ffast-math -fopenmp -pthread" {
		t.Errorf("header %q", got)
	}
}

// The optimisation level is the last -O's, as gcc's; -Ofast implies fast
// math, a later -fno-fast-math takes it back.
func TestCodeGen(t *testing.T) {
	for _, c := range []struct {
		line     string
		opt      string
		fastMath bool
		openMP   bool
	}{
		{"x.c", "", false, false},
		{"-O x.c", "1", false, false},
		{"-O2 -O0 x.c", "0", false, false},
		{"-O7 x.c", "3", false, false},
		{"-Ofast x.c", "fast", true, false},
		{"-Ofast -fno-fast-math x.c", "fast", false, false},
		{"-Os -fopenmp -fno-openmp x.c", "s", false, false},
		{"-fopenmp -mtune=native x.c", "", false, true},
	} {
		l, err := Parse(strings.Fields(c.line))
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if g := l.CodeGen; g.Opt != c.opt || g.FastMath != c.fastMath || g.OpenMP != c.openMP {
			t.Errorf("%s: %+v", c.line, g)
		}
	}
	if l, _ := Parse([]string{"x.c"}); l.CodeGen.String() != "none (gcc's default, -O0)" {
		t.Errorf("no flags: %q", l.CodeGen.String())
	}
}

// What augur cannot take is an error naming the word.
func TestParseErrors(t *testing.T) {
	for line, want := range map[string]string{
		"-Q x.c":           "compile line: -Q: not a gcc flag that augur knows",
		"x.c -I":           "compile line: -I: needs a value after it",
		"--machine x.c":    "compile line: --machine: gcc's flags are written with one dash here",
		"x.c notes.txt":    "compile line: notes.txt: not a C source (.c), an object or a library",
		"x.c mpicc":        "compile line: mpicc: not a C source",
		"-O9x x.c":         "compile line: -O9x: not an optimisation level",
		"-x c++ x.c":       "compile line: -x c++: augur reads C only",
		"-Wp,-DX x.c":      "compile line: -Wp,-DX: augur does not read this preprocessor flag",
		"-imacros m.h x.c": "compile line: -imacros: augur does not read",
	} {
		_, err := Parse(strings.Fields(line))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %s", line, err, want)
		}
	}
}

// Compilers are recognised by their names, only in first place.
func TestCompilerName(t *testing.T) {
	for _, name := range []string{"cc", "gcc", "mpicc", "/usr/bin/mpicc", "x86_64-linux-gnu-gcc-12", "clang-16", "smpicc", "c99"} {
		l, err := Parse([]string{name, "x.c"})
		if err != nil || l.Compiler != name {
			t.Errorf("%s: %+v %v", name, l, err)
		}
	}
	if _, err := Parse([]string{"make", "x.c"}); err == nil {
		t.Error("make taken for a compiler")
	}
}

func TestSplit(t *testing.T) {
	got, err := Split(`/usr/bin/cc -DNAME="a b" -DQ='it''s' -I\ dir "-DS=\"x\"" -c  x.c`)
	want := []string{"/usr/bin/cc", "-DNAME=a b", "-DQ=its", "-I dir", `-DS="x"`, "-c", "x.c"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %q %v", got, err)
	}
	if _, err := Split(`cc "x.c`); err == nil {
		t.Error("unterminated quote accepted")
	}
}
