package predict

// Hand-computed tests of the simulation semantics documented in
// docs/semantics.md. Every expected number is written as the formula the
// document gives, in terms of the machine's parameters, and compared to
// 1e-9 relative.

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"augur/internal/engine"
	"augur/internal/machine"
)

// parseMachine parses a machine file given as a string.
func parseMachine(t *testing.T, yaml string) *machine.Machine {
	t.Helper()
	m, err := machine.Parse("m.yaml", []byte(yaml))
	if err != nil {
		t.Fatalf("machine: %v", err)
	}
	return m
}

// approx reports whether got equals want to 1e-9 relative (1e-15 s absolute
// for a zero want).
func approx(got, want float64) bool {
	return math.Abs(got-want) <= 1e-9*math.Abs(want)+1e-15
}

func expect(t *testing.T, what string, got, want float64) {
	t.Helper()
	if !approx(got, want) {
		t.Errorf("%s = %.12g, want %.12g", what, got, want)
	}
}

// expectFinish checks the finish time of every process (thread 0).
func expectFinish(t *testing.T, p *Prediction, want []float64) {
	t.Helper()
	if len(p.Units) < len(want) {
		t.Fatalf("%d units, want at least %d", len(p.Units), len(want))
	}
	for pid, w := range want {
		u := p.Units[pid]
		expect(t, fmt.Sprintf("finish of process %d", pid), u.Finish, w)
		// A process is always in some operation from 0 to its end, so
		// its budget adds up to its finish time.
		expect(t, fmt.Sprintf("compute+comm+wait of process %d", pid), u.Compute+u.Comm+u.Wait, u.Finish)
	}
	max := 0.0
	for _, w := range want {
		max = math.Max(max, w)
	}
	expect(t, "predicted time", p.Time, max)
}

// elemStats returns the statistics of the element called name.
func elemStats(t *testing.T, p *Prediction, name string) (int, engine.ElemStats) {
	t.Helper()
	for i, e := range p.Elements {
		if e.Name == name {
			return i, p.Result.Elements[i]
		}
	}
	t.Fatalf("no element %s", name)
	return -1, engine.ElemStats{}
}

// ---------------------------------------------------------------------------
// 1. CPU contention

const oneNode4CPUs = `
name: one
nodes:
  - {count: 1, cpus: 4, speed: 1, scheduler: %s}
`

func TestSemCPUContentionFCFS(t *testing.T) {
	const c = 10.0 // the action's cost
	m := parseMachine(t, fmt.Sprintf(oneNode4CPUs, "fcfs"))
	p := predictSrc(t, "model m\nactivity main { action W cost 10 }\n", m, Options{Procs: 8})
	// Processes 0..3 take the four CPUs at 0; 4..7 queue in pid order and
	// get them when the first four end.
	expectFinish(t, p, []float64{c, c, c, c, 2 * c, 2 * c, 2 * c, 2 * c})
	for pid, u := range p.Units {
		expect(t, fmt.Sprintf("compute of %d", pid), u.Compute, c)
		expect(t, fmt.Sprintf("wait of %d", pid), u.Wait, u.Finish-c)
		expect(t, fmt.Sprintf("comm of %d", pid), u.Comm, 0)
	}
	_, w := elemStats(t, p, "W")
	if w.Calls != 8 {
		t.Errorf("W calls %d", w.Calls)
	}
	expect(t, "W total", w.Total, 4*c+4*2*c)
	expect(t, "W wait", w.Wait, 4*c)
	expect(t, "W min", w.Min, c)
	expect(t, "W max", w.Max, 2*c)
}

func TestSemCPUContentionRoundRobin(t *testing.T) {
	const c, q = 10.0, 1.0 // cost, quantum
	m := parseMachine(t, fmt.Sprintf(oneNode4CPUs, "rr, quantum: 1s"))
	p := predictSrc(t, "model m\nactivity main { action W cost 10 }\n", m, Options{Procs: 8})
	// 8 units on 4 CPUs, quantum 1: processes 0..3 run [0,1), are
	// preempted for 4..7 which run [1,2), and so on. Each group runs every
	// other quantum: 0..3 run their 10th quantum in [18,19) and end at
	// 2c-q = 19; 4..7 run theirs in [19,20) and end at 2c = 20.
	expectFinish(t, p, []float64{2*c - q, 2*c - q, 2*c - q, 2*c - q, 2 * c, 2 * c, 2 * c, 2 * c})
	for pid, u := range p.Units {
		expect(t, fmt.Sprintf("compute of %d", pid), u.Compute, c)
		expect(t, fmt.Sprintf("wait of %d", pid), u.Wait, u.Finish-c)
	}
}

