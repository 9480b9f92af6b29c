package calib

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"augur/internal/machine"
	"augur/internal/run/netbench"
)

// Samples from a known two-segment model come back as its segments.
func TestFitSegments(t *testing.T) {
	var s []Sample
	for _, size := range Sizes(false) {
		v := 1e-6 + size/2e9
		if size >= 65536 {
			v = 9e-6 + size/6e9
		}
		s = append(s, Sample{Size: size, Stat: Stat{Value: v}})
	}
	seg := FitSegments(s)
	if len(seg) != 2 || seg[1].From != 65536 {
		t.Fatalf("got %+v", seg)
	}
	if math.Abs(seg[0].Latency-1e-6) > 1e-9 || math.Abs(seg[0].Bandwidth/2e9-1) > 1e-3 ||
		math.Abs(seg[1].Latency-9e-6) > 1e-8 || math.Abs(seg[1].Bandwidth/6e9-1) > 1e-3 {
		t.Errorf("got %+v", seg)
	}
	// One straight line stays one segment.
	for i := range s {
		s[i].Stat.Value = 2e-6 + s[i].Size/1e9
	}
	if seg := FitSegments(s); len(seg) != 1 || math.Abs(seg[0].Latency-2e-6) > 1e-9 {
		t.Errorf("got %+v", seg)
	}
}

func TestParsePingPong(t *testing.T) {
	s, err := parsePingPong(strings.NewReader("some MPI warning\n1 1e-6 2e-6 1.5e-6\n1024 3e-6 3e-6 4e-6\n"))
	// The lower quartile of 1, 1.5, 2 µs: a quarter of the way from the
	// first to the third, interpolated: 1.25 µs.
	if err != nil || len(s) != 2 || math.Abs(s[0].Stat.Value-1.25e-6) > 1e-18 || !(s[0].Stat.Spread > 0) || s[1].Size != 1024 {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := parsePingPong(strings.NewReader("4 -1\n")); err == nil {
		t.Error("negative time accepted")
	}
}

// The machine file of two profiles loads and has both groups, the ops and
// the intra-node segments.
func TestWriteMachineCombines(t *testing.T) {
	mk := func(name string, flops float64) *Profile {
		return &Profile{Name: name, CPUs: 2, Flops: flops, Method: "mpi",
			Ops:     []Op{{Key: "int_add", Doc: "add", Stat: Stat{Value: 0.3e-9, Spread: 0.01e-9}}},
			Intra:   []Segment{{0, 1e-6, 2e9}, {65536, 9e-6, 6e9}},
			Samples: []Sample{{Size: 1, Stat: Stat{Value: 1e-6}}}}
	}
	var b strings.Builder
	if err := WriteMachine(&b, "pair", []*Profile{mk("fast", 4e9), mk("slow", 2e9)}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"name: fast", "name: slow", "speed: 0.5", "int_add: 0.3ns", "from: 64KiB, latency: 9us, bandwidth: 6000MB/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("machine file lacks %q:\n%s", want, out)
		}
	}
}

// The measured sharing of the last level is written into levels, rounded
// to hundredths, and the machine reads it back; with one core there is
// nothing to measure.
func TestWriteMachineSharing(t *testing.T) {
	p := &Profile{Name: "vm", CPUs: 2, Flops: 1e9, Method: "tcp",
		Levels:  [4]float64{16 << 10, 256 << 10, 4 << 20, 32 << 20},
		Sharing: &Sharing{Shared: 0.0649, At: 8 << 20, Procs: 2, Alone: 1.1e-9, Together: 1.4e-9, Spilled: 5.7e-9},
		Ops:     []Op{{Key: "int_add", Doc: "add", Stat: Stat{Value: 0.3e-9}}},
		Samples: []Sample{{Size: 1, Stat: Stat{Value: 1e-6}}}, Intra: []Segment{{0, 1e-6, 2e9}}}
	var b strings.Builder
	if err := WriteMachine(&b, "vm", []*Profile{p}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "mem: 32MiB, shared: 0.06 }") {
		t.Errorf("levels without shared:\n%s", b.String())
	}
	m, err := machine.Parse("vm.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Groups[0].LastLevelShared(); math.Abs(got-0.06) > 1e-12 {
		t.Errorf("read back shared %g, want 0.06", got)
	}
	if s := LastLevelSharing([4]int{16 << 10, 256 << 10, 4 << 20, 32 << 20}, 1, true); s != nil {
		t.Errorf("one core: %+v, want nothing measured", s)
	}
}

