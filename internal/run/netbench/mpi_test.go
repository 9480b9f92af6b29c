package netbench

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

const ompiInfo = `mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:0:ignore
mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:2:chain
mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:1:basic_linear
mca:coll:tuned:param:coll_tuned_bcast_algorithm:synonym:of:name:x
mca:coll:tuned:param:coll_tuned_allreduce_algorithm:enumerator:value:4:ring
`

func TestParseAlgorithms(t *testing.T) {
	a, err := ParseAlgorithms(strings.NewReader(ompiInfo))
	if err != nil {
		t.Fatal(err)
	}
	b := a["bcast"]
	if len(b) != 3 || b[0] != (Algorithm{0, "default"}) || b[1] != (Algorithm{1, "basic_linear"}) || b[2] != (Algorithm{2, "chain"}) {
		t.Errorf("bcast %v", b)
	}
	if r := a["allreduce"]; len(r) != 1 || r[0] != (Algorithm{4, "ring"}) {
		t.Errorf("allreduce %v", r)
	}
	if _, err := ParseAlgorithms(strings.NewReader("mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:x:y\n")); err == nil || !strings.Contains(err.Error(), "ompi_info:1:") {
		t.Errorf("bad number: %v", err)
	}
}

func TestParseBenchOutput(t *testing.T) {
	out := "some MPI warning\nR pp 1 100 2e-6 1e-6 3e-6\nR pp 8 50 4e-6 4e-6\n"
	s, err := ParseBenchOutput(strings.NewReader(out), "pp", []int64{1, 8})
	if err != nil {
		t.Fatal(err)
	}
	if s[0] != (Sample{1, 1e-6, 2e-6, 3, 100}) || s[1] != (Sample{8, 4e-6, 4e-6, 2, 50}) {
		t.Errorf("got %+v", s)
	}
	for _, bad := range []string{
		"R pp 1 100 2e-6\n",              // size 8 missing
		"R pp 1 100 0 1\nR pp 8 1 1\n",   // zero time
		"R pp 1 100 1 NaN\nR pp 8 1 1\n", // not a number
		"R bcast 1 1 1\n",                // another operation
		"R pp 1 0 1\nR pp 8 1 1\n",       // no trips
		"R pp 1 1 1\nR pp 1 1 1\nR pp 8 1 1\n",
	} {
		if _, err := ParseBenchOutput(strings.NewReader(bad), "pp", []int64{1, 8}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParseBenchOutput(f *testing.F) {
	f.Add("R pp 1 100 2e-6 1e-6 3e-6\nR pp 8 50 4e-6 4e-6\n")
	f.Add("R pp 1 1 1\nR pp 1 1 1\n")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseBenchOutput(strings.NewReader(in), "pp", []int64{1, 8})
		if err == nil {
			for _, x := range s {
				if !(x.Min > 0 && x.Min <= x.Median) {
					t.Errorf("accepted %+v", x)
				}
			}
		}
	})
}

func FuzzParseAlgorithms(f *testing.F) {
	f.Add(ompiInfo)
	f.Fuzz(func(t *testing.T, in string) {
		a, err := ParseAlgorithms(strings.NewReader(in))
		if err == nil {
			for c, list := range a {
				for i := 1; i < len(list); i++ {
					if list[i].N < list[i-1].N {
						t.Errorf("%s not sorted: %v", c, list)
					}
				}
			}
		}
	})
}

// The MPI mode on this host: the ping-pong fits, and every OpenMPI
// algorithm of a broadcast and an allreduce gives a time per size.
func TestMPILocal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no mpirun")
	}
	for _, tool := range []string{"mpicc", "mpirun", "ompi_info"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	pp, colls, err := MPI(ctx, MPIOptions{Hosts: []string{"localhost"}, Sizes: Sizes(1 << 16), CollSizes: []int64{1, 1024},
		Procs: []int{2, 3}, Colls: []string{"bcast", "barrier"}, Reps: 3, Target: 0.002})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FitPiecewise(pp, 3); err != nil {
		t.Fatal(err)
	}
	algs, err := Algorithms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// two_proc runs on 2 processes only.
	if want := 2*(len(algs["bcast"])+len(algs["barrier"])) - 1; len(colls) != want {
		t.Fatalf("%d collective runs, want %d", len(colls), want)
	}
	for _, c := range colls {
		for _, s := range c.Samples {
			if !(s.Min > 0) {
				t.Errorf("%+v", c)
			}
		}
	}
}
