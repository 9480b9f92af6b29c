package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/results"
)

const vppbTraces = "../../internal/frontend/threadtrace/testdata/"

func simJSON(t *testing.T, wantCode int, args ...string) results.Simulation {
	t.Helper()
	code, out, errOut := augur(t, append([]string{"simulate"}, append(args, "--format", "json")...)...)
	if code != wantCode {
		t.Fatalf("augur simulate %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantCode, errOut)
	}
	var o results.Simulation
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return o
}

// VPPB's worked examples through the command line.
func TestSimulateSeedExamples(t *testing.T) {
	for _, c := range []struct {
		file, cpus, bind, model string
		code                    int
		want                    float64
	}{
		{"vppb-P.trace", "2", "P1=0,P2=0,P3=1,P4=1", "direct", exitOK, 10},
		{"vppb-P.trace", "2", "P1=0,P2=0,P3=1,P4=1", "client-server", exitOK, 11},
		{"vppb-P.trace", "2", "P1=0,P2=0,P3=1,P4=1", "strict", exitOK, 12},
		{"vppb-Q.trace", "3", "P1=0,P2=1,P3=2", "direct", exitDeadlock, 7},
		{"vppb-Q.trace", "3", "P1=0,P2=1,P3=2", "client-server", exitOK, 10},
		{"vppb-Q.trace", "3", "P1=0,P2=1,P3=2", "strict", exitOK, 13},
		{"vppb-R.trace", "4", "P1=0,P2=1,P3=2,P4=3", "direct", exitDeadlock, 12},
		{"vppb-R.trace", "4", "P1=0,P2=1,P3=2,P4=3", "client-server", exitDeadlock, 12},
		{"vppb-R.trace", "4", "P1=0,P2=1,P3=2,P4=3", "strict", exitOK, 21},
	} {
		o := simJSON(t, c.code, vppbTraces+c.file, "--cpus", c.cpus, "--bind", c.bind, "--model", c.model)
		if o.Model != c.model || o.Completion != c.want || (o.DeadlockReport != nil) != (c.code == exitDeadlock) {
			t.Errorf("%s %s: model %s completion %g deadlock %v; want %g", c.file, c.model, o.Model, o.Completion, o.DeadlockReport != nil, c.want)
		}
		if o.DeadlockReport != nil && (len(o.DeadlockReport.Waits) == 0 || o.Speedup != nil) {
			t.Errorf("%s %s: deadlock without a report, or with a speed-up", c.file, c.model)
		}
	}
}

// --model auto on R uses Strict Sequence, gives 21 and says why.
func TestSimulateAutoR(t *testing.T) {
	o := simJSON(t, exitOK, vppbTraces+"vppb-R.trace", "--cpus", "4", "--bind", "P1=0,P2=1,P3=2,P4=3", "--model", "auto")
	if o.Model != "strict" || o.ModelAsked != "auto" || o.Completion != 21 || len(o.Attempts) != 3 {
		t.Fatalf("model %s (asked %s), completion %g, %d attempts", o.Model, o.ModelAsked, o.Completion, len(o.Attempts))
	}
	if !strings.Contains(o.Reason, "direct deadlocks at 12") || !strings.Contains(o.Reason, "client-server deadlocks at 12") || !strings.Contains(o.Reason, "Strict Sequence") {
		t.Errorf("reason: %s", o.Reason)
	}
	// One processor runs all 39 units of work: speed-up 39/21.
	if o.OneCPU == nil || *o.OneCPU != 39 || o.Speedup == nil || *o.Speedup != 39.0/21 {
		t.Errorf("one processor %s, speed-up %s", opt(o.OneCPU), opt(o.Speedup))
	}
	var busy float64
	for _, th := range o.Threads {
		busy += th.Busy
		if th.Busy+th.Blocked+th.Ready != th.End-th.Start {
			t.Errorf("%s: busy+blocked+ready %g ≠ %g", th.Name, th.Busy+th.Blocked+th.Ready, th.End-th.Start)
		}
	}
	if busy != 39 {
		t.Errorf("busy time %g, want 39", busy)
	}
	code, out, _ := augur(t, "simulate", vppbTraces+"vppb-R.trace", "--cpus", "4", "--bind", "P1=0,P2=1,P3=2,P4=3")
	if code != exitOK || !strings.Contains(out, "model:            strict (auto: ") || !strings.Contains(out, "completion time:  21") {
		t.Errorf("text output:\n%s", out)
	}
}

// The trace header gives the priorities unless --priority does; P with
// the reverse priorities still runs to completion.
func TestSimulatePriorityFlag(t *testing.T) {
	o := simJSON(t, exitOK, vppbTraces+"vppb-P.trace", "--cpus", "2", "--bind", "P1=0,P2=0,P3=1,P4=1", "--priority", "P4,P3,P2,P1", "--model", "direct")
	if o.Threads[3].Priority != 4 || o.Threads[0].Priority != 1 || o.DeadlockReport != nil {
		t.Errorf("priorities P1 %d, P4 %d, deadlock %v", o.Threads[0].Priority, o.Threads[3].Priority, o.DeadlockReport != nil)
	}
}

func TestSimulateDeadlockText(t *testing.T) {
	code, out, _ := augur(t, "simulate", vppbTraces+"vppb-Q.trace", "--cpus", "3", "--bind", "P1=0,P2=1,P3=2", "--model", "direct")
	if code != exitDeadlock {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"DEADLOCK at 7", "P1 is blocked in send X to P2 (line 7)", "waiting for P2 to wait for it"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSimulateOutputsAndDeterminism(t *testing.T) {
	dir := t.TempDir()
	svg, tr := filepath.Join(dir, "p.svg"), filepath.Join(dir, "p.json")
	args := []string{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2", "--gantt", svg, "--trace", tr}
	_, out1, _ := augur(t, args...)
	_, out2, _ := augur(t, args...)
	if out1 != out2 {
		t.Error("two runs print different output")
	}
	b, err := os.ReadFile(svg)
	if err != nil || !strings.HasPrefix(string(b), "<svg") || !strings.Contains(string(b), ">P4</text>") {
		t.Errorf("gantt: %v %.100s", err, b)
	}
	b, err = os.ReadFile(tr)
	if err != nil {
		t.Fatal(err)
	}
	var ct struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &ct); err != nil || len(ct.TraceEvents) < 10 {
		t.Errorf("chrome trace: %v, %d events", err, len(ct.TraceEvents))
	}
}

func TestSimulateErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.trace")
	os.WriteFile(bad, []byte("0 P1 create P2\n1 P2 send X P7\n"), 0o644)
	code, _, errOut := augur(t, "simulate", bad, "--cpus", "2")
	if code != exitInput || !strings.Contains(errOut, "bad.trace:2: send to P7, a thread that never exists") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	p := vppbTraces + "vppb-P.trace"
	for _, args := range [][]string{
		{p}, // no --cpus
		{p, "--cpus", "2", "--model", "fast"},
		{p, "--cpus", "2", "--bind", "P1=0"}, // not every thread
		{p, "--cpus", "2", "--bind", "P1=5,P2=0,P3=0,P4=0"}, // no processor 5
		{p, "--cpus", "2", "--bind", "P9=0"},
		{p, "--cpus", "2", "--priority", "P1,P1"},
		{p, "--cpus", "2", "--format", "xml"},
		{"--cpus", "2"},
	} {
		if code, _, _ := augur(t, append([]string{"simulate"}, args...)...); code != exitUsage {
			t.Errorf("simulate %v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, _ := augur(t, "simulate", filepath.Join(dir, "missing.trace"), "--cpus", "2"); code != exitInput {
		t.Errorf("missing file: exit %d", code)
	}
}

// --report writes the HTML report of the simulation: its charts hold the
// threads and the completion time.
func TestSimulateReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.html")
	code, _, errOut := augur(t, "simulate", vppbTraces+"vppb-R.trace", "--cpus", "4",
		"--bind", "P1=0,P2=1,P3=2,P4=3", "--model", "strict", "--report", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	for _, want := range []string{"<svg", "P1", "P4", "21"} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// --format csv is the JSON's threads as a table, after a summary row:
// VPPB's P on two processors with the Direct model ends at 10.
func TestSimulateCSV(t *testing.T) {
	code, out, errs := augur(t, "simulate", vppbTraces+"vppb-P.trace", "--cpus", "2", "--bind", "P1=0,P2=0,P3=1,P4=1", "--model", "direct", "--format", "csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `record,command,schema_version,trace,cpus,model_requested,model,deadlock,time_s,one_processor_time_s,speedup,recorded_time_s,trace_events,events,work_from,name,start_s,end_s,busy_s,blocked_s,ready_waiting_s,done,cpu,priority
summary,simulate,3,../../internal/frontend/threadtrace/testdata/vppb-P.trace,2,direct,direct,,10,18,1.8,18,11,18,timestamps,,,,,,,,,
thread,,,,,,,,,,,,,,,P1,0,9,7,2,0,true,0,4
thread,,,,,,,,,,,,,,,P2,0,10,3,0,7,true,0,3
thread,,,,,,,,,,,,,,,P3,1,6,5,0,0,true,1,2
thread,,,,,,,,,,,,,,,P4,4,9,3,0,2,true,1,1
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
