package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/results"
)

// Every table, pie and bar of a result is drawn from the result's own
// figures: each unit's element table adds up to its budget (the bar and
// the category pie), and the table over all units is the sum of the
// units' tables (its pie). This checks it on the result of every example
// model (predict), every thread trace of VPPB's examples (simulate) and
// every SimGrid replay example (replay), as augur report reads them.
func TestResultTablesAgree(t *testing.T) {
	type run struct {
		name string
		args []string
	}
	var runs []run
	for _, m := range []struct {
		model string
		args  []string
	}{
		{"sample.aug", []string{"--machine", ex + "machines/ideal.yaml", "--procs", "4"}},
		{"kernel6.aug", []string{"--machine", ex + "machines/ideal.yaml", "--procs", "2", "--set", "REPS=10"}},
		{"lapw0.aug", []string{"--machine", ex + "machines/gescher.yaml", "--nodes", "8", "--procs", "32", "--set", "NAT=64"}},
		{"lapw0/lapw0-fitted.aug", []string{"--machine", ex + "machines/gescher.yaml", "--nodes", "4", "--procs", "8"}},
		{"pingpong.aug", []string{"--machine", ex + "machines/gescher.yaml", "--nodes", "2", "--procs", "2", "--set", "REPS=5"}},
		{"stencil.aug", []string{"--machine", ex + "machines/dperf-hetero.yaml", "--procs", "8", "--threads", "2", "--set", "ITER=20"}},
	} {
		runs = append(runs, run{"predict " + m.model, append([]string{"predict", ex + m.model, "--format", "json"}, m.args...)})
	}
	for _, tr := range []string{"vppb-P.trace", "vppb-Q.trace", "vppb-R.trace"} {
		runs = append(runs, run{"simulate " + tr, []string{"simulate", vppbTraces + tr, "--cpus", "2", "--format", "json"}})
	}
	const sg = "../../internal/run/replay/testdata/simgrid/"
	for _, tr := range []struct {
		trace string
		np    string
	}{{"actions_bcast.txt", "3"}, {"actions_barrier.txt", "3"}, {"actions_with_isend.txt", "3"}, {"actions_allreduce.txt", "3"},
		{"actions_alltoall.txt", "3"}, {"actions_alltoallv.txt", "3"}, {"actions_allgatherv.txt", "4"}, {"actions_waitall.txt", "3"},
		{"actions_gather.txt", "3"}, {"actions_bcast_reduce_datatypes.txt", "3"}, {"split_traces", "2"}} {
		runs = append(runs, run{"replay " + tr.trace, []string{"replay", sg + tr.trace, "--np", tr.np, "--platform", sg + "small_platform.xml",
			"--hostfile", sg + "hostfile", "--format", "json"}})
	}
	for _, r := range runs {
		t.Run(strings.ReplaceAll(r.name, " ", "_"), func(t *testing.T) {
			code, out, errs := augur(t, r.args...)
			if code != exitOK && code != exitDeadlock {
				t.Fatalf("augur %s: exit %d: %s", strings.Join(r.args, " "), code, errs)
			}
			res, err := results.Decode(filepath.Base(r.args[1]), []byte(out))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range tablesDisagree(res) {
				t.Error(p)
			}
		})
	}
}

// tablesDisagree lists every place where res's tables, pies and bars
// would show different numbers.
func tablesDisagree(res *results.Result) []string {
	var bad []string
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) }
	for _, u := range res.Units {
		if len(u.Elements) == 0 {
			if u.Compute+u.Communication+u.Waiting > 0 {
				bad = append(bad, fmt.Sprintf("%s: %g s of time but no element table", u.Name, u.Compute+u.Communication+u.Waiting))
			}
			continue
		}
		var c, m, w float64
		for _, e := range u.Elements {
			c, m, w = c+e.Compute, m+e.Communication, w+e.Waiting
			if e.Kind == "" || e.Kind == "mpi" || e.Calls <= 0 || !near(e.Compute+e.Communication+e.Waiting, e.Total) ||
				e.Min > e.Mean*(1+1e-12) || e.Mean > e.Max*(1+1e-12) {
				bad = append(bad, fmt.Sprintf("%s: element %+v", u.Name, e))
			}
			if res.Kind == results.KindMPI && e.Where == "" {
				bad = append(bad, fmt.Sprintf("%s: %s has no where", u.Name, e.Name))
			}
		}
		if !near(c, u.Compute) || !near(m, u.Communication) || !near(w, u.Waiting) {
			bad = append(bad, fmt.Sprintf("%s: its table sums to %s %g, %s %g, %s %g; its bar and pie show %g, %g, %g",
				u.Name, res.Categories[0], c, res.Categories[1], m, res.Categories[2], w, u.Compute, u.Communication, u.Waiting))
		}
	}
	sum := results.SumElements(res.Units)
	all := map[string]results.Stats{}
	for _, e := range res.Elements {
		if e.Calls > 0 {
			all[e.Name] = e
		}
	}
	if len(sum) != len(all) {
		bad = append(bad, fmt.Sprintf("the units' tables have %d elements, the table over all units %d", len(sum), len(all)))
	}
	for _, s := range sum {
		a, ok := all[s.Name]
		if !ok || a.Calls != s.Calls || !near(a.Total, s.Total) || !near(a.Compute, s.Compute) || !near(a.Communication, s.Communication) ||
			!near(a.Waiting, s.Waiting) || !near(a.Min, s.Min) || !near(a.Max, s.Max) || a.Kind != s.Kind {
			bad = append(bad, fmt.Sprintf("element %s: over all units %+v, sum of the units' %+v", s.Name, a, s))
		}
	}
	return bad
}
