package netbench

import (
	"math"
	"testing"
)

// exact makes noise-free samples of a piecewise model.
func exact(f Fit, sizes []int64) []Sample {
	var out []Sample
	for _, s := range sizes {
		t := f.Time(s)
		out = append(out, Sample{Size: s, Min: t, Median: t, Reps: 1, Trips: 1})
	}
	return out
}

func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Abs(b) }

// A 2 ms, 100 Mbit/s link is one segment, recovered exactly.
func TestFitOneSegment(t *testing.T) {
	truth := Fit{Segments: []Segment{{0, 2e-3, 12.5e6}}}
	f, err := FitPiecewise(exact(truth, Sizes(16<<20)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Segments) != 1 || !near(f.Latency(), 2e-3, 1e-9) || !near(f.Bandwidth(), 12.5e6, 1e-9) || f.MeanRelErr > 1e-12 {
		t.Errorf("got %+v", f)
	}
}

// An eager/rendezvous switch at 64 KiB (a handshake adds latency, the
// bandwidth rises) is found at the right size with both lines exact; a
// third segment at 1 MiB too.
func TestFitBreakpoints(t *testing.T) {
	two := Fit{Segments: []Segment{{0, 5e-6, 1e9}, {64 << 10, 40e-6, 3e9}}}
	f, err := FitPiecewise(exact(two, Sizes(16<<20)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Segments) != 2 {
		t.Fatalf("want 2 segments, got %+v", f)
	}
	for i, g := range f.Segments {
		w := two.Segments[i]
		if g.From != w.From || !near(g.Latency, w.Latency, 1e-9) || !near(g.Bandwidth, w.Bandwidth, 1e-9) {
			t.Errorf("segment %d: got %+v, want %+v", i, g, w)
		}
	}
	three := Fit{Segments: []Segment{{0, 5e-6, 1e9}, {4 << 10, 12e-6, 2e9}, {1 << 20, 300e-6, 1.2e9}}}
	f, err = FitPiecewise(exact(three, Sizes(16<<20)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Segments) != 3 || f.Segments[1].From != 4<<10 || f.Segments[2].From != 1<<20 || f.MeanRelErr > 1e-9 {
		t.Errorf("three segments: got %+v", f)
	}
	// Limited to one segment, the same data gives one line.
	f, err = FitPiecewise(exact(three, Sizes(16<<20)), 1)
	if err != nil || len(f.Segments) != 1 {
		t.Errorf("max 1: %+v %v", f, err)
	}
}

// Noise of ±0.5 % is no reason for a breakpoint.
func TestFitNoiseNoBreakpoint(t *testing.T) {
	truth := Fit{Segments: []Segment{{0, 50e-6, 1e8}}}
	s := exact(truth, Sizes(1<<20))
	for i := range s {
		s[i].Min *= 1 + 0.005*float64(i%3-1)
	}
	f, err := FitPiecewise(s, 3)
	if err != nil || len(f.Segments) != 1 || !near(f.Latency(), 50e-6, 0.01) || !near(f.Bandwidth(), 1e8, 0.01) {
		t.Errorf("got %+v %v", f, err)
	}
}

func TestFitErrors(t *testing.T) {
	for _, c := range [][]Sample{
		nil,
		{{Size: 1, Min: 1}},
		{{Size: 1, Min: 1}, {Size: 2, Min: 0}},
		{{Size: 1, Min: 1}, {Size: 2, Min: math.Inf(1)}},
		{{Size: 1, Min: 1}, {Size: 1, Min: 2}},
	} {
		if _, err := FitPiecewise(c, 3); err == nil {
			t.Errorf("%v: no error", c)
		}
	}
}

// The factor strings, hand computed: SMPI adds 16 bytes and takes the entry
// strictly below, so the segment from 65536 B is written at 65551.
func TestFactors(t *testing.T) {
	f := Fit{Segments: []Segment{{0, 5e-6, 1e9}, {64 << 10, 40e-6, 3e9}}}
	lat, bw := f.Factors()
	if lat != "0:1;65551:8" || bw != "0:0.333333;65551:1" {
		t.Errorf("got %q %q", lat, bw)
	}
}
