package machine

import (
	"math"
	"testing"
)

// TestWork checks the work curve of a periodic speed profile against
// hand-computed values: ×0.25 from 0.5 s, ×1 from 1.5 s, period 2 s, so
// 1.25 s of work per period after the first half second.
func TestWork(t *testing.T) {
	p := &Profile{Source: "t", Points: []ProfilePoint{{T: 0.5, Value: 0.25}, {T: 1.5, Value: 1}}, Period: 2}
	w := NewWork(p)
	for _, c := range [][2]float64{{0.5, 0.5}, {1.5, 0.75}, {2, 1.25}, {2.5, 1.75}, {3.5, 2}, {6.25, 4}} {
		if got := w.Of(c[0]); math.Abs(got-c[1]) > 1e-12 {
			t.Errorf("Of(%v) = %v, want %v", c[0], got, c[1])
		}
		if got := w.At(c[1]); math.Abs(got-c[0]) > 1e-12 {
			t.Errorf("At(%v) = %v, want %v", c[1], got, c[0])
		}
	}
	// A node that stops for ever never ends a computation.
	stop := NewWork(&Profile{Points: []ProfilePoint{{T: 1, Value: 0}}})
	if got := stop.At(2); !math.IsInf(got, 1) {
		t.Errorf("At beyond a final stop = %v", got)
	}
	if got := stop.At(1); got != 1 {
		t.Errorf("At(1) = %v, want 1", got)
	}
}