// An oversubscribed round-robin node whose units end at different times:
// 3 units with costs 1, 2 and 3 on one CPU, quantum 1. Order of service
// 0,1,2,1,2,2: unit 0 ends at 1, unit 1 at 4, unit 2 at 6.
func TestSemRoundRobinUnequal(t *testing.T) {
	m := parseMachine(t, "nodes:\n  - {count: 1, cpus: 1, scheduler: rr, quantum: 1s}\n")
	p := predictSrc(t, "model m\nactivity main { action W cost 1 + pid }\n", m, Options{Procs: 3})
	expectFinish(t, p, []float64{1, 4, 6})
}

// Round robin with a node that gains threads while a unit computes: the
// running unit must be preempted too. 2 CPUs, quantum 1. Process 0 computes
// 10; process 1 computes 1, then forks a thread and both compute 4.
// [0,1) p0 p1 | [1,2) p0 p1.0 (p1.1 queued) | at 2 p0 yields to p1.1, p1.0
// to p0 | [2,3) p1.1 p0 | [3,4) p1.0 p1.1 | [4,5) p0 p1.0 | [5,6) p1.1 p0 |
// [6,7) p1.0 p1.1: the region ends at 7 (p1.0 and p1.1 each ran 4), and p0,
// which ran 5 of its 10 by then, ends at 7+5 = 12.
func TestSemRoundRobinFork(t *testing.T) {
	m := parseMachine(t, "nodes:\n  - {count: 1, cpus: 2, scheduler: rr, quantum: 1s}\n")
	p := predictSrc(t, `model m
activity main {
  if pid == 0 { action W cost 10 }
  else { action A cost 1
    parallel R threads 2 { action X cost 4 } }
}
`, m, Options{Procs: 2})
	expectFinish(t, p, []float64{12, 7})
	expect(t, "wait of process 0", p.Units[0].Wait, 12-10)
}

// A unit keeps its CPU across consecutive computations: on one CPU, A then
// B of process 0 run back to back before process 1 gets the CPU (FCFS).
func TestSemCPUKeptAcrossComputations(t *testing.T) {
	m := parseMachine(t, "nodes:\n  - {count: 1, cpus: 1}\n")
	p := predictSrc(t, "model m\nactivity main { action A cost 1\n action B cost 2 }\n", m, Options{Procs: 2})
	expectFinish(t, p, []float64{1 + 2, 2 * (1 + 2)})
	// A delay holds no CPU: process 0 sleeps 5 between A and B, process 1
	// runs A and B meanwhile (ends 1+3 = 4); process 0 ends at 1+5+2.
	p = predictSrc(t, "model m\nactivity main { action A cost 1\n if pid == 0 { delay D cost 5 }\n action B cost 2 }\n", m, Options{Procs: 2})
	expectFinish(t, p, []float64{1 + 5 + 2, 1 + 1 + 2})
}

// ---------------------------------------------------------------------------
// 2. Relative speed

func TestSemSpeed(t *testing.T) {
	m := parseMachine(t, `
nodes:
  - {name: slow, count: 1, cpus: 1, speed: 1}
  - {name: fast, count: 1, cpus: 1, speed: 2}
network: {latency: 0, bandwidth: inf}
`)
	// Block mapping of 2 processes on 2 nodes: pid 0 on slow, pid 1 on fast.
	p := predictSrc(t, "model m\nactivity main { action W cost 10 }\n", m, Options{Procs: 2})
	expectFinish(t, p, []float64{10 / 1.0, 10 / 2.0})
	expect(t, "compute of the fast process", p.Units[1].Compute, 10/2.0)
	// A delay is not scaled by speed.
	p = predictSrc(t, "model m\nactivity main { delay D cost 10 }\n", m, Options{Procs: 2})
	expectFinish(t, p, []float64{10, 10})
}

// ---------------------------------------------------------------------------
// 3. Point to point

// netMachine: 4 nodes of 2 CPUs on one switch; 10us end to end between
// nodes, 1 GB/s per node link; 1us and 10 GB/s within a node; eager up to
// 64 KiB; NIC serialisation on.
const netMachine = `
name: net
nodes:
  - {count: 4, cpus: 2}
network:
  latency: 10us
  bandwidth: 1GB/s
  intra: {latency: 1us, bandwidth: 10GB/s}
  eager_threshold: 64KiB
  nic_serialise: true
`

const (
	lat    = 10e-6 // inter-node latency
	bw     = 1e9   // inter-node bandwidth
	latIn  = 1e-6  // intra-node latency
	bwIn   = 10e9  // intra-node bandwidth
	mib    = 1 << 20
	small  = 1000.0
	eagerT = 64 * 1024
)

// p2p runs src with procs processes, one per node (explicit mapping
// unless nodes are given).
func p2p(t *testing.T, src string, nodes ...int) *Prediction {
	t.Helper()
	m := parseMachine(t, netMachine)
	if nodes == nil {
		nodes = []int{0, 1, 2, 3}
	}
	return predictSrc(t, "model m\n"+src, m, Options{Procs: len(nodes), Mapping: machine.Explicit, Explicit: nodes})
}

