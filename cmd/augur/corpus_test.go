package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The reference corpus: the JSON output of predict, replay and simulate on
// every bundled example, SimGrid's replay cases, generated MPI and thread
// traces, VPPB's traces and recorded programs, compared byte for byte with
// golden files (testdata/corpus/golden). A change to the engine or a front
// end that moves any prediction, however little, fails here; one that is
// meant to move them regenerates the files with
//
//	go test ./cmd/augur -run TestCorpus -update
//
// and the diff of testdata/corpus/golden shows what moved. Only the fields
// that measure evaluation time (wall clock) are blanked before comparing.
// testdata/corpus/README.md says where each input comes from.

var updateCorpus = flag.Bool("update", false, "rewrite testdata/corpus/golden from the current outputs")

// corpusCase is one command line of the corpus and its exit status.
type corpusCase struct {
	name string
	args []string
	exit int
}

const (
	corpusDir   = "testdata/corpus/"
	corpusGen   = corpusDir + "gen/"
	corpusRec   = corpusDir + "recorded/"
	corpusPeers = "../../internal/run/replay/testdata/simgrid/"
	corpusVPPB  = "../../internal/frontend/threadtrace/testdata/"
)

func corpusCases() []corpusCase {
	var cs []corpusCase
	add := func(exit int, name string, args ...string) {
		cs = append(cs, corpusCase{name, append(args, "--format", "json"), exit})
	}

	// predict: every examples/*.aug (and the fitted LAPW0), with the
	// machines and flags the docs use, and the settings that take other
	// paths through the engine (oversubscribed nodes, a cyclic mapping,
	// loops stepped instead of closed, SimGrid link sharing).
	mach := ex + "machines/"
	predict := func(name, model, machine string, flags ...string) {
		add(exitOK, "predict-"+name, append([]string{"predict", ex + model, "--machine", mach + machine}, flags...)...)
	}
	predict("sample", "sample.aug", "ideal.yaml", "--nodes", "1", "--procs", "4")
	predict("sample-gescher-cyclic", "sample.aug", "gescher.yaml", "--nodes", "2", "--procs", "4", "--map", "cyclic")
	predict("kernel6", "kernel6.aug", "ideal.yaml", "--procs", "1")
	predict("kernel6-step", "kernel6.aug", "gescher.yaml", "--procs", "1", "--step-loops")
	predict("pingpong", "pingpong.aug", "gescher.yaml", "--nodes", "2", "--procs", "2")
	predict("pingpong-lv08", "pingpong.aug", "gescher.yaml", "--nodes", "2", "--procs", "2", "--cfg", "network/model:LV08")
	predict("lapw0-n8p32", "lapw0.aug", "gescher.yaml", "--nodes", "8", "--procs", "32", "--set", "NAT=64")
	predict("lapw0-n4p32", "lapw0.aug", "gescher.yaml", "--nodes", "4", "--procs", "32", "--set", "NAT=64")
	predict("lapw0-ideal-n16p64", "lapw0.aug", "ideal.yaml", "--nodes", "16", "--procs", "64", "--set", "NAT=64")
	predict("lapw0-fitted-n2p8", "lapw0/lapw0-fitted.aug", "gescher.yaml", "--nodes", "2", "--procs", "8")
	predict("stencil-hetero", "stencil.aug", "dperf-hetero.yaml", "--procs", "16", "--threads", "2", "--set", "ITER=3")
	predict("stencil-n4t4", "stencil.aug", "gescher.yaml", "--nodes", "4", "--procs", "4", "--threads", "4")
	predict("priority", "priority.aug", "onecpu-priority.yaml", "--procs", "2")

	// replay: SimGrid's own replay cases as replay/testdata/simgrid
	// runs them (not actions_reducescatter.txt, whose datatype augur
	// rejects as smpirun does).
	for _, c := range []struct {
		trace, np string
	}{
		{"actions_bcast.txt", "3"}, {"split_traces", "2"}, {"actions_barrier.txt", "3"},
		{"actions_with_isend.txt", "3"}, {"actions_allreduce.txt", "3"}, {"actions_alltoall.txt", "3"},
		{"actions_alltoallv.txt", "3"}, {"actions_allgatherv.txt", "4"}, {"actions_waitall.txt", "3"},
		{"actions_gather.txt", "3"}, {"actions_bcast_reduce_datatypes.txt", "3"},
	} {
		add(exitOK, "replay-peer-"+strings.TrimSuffix(c.trace, ".txt"), "replay", corpusPeers+c.trace,
			"--platform", corpusPeers+"small_platform.xml", "--hostfile", corpusPeers+"hostfile", "--np", c.np)
	}
	// Generated traces (tit/gen) on a cluster with and without a limited
	// backbone under each SimGrid network model; the collectives at
	// sizes and rank counts that make SMPI's selector pick different
	// algorithms (alltoall: basic_linear, bruck at 16 x 100 B, pair at
	// 4 x 600 kB), a hand-written trace of the vector collectives; two
	// on augur machines.
	for _, p := range []string{"ring-16-1e4", "stencil-16-1e4", "pairwise-16-1e4", "mix-16-1e4", "colls-16-1e4"} {
		for _, plat := range []string{"backbone", "flat"} {
			for _, model := range []string{"SMPI", "CM02", "LV08"} {
				add(exitOK, fmt.Sprintf("replay-%s-%s-%s", p, plat, model), "replay", corpusGen+p+".txt",
					"--platform", corpusGen+plat+".xml", "--hostfile", corpusGen+"hostfile", "--network-model", model)
			}
		}
	}
	for _, p := range []string{"colls-5-1e5", "colls-12-1e2", "colls-12-1e6", "colls-64-3e3", "colls-16-1e2", "colls-4-6e5", "vector"} {
		add(exitOK, "replay-"+p, "replay", corpusGen+p+".txt", "--platform", corpusGen+"backbone.xml", "--hostfile", corpusGen+"hostfile")
	}
	add(exitOK, "replay-ring-16-1e4-constant", "replay", corpusGen+"ring-16-1e4.txt", "--platform", corpusGen+"flat.xml", "--network-model", "Constant")
	add(exitOK, "replay-ring-16-1e4-gescher", "replay", corpusGen+"ring-16-1e4.txt", "--platform", mach+"gescher.yaml")
	add(exitOK, "replay-mix-16-1e4-hetero", "replay", corpusGen+"mix-16-1e4.txt", "--platform", mach+"dperf-hetero.yaml")
	// A recorded MPI program (examples/mpi/jacobi.c, augur record --mpi).
	add(exitOK, "replay-jacobi-peers", "replay", corpusRec+"jacobi/index.txt", "--platform", corpusPeers+"small_platform.xml", "--hostfile", corpusPeers+"hostfile")
	add(exitOK, "replay-jacobi-backbone", "replay", corpusRec+"jacobi/index.txt", "--platform", corpusGen+"backbone.xml", "--hostfile", corpusGen+"hostfile")

	// simulate: VPPB's programs P, Q and R under every model (Q and R
	// deadlock under some, exit status 3 with the report in the JSON),
	// the recorded example programs and a generated trace.
	deadlocks := map[string]bool{"Q-2-direct": true, "Q-4-direct": true, "R-2-client-server": true,
		"R-4-direct": true, "R-4-client-server": true}
	for _, prog := range []string{"P", "Q", "R"} {
		for _, cpus := range []string{"1", "2", "4"} {
			for _, model := range []string{"direct", "client-server", "strict", "auto"} {
				exit := exitOK
				if deadlocks[prog+"-"+cpus+"-"+model] {
					exit = exitDeadlock
				}
				add(exit, fmt.Sprintf("simulate-vppb-%s-%s-%s", prog, cpus, model), "simulate", corpusVPPB+"vppb-"+prog+".trace", "--cpus", cpus, "--model", model)
			}
		}
	}
	add(exitOK, "simulate-vppb-R-4-bound", "simulate", corpusVPPB+"vppb-R.trace", "--cpus", "4", "--bind", "P1=0,P2=1,P3=2,P4=3")
	add(exitOK, "simulate-vppb-R-2-priority", "simulate", corpusVPPB+"vppb-R.trace", "--cpus", "2", "--priority", "P4,P3,P2,P1")
	for _, prog := range []string{"static", "taskqueue", "prodcons", "stencil", "forkjoin", "sempipe"} {
		add(exitOK, "simulate-"+prog+"-2", "simulate", corpusRec+prog+".trace", "--cpus", "2")
		add(exitOK, "simulate-"+prog+"-4-direct", "simulate", corpusRec+prog+".trace", "--cpus", "4", "--model", "direct")
	}
	for _, model := range []string{"direct", "strict"} {
		add(exitOK, "simulate-threads-8-"+model, "simulate", corpusGen+"threads.trace", "--cpus", "8", "--model", model)
	}
	add(exitOK, "simulate-threads-3", "simulate", corpusGen+"threads.trace", "--cpus", "3")
	return cs
}

