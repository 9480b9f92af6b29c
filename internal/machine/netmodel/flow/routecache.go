package flow

import (
	"encoding/binary"
	"math"
)

// routeCache holds the routeInfo of the node pairs seen so far, compactly:
// an all-to-all of thousands of ranks touches tens of thousands of pairs,
// and as separate slices they were a third of a 4096-rank replay's heap
// (240 bytes a pair). A pair's links sit in one shared arena and its
// coefficients are interned (a platform has a handful of patterns such as
// [1 1 1 0.05 0.05 0.05]), which leaves about 90 bytes a pair.
type routeCache struct {
	idx   map[uint64]int32 // src<<32 | dst -> recs index
	recs  []routeRec
	arena []int32 // the links of every cached route, back to back

	coefs   [][]float64       // interned coefficient vectors
	coefIdx map[string]uint32 // a vector's bytes -> coefs index
	key     []byte            // scratch for coefIdx lookups

	memo []routeMemo // by source node
}

// routeMemo is a node's last destinations (node+1, 0: none) and their
// records.
type routeMemo struct {
	dst, rec [4]int32
	next     uint8
}

type routeRec struct {
	off, n, coef       uint32 // links arena[off:off+n], coefficients coefs[coef]
	lat, bound, weight float64
}

// maxCachedRoutes bounds the route cache.
const maxCachedRoutes = 1 << 15

// get returns the cached route from node a to node b.
func (c *routeCache) get(a, b int) (routeInfo, bool) {
	i, ok := c.find(a, b)
	if !ok {
		return routeInfo{}, false
	}
	return c.info(i), true
}

// find returns the record index of the route a -> b. A node's last few
// destinations are remembered beside it: a rank sends to the same
// neighbours again and again, and at thousands of nodes the map probe is
// two cache misses (7.8 % of a 4096-rank stencil replay's CPU profile,
// 2.5 % with the memo) where the memo is one.
func (c *routeCache) find(a, b int) (int32, bool) {
	if a < len(c.memo) {
		m := &c.memo[a]
		for k := range m.dst {
			if m.dst[k] == int32(b)+1 {
				return m.rec[k], true
			}
		}
	}
	i, ok := c.idx[uint64(uint32(a))<<32|uint64(uint32(b))]
	if ok {
		c.remember(a, b, i)
	}
	return i, ok
}

// remember puts route record i of a -> b in a's memo, replacing its
// oldest entry.
func (c *routeCache) remember(a, b int, i int32) {
	for a >= len(c.memo) {
		c.memo = append(c.memo, routeMemo{})
	}
	m := &c.memo[a]
	m.dst[m.next], m.rec[m.next] = int32(b)+1, i
	m.next = (m.next + 1) % uint8(len(m.dst))
}

// info builds the routeInfo of record i.
func (c *routeCache) info(i int32) routeInfo {
	r := &c.recs[i]
	// Full slice expressions: a flow's links can never be appended into
	// the arena's next route.
	return routeInfo{links: c.arena[r.off : r.off+r.n : r.off+r.n], coef: c.coefs[r.coef],
		lat: r.lat, bound: r.bound, weight: r.weight}
}

// put caches ri (whose slices are scratch) as the route a -> b and returns
// it with slices that stay valid for as long as a flow holds them.
func (c *routeCache) put(a, b int, ri routeInfo) routeInfo {
	if c.idx == nil {
		c.idx = make(map[uint64]int32)
		c.coefIdx = make(map[string]uint32)
	}
	if len(c.recs) >= maxCachedRoutes {
		// Start over rather than grow without bound. Flows still hold
		// slices of the old arena and vectors, which stay as they were.
		clear(c.idx)
		clear(c.coefIdx)
		clear(c.memo)
		c.recs, c.arena, c.coefs = c.recs[:0], nil, nil
	}
	c.key = c.key[:0]
	for _, v := range ri.coef {
		c.key = binary.LittleEndian.AppendUint64(c.key, math.Float64bits(v))
	}
	ci, ok := c.coefIdx[string(c.key)]
	if !ok {
		ci = uint32(len(c.coefs))
		c.coefs = append(c.coefs, append([]float64(nil), ri.coef...))
		c.coefIdx[string(c.key)] = ci
	}
	off := uint32(len(c.arena))
	c.arena = append(c.arena, ri.links...)
	i := int32(len(c.recs))
	c.idx[uint64(uint32(a))<<32|uint64(uint32(b))] = i
	c.recs = append(c.recs, routeRec{off: off, n: uint32(len(ri.links)), coef: ci, lat: ri.lat, bound: ri.bound, weight: ri.weight})
	c.remember(a, b, i)
	return c.info(i)
}
