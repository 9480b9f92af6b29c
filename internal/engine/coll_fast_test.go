package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"augur/internal/ir"
)

// A machine without NIC serialisation, with distinct intra- and inter-node
// costs, so that the fast path applies and placement matters. Three CPUs
// for three processes per node: no process ever queues for a CPU, so the
// order in which processes that leave a collective at the same instant are
// resumed cannot change the outcome (the event path orders such ties by
// its event sequence, the dataflow by round end and pid).
const netFast = `
nodes:
  - {count: 16, cpus: 3}
network:
  latency: 10us
  bandwidth: 1GB/s
  intra: {latency: 1us, bandwidth: 10GB/s}
  eager_threshold: 64KiB
  nic_serialise: false
`

type collCase struct {
	kind ir.Kind
	algo ir.Algorithm
}

var fastCases = []collCase{
	{ir.Barrier, ir.AlgoDefault},
	{ir.Bcast, ir.AlgoDefault}, {ir.Bcast, ir.AlgoLinear},
	{ir.Reduce, ir.AlgoDefault}, {ir.Reduce, ir.AlgoLinear},
	{ir.Allreduce, ir.AlgoDefault}, {ir.Allreduce, ir.AlgoRing}, {ir.Allreduce, ir.AlgoBinomial},
	{ir.Gather, ir.AlgoDefault}, {ir.Gather, ir.AlgoLinear},
	{ir.Scatter, ir.AlgoDefault}, {ir.Scatter, ir.AlgoLinear},
	{ir.Allgather, ir.AlgoDefault}, {ir.Allgather, ir.AlgoRecursiveDoubling},
	{ir.Alltoall, ir.AlgoDefault},
	{ir.ReduceScatter, ir.AlgoDefault},
	{ir.Scan, ir.AlgoDefault}, {ir.Exscan, ir.AlgoDefault},
}

// The dataflow evaluation gives every process the finish time and time
// budget of the event-driven one: all algorithms, P from 1 to 37, random
// arrival skews, eager and rendezvous sizes, two collectives in a row
// (the second's arrivals depend on the first's results).
func TestFastCollectivesMatchEvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for p := 1; p <= 37; p++ {
		for _, c := range fastCases {
			for _, bytes := range []float64{0, 1000, 48 << 10, 1 << 20} {
				p, c, bytes := p, c, bytes
				root := int32(rng.IntN(p))
				skew := make([]float64, p)
				for i := range skew {
					if rng.IntN(3) > 0 {
						skew[i] = rng.Float64() * 50e-6
					}
				}
				streams := func(pid int32) []ir.Op {
					return []ir.Op{
						{Kind: ir.Delay, Elem: 0, Cost: skew[pid]},
						{Kind: c.kind, Algo: c.algo, Elem: 1, Root: root, Bytes: bytes, Cost: ir.NoCost},
						{Kind: ir.Compute, Elem: 2, Cost: skew[(int(pid)+1)%p]},
						{Kind: c.kind, Algo: c.algo, Elem: 3, Root: root, Bytes: bytes / 2, Cost: ir.NoCost},
					}
				}
				nodes := make([]int32, p)
				for i := range nodes {
					nodes[i] = int32(i / 3) // three per node: intra and inter messages
				}
				name := fmt.Sprintf("%v/%v/P=%d/%gB/root %d", c.kind, c.algo, p, bytes, root)
				compareFastEvent(t, name, nodes, streams)
			}
		}
	}
}

func compareFastEvent(t *testing.T, name string, nodes []int32, streams func(pid int32) []ir.Op) {
	t.Helper()
	mach := mustMachine(t, netFast)
	runOne := func(noFast bool) *Result {
		elems := make([]ir.Element, 4)
		for i := range elems {
			elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
		}
		r, err := Run(Config{Machine: mach, Procs: len(nodes), NodeOf: nodes, noFastColl: noFast},
			Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
				return &ops{list: streams(pid)}, nil
			}, Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Deadlock != nil {
			t.Fatalf("%s: %v", name, r.Deadlock)
		}
		return r
	}
	fast, slow := runOne(false), runOne(true)
	for i := range slow.Units {
		f, s := fast.Units[i], slow.Units[i]
		if f != s {
			t.Fatalf("%s: unit %d: fast %+v, events %+v", name, i, f, s)
		}
	}
	for i := range slow.Elements {
		f, s := fast.Elements[i], slow.Elements[i]
		if f.Calls != s.Calls || !same(f.Total, s.Total) || !same(f.Comm, s.Comm) || !same(f.Wait, s.Wait) ||
			f.Min != s.Min || f.Max != s.Max {
			t.Fatalf("%s: element %d: fast %+v, events %+v", name, i, f, s)
		}
	}
}

