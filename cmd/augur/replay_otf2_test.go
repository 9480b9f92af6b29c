package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ring4 is an archive the OTF2 library wrote of a 4-rank run
// (internal/frontend/otf2/testdata/mpiwrite.c) and ring4.tit the same
// run as a TiT trace, its compute at 1 Gflop/s.
const ring4 = "../../internal/frontend/otf2/testdata/ring4"

func simulationTime(t *testing.T, out string) string {
	t.Helper()
	i := strings.LastIndex(out, "Simulation time ")
	if i < 0 {
		t.Fatalf("no simulation time in:\n%s", out)
	}
	return strings.TrimSpace(out[i:])
}

// augur replay reads an OTF2 archive (its anchor or its directory) to the
// time of the same run's TiT trace, says how its compute was read and
// what it did not read.
func TestReplayOTF2(t *testing.T) {
	plat := sg + "cluster_backbone.xml"
	code, want, errs := augur(t, "replay", ring4+".tit", "--platform", plat)
	if code != exitOK {
		t.Fatalf("TiT: exit %d: %s", code, errs)
	}
	for _, trace := range []string{ring4 + "/traces.otf2", ring4} {
		code, out, errs := augur(t, "replay", trace, "--platform", plat, "--ref-speed", "1e9")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", trace, code, errs)
		}
		if simulationTime(t, out) != simulationTime(t, want) {
			t.Errorf("%s: %s, the TiT trace %s", trace, simulationTime(t, out), simulationTime(t, want))
		}
		for _, w := range []string{"OTF2 trace: compute recorded in seconds on a host of 1e+09 flop/s (given by --ref-speed)",
			"warning: not read from the OTF2 trace: 2 OpenMP and thread events"} {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", trace, w, out)
			}
		}
		if !strings.Contains(errs, "augur replay: an OTF2 trace: compute recorded in seconds") || strings.Contains(errs, "states no reference speed") {
			t.Errorf("%s: stderr %q", trace, errs)
		}
	}
	// The recording host's machine file: Gescher's 700 Mflop/s, so rank
	// 1's 6.12 ms of bursts take 4.284 ms on the cluster's 1 Gflop/s hosts.
	code, out, errs := augur(t, "replay", ring4+"/traces.otf2", "--platform", plat, "--ref-machine", "../../examples/machines/gescher.yaml", "--format", "json")
	if code != exitOK {
		t.Fatalf("--ref-machine: exit %d: %s", code, errs)
	}
	var r struct {
		Ranks []struct {
			Compute float64 `json:"compute_s"`
		} `json:"ranks"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Ranks) != 4 || math.Abs(r.Ranks[1].Compute-4.284e-3) > 1e-12 {
		t.Errorf("--ref-machine gescher.yaml: ranks %+v, want rank 1 computing 4.284 ms", r.Ranks)
	}
	if !strings.Contains(errs, "700 Mflop/s") && !strings.Contains(errs, "7e+08 flop/s (of machine file ../../examples/machines/gescher.yaml, node group sgi1450)") {
		t.Errorf("--ref-machine: stderr %q", errs)
	}
}

// The flags that give the recording host's speed are for OTF2 traces and
// exclude each other; an anchor read as TiT says what it is.
func TestReplayOTF2Usage(t *testing.T) {
	plat := sg + "cluster_backbone.xml"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{ring4 + ".tit", "--ref-speed", "1e9"}, exitUsage, "--ref-speed and --ref-machine are for OTF2 traces"},
		{[]string{ring4, "--ref-speed", "1e9", "--ref-machine", "m.yaml"}, exitUsage, "give one"},
		{[]string{ring4, "--ref-speed", "-3"}, exitUsage, "--ref-speed -3: want a positive number"},
		{[]string{ring4, "--np", "5"}, exitUsage, "has 4 ranks, but 5 were asked for"},
	} {
		code, _, errs := augur(t, append([]string{"replay", "--platform", plat}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// otf2Messages runs scripts/otf2-messages.py on an archive, or on
// otf2-print's output given as input.
func otf2Messages(t *testing.T, arg string, input []byte) (string, int) {
	t.Helper()
	cmd := exec.Command("python3", "../../scripts/otf2-messages.py", arg)
	cmd.Stdin = bytes.NewReader(input)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// --otf2 writes the predicted or replayed run as an OTF2 archive that
// the OTF2 library's otf2-print reads, every message matched by a
// receive (sender, receiver, tag, size, order), checked by
// scripts/otf2-messages.py over otf2-print's output; the script finds a
// receive missing or a size changed.
func TestOTF2Output(t *testing.T) {
	for _, tool := range []string{"otf2-print", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found (apt-get install otf2-tools python3)", tool)
		}
	}
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", ring4, "--platform", sg + "cluster_backbone.xml", "--ref-speed", "1e9"}, "9 messages on 9 (sender, receiver, communicator, tag)"},
		{[]string{"replay", sg + "actions_with_isend.txt", "--platform", sg + "small_platform.xml", "--hostfile", sg + "hostfile"}, "messages on"},
		{[]string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/gescher.yaml", "--procs", "2"}, "200 messages on 2 (sender, receiver, communicator, tag)"},
	} {
		out := filepath.Join(dir, c.args[0]+strconv.Itoa(len(c.args)))
		code, _, errs := augur(t, append(c.args, "--otf2", out)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		anchor := filepath.Join(out, "traces.otf2")
		got, rc := otf2Messages(t, anchor, nil)
		if rc != 0 || !strings.Contains(got, c.want) || !strings.Contains(got, "every send matched") {
			t.Errorf("%v: exit %d: %s", c.args, rc, got)
		}
		printed, err := exec.Command("otf2-print", "-A", anchor).Output()
		if err != nil {
			t.Fatalf("otf2-print: %v", err)
		}
		for _, w := range []string{"SYSTEM_TREE_NODE", "LOCATION_GROUP", "Type: COMM_LOCATIONS", "COMM ", "REGION", "ENTER", "MPI_SEND", "MPI_RECV"} {
			if !bytes.Contains(printed, []byte(w)) {
				t.Errorf("%v: otf2-print -A shows no %s", c.args, w)
			}
		}
		if c.args[0] != "replay" || c.args[1] != ring4 {
			continue
		}
		if !bytes.Contains(printed, []byte("MPI_COLLECTIVE_END")) {
			t.Errorf("no collective in otf2-print's output")
		}
		// Equal runs, equal archives.
		again := filepath.Join(dir, "again")
		if code, _, errs := augur(t, append(c.args, "--otf2", again)...); code != exitOK {
			t.Fatalf("again: exit %d: %s", code, errs)
		}
		for _, f := range []string{"traces.otf2", "traces.def", "traces/0.evt", "traces/3.evt", "traces/3.def"} {
			a, err1 := os.ReadFile(filepath.Join(out, f))
			b, err2 := os.ReadFile(filepath.Join(again, f))
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Errorf("%s differs between two equal runs (%v, %v)", f, err1, err2)
			}
		}
		// The script is not fooled: a receive dropped, a size changed.
		lines := strings.Split(string(printed), "\n")
		var dropped, resized []string
		done := false
		for _, l := range lines {
			if !done && strings.HasPrefix(l, "MPI_RECV") {
				done = true
				resized = append(resized, strings.Replace(l, "Length: 1000", "Length: 999", 1))
				continue
			}
			dropped = append(dropped, l)
			resized = append(resized, l)
		}
		for what, text := range map[string][]string{"dropped": dropped, "resized": resized} {
			got, rc := otf2Messages(t, "-", []byte(strings.Join(text, "\n")))
			if rc != 1 || !strings.Contains(got, "1 mismatches among 9 sends") {
				t.Errorf("a receive %s: exit %d: %s", what, rc, got)
			}
		}
	}
}

// sweep replay and validate read OTF2 archives too (with their compute
// in recorded seconds): the same time as augur replay's.
func TestSweepValidateOTF2(t *testing.T) {
	plat := sg + "cluster_backbone.xml"
	code, out, errs := augur(t, "replay", ring4, "--platform", plat, "--format", "json")
	if code != exitOK {
		t.Fatalf("replay: exit %d: %s", code, errs)
	}
	var r struct {
		Time float64 `json:"time_s"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if code, _, errs := augur(t, "sweep", "replay", ring4+"/traces.otf2", "--platform", plat, "--out", dir); code != exitOK {
		t.Fatalf("sweep: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Status string  `json:"status"`
		Time   float64 `json:"time_s"`
	}
	if err := json.Unmarshal(bytes.SplitN(data, []byte("\n"), 2)[0], &s); err != nil {
		t.Fatal(err)
	}
	if s.Status != "ok" || s.Time != r.Time {
		t.Errorf("sweep replay: %s %g s, replay %g s", s.Status, s.Time, r.Time)
	}
	csv := filepath.Join(dir, "m.csv")
	if err := os.WriteFile(csv, []byte("procs,measured\n4,"+strconv.FormatFloat(r.Time, 'g', -1, 64)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = augur(t, "validate", ring4+"/traces.otf2", csv, "--machine", plat)
	if code != exitOK || !strings.Contains(out, "mean error: 0.0 %") {
		t.Errorf("validate: exit %d: %s%s", code, out, errs)
	}
}
