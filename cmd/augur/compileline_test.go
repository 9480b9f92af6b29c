package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// compileLineProgram writes a program whose loop runs N * SCALE times,
// N from a header found through -I as <common.h>, SCALE from -D.
func compileLineProgram(t *testing.T) (dir string) {
	t.Helper()
	dir = t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "common"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"common/common.h": "#define N 1000\n",
		"prog.c": `#include <common.h>
#ifndef MPI
#error "built without -DMPI"
#endif
double s;
int main(void) {
  for (int i = 0; i < N * SCALE; i++)
    s += i;
  return 0;
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The compile line as a makefile writes it, with augur's flags mixed in:
// -I serves <...>, -D and -D NAME define, warning, debug and link flags
// and -o are ignored, the code-generation flags reach the header; the
// same line after -- and with the compiler's name first reads the same.
func TestAnalyzeCompileLine(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := compileLineProgram(t)
	prog, common := filepath.Join(dir, "prog.c"), filepath.Join(dir, "common")
	model := filepath.Join(dir, "prog-W.aug")
	for _, args := range [][]string{
		{"--format", "json", "mpicc", "-O3", "-march=native", "-DMPI", "-D", "SCALE=3", "-I" + common, "-Wall", "-g", prog, "-ffast-math", "-c", "-o", "prog.o", "-lm", "--model", model},
		{"--format", "json", "--model=" + model, "--", "gcc", prog, "-O3", "-march=native", "-I", common, "-DMPI", "-DSCALE=3", "-ffast-math", "-Wl,--as-needed"},
		{"-O3", "-march=native", "--format=json", "-DMPI", "-DSCALE=3", "-I", common, "-ffast-math", prog, "--model", model},
	} {
		code, out, errs := augur(t, append([]string{"analyze"}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, errs)
		}
		var r struct {
			Flags  []string `json:"compile_flags"`
			Blocks []struct {
				Kind  string  `json:"kind"`
				Value float64 `json:"count_value"`
			} `json:"blocks"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		loops := 0
		for _, b := range r.Blocks {
			if b.Kind == "loop" {
				loops++
				if b.Value != 3000 {
					t.Errorf("%v: the loop runs %g times, want N * SCALE = 3000", args, b.Value)
				}
			}
		}
		if loops != 1 || strings.Join(r.Flags, " ") != "-O3 -march=native -ffast-math" {
			t.Errorf("%v: %d loops, flags %q", args, loops, r.Flags)
		}
		if _, err := os.Stat(model); err != nil {
			t.Errorf("%v: %v", args, err)
		}
		os.Remove(model)
	}
	code, out, errs := augur(t, "analyze", "-DMPI", "-DSCALE=2", "-I", common, prog)
	if code != exitOK || !strings.Contains(out, "\nflags:   none (gcc's default, -O0)\n") {
		t.Errorf("text header without flags: exit %d\n%s%s", code, out, errs)
	}
}

// A word augur cannot take is an error naming it, on the command line's
// exit status; so is -o with a model's name, and a flag the compiler
// refuses.
func TestAnalyzeCompileLineErrors(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := compileLineProgram(t)
	prog := filepath.Join(dir, "prog.c")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-Q", prog}, "augur analyze: compile line: -Q: not a gcc flag that augur knows (docs/analyze.md lists them)\n"},
		{[]string{"--nosuch", prog}, "augur analyze: unknown flag --nosuch (augur's flags are written with two dashes, the compiler's with one)\n"},
		{[]string{prog, "--machine"}, "augur analyze: flag needs an argument: --machine\n"},
		{[]string{prog, "-machine", "m.yaml"}, "augur analyze: -machine: augur's flags are written with two dashes: --machine\n"},
		{[]string{prog, "-model=m.aug"}, "augur analyze: -model=m.aug: augur's flags are written with two dashes: --model=m.aug\n"},
		{[]string{prog, "notes.txt"}, "augur analyze: compile line: notes.txt: not a C source (.c)"},
		{[]string{prog, "-o", "m.aug"}, "augur analyze: -o m.aug is the compiler's output file, which analyze ignores; write the model with --model m.aug\n"},
		{[]string{"-DMPI", "-DSCALE=1", "-fno-such-flag", prog}, "refuses the compile line's flags -fno-such-flag"},
		{[]string{"-DMPI", "-DSCALE=1", "-O2", "-Weverything", prog}, "error: unrecognized command-line option '-Weverything'"},
	} {
		code, _, errs := augur(t, append([]string{"analyze"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errs, exitUsage, c.want)
		}
	}
	// Without -DMPI the program's own #error stops it, positioned.
	code, _, errs := augur(t, "analyze", "-I", filepath.Join(dir, "common"), prog)
	if code != exitInput || !strings.Contains(errs, prog+":3:") {
		t.Errorf("#error: exit %d\n%s", code, errs)
	}
}

