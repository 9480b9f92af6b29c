package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// augur bench machine --quick writes a machine file on this machine that
// augur predict uses. (The time it takes is measured in bench/calib.sh,
// not asserted here.)
func TestBenchMachineQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the machine")
	}
	dir := t.TempDir()
	out, prof := filepath.Join(dir, "here.yaml"), filepath.Join(dir, "here.json")
	code, _, errs := augur(t, "bench", "machine", "--quick", "-o", out, "--profile", prof, "--name", "here")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"flops:", "ops:", "int_add:", "load_mem:", "intra:", "segments:"}
	if _, err := exec.LookPath("mpirun"); err == nil {
		// This host's MPI: its reduction operators, eager limit, collectives.
		keys = append(keys, "reduce: { sum_double:", "eager_threshold:", "    collectives:\n      procs: 2\n", "      allreduce: { 8: ", "      reduce_in_place: { 8: ")
	} else {
		keys = append(keys, "# Not measured: this host's MPI")
	}
	for _, key := range keys {
		if !strings.Contains(string(data), key) {
			t.Errorf("machine file lacks %s:\n%s", key, data)
		}
	}
	code, stdout, errs := augur(t, "predict", ex+"sample.aug", "--machine", out, "--procs", "4", "--format", "json")
	if code != exitOK {
		if strings.Contains(errs, "unknown key") {
			t.Skipf("the machine parser does not know the new keys yet: %s", errs)
		}
		t.Fatalf("predict on the measured machine: exit %d: %s", code, errs)
	}
	var p struct {
		Time float64 `json:"time_s"`
	}
	if err := json.Unmarshal([]byte(stdout), &p); err != nil || p.Time < 194 {
		t.Errorf("prediction %s (%v)", stdout, err)
	}
	// Two profiles combine into one heterogeneous machine.
	code, _, errs = augur(t, "bench", "machine", "--combine", prof+","+prof)
	if code != exitInput || !strings.Contains(errs, "two profiles are named") {
		t.Errorf("duplicate names: exit %d, %s", code, errs)
	}
}

func TestBenchBlock(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	code, out, errs := augur(t, "bench", "block", "../../internal/run/blockbench/blocks/pi.c", "--n", "2000000", "--full", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Threshold int64    `json:"threshold"`
		Predicted float64  `json:"predicted_s"`
		Measured  *float64 `json:"measured_s"`
		Error     *float64 `json:"error_pct"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Threshold < 1 || r.Predicted <= 0 || r.Measured == nil || r.Error == nil {
		t.Fatalf("%s (%v)", out, err)
	}
	for _, args := range [][]string{
		{"bench"}, {"bench", "disk"}, {"bench", "block", "x.c"}, {"bench", "block", "x.c", "--n", "10", "--eps", "2"},
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("augur %v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, errs := augur(t, "bench", "block", "missing.c", "--n", "10"); code != exitInput || !strings.Contains(errs, "missing.c") {
		t.Errorf("missing file: exit %d, %s", code, errs)
	}
}
