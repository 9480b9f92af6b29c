package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"augur/internal/ir"
)

// The queue events saved by nowList, issue batches and ending ahead
// change nothing: random programs of computations with tied costs, delays,
// collectives and ring exchanges, on machines with contended CPUs (FCFS
// and round robin), with and without NIC serialisation, with CPUs to
// spare, with a flow network, give every unit and element the same budget, the same event and
// operation counts, with and without them.
func TestSavedEventsChangeNothing(t *testing.T) {
	machines := map[string]string{
		"fcfs": `
nodes:
  - {count: 3, cpus: 2}
network: {latency: 10us, bandwidth: 1GB/s, intra: {latency: 1us, bandwidth: 10GB/s}, eager_threshold: 64KiB, nic_serialise: false}
`,
		"nic": `
nodes:
  - {count: 3, cpus: 2}
network: {latency: 10us, bandwidth: 1GB/s, eager_threshold: 64KiB, nic_serialise: true}
`,
		"rr": `
nodes:
  - {count: 3, cpus: 1, scheduler: rr, quantum: 3us}
network: {latency: 0, bandwidth: inf, eager_threshold: inf, nic_serialise: false}
`,
		"roomy": `
nodes:
  - {count: 3, cpus: 16}
network: {latency: 0, bandwidth: inf, eager_threshold: inf, nic_serialise: false}
`,
		// A flow network reschedules its keyed events between issues:
		// the batches must see those too.
		"flow": `
nodes:
  - {count: 3, cpus: 16}
network: {model: SMPI, latency: 10us, bandwidth: 1GB/s}
`,
	}
	rng := rand.New(rand.NewPCG(17, 19))
	costs := []float64{0, 1e-6, 2e-6, 5e-6}
	for name, yaml := range machines {
		mach := mustMachine(t, yaml)
		for trial := 0; trial < 400; trial++ {
			p := 2 + rng.IntN(8)
			nodes := make([]int32, p)
			for i := range nodes {
				nodes[i] = int32(rng.IntN(3))
			}
			if name == "roomy" || name == "fcfs" || name == "flow" {
				for i := range nodes {
					nodes[i] = int32(i % 3)
				}
			}
			// The same shape for every process, costs drawn per process.
			kinds := make([]int, 4+rng.IntN(8))
			for i := range kinds {
				kinds[i] = rng.IntN(6)
			}
			progs := make([][]ir.Op, p)
			for pid := range progs {
				var l []ir.Op
				for i, k := range kinds {
					el := int32(i % 4)
					switch k {
					case 0, 1:
						l = append(l, ir.Op{Kind: ir.Compute, Elem: el, Cost: costs[rng.IntN(len(costs))]})
					case 2:
						l = append(l, ir.Op{Kind: ir.Delay, Elem: el, Cost: costs[rng.IntN(len(costs))]})
					case 3:
						l = append(l, ir.Op{Kind: ir.Allreduce, Elem: el, Bytes: 1000, Cost: ir.NoCost})
					case 4:
						l = append(l, ir.Op{Kind: ir.Bcast, Elem: el, Root: 0, Bytes: 100 << 10, Cost: ir.NoCost})
					case 5:
						l = append(l,
							ir.Op{Kind: ir.Isend, Elem: el, Peer: int32((pid + 1) % p), Bytes: 2000, Cost: ir.NoCost},
							ir.Op{Kind: ir.Recv, Elem: el, Peer: int32((pid + p - 1) % p), Bytes: 2000, Cost: ir.NoCost},
							ir.Op{Kind: ir.Wait, Elem: el, Request: ir.AllRequests})
					}
				}
				progs[pid] = l
			}
			runOne := func(plain bool) *Result {
				elems := make([]ir.Element, 4)
				for i := range elems {
					elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
				}
				r, err := Run(Config{Machine: mach, Procs: p, NodeOf: nodes, plainEvents: plain},
					Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
						return &ops{list: progs[pid]}, nil
					}, Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll, NoThreads: true}})
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			id := fmt.Sprintf("%s/trial %d/P=%d", name, trial, p)
			a, b := runOne(false), runOne(true)
			if a.Events != b.Events || a.Ops != b.Ops || a.Time != b.Time || (a.Deadlock == nil) != (b.Deadlock == nil) {
				t.Fatalf("%s: %d events %d ops time %v, plain %d, %d, %v", id, a.Events, a.Ops, a.Time, b.Events, b.Ops, b.Time)
			}
			for i := range b.Units {
				if a.Units[i] != b.Units[i] {
					t.Fatalf("%s: unit %d: %+v, plain %+v", id, i, a.Units[i], b.Units[i])
				}
			}
			for i := range b.Elements {
				if a.Elements[i] != b.Elements[i] {
					t.Fatalf("%s: element %d: %+v, plain %+v", id, i, a.Elements[i], b.Elements[i])
				}
			}
		}
	}
}