// The estimator is the lower quartile, its spread the bootstrap interval of
// that quartile: both hand-checkable on simple data.
func TestEstimate(t *testing.T) {
	st := estimate([]float64{9, 1, 8, 2, 7, 3, 6, 4, 5})
	// Sorted 1..9: the quartile sits at index 0.25·8 = 2, the value 3.
	if st.Value != 3 || st.Reps != 9 {
		t.Errorf("got %+v, want value 3 of 9 repetitions", st)
	}
	// Resamples of 1..9 put the quartile between 1 and 5 or so: the
	// half-interval is positive and below half the range.
	if !(st.Spread > 0.5 && st.Spread < 4) {
		t.Errorf("spread %g", st.Spread)
	}
	if again := estimate([]float64{9, 1, 8, 2, 7, 3, 6, 4, 5}); again != st {
		t.Errorf("not deterministic: %+v then %+v", st, again)
	}
	// Equal repetitions have no spread; a burst of load on a few of them
	// does not move the quartile.
	if st := estimate([]float64{2, 2, 2, 2, 2, 2, 2, 9, 9}); st.Value != 2 || st.Spread != 0 {
		t.Errorf("got %+v", st)
	}
}

// An operation measured below one cycle is raised to the cycle and
// flagged, keeping what was measured; one at or above it is left alone.
func TestFloorAt(t *testing.T) {
	const cycle = 0.3e-9
	got := floorAt(Op{Key: "store_l1", Stat: Stat{Value: 0.12e-9, Spread: 0.01e-9, Reps: 11}}, cycle)
	if !got.Floored || got.Raw != 0.12e-9 || got.Stat.Value != cycle || got.Stat.Spread != 0.01e-9 {
		t.Errorf("below the floor: got %+v", got)
	}
	for _, v := range []float64{cycle, 4e-9} {
		if got := floorAt(Op{Key: "fp_div", Stat: Stat{Value: v}}, cycle); got.Floored || got.Raw != 0 || got.Stat.Value != v {
			t.Errorf("%g s: got %+v", v, got)
		}
	}
}

// A quick characterisation of this machine gives every operation of
// docs/bench.md, finite, positive and never below the cycle it measured,
// with the cycle and the flop rate. What the values are, and how well two
// runs agree, depends on the machine and its load: bench/calib.sh prints
// that, it is not asserted here.
func TestMTCQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the MTC takes several seconds")
	}
	r := MTC(MTCOptions{Quick: true})
	want := []string{"int_add", "int_mul", "int_div", "fp_add", "fp_mul", "fp_div", "sqrt", "exp", "log",
		"branch", "call", "rand", "int_add_tp", "int_mul_tp", "int_div_tp", "fp_add_tp", "fp_mul_tp", "fp_div_tp", "sqrt_tp", "exp_tp", "log_tp",
		"load_l1", "store_l1", "load_rand_l1", "load_l2", "store_l2", "load_rand_l2", "load_l3", "store_l3", "load_rand_l3",
		"load_mem", "store_mem", "load_rand_mem", "load_rand_mid1_8", "load_rand_mid1", "load_rand_mid3_8", "load_rand_mid2", "load_rand_mid5_8", "load_rand_mid3", "load_rand_mid7_8", "load_tp", "store_tp", "page_touch", "mem_byte_mid1", "mem_byte_mid2", "mem_byte_mid3", "mem_byte"}
	// The node's bandwidth with more than one CPU, unless no run had
	// them all (a busy machine), which it then says.
	if runtime.NumCPU() > 1 && len(r.Left) == 0 {
		want = append(want, "mem_byte_node")
	}
	if len(r.Ops) != len(want) {
		t.Fatalf("%d operations, want %d", len(r.Ops), len(want))
	}
	if !(r.Cycle > 0) || math.IsInf(r.Cycle, 0) || !(r.Flops > 0) || math.IsInf(r.Flops, 0) {
		t.Fatalf("cycle %g s, flop rate %g", r.Cycle, r.Flops)
	}
	for i, o := range r.Ops {
		if o.Key != want[i] {
			t.Errorf("operation %d is %s, want %s", i, o.Key, want[i])
		}
		if strings.HasSuffix(o.Key, "_tp") || strings.HasPrefix(o.Key, "store_") || strings.HasPrefix(o.Key, "load_rand_") {
			// A throughput (independent operations, sequential stores,
			// random loads)
			// has no floor: a positive time per operation.
			if !(o.Stat.Value > 0) || o.Floored {
				t.Errorf("%s %g s (floored %v)", o.Key, o.Stat.Value, o.Floored)
			}
			continue
		}
		if o.Key == "mem_byte_node" {
			// Per byte of the node's traffic, in wall time: no floor.
			if !(o.Stat.Value > 0) || math.IsInf(o.Stat.Value, 0) || o.Floored {
				t.Errorf("%s %g s (floored %v)", o.Key, o.Stat.Value, o.Floored)
			}
			continue
		}
		if strings.HasPrefix(o.Key, "mem_byte") {
			// Per byte, not per operation: no floor; a bandwidth between
			// 100 MB/s and 1 TB/s.
			if !(o.Stat.Value > 1e-12 && o.Stat.Value < 1e-8) || o.Floored {
				t.Errorf("%s %g s (floored %v)", o.Key, o.Stat.Value, o.Floored)
			}
			continue
		}
		if !(o.Stat.Value >= r.Cycle) || math.IsInf(o.Stat.Value, 0) || o.Stat.Reps != 11 {
			t.Errorf("%s: %g s of %d repetitions, cycle %g s", o.Key, o.Stat.Value, o.Stat.Reps, r.Cycle)
		}
		if (o.Floored && !(o.Raw < r.Cycle && o.Stat.Value == r.Cycle)) || (!o.Floored && o.Raw != 0) {
			t.Errorf("%s: floored %v at %g s, measured %g s, cycle %g s", o.Key, o.Floored, o.Stat.Value, o.Raw, r.Cycle)
		}
		t.Logf("%-9s %8.4g ns ± %.2g%s", o.Key, o.Stat.Value*1e9, o.Stat.Spread*1e9, map[bool]string{true: " (floor)"}[o.Floored])
	}
	t.Logf("cycle %.4g ns, system clock %.4g ns, %.3g flop/s", r.Cycle*1e9, r.NominalCycle*1e9, r.Flops)
}

