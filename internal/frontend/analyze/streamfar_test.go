package analyze

import (
	"math"
	"testing"

	"augur/internal/machine"
)

// streamMid reads a stream's share of mem_byte off the measured points,
// linearly between the two around it; without the points (the machine
// package's fallback, k/4 of mem_byte) it is the share of the way.
func TestStreamMid(t *testing.T) {
	measured := map[string]float64{"mem_byte": 0.4, "mem_byte_mid1": 0.1, "mem_byte_mid2": 0.1, "mem_byte_mid3": 0.2}
	price := func(ops map[string]float64) func(string) float64 {
		return func(k string) float64 { v, _ := machine.OpTime(ops, k); return v }
	}
	for _, c := range []struct{ f, want float64 }{
		{0, 0}, {0.125, 0.125}, {0.25, 0.25}, {0.5, 0.25}, {0.625, 0.375}, {0.875, 0.75}, {1, 1},
	} {
		if got := streamMid(c.f, price(measured)); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("f %g with points: %g, want %g", c.f, got, c.want)
		}
		if got := streamMid(c.f, price(map[string]float64{"mem_byte": 0.4})); math.Abs(got-c.f) > 1e-12 {
			t.Errorf("f %g without points: %g, want %g", c.f, got, c.f)
		}
	}
}
