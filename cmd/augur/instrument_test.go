package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"augur/internal/frontend/instrument"
	"augur/internal/results"
)

// augur instrument --count on a program with triangular, strided and
// guarded nests, a while loop and branches: the instrumented program
// keeps every line's number, builds with cc, and its counts equal the
// analysis's wherever the analysis derived them; the while loop's count,
// which it could not, comes from the run (50 steps of the Collatz walk
// from 12345) and is marked measured.
func TestInstrumentCount(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	src := "../../internal/frontend/instrument/testdata/nests.c"
	dir := t.TempDir()
	code, out, errs := augur(t, "instrument", src, "--count", "--out", dir, "--build")
	if code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := os.ReadFile(filepath.Join(dir, "nests.c"))
	if err != nil {
		t.Fatal(err)
	}
	// Two lines of runtime declaration and #line, then the program line for line.
	if strings.Count(string(inst), "\n") != strings.Count(string(orig), "\n")+2 || !strings.Contains(string(inst), "#line 1 ") {
		t.Errorf("the instrumented source does not keep the line numbers:\n%s", inst)
	}
	run := exec.Command(filepath.Join(dir, "nests"), "30")
	run.Dir = dir
	if b, err := run.CombinedOutput(); err != nil || !strings.HasSuffix(strings.TrimSpace(string(b)), " 50") {
		t.Fatalf("instrumented run: %v: %s", err, b)
	}
	code, out, errs = augur(t, "analyze", src, "--counts", dir, "--set", "m=30", "--format", "json")
	if code != exitOK {
		t.Fatalf("analyze --counts: exit %d: %s", code, errs)
	}
	var r struct {
		Unknowns []struct {
			What  string `json:"what"`
			How   string `json:"provenance"`
			Value string `json:"value"`
		} `json:"unknowns"`
		Measured []struct {
			Block     string  `json:"block"`
			How       string  `json:"provenance"`
			Static    float64 `json:"static"`
			Measured  float64 `json:"measured"`
			Disagrees bool    `json:"disagrees"`
		} `json:"measured_counts"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Measured) < 8 {
		t.Fatalf("%d counts compared, want every loop and branch: %s", len(r.Measured), out)
	}
	for _, m := range r.Measured {
		if m.Disagrees || m.Static != m.Measured {
			t.Errorf("%s (%s): static %v, measured %v", m.Block, m.How, m.Static, m.Measured)
		}
	}
	if len(r.Unknowns) != 1 || r.Unknowns[0].What != "loop count" || r.Unknowns[0].How != "measured" || r.Unknowns[0].Value != "50" {
		t.Errorf("unknowns: %+v, want the while loop's count measured as 50", r.Unknowns)
	}
	// The model written with the counts has them: on its own it predicts
	// what the report says, also the computation of one process.
	model := filepath.Join(t.TempDir(), "nests.aug")
	code, out, errs = augur(t, "analyze", src, "--counts", dir, "--set", "m=30", "--machine", opsMachine, "--model", model, "--format", "json")
	var a results.Analysis
	if code != exitOK || json.Unmarshal([]byte(out), &a) != nil || a.Machines[0].Predicted == nil {
		t.Fatalf("analyze --counts --machine: exit %d: %s", code, errs)
	}
	text, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), " = 50 // ") || !strings.Contains(string(text), "param m = 30 ") {
		t.Errorf("the model lacks the measured count 50 and m = 30:\n%s", text)
	}
	code, out, errs = augur(t, "predict", model, "--machine", opsMachine, "--procs", "1", "--format", "json")
	var p struct {
		Time float64 `json:"time_s"`
	}
	if code != exitOK || json.Unmarshal([]byte(out), &p) != nil {
		t.Fatalf("predict: exit %d: %s", code, errs)
	}
	if want := *a.Machines[0].Predicted; p.Time != want || math.Abs(p.Time-a.Machines[0].Compute) > 1e-9*p.Time {
		t.Errorf("predict of the written model %.9g s, analyze's prediction %.9g s, its computation %.9g s", p.Time, want, a.Machines[0].Compute)
	}
}

func TestInstrumentUsage(t *testing.T) {
	for _, args := range [][]string{
		{"instrument"},
		{"instrument", "x.c", "--out", "d"}, // no --count
		{"instrument", "x.c", "--count"},    // no -o
		{"instrument", "x.c", "--count", "--out", "d", "--align-loops", "64"}, // only with --time
		{"instrument", "x.c", "--time", "--out", "d", "--align-loops", "48"},  // not a power of two
		{"instrument", "x.c", "--time", "--out", "d", "--align-loops", "-1"},
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("augur %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
	}
	if code, _, _ := augur(t, "instrument", "no-such.c", "--count", "--out", t.TempDir()); code != exitInput {
		t.Errorf("a missing file: exit %d, want %d", code, exitInput)
	}
}

// smpiReplayMain is the replay program of Debian's SimGrid (libsimgrid-dev).
const smpiReplayMain = "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain"

// needMPI skips a test without OpenMPI's mpicc and mpirun.
func needMPI(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"mpicc", "mpirun"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: install OpenMPI (openmpi-bin, libopenmpi-dev) to run this test", tool)
		}
	}
}

// mpirun runs a program under OpenMPI's mpirun with np ranks.
func mpirun(np int, argv ...string) *exec.Cmd {
	cmd := exec.Command("mpirun", append([]string{"-np", strconv.Itoa(np), "--oversubscribe"}, argv...)...)
	cmd.Env = append(os.Environ(), "OMPI_MCA_plm_rsh_agent=", "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
	return cmd
}

// actions are the MPI actions of a TiT trace file, without computation
// and comments.
func actions(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, l := range traceLines(t, path) {
		if strings.Contains(l, " compute ") {
			continue
		}
		// A reduction's computation is the operator's measured time:
		// C when the rank combines (every rank of an allreduce, even when
		// a short vector rounds to 0 flops), 0 when it does not.
		if f := strings.Fields(l); len(f) >= 4 && (f[1] == "allreduce" || f[1] == "reduce" && f[3] != "0") {
			f[3] = "C"
			l = strings.Join(f, " ")
		}
		out = append(out, l)
	}
	return out
}

// traceLines is every action line of a trace, compute included.
func traceLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// timedActions is rank 0's trace of testdata/timed.c at two ranks,
// written out by hand from the program: sizes in bytes.
func timedActions() []string {
	out := []string{"0 init", "0 barrier"}
	for i := 0; i < 40; i++ {
		out = append(out, "0 sendRecv 128 1 128 1 6 6")
	}
	return append(out, "0 irecv 1 2 32", "0 isend 1 2 32", "0 waitall 2",
		"0 send 1 3 12", "0 bcast 16 0", "0 allreduce 8 C", "0 alltoall 8 8", "0 gather 8 8 0",
		"0 reduce 8 0 1", "0 finalize")
}

// augur instrument --time on a program with every kind of MPI call the
// recorder writes, a sampled loop without MPI calls and a sampled main
// loop with them, built with mpicc and run at two ranks: the trace's
// actions are the program's, the datatype that is not a constant is
// said and sized right, every loop's iterations are timed or skipped,
// the trace replays, and (with SimGrid) smpirun -replay gives the same
// time as augur replay and smpirun -trace-ti records the same MPI actions.
func TestInstrumentTime(t *testing.T) {
	needMPI(t)
	src := "../../internal/frontend/instrument/testdata/timed.c"
	dir := t.TempDir()
	code, out, errs := augur(t, "instrument", src, "--time", "--out", dir, "--build")
	if code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	for _, want := range []string{"timed.c:65:9: note: this call's datatype is not a constant", "timed.c:67:9: note"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "4 timed loops, 3 sampled (relax_L22 main_L41_2 main_L51_2)") {
		t.Errorf("instrument said:\n%s", out)
	}
	if b, err := mpirun(2, filepath.Join(dir, "timed")).CombinedOutput(); err != nil {
		t.Fatalf("mpirun: %v\n%s", err, b)
	}
	if got, want := actions(t, filepath.Join(dir, "rank-0.txt")), timedActions(); !slices.Equal(got, want) {
		t.Errorf("rank 0's actions:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Every iteration (relax's 30000) and every execution of the main
	// loop's computation (40) is either timed or skipped and charged.
	times, err := os.ReadFile(filepath.Join(dir, "augur-times.1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"relax_L22": 30000, "main_L41_2": 20000, "main_L51_2": 40}
	for _, l := range strings.Split(string(times), "\n") {
		f := strings.Fields(l)
		if len(f) == 7 && f[0] == "sampled" {
			timed, _ := strconv.Atoi(f[3])
			skipped, _ := strconv.Atoi(f[4])
			charged, _ := strconv.ParseFloat(f[6], 64)
			if timed+skipped != want[f[1]] || (skipped == 0) != (charged == 0) || timed < 8 {
				t.Errorf("%s: %d timed and %d skipped (%g s charged), want %d in all", f[1], timed, skipped, charged, want[f[1]])
			}
			t.Logf("%s: %d timed, %d skipped", f[1], timed, skipped)
			delete(want, f[1])
		}
	}
	if len(want) > 0 {
		t.Errorf("no sampled line for %v in\n%s", want, times)
	}
	index := filepath.Join(dir, "index.txt")
	code, out, errs = augur(t, "replay", index, "--platform", "../../examples/mpi/localhost.xml")
	if code != exitOK || !strings.Contains(out, "Simulation time") {
		t.Errorf("replay: exit %d: %s%s", code, out, errs)
	}
	if _, err := exec.LookPath("smpirun"); err != nil {
		t.Log("smpirun not found: the comparisons with SimGrid are skipped")
		return
	}
	platform, err := filepath.Abs("../../examples/mpi/localhost.xml")
	if err != nil {
		t.Fatal(err)
	}
	// smpirun -replay reads the traces and agrees with augur replay.
	if _, err := os.Stat(smpiReplayMain); err == nil {
		b, err := exec.Command("smpirun", "-no-privatize", "-replay", index, "-np", "2", "-platform", platform,
			smpiReplayMain).CombinedOutput()
		want := strings.TrimSpace(strings.TrimPrefix(out[strings.Index(out, "Simulation time"):], "Simulation time"))
		if err != nil || !strings.Contains(string(b), "Simulation time "+want) {
			t.Errorf("smpirun -replay: %v, want simulation time %s:\n%s", err, want, b)
		}
		t.Logf("augur replay and smpirun -replay: %s s", want)
	}
	sg := t.TempDir()
	bin := filepath.Join(sg, "timed")
	if b, err := exec.Command("smpicc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("smpicc: %v\n%s", err, b)
	}
	cmd := exec.Command("smpirun", "-np", "2", "-platform", platform, "--cfg=smpi/host-speed:1Gf",
		"-trace-ti", "--cfg=tracing/filename:"+filepath.Join(sg, "ti.txt"), bin)
	cmd.Dir = sg
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("smpirun: %v\n%s", err, b)
	}
	cs, err := instrument.CompareTraces(index, filepath.Join(sg, "ti.txt"), 2, 1e9, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.FirstDiff >= 0 || c.Actions == 0 {
			t.Errorf("rank %d: %d and %d MPI actions, first difference at %d: %s", c.Rank, c.Actions, c.OtherActions, c.FirstDiff, c.Diff)
		}
	}
}

// A rank that dies keeps its trace up to there, marked, and says so;
// the other rank's, killed by mpirun, too.
func TestInstrumentTimeCrash(t *testing.T) {
	needMPI(t)
	dir := t.TempDir()
	if code, out, errs := augur(t, "instrument", "../../internal/frontend/instrument/testdata/timed.c", "--time", "--out", dir, "--build"); code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	b, err := mpirun(2, filepath.Join(dir, "timed"), "crash").CombinedOutput()
	if err == nil {
		t.Fatalf("the crashing run succeeded:\n%s", b)
	}
	if !strings.Contains(string(b), "augur recorder: rank 1 stopped by signal 11; its trace up to there is in "+filepath.Join(dir, "rank-1.txt")) {
		t.Errorf("no message about the crash:\n%s", b)
	}
	got := actions(t, filepath.Join(dir, "rank-1.txt"))
	// It dies after the third step's exchange.
	want := []string{"1 init", "1 barrier", "1 sendRecv 128 0 128 0 6 6", "1 sendRecv 128 0 128 0 6 6", "1 sendRecv 128 0 128 0 6 6"}
	if !slices.Equal(got, want) {
		t.Errorf("rank 1's actions: %q, want %q", got, want)
	}
	if trace, _ := os.ReadFile(filepath.Join(dir, "rank-1.txt")); !strings.Contains(string(trace), "# rank 1 stopped here by signal 11") {
		t.Errorf("rank 1's trace does not say where it stopped:\n%s", trace)
	}
	if _, err := os.Stat(filepath.Join(dir, "rank-0.txt")); err != nil {
		t.Error(err)
	}
}

// The timed build is the user's (nothing added) unless --align-loops asks
// to align loops, before the user's flags, which can override it.
func TestInstrumentTimeAlignLoops(t *testing.T) {
	src := "../../internal/frontend/instrument/testdata/timed.c"
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "mpicc -I "},
		{[]string{"--align-loops", "64"}, "mpicc -falign-loops=64 -I "},
		{[]string{"--align-loops", "32", "-O3", "-falign-loops=16"}, " -falign-loops=32 -O3 -falign-loops=16 -I "},
		{[]string{"--align-loops", "0", "-O2"}, "mpicc -O2 -I "},
	} {
		args := append([]string{"instrument", src, "--time", "--out", t.TempDir()}, c.args...)
		code, out, errs := augur(t, args...)
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want a build line with %q:\n%s%s", c.args, code, c.want, out, errs)
		}
	}
	// A compiler that does not know the flag: the message says how to do without.
	dir := t.TempDir()
	cc := filepath.Join(dir, "oldcc")
	if err := os.WriteFile(cc, []byte("#!/bin/sh\necho \"oldcc: unknown option -falign-loops=64\" >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, errs := augur(t, "instrument", "--time", "--align-loops", "64", "--out", filepath.Join(dir, "out"), "--build", cc, src)
	if code != exitInput || !strings.Contains(errs, "--align-loops 0 leaves it out") {
		t.Errorf("a compiler without -falign-loops: exit %d:\n%s", code, errs)
	}
}

// Bad command lines and a program that does not build.
func TestInstrumentTimeErrors(t *testing.T) {
	src := "../../internal/frontend/instrument/testdata/timed.c"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{src, "--time", "--count", "--out", "x"}, exitUsage, "one of them"},
		{[]string{src, "--count", "--sample", "main_L50", "--out", "x"}, exitUsage, "go with --time"},
		{[]string{src, "--time", "--tolerance", "1.5", "--out", "x"}, exitUsage, "--tolerance 1.5"},
		{[]string{src, "--time", "--ref-speed", "0", "--out", "x"}, exitUsage, "--ref-speed 0"},
		{[]string{src, "--time", "--align-loops", "48", "--out", "x"}, exitUsage, "--align-loops 48"},
		{[]string{src, "--time", "--sample", "main_L99,main_L50", "--out", t.TempDir()}, exitUsage, "--sample main_L99: no loop of that name"},
	} {
		code, _, errs := augur(t, append([]string{"instrument"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
	needMPI(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.c")
	if err := os.WriteFile(bad, []byte("#include <mpi.h>\nint nosuch(int);\nint main(int argc, char **argv)\n{\n    MPI_Init(&argc, &argv);\n    for (int i = 0; i < 3; i++)\n        nosuch(i);\n    MPI_Finalize();\n    return 0;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := augur(t, "instrument", bad, "--time", "--out", filepath.Join(dir, "out"), "--build")
	if code != exitInput || !strings.Contains(errs, "nosuch") || !strings.Contains(errs, "augur instrument: mpicc ") {
		t.Errorf("a program that does not link: exit %d:\n%s", code, errs)
	}
}

// ChronosMix's counts at three problem sizes, fitted with augur fit: the
// integer sort's loop over the keys a rank received (main_L97_2), whose
// count depends on the data, comes out linear in n with rank 0 of two
// receiving half the keys (the annotation's n / size), within 1 %; the
// loop over its own keys is exactly n / 2 and the loop over its bucket's
// key range the constant MAXKEY / 2 + 1.
func TestInstrumentCountFit(t *testing.T) {
	needMPI(t)
	src := "../../examples/analyze/isort.c"
	dir := t.TempDir()
	if code, out, errs := augur(t, "instrument", src, "-I", "../../examples/analyze", "--count", "--out", dir, "--build"); code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	var csv strings.Builder
	csv.WriteString("region,n,count\n")
	for _, n := range []int{1 << 16, 1 << 18, 1 << 20} {
		run := filepath.Join(dir, strconv.Itoa(n))
		if err := os.Mkdir(run, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := mpirun(2, filepath.Join(dir, "isort"), strconv.Itoa(n))
		cmd.Env = append(cmd.Env, "AUGUR_COUNT_DIR="+run)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("mpirun: %v\n%s", err, b)
		}
		c, err := instrument.ReadCounts(run, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range []string{"main_L73_2", "main_L94", "main_L97_2"} {
			fmt.Fprintf(&csv, "%s,%d,%g\n", b, n, c[b]["iterations"])
		}
	}
	data := filepath.Join(dir, "counts.csv")
	if err := os.WriteFile(data, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const far = 1 << 24
	code, out, errs := augur(t, "fit", data, "--params", "n", "--metric", "count", "--predict", "n="+strconv.Itoa(far), "--format", "json")
	if code != exitOK {
		t.Fatalf("fit: exit %d: %s%s\n%s", code, out, errs, csv.String())
	}
	var r struct {
		Models []struct {
			Region      string `json:"region"`
			Form        string `json:"extrap_form"`
			Predictions []struct {
				Value float64 `json:"value"`
			} `json:"predictions"`
		} `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		value, tol float64
		linear     bool
	}{
		"main_L73_2": {far / 2, 1e-9, true},
		"main_L94":   {1<<20/2 + 1, 1e-9, false},
		"main_L97_2": {far / 2, 0.01, true},
	}
	for _, m := range r.Models {
		w, ok := want[m.Region]
		if !ok || len(m.Predictions) != 1 {
			t.Errorf("%s: unexpected model %+v", m.Region, m)
			continue
		}
		delete(want, m.Region)
		got := m.Predictions[0].Value
		if math.Abs(got-w.value) > w.tol*w.value || strings.Contains(m.Form, "n^(1)") != w.linear || strings.Contains(m.Form, "log") {
			t.Errorf("%s: fitted %s, %g at n=%d; want %g within %g%%", m.Region, m.Form, got, far, w.value, 100*w.tol)
		}
		t.Logf("%s: %s", m.Region, m.Form)
	}
	if len(want) > 0 {
		t.Errorf("no model for %v:\n%s", want, out)
	}
}

