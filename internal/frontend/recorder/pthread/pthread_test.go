package pthread

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/threadtrace"
	"augur/internal/run/simulate"
)

func needCC(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler (cc): the recorder cannot be built here; install gcc")
	}
}

// The recorder records every call of the list, with CPU times, and
// the trace it writes loads, builds and simulates.
func TestRecorderRecordsEveryCall(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	lib, err := Library(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := Library(dir); err != nil || again != lib {
		t.Fatalf("second lookup: %v %v (want the cached %s)", again, err, lib)
	}
	bin := filepath.Join(dir, "allcalls")
	if out, err := exec.Command("cc", "-O1", "-pthread", "-o", bin, "testdata/allcalls.c").CombinedOutput(); err != nil {
		t.Fatalf("compiling: %v\n%s", err, out)
	}
	trace := filepath.Join(dir, "allcalls.trace")
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "LD_PRELOAD="+lib, "AUGUR_RECORD_OUT="+trace, "AUGUR_RECORD_CPU=0")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "allcalls done") {
		t.Fatalf("running: %v\n%s", err, out)
	}
	src, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, want := range []string{
		"T0 create T1", "T0 create T2", "T2 trylock M0 busy", "T2 exit", "T0 join T2", "T0 cond_timedwait C0 M0",
		"T0 barrier_init B0 2", "T0 barrier_wait B0", "T1 barrier_wait B0", "T0 sem_init S0 1",
		"T0 lock M0", "T0 unlock M0", "T0 cond_signal C0", "T0 cond_broadcast C0", "T1 sem_wait S0", "T1 sem_post S0",
		"T1 exit", "T0 join T1", "T0 sem_trywait S0 ok", "T0 sem_trywait S0 busy", "T0 sem_timedwait S0 timeout",
		"T0 sem_post S0", "T0 sem_timedwait S0 ok", "T0 exit", "# recorded pinned to CPU 0",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(l, "#") && !strings.Contains(l, " cpu=") {
			t.Errorf("event without cpu=: %q", l)
		}
	}
	tr, err := threadtrace.Parse(strings.NewReader(text), trace)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	p, err := threadtrace.Build(tr)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	r, err := simulate.RunModel(p, simulate.Config{CPUs: 2, Model: simulate.Strict})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("strict simulation: %v %v\n%s", err, r.Deadlock, text)
	}
}

// A program that is not recorded (the variable unset) runs normally and
// writes nothing.
func TestRecorderInactiveWithoutOutput(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	lib, err := Library(dir)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "allcalls")
	if out, err := exec.Command("cc", "-O1", "-pthread", "-o", bin, "testdata/allcalls.c").CombinedOutput(); err != nil {
		t.Fatalf("compiling: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LD_PRELOAD="+lib)
	if out, err := cmd.CombinedOutput(); err != nil || string(out) != "allcalls done\n" {
		t.Fatalf("%v %q", err, out)
	}
}

func TestLibraryFromEnvironment(t *testing.T) {
	t.Setenv(EnvLibrary, "/nonexistent/lib.so")
	if _, err := Library(t.TempDir()); err == nil || !strings.Contains(err.Error(), EnvLibrary) {
		t.Errorf("got %v", err)
	}
}