func TestSemEagerInterNode(t *testing.T) {
	p := p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1000 }
  if pid == 1 { recv R from 0 }
}`, 0, 1)
	// The sender is busy injecting size/bw; the data arrives lat + size/bw.
	expectFinish(t, p, []float64{small / bw, lat + small/bw})
	expect(t, "comm of the receiver", p.Units[1].Comm, lat+small/bw)
	expect(t, "comm of the sender", p.Units[0].Comm, small/bw)
}

func TestSemEagerIntraNode(t *testing.T) {
	p := p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1000 }
  if pid == 1 { recv R from 0 }
}`, 0, 0)
	expectFinish(t, p, []float64{small / bwIn, latIn + small/bwIn})
}

func TestSemRendezvous(t *testing.T) {
	// 1 MiB > 64 KiB: the send waits for the receive; the clear-to-send
	// takes one latency back, then the data takes lat + size/bw. Both
	// sides complete when the data has arrived.
	p := p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1MiB }
  if pid == 1 { recv R from 0 }
}`, 0, 1)
	want := lat + lat + mib/bw
	expectFinish(t, p, []float64{want, want})
	// Transfer time is lat + size/bw; the handshake latency is waiting.
	expect(t, "sender comm", p.Units[0].Comm, lat+mib/bw)
	expect(t, "sender wait", p.Units[0].Wait, lat)

	// A receive posted late (after 1 s of compute): the handshake starts
	// at the later post.
	p = p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1MiB }
  if pid == 1 { action A cost 1
    recv R from 0 }
}`, 0, 1)
	want = 1 + lat + lat + mib/bw
	expectFinish(t, p, []float64{want, want})

	// Exactly the threshold is still eager.
	p = p2p(t, `activity main {
  if pid == 0 { send S to 1 size 64KiB }
  if pid == 1 { recv R from 0 }
}`, 0, 1)
	expectFinish(t, p, []float64{eagerT / bw, lat + eagerT/bw})

	// Intra-node rendezvous uses the intra-node latency and bandwidth.
	p = p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1MiB }
  if pid == 1 { recv R from 0 }
}`, 0, 0)
	want = latIn + latIn + mib/bwIn
	expectFinish(t, p, []float64{want, want})
}

func TestSemNICSerialisation(t *testing.T) {
	// Process 0 starts two 1 MiB isends, to processes on two other nodes;
	// both receives are posted at 0. Both clear-to-sends arrive at lat;
	// the second transfer starts when the first has left the NIC.
	p := p2p(t, `activity main {
  if pid == 0 {
    isend S1 to 1 size 1MiB
    isend S2 to 2 size 1MiB
    wait W
  }
  if pid > 0 { recv R from 0 }
}`, 0, 1, 2)
	inj := mib / bw
	expectFinish(t, p, []float64{lat + inj + lat + inj, lat + lat + inj, lat + inj + lat + inj})

	// Two eager messages from one node: the second starts injecting when
	// the first is done.
	p = p2p(t, `activity main {
  if pid == 0 {
    isend S1 to 1 size 1000
    isend S2 to 2 size 1000
    wait W
  }
  if pid > 0 { recv R from 0 }
}`, 0, 1, 2)
	expectFinish(t, p, []float64{2 * small / bw, lat + small/bw, small/bw + lat + small/bw})

	// Without serialisation both leave at once.
	m := parseMachine(t, strings.Replace(netMachine, "nic_serialise: true", "nic_serialise: false", 1))
	p = predictSrc(t, `model m
