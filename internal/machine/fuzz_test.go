package machine

import (
	"errors"
	"math"
	"testing"
)

// FuzzParse feeds arbitrary bytes to Parse: it must never panic, every error
// must carry a position, and a machine it accepts must answer every query
// consistently (PathCost agrees with the links Route lists).
func FuzzParse(f *testing.F) {
	f.Add([]byte("nodes:\n  - count: 2\n"))
	f.Fuzz(checkParse)
}

// checkParse is the body of FuzzParse.
func checkParse(t *testing.T, data []byte) {
	m, err := Parse("fuzz.yaml", data)
	if err != nil {
		var pe *Error
		if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || pe.Msg == "" {
			t.Fatalf("error without position: %v", err)
		}
		return
	}
	n := m.NumNodes()
	if n < 1 || n > MaxNodes {
		t.Fatalf("%d nodes", n)
	}
	last := n - 1
	if g := m.GroupOf(last); g != len(m.Groups)-1 {
		t.Fatalf("GroupOf(%d) = %d of %d groups", last, g, len(m.Groups))
	}
	if last > 0 {
		route := m.Route(0, last, nil)
		lat, bw := 0.0, math.Inf(1)
		for _, id := range route {
			if id < 0 || int(id) >= m.NumLinks() {
				t.Fatalf("route %v has link id %d out of [0, %d)", route, id, m.NumLinks())
			}
			s := m.LinkSpecOf(int(id))
			lat += s.Latency
			bw = math.Min(bw, s.Bandwidth)
		}
		gotLat, gotBW := m.PathCost(0, last)
		if math.Abs(gotLat-lat) > 1e-9*math.Max(1, lat) || gotBW != bw {
			t.Fatalf("PathCost %g %g, route %v sums to %g %g", gotLat, gotBW, route, lat, bw)
		}
	}
	if _, err := m.NetConfig(); err != nil {
		t.Fatalf("accepted machine has a bad network config: %v", err)
	}
	for _, size := range []float64{0, 1, 65536, 1e12} {
		lat, bw := m.MessageCost(0, last, size)
		if lat < 0 || !(bw > 0) {
			t.Fatalf("MessageCost(0, %d, %g) = %g, %g", last, size, lat, bw)
		}
	}
	for _, k := range []int{1, n, n + 1} {
		w, err := m.WithNodes(min(k, MaxNodes))
		if err != nil {
			t.Fatalf("WithNodes(%d): %v", k, err)
		}
		if w.NumNodes() != min(k, MaxNodes) {
			t.Fatalf("WithNodes(%d) has %d nodes", k, w.NumNodes())
		}
	}
	for _, how := range []Mapping{Block, Cyclic} {
		nodes, err := m.Map(5, how, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, node := range nodes {
			if node < 0 || int(node) >= n {
				t.Fatalf("Map placed a process on node %d of %d", node, n)
			}
		}
	}
}
