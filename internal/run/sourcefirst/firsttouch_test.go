package sourcefirst

import (
	"fmt"
	"testing"

	"augur/internal/frontend/cfront"
	"augur/internal/machine"
)

// First touch: testdata/omp/firsttouch.c allocates five arrays of 128
// pages on a machine where only a page's first write costs (1 µs). a
// (through a malloc wrapper) and b are first written in a parallel loop:
// 128 / T µs each on T threads; d in a region of num_threads(2): 64 µs;
// c and e (the wrapper's second call) sequentially, and g after an
// MPI_Bcast that may write it: 128 µs each. On 1 thread 704 µs, on 2
// 576 µs, on 4 512 µs.
func TestOMPFirstTouch(t *testing.T) {
	m, err := machine.Load("../../frontend/analyze/testdata/omp/touch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for threads, want := range map[int]float64{1: 704e3, 2: 576e3, 4: 512e3} {
		res, err := Run(Request{Files: []string{"../../frontend/analyze/testdata/omp/firsttouch.c"}, Procs: 1, Threads: threads,
			Front: cfront.Options{Flags: []string{"-fopenmp"}}, Machines: []Machine{{Name: "touch1us", Machine: m}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) > 0 || res.Predicted[0] == nil {
			t.Fatalf("%v\n%s", res.Errors, res.Source)
		}
		expectNS(t, fmt.Sprintf("firsttouch.c, %d threads", threads), *res.Predicted[0]*1e9, want)
	}
}
