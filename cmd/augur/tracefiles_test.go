package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/results"
)

// checkTraceFiles reads the Chrome trace and the Paraver files a command
// wrote and holds them to the formats' rules.
func checkTraceFiles(t *testing.T, chrome, paraver string) (*results.ChromeCheck, *results.ParaverCheck) {
	t.Helper()
	b, err := os.ReadFile(chrome)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := results.CheckChrome(chrome, b)
	if err != nil {
		t.Fatal(err)
	}
	var f [3][]byte
	for i, ext := range []string{".prv", ".pcf", ".row"} {
		if f[i], err = os.ReadFile(paraver + ext); err != nil {
			t.Fatal(err)
		}
	}
	pc, err := results.CheckParaver(paraver, f[0], f[1], f[2])
	if err != nil {
		t.Fatal(err)
	}
	return cc, pc
}

// predict writes both formats: pingpong's 100 round trips are 200
// messages, each an arrow and a communication record; equal runs give
// equal files, and tracing leaves the printed result as it was.
func TestPredictTraceFiles(t *testing.T) {
	dir := t.TempDir()
	base := []string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/gescher.yaml", "--nodes", "2", "--procs", "2", "--format", "json", "--stable"}
	_, plain, _ := augur(t, base...)
	var files [2][]byte
	for i := range files {
		ct, pv := filepath.Join(dir, "p.json"), filepath.Join(dir, "p")
		code, out, errs := augur(t, append(base, "--trace", ct, "--paraver", pv)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if out != plain {
			t.Error("--trace changed the printed result")
		}
		cc, pc := checkTraceFiles(t, ct, pv)
		if cc.Flows != 200 || pc.Comms != 200 || cc.Slices != 400 || pc.States != 400 || pc.Nodes != 2 {
			t.Errorf("chrome %+v, paraver %+v; want 200 messages, 400 executions on 2 nodes", *cc, *pc)
		}
		files[i], _ = os.ReadFile(ct)
		prv, _ := os.ReadFile(pv + ".prv")
		files[i] = append(files[i], prv...)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two equal runs wrote different trace files")
	}
}

// --report alongside --trace leaves the arrows in the trace.
func TestPredictTraceWithReport(t *testing.T) {
	dir := t.TempDir()
	ct, pv := filepath.Join(dir, "r.json"), filepath.Join(dir, "r")
	code, _, errs := augur(t, "predict", ex+"pingpong.aug", "--machine", ex+"machines/gescher.yaml", "--nodes", "2", "--procs", "2",
		"--trace", ct, "--paraver", pv, "--report", filepath.Join(dir, "r.html"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if cc, pc := checkTraceFiles(t, ct, pv); cc.Messages != 200 || pc.Comms != 200 {
		t.Errorf("chrome %+v, paraver %+v; want 200 messages", *cc, *pc)
	}
}

// --trace-window keeps a part of the run; --trace-limit stops the files
// where the first slice was lost and says so; both files stay valid.
func TestTraceWindowAndLimit(t *testing.T) {
	dir := t.TempDir()
	ct, pv := filepath.Join(dir, "w.json"), filepath.Join(dir, "w")
	base := []string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/gescher.yaml", "--nodes", "2", "--procs", "2",
		"--trace", ct, "--paraver", pv}
	// Round trip k sends its ping at 363.84k µs, which arrives 181.92 µs
	// later, when the pong leaves; [0, 1 ms] holds 5 messages whole (the
	// third ping arrives at 909.6 µs, its pong at 1091.52 µs). Slices
	// that overlap the window are kept whole: the last, process 1's
	// receive of the fourth ping, ends at 1273.44 µs.
	code, _, errs := augur(t, append(base, "--trace-window", "0:1ms")...)
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cc, pc := checkTraceFiles(t, ct, pv)
	if cc.Flows != 5 || pc.Comms != 5 || pc.End != 1273440 {
		t.Errorf("window: chrome %+v, paraver %+v", *cc, *pc)
	}
	code, _, errs = augur(t, append(base, "--trace-limit", "10")...)
	if code != exitOK || !strings.Contains(errs, "reached --trace-limit 10") {
		t.Fatalf("limit: exit %d: %q", code, errs)
	}
	cc, pc = checkTraceFiles(t, ct, pv)
	if cc.Slices > 10 || pc.States != cc.Slices || pc.Comms != cc.Flows {
		t.Errorf("limit: chrome %+v, paraver %+v", *cc, *pc)
	}
}

// Bad trace flags are usage errors in every command that has them.
func TestTraceFlagErrors(t *testing.T) {
	dir := t.TempDir()
	ct := filepath.Join(dir, "x.json")
	cmds := [][]string{
		{"predict", ex + "pingpong.aug", "--machine", ex + "machines/gescher.yaml", "--nodes", "2", "--procs", "2"},
		{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml"},
		{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2"},
	}
	for _, cmd := range cmds {
		for _, bad := range [][]string{
			{"--trace-window", "1"},
			{"--trace-window", "2:1"},
			{"--trace-window", "x:"},
			{"--trace-limit", "0"},
		} {
			args := append(append(append([]string{}, cmd...), "--trace", ct), bad...)
			code, _, errs := augur(t, args...)
			if code != exitUsage || !strings.Contains(errs, bad[0]) {
				t.Errorf("%s %v: exit %d: %s", cmd[0], bad, code, errs)
			}
		}
	}
}

// simulate writes both formats: a track per thread and per processor.
func TestSimulateTraceFiles(t *testing.T) {
	dir := t.TempDir()
	ct, pv := filepath.Join(dir, "s.json"), filepath.Join(dir, "s.prv")
	code, _, errs := augur(t, "simulate", vppbTraces+"vppb-P.trace", "--cpus", "2", "--trace", ct, "--paraver", pv)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cc, pc := checkTraceFiles(t, ct, strings.TrimSuffix(pv, ".prv"))
	// One of the 16 slices lasts no time: Paraver has its two events and
	// no state record.
	if cc.Processes != 2 || cc.Tracks != 6 || pc.Tasks != 2 || pc.Threads != 6 || cc.Slices != 16 || pc.States != 15 || pc.Events != 2*cc.Slices {
		t.Errorf("chrome %+v, paraver %+v; want threads and processors (4 + 2 tracks), 16 slices of which one lasts no time", *cc, *pc)
	}
	for _, v := range []string{"states", "communication", "elements"} {
		if _, err := os.Stat(strings.TrimSuffix(pv, ".prv") + "." + v + ".cfg"); err != nil {
			t.Errorf("the %s view: %v", v, err)
		}
	}
}
