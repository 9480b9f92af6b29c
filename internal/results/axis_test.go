package results

import (
	"fmt"
	"testing"
)

// Ticks are round (1, 2 or 5 times a power of ten) and cover the range:
// the sweep chart whose ticks were 73.7, 147, 221 and 295 gets 0, 100,
// 200, 300.
func TestTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		n      int
		want   string
	}{
		{0, 295, 4, "[0 100 200 300] step 100"},
		{0, 0.120919, 10, "[0 0.02 0.04 0.06 0.08 0.1 0.12 0.14] step 0.02"},
		{0, 194.184, 5, "[0 50 100 150 200] step 50"},
		{0.3, 0.7, 4, "[0.3 0.4 0.5 0.6 0.7] step 0.1"},
		{0, 1, 5, "[0 0.2 0.4 0.6 0.8 1] step 0.2"},
		{5, 5, 5, "[5 5.2 5.4 5.6 5.8 6] step 0.2"},
	} {
		ticks, step := Ticks(c.lo, c.hi, c.n)
		if got := fmt.Sprintf("%v step %g", ticks, step); got != c.want {
			t.Errorf("Ticks(%g, %g, %d) = %s, want %s", c.lo, c.hi, c.n, got, c.want)
		}
	}
}

func TestTickText(t *testing.T) {
	for _, c := range []struct {
		v, step, scale float64
		want           string
	}{{0.25, 0.05, 1, "0.25"}, {0.003, 0.0005, 1e3, "3.0"}, {250, 50, 1, "250"}, {1.5e-6, 5e-7, 1e6, "1.5"}, {-1e-17, 0.1, 1, "0.0"}} {
		if got := TickText(c.v, c.step, c.scale); got != c.want {
			t.Errorf("TickText(%g, %g, %g) = %q, want %q", c.v, c.step, c.scale, got, c.want)
		}
	}
}

// A column's cells share its unit and its decimals, the column's top at
// four significant digits: 400 ms and 302 µs in one column read 400.0
// and 0.3 (ms).
func TestValueText(t *testing.T) {
	scale, unit := TimeUnit(0.4)
	if scale != 1e3 || unit != "ms" {
		t.Fatalf("TimeUnit(0.4) = %g %s", scale, unit)
	}
	for _, c := range []struct {
		v, top float64
		want   string
	}{{0.4, 0.4, "400.0"}, {302e-6, 0.4, "0.3"}, {0.1274, 0.4, "127.4"}, {0, 0.4, "0"}, {0.001234, 0.001234, "1.234"}} {
		s, _ := TimeUnit(c.top)
		if got := ValueText(c.v, c.top, s); got != c.want {
			t.Errorf("ValueText(%g, top %g) = %q, want %q", c.v, c.top, got, c.want)
		}
	}
	for _, c := range []struct {
		max   float64
		scale float64
		name  string
	}{{194, 1, "s"}, {0.5, 1e3, "ms"}, {3e-5, 1e6, "µs"}, {4e-9, 1e9, "ns"}, {0, 1, "s"}} {
		if s, n := TimeUnit(c.max); s != c.scale || n != c.name {
			t.Errorf("TimeUnit(%g) = %g %s, want %g %s", c.max, s, n, c.scale, c.name)
		}
	}
}
