package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"augur/internal/frontend/tit/gen"
)

// End to end on a real program: record examples/mpi/jacobi.c at 2 ranks
// under OpenMPI with the PMPI recorder, replay it on a platform of this
// machine and on a 64-node cluster. (The error against the measured run
// time is bench/replay_e2e.sh's job: tests do not assert wall times.)
func TestRecordMPIJacobi(t *testing.T) {
	for _, tool := range []string{"mpicc", "mpirun"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: install OpenMPI (openmpi-bin, libopenmpi-dev) to run this test", tool)
		}
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "jacobi")
	if out, err := exec.Command("mpicc", "-O2", "-o", prog, ex+"mpi/jacobi.c").CombinedOutput(); err != nil {
		t.Fatalf("mpicc: %v\n%s", err, out)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache")) // build the recorder afresh
	const iters = 40
	code, out, errs := augur(t, "record", "--mpi", "--np", "2", "--ref-speed", "1e9", "-o", filepath.Join(dir, "rec"), "--",
		prog, "65536", strconv.Itoa(iters), "2")
	if code != exitOK {
		t.Fatalf("record: exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "jacobi: 65536 cells") {
		t.Errorf("the program's output is missing: %q", out)
	}
	index := filepath.Join(dir, "rec", "index.txt")
	// Rank 0 has one neighbour: an irecv, an isend and the waitall of both
	// per iteration (SimGrid's waitall, as smpirun -trace-ti writes it);
	// an allreduce every 10; the bcast and the reduce.
	counts, flops := map[string]int{}, 0.0
	f, err := os.Open(filepath.Join(dir, "rec", "rank-0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		x := strings.Fields(sc.Text())
		if len(x) < 2 || x[0] == "#" {
			continue
		}
		counts[x[1]]++
		if x[1] == "compute" {
			v, _ := strconv.ParseFloat(x[2], 64)
			flops += v
		}
		if (x[1] == "allreduce" || x[1] == "reduce") && len(x) > 3 {
			v, _ := strconv.ParseFloat(x[3], 64) // the reduction's computation
			flops += v
		}
	}
	f.Close()
	want := map[string]int{"init": 1, "irecv": iters, "isend": iters, "waitall": iters, "allreduce": iters / 10, "bcast": 1, "reduce": 1, "finalize": 1}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("rank 0: %d %s, want %d (all: %v)", counts[k], k, n, counts)
		}
	}
	// On this machine's platform (1 Gflop/s cores), the replayed compute
	// time is the recorded compute.
	code, out, errs = augur(t, "replay", index, "--platform", ex+"mpi/localhost.xml", "--format", "json")
	if code != exitOK {
		t.Fatalf("replay: exit %d\n%s", code, errs)
	}
	var r struct {
		Time  float64 `json:"time_s"`
		Ranks []struct {
			Compute float64 `json:"compute_s"`
		} `json:"ranks"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if got := r.Ranks[0].Compute; got < flops/1e9*(1-1e-9) || got > flops/1e9*(1+1e-9) || r.Time < got {
		t.Errorf("rank 0 computes %.9f s in %.6f s, recorded %.9f s", got, r.Time, flops/1e9)
	}
	// The same trace on a 64-node cluster.
	plat := filepath.Join(dir, "cluster64.xml")
	pf, _ := os.Create(plat)
	if err := gen.Cluster(pf, 64, 2.25e9); err != nil {
		t.Fatal(err)
	}
	pf.Close()
	code, out, errs = augur(t, "replay", index, "--platform", plat)
	if code != exitOK || !strings.Contains(out, "Simulation time ") {
		t.Errorf("replay on 64 nodes: exit %d\n%s%s", code, out, errs)
	}
}