activity main {
  if pid == 0 {
    isend S1 to 1 size 1MiB
    isend S2 to 2 size 1MiB
    wait W
  }
  if pid > 0 { recv R from 0 }
}`, m, Options{Procs: 3, Mapping: machine.Explicit, Explicit: []int{0, 1, 2}})
	expectFinish(t, p, []float64{lat + lat + inj, lat + lat + inj, lat + lat + inj})
}

func TestSemLateReceive(t *testing.T) {
	// The eager message arrived at lat + size/bw; the receive posted at
	// 1 s completes at its post, and takes no time.
	p := p2p(t, `activity main {
  if pid == 0 { send S to 1 size 1000 }
  if pid == 1 { action A cost 1
    recv R from 0 }
}`, 0, 1)
	expectFinish(t, p, []float64{small / bw, 1})
	_, r := elemStats(t, p, "R")
	expect(t, "R total", r.Total, 0)
}

func TestSemRecvAny(t *testing.T) {
	// Process 2 sends at 0, process 0 after 100us; process 1 receives
	// from any process twice. Matching is in send-post order: the first
	// receive gets process 2's message (at lat + size/bw), the second
	// process 0's (at 100us + lat + size/bw).
	p := p2p(t, `activity main {
  if pid == 0 { action A cost 100us
    send S to 1 size 1000 }
  if pid == 2 { send S2 to 1 size 1000 }
  if pid == 1 { loop 2 { recv R from any tag any } }
}`, 0, 1, 2)
	first := lat + small/bw
	second := 100e-6 + lat + small/bw
	expectFinish(t, p, []float64{100e-6 + small/bw, second, small / bw})
	_, r := elemStats(t, p, "R")
	expect(t, "first receive", r.Min, first)
	expect(t, "second receive", r.Max, second-first)
}

func TestSemTagMatching(t *testing.T) {
	// Process 0 sends tag 1 (1000 B) then tag 2 (2000 B); process 1
	// receives tag 2 first. NIC serialisation: the second message starts
	// at 1000/bw and arrives at 1000/bw + lat + 2000/bw.
	p := p2p(t, `activity main {
  if pid == 0 {
    send S1 to 1 size 1000 tag 1
    send S2 to 1 size 2000 tag 2
  }
  if pid == 1 {
    recv R2 from 0 tag 2
    recv R1 from 0 tag 1
  }
}`, 0, 1)
	a2 := small/bw + lat + 2*small/bw
	expectFinish(t, p, []float64{3 * small / bw, a2})
	_, r2 := elemStats(t, p, "R2")
	_, r1 := elemStats(t, p, "R1")
	expect(t, "R2", r2.Total, a2)
	expect(t, "R1 (already arrived)", r1.Total, 0)
}

func TestSemNonOvertaking(t *testing.T) {
	// Two messages with the same tag from one sender match receives in
	// the order they were sent, whatever their sizes: the rendezvous
	// message first, then the small one.
	p := p2p(t, `activity main {
  if pid == 0 {
    isend S1 to 1 size 1MiB
    isend S2 to 1 size 1000
    wait W
  }
  if pid == 1 {
    recv R1 from 0
    recv R2 from 0
  }
}`, 0, 1)
	// S2 is eager: it leaves at 0 and arrives at lat + 1000/bw. S1's
	// transfer starts after the handshake at lat, after S2 left the NIC.
	big := lat + lat + mib/bw
	expectFinish(t, p, []float64{big, big})
	_, r1 := elemStats(t, p, "R1")
	expect(t, "R1", r1.Total, big)
}

func TestSemNonBlockingWait(t *testing.T) {
	p := p2p(t, `activity main {
  if pid == 0 {
    isend S1 to 1 size 1000
    isend S2 to 1 size 1MiB
    wait W1 on S1
    wait W2
  }
  if pid == 1 {
    irecv R1 from 0
    irecv R2 from 0
    wait WR on R2, R1
  }
}`, 0, 1)
	inj1, inj2 := small/bw, mib/bw
	// S1 eager: done at inj1, arrives lat + inj1. S2 rendezvous, matched
	// at 0: starts at lat (the NIC is free again at inj1 < lat), arrives
	// 2 lat + inj2.
	expectFinish(t, p, []float64{2*lat + inj2, 2*lat + inj2})
	_, w1 := elemStats(t, p, "W1")
	expect(t, "W1", w1.Total, inj1)
	_, w2 := elemStats(t, p, "W2")
	expect(t, "W2", w2.Total, 2*lat+inj2-inj1)
	_, s1 := elemStats(t, p, "S1")
	expect(t, "isend takes no time", s1.Total, 0)
}

func TestSemCommCost(t *testing.T) {
	// The send's cost replaces the network: the sender is busy 50us, the
	// data reaches the receiver 50us after the send was posted.
	p := p2p(t, `activity main {
  if pid == 0 { action A cost 20us
    send S to 1 size 1MiB cost 50us }
  if pid == 1 { recv R from 0 }
}`, 0, 1)
	expectFinish(t, p, []float64{20e-6 + 50e-6, 20e-6 + 50e-6})
	expect(t, "sender comm", p.Units[0].Comm, 50e-6)

	// The receive's cost: max(receive post, send post + cost).
	p = p2p(t, `activity main {
  if pid == 0 { action A cost 20us
    send S to 1 size 1000 }
  if pid == 1 { recv R from 0 cost 30us }
}`, 0, 1)
	expectFinish(t, p, []float64{20e-6 + small/bw, math.Max(0, 20e-6+30e-6)})

	p = p2p(t, `activity main {
  if pid == 0 { action A cost 20us
    send S to 1 size 1000 }
  if pid == 1 { action B cost 100us
    recv R from 0 cost 30us }
}`, 0, 1)
	expectFinish(t, p, []float64{20e-6 + small/bw, math.Max(100e-6, 20e-6+30e-6)})
}

// ---------------------------------------------------------------------------
// 4. Collectives

// collMachine: 8 single-CPU nodes, latency 10us, 1 GB/s, no NIC
// serialisation, so that every message takes lat + size/bw and the
// algorithms' critical paths can be added up by hand.
const collMachine = `
name: coll
nodes:
  - {count: 8, cpus: 1}