// The array passes of regular algorithms (recursive doubling allreduce,
// binomial bcast) give every process exactly the finish time and time
// budget of the general dataflow: random arrivals, sizes differing between
// processes (some eager, some rendezvous), intra- and inter-node partners,
// and process counts beyond the cache block of the recursive doubling.
func TestArrayCollectivesMatchDataflow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	mach := mustMachine(t, netFast)
	counts := []int{2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 31, 33, 64, 100, 2048, 2049, 4096, 5000, 9001, 20000, 70001}
	for _, p := range counts {
		for _, c := range []collCase{{ir.Allreduce, ir.AlgoDefault}, {ir.Allreduce, ir.AlgoRecursiveDoubling}, {ir.Bcast, ir.AlgoDefault}, {ir.Bcast, ir.AlgoBinomial}} {
			for _, sizes := range []string{"small", "large", "mixed"} {
				if p > 10000 && (c != collCase{ir.Allreduce, ir.AlgoDefault} || sizes != "mixed") {
					continue // the large counts check the panels of recursive doubling
				}
				root := int32(rng.IntN(p))
				skew := make([]float64, p)
				bytes := make([]float64, p)
				for i := range skew {
					if rng.IntN(3) > 0 {
						skew[i] = rng.Float64() * 50e-6
					}
					switch {
					case sizes == "small":
						bytes[i] = 1000
					case sizes == "large":
						bytes[i] = 1 << 20
					case rng.IntN(2) == 0:
						bytes[i] = float64(rng.IntN(64 << 10))
					default:
						bytes[i] = float64(64<<10 + rng.IntN(1<<20))
					}
				}
				streams := func(pid int32) []ir.Op {
					return []ir.Op{
						{Kind: ir.Delay, Elem: 0, Cost: skew[pid]},
						{Kind: c.kind, Algo: c.algo, Elem: 1, Root: root, Bytes: bytes[pid], Cost: ir.NoCost},
						{Kind: ir.Compute, Elem: 2, Cost: skew[(int(pid)+1)%p]},
						{Kind: c.kind, Algo: c.algo, Elem: 3, Root: root, Bytes: bytes[p-1-int(pid)], Cost: ir.NoCost},
					}
				}
				nodes := make([]int32, p)
				for i := range nodes {
					nodes[i] = int32(rng.IntN(16))
				}
				run := func(noArray bool) *Result {
					elems := make([]ir.Element, 4)
					for i := range elems {
						elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
					}
					r, err := Run(Config{Machine: mach, Procs: p, NodeOf: nodes, noArrayColl: noArray},
						Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
							return &ops{list: streams(pid)}, nil
						}, Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll}})
					if err != nil {
						t.Fatal(err)
					}
					return r
				}
				name := fmt.Sprintf("%v/%v/P=%d/%s/root %d", c.kind, c.algo, p, sizes, root)
				arr, gen := run(false), run(true)
				if arr.Events != gen.Events || arr.Ops != gen.Ops {
					t.Fatalf("%s: %d events %d ops, dataflow %d and %d", name, arr.Events, arr.Ops, gen.Events, gen.Ops)
				}
				for i := range gen.Units {
					if arr.Units[i] != gen.Units[i] {
						t.Fatalf("%s: unit %d: array %+v, dataflow %+v", name, i, arr.Units[i], gen.Units[i])
					}
				}
				for i := range gen.Elements {
					if arr.Elements[i] != gen.Elements[i] {
						t.Fatalf("%s: element %d: array %+v, dataflow %+v", name, i, arr.Elements[i], gen.Elements[i])
					}
				}
			}
		}
	}
}

// A participant's record is one cache line: the array passes touch a
// partner's record per message.
func TestFastRecIsOneLine(t *testing.T) {
	if n := unsafe.Sizeof(fastRec{}); n != 64 {
		t.Fatalf("fastRec is %d bytes, want 64", n)
	}
}
