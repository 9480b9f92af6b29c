package sourcefirst

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"augur/internal/frontend/cfront"
	"augur/internal/machine"
)

// ompMachine is a node of 4 CPUs (two such nodes) where every operation
// takes 1 ns and memory traffic is free.
func ompMachine(t *testing.T) Machine {
	t.Helper()
	m, err := machine.Load("../../frontend/analyze/testdata/omp/machine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return Machine{Name: "omp1ns", Machine: m}
}

// predictOMP analyses an OpenMP program of testdata/omp as augur analyze
// -fopenmp does and returns its predicted time in ns at procs × threads.
func predictOMP(t *testing.T, file string, defines []string, procs, threads int) float64 {
	t.Helper()
	flags := []string{"-fopenmp"}
	for _, d := range defines {
		flags = append(flags, "-D"+d)
	}
	res, err := Run(Request{Files: []string{"../../frontend/analyze/testdata/omp/" + file}, Procs: procs, Threads: threads,
		Front: cfront.Options{Flags: flags}, Machines: []Machine{ompMachine(t)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 || res.Predicted[0] == nil {
		t.Fatalf("%s: %v\n%s", file, res.Errors, res.Source)
	}
	for _, w := range res.Warnings {
		if w.Line > 0 && !strings.Contains(w.Msg, "library function") {
			t.Errorf("%s: unexpected warning %v", file, w)
		}
	}
	return *res.Predicted[0] * 1e9
}

func expectNS(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-6 {
		t.Errorf("%s: predicted %.4f ns, want %.4f ns", what, got, want)
	}
}

// parallel for with a reduction: 1200 iterations of 2 ns (the test and
// step's two integer adds; two streamed loads, the multiply and the add
// in their shadow), in even blocks, then printf's call (1 ns). Five
// threads on the 4 CPUs: the fifth block waits for a CPU.
func TestOMPParallelForReduction(t *testing.T) {
	for threads, want := range map[int]float64{1: 2401, 2: 1201, 3: 801, 4: 601, 5: 2*480 + 1} {
		expectNS(t, fmt.Sprintf("reduce.c, %d threads", threads), predictOMP(t, "reduce.c", nil, 1, threads), want)
	}
}

// A triangular loop: iteration i costs 2 + 2i ns (its test and step, i
// inner iterations of 2 ns): 2, 4, ..., 16, 72 in all, then printf's 1.
// On 2 threads: static gives blocks {0..3} (20) and {4..7} (52); dynamic
// hands out 0 1 2 3 ... to the thread that is free first: thread 0 runs
// 0 [0,2) 2 [2,8) 4 [8,18) 6 [18,32), thread 1 1 [0,4) 3 [4,12) 5
// [12,24) 7 [24,40); guided takes 4 iterations {0..3} [0,20), then 2
// {4,5} [0,22), then 1 each: 6 [20,34), 7 [22,38). On 3 threads static
// gives libgomp's blocks of 3, 3, 2: {0,1,2} 12, {3,4,5} 30, {6,7} 30.
func TestOMPSchedulesImbalanced(t *testing.T) {
	for _, c := range []struct {
		sched   string
		threads int
		want    float64
	}{
		{"static", 1, 73}, {"static", 2, 53}, {"dynamic", 2, 41}, {"guided", 2, 39}, {"static", 3, 31},
		{"dynamic,2", 2, 0}, // set below
	} {
		if c.want == 0 {
			// Chunks of 2: thread 0 {0,1} [0,6) {4,5} [6,28), thread 1
			// {2,3} [0,14) {6,7} [14,44).
			c.want = 44 + 1
		}
		expectNS(t, fmt.Sprintf("triangle.c schedule(%s), %d threads", c.sched, c.threads),
			predictOMP(t, "triangle.c", []string{"SCHED=" + c.sched}, 1, c.threads), c.want)
	}
}

// Every loop's iteration is 2 ns: j's test and step (two integer adds;
// the bounds 2 * M and 3 * M are constants gcc folds even at -O0, no
// multiplication), in whose shadow are the conversion and add of s += j
// and the add's latency. critical (100 iterations, 200 ns each, one
// thread at a time), barrier, single (200 iterations, 400 ns, once, the
// others waiting), master (300 iterations, 600 ns, thread 0, nobody
// waiting), atomic (2 ns each), printf (1): 200 T + 400 + 600 + 2 + 1 =
// 200 T + 1003 ns on T threads.
func TestOMPSections(t *testing.T) {
	for _, threads := range []int{1, 2, 4} {
		expectNS(t, fmt.Sprintf("sections.c, %d threads", threads), predictOMP(t, "sections.c", nil, 1, threads), 200*float64(threads)+1003)
	}
}

// MPI + OpenMP at ranks × threads: rank 0 computes 4 ns, its 2400 / P
// iterations of 2 ns on T threads, an allreduce on a free network, then 3
// ns: 7 + 4800 / (P T) ns.
func TestOMPHybrid(t *testing.T) {
	for _, c := range [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 4}} {
		expectNS(t, fmt.Sprintf("hybrid.c, %d ranks × %d threads", c[0], c[1]), predictOMP(t, "hybrid.c", nil, c[0], c[1]), 7+4800/float64(c[0]*c[1]))
	}
}

// collapse(2) shares the 3 × 4 iterations, not the 3 rows, then printf's
// line costs 2 ns. An iteration is 4 ns: four integer operations, j's
// test and step and the row address a[i] of the load and of the store
// (gcc -O0, no -O here, computes them from i every time: no strength
// reduction, no unrolling), the multiply, add and streamed accesses in
// their shadow. On 4 threads: static gives 3 each (12),
// dynamic 3 rounds of 4 (12), guided 3, 3, 2, 1 then 1, 1, 1 to the
// threads free first (12); static chunks of 5 give {0..4}, {5..9},
// {10, 11} to threads 0, 1, 2 (20). On 5 threads static gives 3, 3, 2,
// 2, 2 and the fifth waits for the first free CPU, at 8 (16). Sharing
// the rows only would give 4 iterations (16) on 4 threads.
func TestOMPCollapse(t *testing.T) {
	for _, c := range []struct {
		sched   string
		threads int
		want    float64
	}{
		{"static", 1, 50}, {"static", 4, 14}, {"dynamic", 4, 14}, {"guided", 4, 14}, {"static,5", 4, 22}, {"static", 5, 18},
	} {
		expectNS(t, fmt.Sprintf("collapse.c schedule(%s), %d threads", c.sched, c.threads),
			predictOMP(t, "collapse.c", []string{"SCHED=" + c.sched}, 1, c.threads), c.want)
	}
}

// Threads that split a loop by omp_get_thread_num() and
// omp_get_num_threads(): the 1200 iterations of 2 ns by T, after the two
// calls (2 ns), then printf (1 ns).
func TestOMPThreadQueries(t *testing.T) {
	for threads, want := range map[int]float64{1: 2403, 2: 1203, 3: 803, 4: 603} {
		expectNS(t, fmt.Sprintf("spmd.c, %d threads", threads), predictOMP(t, "spmd.c", nil, 1, threads), want)
	}
}

// Rows dealt to the ranks round-robin (step: the number of ranks), each
// rank's 1200 / P rows of 2 ns shared by its T threads one at a time,
// between 3 ns of MPI calls before and 1 after: 4 + 2 · 1200 / (P T) ns.
func TestOMPCyclicHybrid(t *testing.T) {
	for _, c := range [][2]int{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}, {1, 3}} {
		expectNS(t, fmt.Sprintf("cyclic.c, %d ranks × %d threads", c[0], c[1]), predictOMP(t, "cyclic.c", nil, c[0], c[1]), 4+2400/float64(c[0]*c[1]))
	}
}

// testdata/omp/wavefront.c at -O2 on the 1 ns machine: the 1001 columns of 99
// rows split by hand, q = 1001 / T each and one more for the first
// 1001 mod T threads. A row of c columns costs its thread 6 + 3c ns: the
// row loop's test and step (2), the test of id (1), the sweep's setup
// load (1), the sweep's restart (1) and 3 ns a column (three loads), the
// flag's atomic write (1); a thread past the first adds its spin-wait's
// probe (the atomic read, 2, and its test, 1). The pipeline's fill: in
// the first row thread t waits t stages of its own, 2 + 3c ns each (the
// sweep's setup, restart and columns). Before the region the call (1)
// and the loop over the team (8 ns a thread, one more for a thread that
// takes a remainder column, one more past the first); after it printf
// (2); the region's thread start costs nothing here.
//
//	1 thread:  1 + 8 + 1 + 99·(6 + 3·1001) + 2                 = 297903
//	2 threads: 1 + 9 + 9 + 1 + 99·(9 + 3·500) + (2 + 3·500) + 2  = 150915
//	           (thread 1, 500 columns, ends last: 99·1509 + 1502 after its call)
//	3 threads: 1 + 9 + 10 + 9 + 1 + 99·(9 + 3·333) + 2·(2 + 3·333) + 2 + 2 = 101828
//	           (thread 2, 333 columns, ends last; the model's atomic is a lock of
//	           its name, and threads 1 and 2 probe the same section at once in
//	           the first row: thread 2 waits for thread 1's 2 ns)
func TestOMPWavefrontPipeline(t *testing.T) {
	for threads, want := range map[int]float64{1: 297903, 2: 150915, 3: 101828} {
		res, err := Run(Request{Files: []string{"../../frontend/analyze/testdata/omp/wavefront.c"}, Procs: 1, Threads: threads,
			Front: cfront.Options{Flags: []string{"-O2", "-fopenmp"}}, Machines: []Machine{ompMachine(t)}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) > 0 || res.Predicted[0] == nil {
			t.Fatalf("%v\n%s", res.Errors, res.Source)
		}
		expectNS(t, fmt.Sprintf("wavefront.c -O2, %d threads", threads), *res.Predicted[0]*1e9, want)
	}
}
