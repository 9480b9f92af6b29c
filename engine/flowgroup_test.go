package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"augur/ir"
	"augur/machine"
	"augur/netmodel"
	"augur/platform"
)

// starXML: host R behind a 100 B/s link, senders S1..S3 behind 1000 B/s
// links; every route crosses the sender's link and R's.
const starXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="R" speed="1f"/><host id="S1" speed="1f"/><host id="S2" speed="1f"/><host id="S3" speed="1f"/>
  <link id="r" bandwidth="100Bps" latency="0"/>
  <link id="s1" bandwidth="1000Bps" latency="0"/>
  <link id="s2" bandwidth="1000Bps" latency="0"/>
  <link id="s3" bandwidth="1000Bps" latency="0"/>
  <route src="S1" dst="R"><link_ctn id="s1"/><link_ctn id="r"/></route>
  <route src="S2" dst="R"><link_ctn id="s2"/><link_ctn id="r"/></route>
  <route src="S3" dst="R"><link_ctn id="s3"/><link_ctn id="r"/></route>
</zone></platform>`

// timedMsg is a message sent after its sender computed for start seconds.
type timedMsg struct {
	from, to     int32
	start, bytes float64
}

// runTimed runs each message as compute(start) (if start > 0) and isend
// on the sender and irecv on the receiver (tag = message index), then a
// waitall everywhere; ranks sit on nodes.
func runTimed(t *testing.T, m *machine.Machine, nc *netmodel.Config, nodes []int32, msgs []timedMsg, groups bool) *Result {
	t.Helper()
	streams := make([][]ir.Op, len(nodes))
	for i, mg := range msgs {
		streams[mg.to] = append(streams[mg.to], ir.Op{Kind: ir.Irecv, Peer: mg.from, Tag: int32(i), Bytes: mg.bytes, Cost: ir.NoCost})
		if mg.start > 0 {
			streams[mg.from] = append(streams[mg.from], ir.Op{Kind: ir.Compute, Cost: mg.start})
		}
		streams[mg.from] = append(streams[mg.from], ir.Op{Kind: ir.Isend, Peer: mg.to, Tag: int32(i), Bytes: mg.bytes, Cost: ir.NoCost})
	}
	for i := range streams {
		streams[i] = append(streams[i], ir.Op{Kind: ir.Wait, Request: ir.AllRequests})
	}
	r, err := Run(Config{Machine: m, Procs: len(nodes), NodeOf: nodes, Net: nc, noFlowGroups: !groups},
		Program{Elements: []ir.Element{{Name: "x", Kind: "test"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
			return &ops{list: streams[pid]}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock != nil {
		t.Fatal("deadlock")
	}
	return r
}

// TestFlowGroupByHand: three 300-byte flows into R's 100 B/s link,
// started at 0, 1 and 2 s. Processor sharing by hand: f1 alone moves 100
// bytes in [0,1), 50 more in [1,2); from 2 s the three get 33.3 B/s, so
// f1 ends at 2 + 150/33.3 = 6.5 s; f2 (100 left) and f3 (150 left) then
// get 50 B/s: f2 ends at 8.5 s, f3 (50 left) at 100 B/s at 9 s. The
// group forms at f2's start (full solve), f3 joins it, f1 and f2 leave it.
func TestFlowGroupByHand(t *testing.T) {
	m, err := platform.Parse("star.xml", []byte(starXML))
	if err != nil {
		t.Fatal(err)
	}
	nc := plainCM02(t)
	// Receivers: ranks 0, 1, 2 on R; senders: ranks 3, 4, 5 on S1..S3.
	nodes := []int32{0, 0, 0, 1, 2, 3}
	msgs := []timedMsg{{3, 0, 0, 300}, {4, 1, 1, 300}, {5, 2, 2, 300}}
	for _, groups := range []bool{true, false} {
		r := runTimed(t, m, nc, nodes, msgs, groups)
		for i, want := range []float64{6.5, 8.5, 9} {
			if got := r.Units[i].Finish; math.Abs(got-want) > 1e-9 {
				t.Errorf("groups %v: flow %d ends at %.12f, want %g", groups, i+1, got, want)
			}
		}
	}
}

// TestFlowGroupsMatchFullSolves replays random staggered traffic on
// clusters with and without a limited backbone, under SMPI (latencies,
// factors, TCP bounds) and plain CM02, with the incremental groups and
// with a full solve at every change: every rank must end at the same time.
func TestFlowGroupsMatchFullSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for _, bb := range []string{"", ` bb_bw="1.5MBps" bb_lat="5us"`, ` bb_bw="50MBps" bb_lat="5us"`,
		` bb_bw="1.5MBps" bb_lat="5us" bb_sharing_policy="FATPIPE"`, ` sharing_policy="SHARED" bb_bw="3MBps" bb_lat="5us"`,
		` topology="TORUS" topo_parameters="4,2,2"`, ` topology="FAT_TREE" topo_parameters="2;4,4;1,2;1,2"`} {
		xml := fmt.Sprintf(`<platform version="4.1"><cluster id="c" prefix="n" radical="0-15" suffix="" speed="1Gf" bw="1MBps" lat="20us"%s/></platform>`, bb)
		m, err := platform.Parse("c.xml", []byte(xml))
		if err != nil {
			t.Fatal(err)
		}
		smpi, err := m.NetConfig()
		if err != nil {
			t.Fatal(err)
		}
		lv08, err := netmodel.New("LV08", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, nc := range []*netmodel.Config{&smpi, plainCM02(t), &lv08} {
			for trial := 0; trial < 6; trial++ {
				const np = 32
				nodes := make([]int32, np)
				for i := range nodes {
					nodes[i] = int32(i % 16)
				}
				var msgs []timedMsg
				hot := int32(rng.IntN(np)) // a root many send to, as in a linear reduce
				for i := 0; i < 120; i++ {
					from, to := int32(rng.IntN(np)), int32(rng.IntN(np))
					if rng.IntN(2) == 0 {
						to = hot
					}
					if from == to {
						continue
					}
					start := rng.Float64() * 0.05
					if rng.IntN(4) == 0 {
						start = float64(rng.IntN(3)) * 0.01 // ties
					}
					msgs = append(msgs, timedMsg{from, to, start, float64(1+rng.IntN(40)) * 1000})
				}
				g := runTimed(t, m, nc, nodes, msgs, true)
				f := runTimed(t, m, nc, nodes, msgs, false)
				for i := range g.Units {
					a, b := g.Units[i].Finish, f.Units[i].Finish
					if math.Abs(a-b) > 1e-9*math.Max(1, math.Abs(b)) {
						t.Errorf("backbone %q, model %v, trial %d: rank %d ends at %.12f with groups, %.12f solving in full",
							bb, nc.Model, trial, i, a, b)
					}
				}
			}
		}
	}
}