// The sharing measurement on a real machine: its figures cannot be
// asserted, but what it returns must hang together: nothing measured, or
// a working set between the levels it was given, positive times, and the
// share computed from them, clamped to 0 … 1.
func TestLastLevelSharingConsistent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the measurement takes a second")
	}
	levels := [4]int{16 << 10, 256 << 10, 4 << 20, 32 << 20}
	s := LastLevelSharing(levels, 2, true)
	if s == nil {
		return // no working set made a difference here
	}
	if s.Procs != 2 || s.At < levels[2] || 2*s.At > levels[3] || !(s.Alone > 0) || !(s.Together > 0) || !(s.Spilled > 0) {
		t.Fatalf("%+v", *s)
	}
	want := math.Min(1, math.Max(0, (s.Together-s.Alone)/(s.Spilled-s.Alone)))
	if s.Shared != want {
		t.Errorf("shared %g, from its figures %g: %+v", s.Shared, want, *s)
	}
}

// What the host's MPI measured goes into the machine file and reads back:
// the reduction operators as the node group's reduce (a byte of a double's
// sum costs an eighth of its element), the eager limit as the protocol
// change, the collectives as the node group's collectives (replay's); without
// MPI the file says what it left out.
func TestWriteMachineHostMPI(t *testing.T) {
	p := &Profile{Name: "vm", CPUs: 2, Flops: 1e9, Method: "mpi",
		Ops:     []Op{{Key: "int_add", Doc: "add", Stat: Stat{Value: 0.3e-9}}},
		Samples: []Sample{{Size: 1, Stat: Stat{Value: 1e-6}}}, Intra: []Segment{{0, 1e-6, 2e9}},
		MPI: &netbench.Host{Reduce: map[string]float64{"sum_double": 0.8e-9, "max_int": 0.2e-9}, ReduceN: 65536, Eager: 4096,
			Collectives: []netbench.Collective{{Name: "allreduce", AlgName: "default", Procs: 2,
				Samples: []netbench.Sample{{Size: 8, Min: 1.5e-6}, {Size: 65536, Min: 40e-6}}}}}}
	var b strings.Builder
	if err := WriteMachine(&b, "vm", []*Profile{p}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"reduce: { sum_double: 0.8ns, max_int: 0.2ns }", "eager_threshold: 4KiB", "allreduce: { 8: 1.5us, 64KiB: 40us }"} {
		if !strings.Contains(out, want) {
			t.Errorf("machine file lacks %q:\n%s", want, out)
		}
	}
	m, err := machine.Parse("vm.yaml", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if g := m.Groups[0]; math.Abs(g.CombineCost()-0.1e-9) > 1e-21 || m.Net.EagerThreshold != 4096 {
		t.Errorf("read back combine cost %g s/B, eager threshold %g B", g.CombineCost(), m.Net.EagerThreshold)
	}
	if c := m.Groups[0].Collectives; c == nil || c.Procs != 2 {
		t.Errorf("read back collectives %+v", c)
	} else if v, ok := c.Time("allreduce", false, 65536); !ok || math.Abs(v-40e-6) > 1e-15 {
		t.Errorf("read back a 64 KiB allreduce as %g s, %v; want 40 µs", v, ok)
	}
	p.MPI, p.Method, p.Left = nil, "tcp", []string{"this host's MPI (mpicc and mpirun not found)"}
	b.Reset()
	if err := WriteMachine(&b, "vm", []*Profile{p}); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "# Not measured: this host's MPI") || strings.Contains(out, "reduce:") {
		t.Errorf("without MPI:\n%s", out)
	}
}
