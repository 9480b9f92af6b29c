package sweep

import (
	"context"
	"encoding/csv"
	"math"
	"os"
	"sort"
	"strconv"
	"testing"

	"augur/internal/base/infile"
)

func load(t *testing.T, args ...string) []Input {
	t.Helper()
	var out []Input
	for _, a := range args {
		in, err := LoadInput(a, infile.Result, true)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, in)
	}
	return out
}

func axis(t *testing.T, m Mode, name, list string) Axis {
	t.Helper()
	a, err := NumAxis(m, name, list)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestLAPW0Ranking: over the eight configurations of Performance
// Prophet's Table 2, the seed's model and the fitted one rank the four
// configurations of each problem size in the order of the measured times.
func TestLAPW0Ranking(t *testing.T) {
	s := &Spec{Mode: Predict, Mapping: "block", Seed: 1, ProcsPerNode: 4,
		Versions: load(t, "seed=../../../examples/lapw0.aug", "fitted=../../../examples/lapw0/lapw0-fitted.aug"),
		Machines: load(t, "../../../examples/machines/gescher.yaml"),
		Axes:     []Axis{axis(t, Predict, "NAT", "32,64"), axis(t, Predict, "procs", "4..32*2")}}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	rs, err := Run(context.Background(), s, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("../../../examples/lapw0/table2.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	measured := map[[2]float64]float64{} // (NAT, procs) → Tm
	for _, r := range rows[1:] {
		nat, _ := strconv.ParseFloat(r[0], 64)
		procs, _ := strconv.ParseFloat(r[2], 64)
		tm, _ := strconv.ParseFloat(r[4], 64)
		measured[[2]float64{nat, procs}] = tm
	}
	for v, name := range []string{"seed", "fitted"} {
		for _, nat := range []float64{32, 64} {
			type cfg struct{ procs, pred, meas float64 }
			var cs []cfg
			for _, r := range rs {
				if r.Version != v || r.Values[0].Num != nat {
					continue
				}
				if r.Status != StatusOK {
					t.Fatalf("%s: %+v", name, r)
				}
				if r.Values[2].Num != math.Ceil(r.Values[1].Num/4) {
					t.Errorf("nodes %v for procs %v", r.Values[2], r.Values[1])
				}
				cs = append(cs, cfg{r.Values[1].Num, r.Time, measured[[2]float64{nat, r.Values[1].Num}]})
			}
			if len(cs) != 4 {
				t.Fatalf("%s NAT=%g: %d configurations", name, nat, len(cs))
			}
			byPred := append([]cfg(nil), cs...)
			sort.Slice(byPred, func(a, b int) bool { return byPred[a].pred < byPred[b].pred })
			byMeas := append([]cfg(nil), cs...)
			sort.Slice(byMeas, func(a, b int) bool { return byMeas[a].meas < byMeas[b].meas })
			for i := range byPred {
				if byPred[i].procs != byMeas[i].procs {
					t.Errorf("%s NAT=%g: predicted order %v, measured %v", name, nat, byPred, byMeas)
					break
				}
			}
		}
	}
}

// TestReplaySweep: two traces over two network models on
// small_platform.xml with SimGrid's hostfile give the times smpirun 3.32
// prints under SMPI (replay/testdata/simgrid/expected.tsv); then over two
// platforms with smpirun's default placement.
func TestReplaySweep(t *testing.T) {
	dir := "../../run/replay/testdata/simgrid/"
	hf := load(t, dir+"hostfile")[0]
	models, err := TextAxis(Replay, "network/model", "SMPI,CM02")
	if err != nil {
		t.Fatal(err)
	}
	s := &Spec{Mode: Replay, Seed: 1, Hostfile: &hf,
		Versions: load(t, "bcast="+dir+"actions_bcast.txt", "allreduce="+dir+"actions_allreduce.txt"),
		Machines: load(t, dir+"small_platform.xml"),
		Axes:     []Axis{axis(t, Replay, "np", "3"), models}}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	rs, err := Run(context.Background(), s, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 {
		t.Fatalf("%d results", len(rs))
	}
	smpirun := map[string]float64{"bcast": 19.692506, "allreduce": 13.139083}
	for _, r := range rs {
		if r.Status != StatusOK || !(r.Time > 0) {
			t.Errorf("%+v", r)
			continue
		}
		if r.Values[0].Text == "SMPI" {
			if want := smpirun[s.Versions[r.Version].Name]; math.Abs(r.Time-want) > 1e-6 {
				t.Errorf("%s on small_platform: %.6f, smpirun %.6f", s.Versions[r.Version].Name, r.Time, want)
			}
		}
	}
	sum := Summarize(s, rs)
	if sum.X != "network/model" || sum.Scaling != "" || len(sum.Rows) != 2 || sum.Rows[0].Winner != "allreduce" {
		t.Errorf("summary %+v", sum)
	}

	s.Hostfile = nil
	s.Machines = load(t, dir+"small_platform.xml", dir+"cluster_backbone.xml")
	s.Axes = []Axis{axis(t, Replay, "np", "2,3")}
	rs, err = Run(context.Background(), s, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum = Summarize(s, rs)
	if len(rs) != 8 || sum.Failed != 0 || sum.Scaling != "np" || len(sum.Rows) != 4 || sum.Rows[2].Machine != "cluster_backbone" {
		t.Errorf("two platforms: %+v", sum)
	}
}

// TestSimulateSweep: VPPB's program R over 1..4 processors; one processor
// gives the recorded program's own time, and speed-up is against it.
func TestSimulateSweep(t *testing.T) {
	s := &Spec{Mode: Simulate, Seed: 1, SimModel: "auto",
		Versions: load(t, "../../frontend/threadtrace/testdata/vppb-R.trace"),
		Axes:     []Axis{axis(t, Simulate, "cpus", "1..4")}}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	rs, err := Run(context.Background(), s, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(s, rs)
	if len(sum.Rows) != 4 || sum.Scaling != "cpus" {
		t.Fatalf("summary %+v", sum)
	}
	for i, r := range sum.Rows {
		c := r.Cells[0]
		if c.Status != StatusOK || c.Speedup == nil {
			t.Fatalf("row %d: %+v", i, c)
		}
		if i > 0 && c.Time > sum.Rows[i-1].Cells[0].Time {
			t.Errorf("more processors, more time: %v then %v", sum.Rows[i-1].Cells[0].Time, c.Time)
		}
		if sp := sum.Rows[0].Cells[0].Time / c.Time; math.Abs(*c.Speedup-sp) > 1e-12 || math.Abs(*c.Efficiency-sp/float64(i+1)) > 1e-12 {
			t.Errorf("row %d: speed-up %v efficiency %v", i, *c.Speedup, *c.Efficiency)
		}
	}
}