// A loop that comes from a macro cannot be wrapped in counters: a warning
// at it, printed as every reader prints one.
func TestInstrumentCountMacroWarning(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	src := writeTemp(t, "m.c", "#define SUM(n) for (int i = 0; i < (n); i++) s += i;\nint main(void) {\n  long s = 0;\n  SUM(10)\n  for (int j = 0; j < 3; j++) s += j;\n  return (int)s;\n}\n")
	code, out, errs := augur(t, "instrument", src, "--count", "--out", t.TempDir())
	want := src + ":4:3: warning: main_L4 is not counted: the statement's tokens do not match its source (a macro?)\n"
	if code != exitOK || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}

// OpenMP loops are counted: the entry's counter goes before the loop's
// directive (between them gcc refuses the program), past any comment
// between the two, preprocessor conditionals around the directive
// included, with the directive's line number kept, counters are atomic, and a worksharing loop's entry,
// which every thread of the team passes, counts once. At 3 threads the
// counts are the program's: the parallel for 1 entry of 1000 iterations;
// the region's own loop runs on each of the 3 threads (3 entries, 9
// passes); the worksharing loop is entered once a pass (3, not 9) and
// shares 1000 iterations among the threads each time.
func TestInstrumentCountOpenMP(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	src := "../../internal/frontend/instrument/testdata/ompcount.c"
	dir := t.TempDir()
	code, out, errs := augur(t, "instrument", "--count", "--out", dir, "--build", "--", "gcc", "-O2", "-fopenmp", src)
	if code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	run := exec.Command(filepath.Join(dir, "ompcount"), "1000")
	run.Dir, run.Env = dir, append(os.Environ(), "OMP_NUM_THREADS=3", "AUGUR_COUNT_DIR="+dir)
	if b, err := run.CombinedOutput(); err != nil || !strings.Contains(string(b), "ompcount: 499500 7992") {
		t.Fatalf("instrumented run: %v: %s", err, b)
	}
	b, err := os.ReadFile(filepath.Join(dir, "augur-counts.0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if f := strings.Fields(l); len(f) == 3 {
			got[f[0]+" "+f[1]] = f[2]
		}
	}
	for k, v := range map[string]string{"main_L13 entries": "1", "main_L13 iterations": "1000", "main_L16_2 entries": "3",
		"main_L16_2 iterations": "9", "main_L20_2 entries": "3", "main_L20_2 iterations": "3000",
		"main_L30_2 entries": "1", "main_L30_2 iterations": "1000"} {
		if got[k] != v {
			t.Errorf("%s = %q, want %s; counts:\n%s", k, got[k], v, b)
		}
	}
	// A compiler message still names the directive's own line.
	inst, err := os.ReadFile(filepath.Join(dir, "ompcount.c"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(inst), "\n#line 18\n            #pragma omp for") {
		t.Errorf("the worksharing directive lost its line number:\n%s", inst)
	}
	// The timed build puts its timers there too: it builds and runs.
	timed := t.TempDir()
	code, out, errs = augur(t, "instrument", "--time", "--out", timed, "--build", "--", "gcc", "-O2", "-fopenmp", src)
	if code != exitOK {
		t.Fatalf("instrument --time: exit %d: %s%s", code, out, errs)
	}
	run = exec.Command(filepath.Join(timed, "ompcount"), "1000")
	run.Dir, run.Env = timed, append(os.Environ(), "OMP_NUM_THREADS=3")
	if b, err := run.CombinedOutput(); err != nil || !strings.Contains(string(b), "ompcount: 499500 7992") {
		t.Fatalf("timed run: %v: %s", err, b)
	}
}
