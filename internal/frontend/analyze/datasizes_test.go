package analyze

import (
	"math"
	"testing"

	"augur/internal/frontend/ccline"
	"augur/internal/machine"
)

// testdata/hoist.c: c[m] += a[k*n + m] * b[k] with m innermost streams a
// and c; b[k] does not move in the m loop. At -O3 gcc loads it once
// before that loop: no load of b in the body. At -O2 it stays a load at
// the nest's level every iteration.
func TestInvariantLoadHoisted(t *testing.T) {
	for _, c := range []struct {
		opt   string
		loads float64 // loads that are neither streamed nor scalar
	}{{"3", 0}, {"2", 1}} {
		a, err := Run(load(t, "testdata/hoist.c"), Options{Compiled: ccline.CodeGen{Opt: c.opt}})
		if err != nil {
			t.Fatal(err)
		}
		// At -O3 the loop is also vectorised, 2 doubles a vector
		// (vector.go): half a load of each stream an element.
		lanes := map[string]float64{"3": 2, "2": 1}[c.opt]
		b := blockAt(t, a, "main", 11)
		if b.Ops["load_seq"] != 2/lanes || b.Ops["store_seq"] != 1/lanes {
			t.Errorf("-O%s: %v, want a and c streamed (2 loads, 1 store, over %v lanes)", c.opt, b.Ops, lanes)
		}
		if got := b.Ops["load_l1"] + b.Ops["load_scalar"]; got != c.loads {
			t.Errorf("-O%s: %v other loads, want %v (%v)", c.opt, got, c.loads, b.Ops)
		}
	}
}

// paramEnv is the values of a's parameters at procs processes (process
// 0), the computed ones from their expressions of procs, with the given
// values on top.
func paramEnv(t *testing.T, a *Analysis, procs float64, given map[string]float64) map[string]float64 {
	t.Helper()
	env := map[string]float64{"procs": procs, "pid": 0}
	for k, v := range given {
		env[k] = v
	}
	for _, p := range a.Params {
		if _, ok := env[p.Name]; ok {
			continue
		}
		env[p.Name] = p.Default
		if p.Value != nil {
			v, ok := eval(p.Value, env)
			if !ok {
				t.Fatalf("parameter %s = %s: no value at procs %v", p.Name, String(p.Value), procs)
			}
			env[p.Name] = v
		}
	}
	return env
}