// evalTime matches the JSON fields that measure evaluation time: predict's
// eval_time_s, simulate's read_time_s and simulate_time_s (--timing).
var evalTime = regexp.MustCompile(`("(?:eval_time_s|read_time_s|simulate_time_s)": )[-+0-9.eE]+`)

// stripEvalTime blanks the values of the fields that measure evaluation
// time, leaving every other byte as the command wrote it.
func stripEvalTime(b []byte) []byte {
	return evalTime.ReplaceAll(b, []byte(`${1}"(evaluation time)"`))
}

func TestCorpus(t *testing.T) {
	cases := corpusCases()
	want := map[string]bool{}
	for _, c := range cases {
		if want[c.name] {
			t.Fatalf("two corpus cases named %s", c.name)
		}
		want[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := augur(t, c.args...)
			if code != c.exit {
				t.Fatalf("augur %s: exit %d, want %d\n%s", strings.Join(c.args, " "), code, c.exit, errs)
			}
			got := stripEvalTime([]byte(out))
			path := filepath.Join(corpusDir, "golden", c.name+".json")
			if *updateCorpus {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			golden, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/augur -run TestCorpus -update to write it)", err)
			}
			if !bytes.Equal(got, golden) {
				t.Errorf("augur %s differs from %s:\n%s", strings.Join(c.args, " "), path, firstDifference(golden, got))
			}
		})
	}
	// Golden files of cases that are gone would be kept and never checked.
	files, err := filepath.Glob(filepath.Join(corpusDir, "golden", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if want[name] {
			continue
		}
		if *updateCorpus {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s belongs to no corpus case (run with -update to remove it)", f)
	}
}

// firstDifference shows the first line where got departs from want.
func firstDifference(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, wl, gl)
		}
	}
	return "(same lines)"
}

func TestStripEvalTime(t *testing.T) {
	in := "{\n  \"eval_time_s\": 6.6338e-05,\n  \"events\": 20,\n  \"read_time_s\": 0.000097524,\n  \"simulate_time_s\": 3\n}\n"
	want := "{\n  \"eval_time_s\": \"(evaluation time)\",\n  \"events\": 20,\n  \"read_time_s\": \"(evaluation time)\",\n  \"simulate_time_s\": \"(evaluation time)\"\n}\n"
	if got := string(stripEvalTime([]byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