// A make build with separate compile steps, recorded by bear into a
// compile_commands.json: analyze reads every file it lists, each with
// its own flags.
func TestAnalyzeCompileCommandsFromBear(t *testing.T) {
	for _, tool := range []string{"cc", "make", "bear"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s (Debian's bear records compile_commands.json)", tool)
		}
	}
	dir := t.TempDir()
	files := map[string]string{
		"inc/size.h": "#define N 250\n",
		"main.c":     "#include <size.h>\nvoid work(void);\nint main(void) {\n  for (int i = 0; i < N * REPS; i++)\n    work();\n  return 0;\n}\n",
		"work.c":     "double x;\nvoid work(void) {\n  for (int j = 0; j < INNER; j++)\n    x += j;\n}\n",
		"Makefile": "prog: main.o work.o\n\tcc -o prog main.o work.o\n" +
			"main.o: main.c\n\tcc -O2 -Iinc -DREPS=4 -c main.c\n" +
			"work.o: work.c\n\tcc -O3 -ffast-math -DINNER=8 -c work.c\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bear", "--", "make")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bear -- make: %v\n%s", err, out)
	}
	code, out, errs := augur(t, "analyze", "--compile-commands", filepath.Join(dir, "compile_commands.json"), "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var r struct {
		Files  []string `json:"files"`
		Flags  []string `json:"compile_flags"`
		Blocks []struct {
			Name  string  `json:"name"`
			Kind  string  `json:"kind"`
			Value float64 `json:"count_value"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	counts := map[string]float64{}
	for _, b := range r.Blocks {
		if b.Kind == "loop" {
			counts[strings.SplitN(b.Name, "_", 3)[1]] = b.Value // main_L4_2: L4
		}
	}
	// main's loop: N * REPS = 1000; work's: INNER = 8 per call, 8000 in all.
	if len(r.Files) != 2 || len(counts) != 2 || counts["L4"] != 1000 || counts["L3"] != 8000 || strings.Join(r.Flags, " ") != "-O2" {
		t.Errorf("files %v, loops %v, flags %v\n%s", r.Files, counts, r.Flags, errs)
	}
}

// instrument gives the compiler the compile line's flags as they are,
// the link flags after the sources, and leaves -c and -o out.
func TestInstrumentCompileLine(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := compileLineProgram(t)
	prog, common, out := filepath.Join(dir, "prog.c"), filepath.Join(dir, "common"), filepath.Join(dir, "cnt")
	code, stdout, errs := augur(t, "instrument", "--count", "mpicc", "-O3", "-DMPI", "-D", "SCALE=3", "-I", common, "-Wall", "-c", prog, "-lm", "-L/opt/x", "-o", "prog.o", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if !strings.Contains(stdout, "\nbuild: mpicc -O3 -DMPI -D SCALE=3 -I "+common+" -Wall -I "+dir+" ") ||
		!strings.Contains(stdout, " -lm -L/opt/x -o "+filepath.Join(out, "prog")+" -lm\n") || strings.Contains(stdout, "prog.o") || strings.Contains(stdout, " -c ") {
		t.Errorf("build line:\n%s", stdout)
	}
	code, _, errs = augur(t, "instrument", "--count", prog, "-o", out)
	if code != exitUsage || !strings.Contains(errs, "--out DIR is required (-o "+out+" is the compiler's output file") {
		t.Errorf("-o for --out: exit %d\n%s", code, errs)
	}
	// Built with those flags, the counted program runs its loop N * SCALE
	// times.
	if _, err := exec.LookPath("mpicc"); err != nil {
		t.Skip("no mpicc (libopenmpi-dev)")
	}
	code, _, errs = augur(t, "instrument", "--count", "--build", "--out", out, "mpicc", "-O2", "-DMPI", "-DSCALE=3", "-I", common, prog, "-lm")
	if code != exitOK {
		t.Fatalf("--build: exit %d\n%s", code, errs)
	}
	run := exec.Command(filepath.Join(out, "prog"))
	run.Env = append(os.Environ(), "AUGUR_COUNT_DIR="+dir)
	if b, err := run.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	counts, err := os.ReadFile(filepath.Join(dir, "augur-counts.0.txt"))
	if err != nil || !strings.Contains(string(counts), " iterations 3000\n") {
		t.Errorf("counts: %v\n%s", err, counts)
	}
}

// Messages about the generated model name the file --model writes, not
// NAME.aug.
func TestAnalyzeNamesModelFile(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "is.c")
	if err := os.WriteFile(prog, []byte("#include <mpi.h>\nint main(int argc, char **argv) {\n  MPI_Init(&argc, &argv);\n  MPI_Finalize();\n  return 0;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "is-S.aug")
	// The ideal machine has no time for a call: the prediction fails,
	// naming the model's line.
	code, out, errs := augur(t, "analyze", "--machine", "../../examples/machines/ideal.yaml", "--model", model, "mpicc", "-O2", prog)
	if code != exitInput || !strings.Contains(out, "error:   ideal: "+model+":") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}