// testdata/recur.c: the root shifts size left logn - log2(np) times
// (log2of run for every process count) and broadcasts updates = 4 * size:
// the last loop runs updates / 2 = 2 * 2^(logn - log2 np) times, 2048 at
// logn = 10 on one process, 1024 on two, 512 on four.
func TestSizesFromLoopsAndFunctions(t *testing.T) {
	a, err := Run(load(t, "testdata/recur.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := blockAt(t, a, "main", 34)
	for _, c := range []struct{ procs, want float64 }{{1, 2048}, {2, 1024}, {4, 512}} {
		env := paramEnv(t, a, c.procs, map[string]float64{"logn": 10})
		if v, ok := eval(b.Count, env); !ok || v != c.want {
			t.Errorf("procs %v: count %s = %v, want %v", c.procs, String(b.Count), v, c.want)
		}
	}
}

// testdata/exchange.c: N = 1024 increments of the counters a round; the
// Alltoall passes their total on, the Alltoallv sends N longs spread over
// the processes (8192 / procs bytes to each), and the loop over what was
// received runs N times a round.
func TestCountsExchanged(t *testing.T) {
	a, err := Run(load(t, "testdata/exchange.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	env := paramEnv(t, a, 2, map[string]float64{"rounds": 1})
	if v, ok := eval(blockAt(t, a, "main", 35).Count, env); !ok || v != 1024 {
		t.Errorf("the loop over the received elements runs %v times a round, want 1024", v)
	}
	var size Expr
	for _, b := range a.Blocks() {
		if b.Comm != nil && b.Comm.Call == "MPI_Alltoallv" {
			size = b.Comm.Size
		}
	}
	if v, ok := eval(orNum(size), env); !ok || v != 4096 {
		t.Errorf("MPI_Alltoallv sends %v bytes to each of 2 processes, want 4096", v)
	}
}

// testdata/gathered.c: each process multiplies order × its columns ×
// the panel, ceil(order / nb) panels of nb: order · cols · nb · ceil(order
// / nb) additions, order^2 · cols when nb divides order. At order 64, nb
// 16: 64 · 64 · 64 on one process, 64 · 32 · 64 on each of two.
func TestGatheredBlocksMultiplied(t *testing.T) {
	a, err := Run(load(t, "testdata/gathered.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ procs, want float64 }{{1, 64 * 64 * 64}, {2, 64 * 32 * 64}} {
		env := paramEnv(t, a, c.procs, map[string]float64{"order": 64, "nb": 16})
		got := 0.0
		for _, r := range a.Evaluate(env, nil).Rows {
			if r.Kind == Compute && r.Pos.Line == 14 {
				got += r.CountValue
			}
		}
		if got != c.want {
			t.Errorf("procs %v: %v additions, want %v", c.procs, got, c.want)
		}
	}
}

// Random loads at 32 MiB, between the 4 MiB and 1 GiB levels of a machine
// measured at 1.026 ns and 82.58 ns: 3/8 of the way (log-linearly), so
// 1.026^(5/8) · 82.58^(3/8) = 5.318 ns, where the arithmetic blend gave
// 5/8 · 1.026 + 3/8 · 82.58 = 31.61 ns.
func TestRandomLoadsBlendGeometrically(t *testing.T) {
	lv := [4]float64{16 << 10, 256 << 10, 4 << 20, 1 << 30}
	p := [4]float64{0.4258, 0.585, 1.026, 82.58}
	price := func(key string) float64 {
		t, _ := machine.OpTime(map[string]float64{"load_rand_l1": p[0], "load_rand_l2": p[1], "load_rand_l3": p[2], "load_rand_mem": p[3]}, key)
		return t
	}
	s := randomShares(32<<20, 1, lv, price)
	got := s[0]*p[0] + s[1]*p[1] + s[2]*p[2] + s[3]*p[3]
	if math.Abs(got-5.318) > 0.005 || s[0] != 0 || s[1] != 0 {
		t.Errorf("a random load at 32 MiB: shares %v, %v ns, want 5.318 ns at l3 and mem", s, got)
	}
	if s := randomShares(8<<10, 1, lv, price); s != [4]float64{1, 0, 0, 0} {
		t.Errorf("at 8 KiB: shares %v, want all l1", s)
	}
}

// testdata/vector.c: c[i] = a[i] * 3.0 + b[i] is vectorised at -O3, 2
// doubles a vector (SSE2) without -march, 4 (AVX2) with -march=native:
// a multiply, an add, two streamed loads and a store per 2 or 4 elements.
// At -O2 it is scalar, and so are the sum s += a[i] * b[i] (a chain),
// c[idx[i]] += 1.0 (an index array) and a[i] = a[i - 1] + b[i] (a
// dependence through memory) at every level.
func TestVectorisedLoops(t *testing.T) {
	for _, c := range []struct {
		cg    ccline.CodeGen
		lanes float64
	}{{ccline.CodeGen{Opt: "3"}, 2}, {ccline.CodeGen{Opt: "3", Arch: "native"}, 4}, {ccline.CodeGen{Opt: "2", Arch: "native"}, 1}} {
		a, err := Run(load(t, "testdata/vector.c"), Options{Compiled: c.cg})
		if err != nil {
			t.Fatal(err)
		}
		b := blockAt(t, a, "main", 12)
		want := map[string]float64{"fp_mul": 1 / c.lanes, "fp_add": 1 / c.lanes, "load_seq": 2 / c.lanes, "store_seq": 1 / c.lanes}
		for k, v := range want {
			if b.Ops[k] != v {
				t.Errorf("-O%s %s: %s %v, want %v (%v)", c.cg.Opt, c.cg.Arch, k, b.Ops[k], v, b.Ops)
			}
		}
		if sum := blockAt(t, a, "main", 14); sum.Ops["fp_add"] != 1 || sum.Ops["load_seq"] != 2 {
			t.Errorf("-O%s %s: the sum %v, want scalar", c.cg.Opt, c.cg.Arch, sum.Ops)
		}
		if ind := blockAt(t, a, "main", 16); ind.Ops["fp_add"] != 1 {
			t.Errorf("-O%s %s: the indexed update %v, want scalar", c.cg.Opt, c.cg.Arch, ind.Ops)
		}
		if pre := blockAt(t, a, "main", 18); pre.Ops["fp_add"] != 1 {
			t.Errorf("-O%s %s: the prefix sum %v, want scalar", c.cg.Opt, c.cg.Arch, pre.Ops)
		}
	}
}
