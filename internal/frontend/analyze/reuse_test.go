package analyze

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

// The working set between two uses of each streamed array, by hand for
// testdata/reuse.c (N = 64, doubles):
//   - matmul: c's row is used again at the next k: one k iteration touches
//     a row of c and a row of b and a[i][k], 64·8 + 64·8 + 8 = 1032 bytes;
//     b is used again at the next i: one i iteration touches a row of a,
//     all of b and a row of c, 512 + 32768 + 512 = 33792 bytes.
//   - sweep: u and v use both i and j; they are used again at the next
//     iteration of it, which touches 62·64·8 of v and of u (the largest
//     of u's two footprints), 31744 + 31744 = 63488 bytes.
//   - triangle: b's row is used again at the next i, and one i iteration
//     touches (N - k - 1) elements of a's row and of b's row, and
//     a[i][k]: 8 · 63 + 8 · 63 = 1008 bytes at k = 0 (the size depends
//     on k, which the model knows when it prices the nest; the model calls
//     it k_2, the second k of the program).
func TestReuseWorkingSets(t *testing.T) {
	a, err := Run(load(t, "testdata/reuse.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]float64{
		"matmul":   {"c": 1032, "b": 33792},
		"sweep":    {"u": 63488, "v": 63488},
		"triangle": {"b": 1008},
	}
	for fn, arrays := range want {
		f := a.Func(fn)
		if f == nil {
			t.Fatalf("no function %s", fn)
		}
		got := map[string]float64{}
		var inner *Block
		var find func([]*Block)
		find = func(bs []*Block) {
			for _, b := range bs {
				if len(b.streams) > 0 {
					inner = b
				}
				find(b.Body)
				find(b.Then)
				find(b.Else)
			}
		}
		find(f.Body)
		if inner == nil {
			t.Fatalf("%s: no block streams", fn)
		}
		for base, ws := range inner.streamWS {
			v, ok := eval(ws, map[string]float64{"N": 64, "k_2": 0})
			if !ok {
				t.Fatalf("%s: the working set of %s, %s, has no value", fn, base, String(ws))
			}
			got[base] = v
		}
		for base, w := range arrays {
			if got[base] != w {
				t.Errorf("%s: %s is used again %g bytes later, want %g (%s)", fn, base, got[base], w, String(inner.streamWS[base]))
			}
		}
		if len(got) != len(arrays) {
			t.Errorf("%s: working sets %v, want %v", fn, got, arrays)
		}
	}
}

// Stores through indices the analysis cannot follow (testdata/stores.c):
// h[k]++ and next[b]++ store into the line they loaded; out[next[b]++]
// is a store through one of procs bucket counters, sorted[h[k]++] through
// one of K; and first touches reach only what the accesses reach.
func TestUnfollowedStores(t *testing.T) {
	a, err := Run(load(t, "testdata/stores.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]float64{"n": 1 << 20, "procs_": 4, "K": 4096}
	got := map[string]float64{}
	var counters []float64
	for _, b := range a.Blocks() {
		for k, v := range b.Ops {
			kind, rest, ok := strings.Cut(k, "@")
			if !ok {
				continue
			}
			switch kind {
			case "touch":
				bound, _ := eval(b.footprints[rest], env)
				got["touch bytes"] += bound * v
				continue
			case "bucket":
				_, c, _ := strings.Cut(rest, "@")
				k, _ := eval(b.footprints[c], env)
				counters = append(counters, k)
			}
			got[kind] += v
		}
	}
	// Touches: key, out (n stores through counters) and h whole, 4n + 4n
	// + 4K bytes, next 4·procs (too small to be fresh pages, but
	// counted); sorted is allocated for n keys but reached by n / procs
	// stores and loads: n bytes.
	want := map[string]float64{"load": 3, "store": 3, "bucket": 2,
		"touch bytes": 4<<20 + 4<<20 + 4*4096 + 16 + 1<<20}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unfollowed accesses %v, want %v", got, want)
	}
	sort.Float64s(counters)
	if !reflect.DeepEqual(counters, []float64{4, 4096}) {
		t.Errorf("bucket counters %v, want [4 4096] (next's procs, h's K)", counters)
	}
}
