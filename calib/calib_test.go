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
		s = append(s, Sample{Size: size, Stat: Stat{Median: v}})
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
		s[i].Stat.Median = 2e-6 + s[i].Size/1e9
	}
	if seg := FitSegments(s); len(seg) != 1 || math.Abs(seg[0].Latency-2e-6) > 1e-9 {
		t.Errorf("got %+v", seg)
	}
}

func TestParsePingPong(t *testing.T) {
	s, err := parsePingPong(strings.NewReader("some MPI warning\n1 1e-6 2e-6 1.5e-6\n1024 3e-6 3e-6 4e-6\n"))
	if err != nil || len(s) != 2 || s[0].Stat.Median != 1.5e-6 || s[0].Stat.Spread != 0.5e-6 || s[1].Size != 1024 {
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
			Ops:     []Op{{Key: "int_add", Doc: "add", Stat: Stat{Median: 0.3e-9, Spread: 0.01e-9}}},
			Intra:   []Segment{{0, 1e-6, 2e9}, {65536, 9e-6, 6e9}},
			Samples: []Sample{{Size: 1, Stat: Stat{Median: 1e-6}}}}
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