network:
  latency: 10us
  bandwidth: 1GB/s
  eager_threshold: 64KiB
  nic_serialise: false
`

func coll(t *testing.T, procs int, body string) *Prediction {
	t.Helper()
	m := parseMachine(t, collMachine)
	// Block mapping, 8 nodes: process i on node i.
	return predictSrc(t, "model m\nactivity main {\n"+body+"\n}\n", m, Options{Procs: procs})
}

func fill(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestSemCollectives(t *testing.T) {
	const L = lat
	const b = small // contribution per process
	i := b / bw     // injection time of one block
	M := L + i      // one block's message time
	cases := []struct {
		name string
		p    int
		body string
		want []float64 // finish per process
	}{
		// Dissemination: ceil(log2 P) rounds of a 0-byte message.
		{"barrier", 4, "barrier B", fill(4, 2*L)},
		{"barrier", 5, "barrier B", fill(5, 3*L)},
		// Binomial bcast: the root sends to rr+4, rr+2, rr+1 (farthest
		// first, each blocking for its injection), inner nodes forward.
		{"bcast", 4, "bcast B root 0 size 1000", []float64{2 * i, L + 2*i, L + 2*i, 2*L + 2*i}},
		{"bcast", 5, "bcast B root 0 size 1000", []float64{3 * i, L + 3*i, L + 3*i, 2*L + 3*i, M}},
		// Root 2 (relative ranks rotate): P=4, rr = (r-2) mod 4.
		{"bcast root 2", 4, "bcast B root 2 size 1000", []float64{L + 2*i, 2*L + 2*i, 2 * i, L + 2*i}},
		// Binomial reduce: receive from rr+1, rr+2, ... then send to the parent.
		{"reduce", 4, "reduce R root 0 size 1000", []float64{2 * M, i, L + 2*i, i}},
		{"reduce", 5, "reduce R root 0 size 1000", []float64{2 * M, i, L + 2*i, i, i}},
		// Recursive doubling: log2 P exchange rounds.
		{"allreduce", 4, "allreduce A size 1000", fill(4, 2*M)},
		// P=5: rank 0 folds into rank 1 (M); ranks 1..4 exchange in two
		// rounds as 0..3; rank 1 gives rank 0 the result. Rank 1 is late
		// by M, so rank 2's first round ends at 2M and rank 4's second
		// at 3M; rank 0 gets the result at 3M.
		{"allreduce", 5, "allreduce A size 1000", []float64{3 * M, 2*L + 3*i, 2*L + 3*i, 2*L + 3*i, 3 * M}},
		// Binomial gather: subtree-sized messages; rank 2 forwards 2b.
		{"gather", 4, "gather G root 0 size 1000", []float64{2*L + 3*i, i, L + 3*i, i}},
		{"gather", 5, "gather G root 0 size 1000", []float64{2*L + 3*i, i, L + 3*i, i, i}},
		// Binomial scatter: the root sends 2b to rank 2 then b to rank 1
		// (P=5: b to 4, 2b to 2, b to 1).
		{"scatter", 4, "scatter S root 0 size 1000", []float64{3 * i, L + 3*i, L + 3*i, 2*L + 3*i}},
		{"scatter", 5, "scatter S root 0 size 1000", []float64{4 * i, L + 4*i, L + 4*i, 2*L + 4*i, M}},
		// Ring allgather: P-1 rounds of one block.
		{"allgather", 4, "allgather G size 1000", fill(4, 3*M)},
		{"allgather", 5, "allgather G size 1000", fill(5, 4*M)},
		// Recursive doubling allgather (P a power of two): blocks b, 2b.
		{"allgather rd", 4, "allgather G size 1000 algorithm recursive_doubling", fill(4, 2*L+3*i)},
		// ... falls back to the ring otherwise.
		{"allgather rd", 5, "allgather G size 1000 algorithm recursive_doubling", fill(5, 4*M)},
		// Pairwise alltoall: P-1 rounds of one block.
		{"alltoall", 4, "alltoall A size 1000", fill(4, 3*M)},
		{"alltoall", 5, "alltoall A size 1000", fill(5, 4*M)},
		// Linear fan-out: the root sends to 1, 2, ... in turn.
		{"bcast linear", 4, "bcast B root 0 size 1000 algorithm linear", []float64{3 * i, L + i, L + 2*i, L + 3*i}},
		{"scatter linear", 5, "scatter S root 0 size 1000 algorithm linear", []float64{4 * i, L + i, L + 2*i, L + 3*i, L + 4*i}},
		// Linear fan-in: everyone sends to the root at once.
		{"reduce linear", 4, "reduce R root 0 size 1000 algorithm linear", []float64{M, i, i, i}},
		{"gather linear", 5, "gather G root 0 size 1000 algorithm linear", []float64{M, i, i, i, i}},
		// Ring allreduce: 2(P-1) rounds of b/P.
		{"allreduce ring", 4, "allreduce A size 1000 algorithm ring", fill(4, 2*3*(L+i/4))},
		{"allreduce ring", 5, "allreduce A size 1000 algorithm ring", fill(5, 2*4*(L+i/5))},
		// Binomial allreduce: binomial reduce to 0, then binomial bcast.
		{"allreduce binomial", 4, "allreduce A size 1000 algorithm binomial", []float64{2*L + 4*i, 3*L + 4*i, 3*L + 4*i, 4 * M}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/P=%d", c.name, c.p), func(t *testing.T) {
			p := coll(t, c.p, c.body)
			expectFinish(t, p, c.want)
		})
	}
}

// Communication time is the union of the intervals in which a process's
// messages moved; the rest of a collective is waiting.
func TestSemCollectiveAccounting(t *testing.T) {
	const L = lat
	i := small / bw
	M := L + i
	// P = 4 recursive doubling: in each round the send [t, t+i] lies
	// within the receive [t, t+M]: all communication, no waiting.
	p := coll(t, 4, "allreduce A size 1000")
	for pid := 0; pid < 4; pid++ {
		expect(t, fmt.Sprintf("comm of %d", pid), p.Units[pid].Comm, 2*M)
		expect(t, fmt.Sprintf("wait of %d", pid), p.Units[pid].Wait, 0)
	}
	// P = 5, process 2: round 1 sends in [0, i] and receives process 1's
	// late block in [M, 2M]; round 2 sends in [2M, 2M+i], its receive
	// having arrived. Communication 3i + L, waiting L (for process 1).
	// Process 0 folds ([0, i]) and gets the result in [2M, 3M].
	p = coll(t, 5, "allreduce A size 1000")
	expect(t, "comm of 2", p.Units[2].Comm, L+3*i)
	expect(t, "wait of 2", p.Units[2].Wait, L)
	expect(t, "comm of 0", p.Units[0].Comm, i+M)
	expect(t, "wait of 0", p.Units[0].Wait, 3*M-(i+M))
	_, a := elemStats(t, p, "A")
	sum := 0.0
	for pid := 0; pid < 5; pid++ {
		sum += p.Units[pid].Comm
	}
	expect(t, "element comm", a.Comm, sum)
}

func TestSemCollectiveCost(t *testing.T) {
	// Process i arrives at i*10us; a collective with a cost completes at
	// the last arrival plus the cost, for everyone.
	p := coll(t, 4, "action A cost pid * 10us\nallreduce R size 8 cost 5us")
	expectFinish(t, p, fill(4, 3*10e-6+5e-6))
	for pid, u := range p.Units {
		expect(t, fmt.Sprintf("comm of %d", pid), u.Comm, 5e-6)
		expect(t, fmt.Sprintf("wait of %d", pid), u.Wait, 30e-6-float64(pid)*10e-6)
	}
	// The cost may differ per process: each spends its own.
	p = coll(t, 3, "barrier B cost pid * 1us")
	expectFinish(t, p, []float64{0, 1e-6, 2e-6})
}

func TestSemCollectiveLastArrival(t *testing.T) {
	// Process 2 arrives 1 ms late at a binomial bcast from 0 (P=4). Its
	// message from the root is already there; it forwards to 3, which
	// gets it at 1ms + lat + b/bw. Processes 0 and 1, done with their
	// rounds long before, leave at the last arrival, 1 ms.
	p := coll(t, 4, "if pid == 2 { action Late cost 1ms }\nbcast B root 0 size 1000")
	i := small / bw
	expectFinish(t, p, []float64{1e-3, 1e-3, 1e-3 + i, 1e-3 + lat + i})
	_, b := elemStats(t, p, "B")
	if b.Calls != 4 {
		t.Errorf("B calls %d", b.Calls)
	}
}

// ---------------------------------------------------------------------------
// 5. Threads

func threadMachine(cpus int) string {
	return fmt.Sprintf("nodes:\n  - {count: 1, cpus: %d}\n", cpus)
}

func threads(t *testing.T, cpus int, body string) *Prediction {
	t.Helper()
	m := parseMachine(t, threadMachine(cpus))
	return predictSrc(t, "model m\nactivity main {\n"+body+"\n}\n", m, Options{Procs: 1})
}

func TestSemParallelRegion(t *testing.T) {
	const body = "parallel R threads 4 { action X cost 5 }"
	expect(t, "4 threads on 4 CPUs", threads(t, 4, body).Time, 5)
	expect(t, "4 threads on 2 CPUs", threads(t, 2, body).Time, 2*5)
	expect(t, "4 threads on 1 CPU", threads(t, 1, body).Time, 4*5)
	p := threads(t, 2, body)
	if len(p.Units) != 4 {
		t.Fatalf("%d units, want 4", len(p.Units))
	}
	// Threads 1..3 are units 1..3; threads 2 and 3 waited 5 for a CPU.
	// The process (thread 0) ends after the join, at 10.
	for u, w := range []float64{10, 5, 10, 10} {
		expect(t, fmt.Sprintf("finish of unit %d", u), p.Units[u].Finish, w)
	}
	// The region is charged to the thread that forked it, as waiting at
	// the join: thread 0 ends X at 5 and joins at 10.
	_, r := elemStats(t, p, "R")
	expect(t, "R total", r.Total, 10-5)
}

func TestSemPfor(t *testing.T) {
	// 8 iterations of cost 1+i on 2 threads and 2 CPUs.
	cases := []struct {
		sched string
		want  float64
	}{
		// Even blocks: thread 0 gets 0..3 (1+2+3+4 = 10), thread 1 gets
		// 4..7 (5+6+7+8 = 26).
		{"", 26},
		// Static chunks of 2 dealt round robin: thread 0 gets {0,1},{4,5}
		// (3+11 = 14), thread 1 gets {2,3},{6,7} (7+15 = 22).
		{"schedule static chunk 2", 22},
		// Dynamic chunks of 1: each thread takes the next iteration when
		// it is free. Thread 0: 0 [0,1) 2 [1,4) 4 [4,9) 6 [9,16); thread
		// 1: 1 [0,2) 3 [2,6) 5 [6,12) 7 [12,20).
		{"schedule dynamic", 20},
		// Dynamic chunks of 3: thread 0 {0,1,2} [0,6) {6,7} [6,21);
		// thread 1 {3,4,5} [0,15).
		{"schedule dynamic chunk 3", 6 + 7 + 8},
	}
	for _, c := range cases {
		p := threads(t, 2, "pfor L i in 0 .. 8 threads 2 "+c.sched+" { action It cost 1 + i }")
		expect(t, "pfor "+c.sched, p.Time, c.want)
		_, it := elemStats(t, p, "It")
		if it.Calls != 8 {
			t.Errorf("%s: %d iterations", c.sched, it.Calls)
		}
		expect(t, "iteration work "+c.sched, it.Compute, 8+28)
	}
}

func TestSemCritical(t *testing.T) {
	p := threads(t, 4, "parallel R threads 4 { critical C { action X cost 3 } }")
	expect(t, "critical serialises", p.Time, 4*3)
	// Thread k enters at 3k and leaves at 3(k+1); the process (thread 0,
	// first in) ends at the join, 12.
	for u, w := range []float64{12, 6, 9, 12} {
		expect(t, fmt.Sprintf("finish of unit %d", u), p.Units[u].Finish, w)
	}
	_, c := elemStats(t, p, "C")
	expect(t, "waiting for the lock", c.Wait, 3*(0+1+2+3))
}

func TestSemThreadBarrier(t *testing.T) {
	p := threads(t, 4, "parallel R threads 4 { action A cost 1 + tid\n barrier B threads\n action C cost 2 }")
	expect(t, "barrier then C", p.Time, 4+2)
	_, b := elemStats(t, p, "B")
	expect(t, "barrier wait", b.Wait, 3+2+1+0)
}

// ---------------------------------------------------------------------------
// 6. Deadlock

func TestSemDeadlockRecv(t *testing.T) {
	src := `model m
