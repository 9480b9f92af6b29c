package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type validateJSON struct {
	Rows []struct {
		Configuration string  `json:"configuration"`
		Procs         int     `json:"procs"`
		Ts            float64 `json:"time_s"`
		Tm            float64 `json:"measured_time_s"`
		Error         float64 `json:"error_pct"`
	} `json:"rows"`
	Mean float64 `json:"mean_error_pct"`
}

// SimGrid's own replay cases as measurements: each row names its trace and
// np, and Tm is the simulation time smpirun 3.32 printed for it. augur
// validate replays every row through the replay pipeline and must agree
// with SimGrid on all of them.
func TestValidateMPITraces(t *testing.T) {
	peers, err := filepath.Abs("../../../shared/peers/simgrid-replay")
	if err != nil {
		t.Fatal(err)
	}
	exp, err := os.ReadFile(filepath.Join(peers, "expected.tsv"))
	if err != nil {
		t.Skipf("SimGrid's replay cases are not here (%v)", err)
	}
	var csv strings.Builder
	csv.WriteString("trace,np,tm_s\n")
	n := 0
	for _, line := range strings.Split(string(exp), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || strings.HasPrefix(line, "#") || f[0] == "split_traces" {
			continue
		}
		csv.WriteString(filepath.Join(peers, f[0]) + "," + f[1] + "," + f[2] + "\n")
		n++
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "simgrid.csv")
	if err := os.WriteFile(path, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := augur(t, "validate", "-", path, "--kind", "mpi", "--machine", filepath.Join(peers, "small_platform.xml"),
		"--hostfile", filepath.Join(peers, "hostfile"), "--format", "json", "--stable")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v validateJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(v.Rows) != n || n < 10 {
		t.Fatalf("%d rows for %d cases", len(v.Rows), n)
	}
	for _, r := range v.Rows {
		// smpirun prints 6 decimals.
		if d := r.Ts - r.Tm; d > 1e-6 || d < -1e-6 {
			t.Errorf("%s: augur %g s, SimGrid %g s", r.Configuration, r.Ts, r.Tm)
		}
	}
	if v.Rows[0].Configuration != "actions_bcast P3" {
		t.Errorf("configuration label %q, want the trace's name and np", v.Rows[0].Configuration)
	}
}

// VPPB's trace R simulated on 1, 2 and 4 processors (the thread
// model chosen automatically, as augur simulate does); the measured
// column is made up so that the errors are checkable by hand.
func TestValidateThreadTrace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(path, []byte("cpus,tm\n1,30\n2,24\n4,21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	trace := "../../internal/frontend/threadtrace/testdata/vppb-R.trace"
	code, out, errs := augur(t, "validate", trace, path, "--format", "json", "--stable")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v validateJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Each row is what augur simulate gives for that many processors.
	for i, cpus := range []string{"1", "2", "4"} {
		code, sim, errs := augur(t, "simulate", trace, "--cpus", cpus, "--format", "json")
		if code != exitOK {
			t.Fatalf("simulate --cpus %s: exit %d: %s", cpus, code, errs)
		}
		var s struct {
			Completion float64 `json:"time_s"`
		}
		if err := json.Unmarshal([]byte(sim), &s); err != nil {
			t.Fatalf("%v\n%s", err, sim)
		}
		if v.Rows[i].Ts != s.Completion {
			t.Errorf("%s processors: validate %g, simulate %g", cpus, v.Rows[i].Ts, s.Completion)
		}
	}
	// VPPB's trace R completes at 21 on four processors (docs/traces.md),
	// which is the measured 21 here: 0 % error; |39 − 30| / 30 = 30 % on one.
	if v.Rows[2].Ts != 21 || v.Rows[2].Error != 0 || v.Rows[0].Ts != 39 || v.Rows[0].Error != 30 {
		t.Errorf("rows %+v", v.Rows)
	}
	// Without a cpus column and without --machine there is no processor
	// count; a missing trace names the file.
	os.WriteFile(path, []byte("tm\n30\n"), 0o644)
	if code, _, errs := augur(t, "validate", trace, path); code != exitInput || !strings.Contains(errs, "cpus") {
		t.Errorf("no processor count: exit %d, %s", code, errs)
	}
	os.WriteFile(path, []byte("trace,cpus,tm\nnope.trace,2,30\n"), 0o644)
	if code, _, errs := augur(t, "validate", trace, path); code != exitInput || !strings.Contains(errs, "nope.trace") {
		t.Errorf("missing trace: exit %d, %s", code, errs)
	}
	if code, _, _ := augur(t, "validate", trace, path, "--kind", "bogus"); code != exitUsage {
		t.Errorf("--kind bogus: exit %d", code)
	}
}
