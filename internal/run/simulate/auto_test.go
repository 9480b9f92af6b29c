package simulate

import (
	"strings"
	"testing"
)

// seedPrio gives n threads the priorities n..1, VPPB's: the first highest.
func seedPrio(n int) []int32 {
	pr := make([]int32, n)
	for i := range pr {
		pr[i] = int32(n - i)
	}
	return pr
}

// VPPB Fig. 14 on P, Q and R.
func TestAutoScheme(t *testing.T) {
	for _, c := range []struct {
		file  string
		cpus  int
		bind  []int32
		model Model
		want  float64
		why   string
	}{
		{"vppb-P.trace", 2, []int32{0, 0, 1, 1}, Direct, 10, "Direct model does not deadlock"},
		{"vppb-Q.trace", 3, []int32{0, 1, 2}, ClientServer, 10, "direct deadlocks at 7"},
		{"vppb-R.trace", 4, []int32{0, 1, 2, 3}, Strict, 21, "client-server deadlocks at 12"},
	} {
		p := load(t, c.file)
		r, tried, why, err := RunAuto(p, Config{CPUs: c.cpus, Bind: c.bind, Prio: seedPrio(len(c.bind))})
		if err != nil {
			t.Fatal(err)
		}
		if r.Model != c.model || r.Completion != c.want || r.Deadlock != nil || len(tried) != int(c.model)+1 {
			t.Errorf("%s: %v %g after %d tries, want %v %g", c.file, r.Model, r.Completion, len(tried), c.model, c.want)
		}
		if !strings.Contains(why, c.why) {
			t.Errorf("%s: reason %q lacks %q", c.file, why, c.why)
		}
	}
}
