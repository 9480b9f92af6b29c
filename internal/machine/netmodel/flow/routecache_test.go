package flow

import (
	"slices"
	"testing"
)

// The route cache hands out slices of its arena and interned vectors;
// when it is full it starts over, and what flows still hold must not
// change, while neither the map nor a node's memo may answer with
// records of before.
func TestRouteCacheStartsOverSafely(t *testing.T) {
	var c routeCache
	mk := func(a, b int) routeInfo {
		return routeInfo{
			links: []int32{int32(a), int32(b), int32(a + b)},
			coef:  []float64{1, 1, 0.05 * float64(1+a%3)},
			lat:   float64(a), bound: float64(b), weight: 1 / float64(1+a+b),
		}
	}
	next := 0 // pairs 100+next/64 -> next%64, each put once
	put := func(count int) {
		for range count {
			c.put(100+next/64, next%64, mk(100+next/64, next%64))
			next++
		}
	}
	// One short of the limit, then route 1 -> 2, held as a flow holds it
	// (in the arena's current storage, in node 1's memo), then as many
	// again: the first of them finds the cache full and starts it over,
	// the rest fill it up to where 1 -> 2 was.
	put(maxCachedRoutes - 1)
	first := c.put(1, 2, mk(1, 2))
	held, heldCoef := slices.Clone(first.links), slices.Clone(first.coef)
	put(maxCachedRoutes)
	if !slices.Equal(first.links, held) || !slices.Equal(first.coef, heldCoef) {
		t.Fatalf("a route handed out before the cache started over changed: %v %v, want %v %v", first.links, first.coef, held, heldCoef)
	}
	if len(c.recs) != maxCachedRoutes {
		t.Fatalf("after starting over the cache holds %d routes, want %d", len(c.recs), maxCachedRoutes)
	}
	if _, ok := c.get(1, 2); ok {
		t.Fatal("route 1 -> 2 still found after the cache started over")
	}
	// The routes put since are found whole, through the memo and then
	// through the map.
	for i := next - 10; i < next; i++ {
		a, b := 100+i/64, i%64
		want := mk(a, b)
		for pass := range 2 {
			got, ok := c.get(a, b)
			if !ok || !slices.Equal(got.links, want.links) || !slices.Equal(got.coef, want.coef) ||
				got.lat != want.lat || got.bound != want.bound || got.weight != want.weight {
				t.Fatalf("pass %d: route %d -> %d = %+v, %v; want %+v", pass, a, b, got, ok, want)
			}
			clear(c.memo)
		}
	}
	// Coefficient vectors are interned: equal vectors share storage.
	var d routeCache
	p := d.put(0, 1, mk(0, 1))
	q := d.put(3, 5, mk(3, 5)) // 3 % 3 == 0 % 3: the same coefficients
	if &p.coef[0] != &q.coef[0] || len(d.coefs) != 1 {
		t.Fatalf("equal coefficient vectors not interned: %d vectors", len(d.coefs))
	}
}