activity main {
  recv R from 1 - pid size 8
  send S to 1 - pid size 8
}
`
	m := parseMachine(t, collMachine)
	p := predictSrc(t, src, m, Options{Procs: 2})
	d := p.Deadlock
	if d == nil {
		t.Fatal("no deadlock reported")
	}
	if len(d.Blocked) != 2 {
		t.Fatalf("%d blocked, want 2: %v", len(d.Blocked), d)
	}
	for pid, b := range d.Blocked {
		if int(b.Pid) != pid || b.Element != "recv R" || b.Where != "t.aug:3:3" {
			t.Errorf("blocked %d: %+v", pid, b)
		}
		want := fmt.Sprintf("receive from process %d (tag 0) that no send matches", 1-pid)
		if b.WaitsFor != want {
			t.Errorf("process %d waits for %q, want %q", pid, b.WaitsFor, want)
		}
	}
	if s := d.Error(); !strings.Contains(s, "process 0 (node 0) in recv R at t.aug:3:3") {
		t.Errorf("report:\n%s", s)
	}
}

func TestSemDeadlockCollective(t *testing.T) {
	src := `model m
activity main {
  if pid != 1 {
    barrier B
  }
}
`
	m := parseMachine(t, collMachine)
	p := predictSrc(t, src, m, Options{Procs: 3})
	d := p.Deadlock
	if d == nil {
		t.Fatal("no deadlock reported")
	}
	if len(d.Blocked) != 2 || d.Blocked[0].Pid != 0 || d.Blocked[1].Pid != 2 {
		t.Fatalf("blocked: %v", d)
	}
	for _, b := range d.Blocked {
		if b.Element != "barrier B" || b.Where != "t.aug:4:5" {
			t.Errorf("blocked %+v", b)
		}
		if !strings.Contains(b.WaitsFor, "process(es) 1 never reach") {
			t.Errorf("process %d waits for %q", b.Pid, b.WaitsFor)
		}
	}
	expect(t, "process 1 finished", p.Units[1].Finish, 0)
}

// ---------------------------------------------------------------------------
// 7. Determinism

const stochastic = `model m
activity main {
  loop 20 {
    action A cost uniform(1, 2)
    choose {
      0.3 { action B cost 1 }
      0.5 { delay C cost exponential(1) }
    }
  }
  allreduce R size 8
}
`

func TestSemDeterminism(t *testing.T) {
	m := parseMachine(t, collMachine)
	run := func(seed uint64) *Prediction {
		return predictSrc(t, stochastic, m, Options{Procs: 4, Seed: seed})
	}
	a, b := run(1), run(1)
	if a.Time != b.Time || !reflect.DeepEqual(a.Units, b.Units) || !reflect.DeepEqual(a.Result.Elements, b.Result.Elements) {
		t.Errorf("same seed, different results: %v vs %v", a.Time, b.Time)
	}
	if c := run(2); c.Time == a.Time {
		t.Errorf("seeds 1 and 2 give the same time %v", a.Time)
	}
	// Processes draw from their own streams.
	if a.Units[0].Compute == a.Units[1].Compute {
		t.Errorf("processes 0 and 1 drew the same costs")
	}
	r := predictSrc(t, stochastic, m, Options{Procs: 4, Seed: 1, Replications: 10})
	if len(r.Times) != 10 {
		t.Fatalf("%d times", len(r.Times))
	}
	sum := 0.0
	for _, x := range r.Times {
		sum += x
	}
	expect(t, "mean", r.Mean, sum/10)
	if !(r.CI95 > 0) {
		t.Errorf("CI95 %v", r.CI95)
	}
	// Replication k runs with seed Seed+k: the first is the seed-1 run.
	expect(t, "first replication", r.Times[0], a.Time)
	expect(t, "second replication", r.Times[1], run(2).Time)
}

// ---------------------------------------------------------------------------
// 8. Limits

func TestSemLimits(t *testing.T) {
	m := parseMachine(t, collMachine)
	_, err := Run(Options{Filename: "t.aug", Source: []byte("model m\nactivity main { loop 1e12 { action A cost 1 } }\n"), Machine: m, Procs: 1})
	if err == nil || !strings.Contains(err.Error(), "limit") || !strings.Contains(err.Error(), "t.aug:2:") {
		t.Errorf("loop 1e12: %v", err)
	}
	_, err = Run(Options{Filename: "t.aug", Source: []byte("model m\nactivity main { loop 1000 { delay D cost 1 } }\n"), Machine: m, Procs: 1, MaxEvents: 100})
	if err == nil || !strings.Contains(err.Error(), "event limit of 100") {
		t.Errorf("event limit: %v", err)
	}
	// Consecutive computations of a unit are folded into one event; they
	// count against the limit as operations.
	_, err = Run(Options{Filename: "t.aug", Source: []byte("model m\nactivity main { loop 1000 { action A cost 1 } }\n"), Machine: m, Procs: 1, MaxEvents: 100, StepLoops: true})
	if err == nil || !strings.Contains(err.Error(), "event limit of 100") {
		t.Errorf("event limit with folded computations: %v", err)
	}
	// A loop evaluated in closed form costs nothing: its executions are
	// counted in the result, not against the limit.
	p, err := Run(Options{Filename: "t.aug", Source: []byte("model m\nactivity main { loop 1000 { action A cost 1 } }\n"), Machine: m, Procs: 1, MaxEvents: 100})
	if err != nil {
		t.Errorf("closed-form loop under the event limit: %v", err)
	} else if p.Ops != 1001 || p.Time != 1000 {
		t.Errorf("closed-form loop: %d executions, time %v; want 1001 and 1000", p.Ops, p.Time)
	}
	_, err = Run(Options{Filename: "t.aug", Source: []byte("model m\nactivity main { loop 1000 { delay D cost 1 } }\n"), Machine: m, Procs: 1, MaxEvents: 2000})
	if err != nil {
		t.Errorf("within the event limit: %v", err)
	}
}
