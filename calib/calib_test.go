package calib

import (
	"math"
	"strings"
	"testing"
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

// Two quick characterisations of this machine, one after the other, agree
// within a factor 2 for every computational operation: a broken estimator
// or unit is off by far more. Loads and stores are left out of that check:
// on a virtual machine the share of the last-level cache a run gets
// changes between runs, and with it an L3 load's time (seen: 25 ns, then
// 61 ns). Agreement within the reported spreads depends on the load
// of a shared machine, so it is logged here and measured by bench/calib.sh,
// not asserted (CI machines are shared and noisy).
func TestMTCRepeatable(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: two MTC runs take several seconds")
	}
	a, fa := MTC(MTCOptions{Quick: true})
	b, fb := MTC(MTCOptions{Quick: true})
	if len(a) != len(b) || len(a) < 20 {
		t.Fatalf("%d and %d operations", len(a), len(b))
	}
	agree := 0
	for i := range a {
		x, y := a[i].Stat, b[i].Stat
		if math.Abs(x.Value-y.Value) <= x.Spread+y.Spread {
			agree++
		} else {
			t.Logf("%s: %.4g ± %.2g vs %.4g ± %.2g", a[i].Key, x.Value, x.Spread, y.Value, y.Spread)
		}
		memory := strings.HasPrefix(a[i].Key, "load_") || strings.HasPrefix(a[i].Key, "store_")
		if r := x.Value / y.Value; !memory && !(r > 1/2.0 && r < 2) {
			t.Errorf("%s: %.4g s then %.4g s", a[i].Key, x.Value, y.Value)
		}
	}
	t.Logf("%d of %d operations agree within their spreads", agree, len(a))
	if r := fa / fb; !(r > 1/2.0 && r < 2) {
		t.Errorf("flop rates %g and %g", fa, fb)
	}
}
