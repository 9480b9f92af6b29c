package engine

import (
	"testing"

	"augur/ir"
	"augur/machine"
	"augur/netmodel"
	"augur/platform"
)

// maxminXML: hosts A, B, C, D; l (100 B/s) from A, m (60 B/s) into C,
// f a 100 B/s fat pipe; no latencies, so every flow has weight 1.
const maxminXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1f"/><host id="B" speed="1f"/><host id="C" speed="1f"/><host id="D" speed="1f"/>
  <link id="l" bandwidth="100Bps" latency="0"/>
  <link id="m" bandwidth="60Bps" latency="0"/>
  <link id="f" bandwidth="100Bps" latency="0" sharing_policy="FATPIPE"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
  <route src="A" dst="C"><link_ctn id="l"/><link_ctn id="m"/></route>
  <route src="D" dst="C"><link_ctn id="m"/></route>
  <route src="D" dst="B"><link_ctn id="f"/></route>
</zone></platform>`

// plainCM02 is CM02 without crosstraffic, TCP window or SMPI's extra
// bytes: pure max-min sharing, easy to compute by hand.
func plainCM02(t *testing.T) *netmodel.Config {
	c, err := netmodel.New("CM02", map[string]string{"network/crosstraffic": "no", "network/TCP-gamma": "0", "augur/extra-bytes": "0"})
	if err != nil {
		t.Fatal(err)
	}
	return &c
}

type msg struct {
	from, to int32
	bytes    float64
}

// runFlows runs one isend per message at time 0 (tag = message index),
// the matching irecvs, and a waitall everywhere; ranks sit on the nodes.
func runFlows(t *testing.T, m *machine.Machine, nc *netmodel.Config, nodes []int32, msgs []msg) *Result {
	t.Helper()
	timed := make([]timedMsg, len(msgs))
	for i, mg := range msgs {
		timed[i] = timedMsg{from: mg.from, to: mg.to, bytes: mg.bytes}
	}
	return runTimed(t, m, nc, nodes, timed, true)
}

func TestMaxMinByHand(t *testing.T) {
	m, err := platform.Parse("mm.xml", []byte(maxminXML))
	if err != nil {
		t.Fatal(err)
	}
	nc := plainCM02(t)
	// Ranks 0..3 on A, B, C, D. Sends of ≥ 64 KiB wait for their
	// transfer, so every rank ends when its last message is through.
	const big = 1 << 20

	// Two flows on l: 50 B/s each, both done at 2·big/100.
	r := runFlows(t, m, nc, []int32{0, 1, 2, 3}, []msg{{0, 1, big}, {0, 1, big}})
	checkFinish(t, r, 2*big/100.0, 2*big/100.0)

	// A->C crosses l and m; A->B shares l, D->C shares m. m saturates
	// first (60/2 = 30 < 100/2): A->C and D->C get 30 B/s, A->B the 70
	// left on l. A->B ends at big/70; then A->C is still held to 30 by m.
	r = runFlows(t, m, nc, []int32{0, 1, 2, 3}, []msg{{0, 1, big}, {0, 2, big}, {3, 2, big}})
	checkFinish(t, r, big/30.0, big/70.0, big/30.0, big/30.0)

	// A fat pipe gives every flow its whole bandwidth.
	r = runFlows(t, m, nc, []int32{0, 1, 2, 3}, []msg{{3, 1, big}, {3, 1, big}, {3, 1, big}})
	checkFinish(t, r, 0, big/100.0, 0, big/100.0)

	// Crosstraffic: the back route of A->B is l again, loaded at 5 %:
	// one flow alone gets 100/1.05.
	ct := *nc
	ct.CrossTraffic = true
	r = runFlows(t, m, &ct, []int32{0, 1}, []msg{{0, 1, big}})
	checkFinish(t, r, big*1.05/100, big*1.05/100)
}

// slowXML: two hosts joined by one link of 1 s and 1000 B/s, slow enough
// that smpirun's 6 printed decimals pin every constant.
const slowXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="1Gf"/>
  <link id="l" bandwidth="1kBps" latency="1s"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>`

// TestSMPIOneLink checks the SMPI model and protocol against the times
// smpirun 3.32 printed for one send on slowXML (see docs/network.md):
// rank 0 sends s bytes, then computes 1 s; rank 1 computes 2 s, then
// receives.
func TestSMPIOneLink(t *testing.T) {
	m, err := platform.Parse("slow.xml", []byte(slowXML))
	if err != nil {
		t.Fatal(err)
	}
	nc, err := m.NetConfig()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		size, r0, r1 float64 // smpirun's time is max(r0, r1)
	}{
		// Detached (< 64 KiB): rank 0 goes on at once; the data moves from
		// the match at 2 s: 2 + 1·2.01467 + 16/(1000·0.812084/1.05).
		{0, 1, 4.035358},
		{65520, 1, 2 + 11.6436 + 65536*1.05/940.694},
		// 64 KiB: rank 0 waits for the transfer (smpirun printed 87.812558).
		{65536, 2 + 11.6436 + 65552*1.05/940.694 + 1, 2 + 11.6436 + 65552*1.05/940.694},
	} {
		streams := [][]ir.Op{
			{{Kind: ir.Send, Peer: 1, Bytes: c.size, Cost: ir.NoCost}, {Kind: ir.Compute, Cost: 1e9}},
			{{Kind: ir.Compute, Cost: 2e9}, {Kind: ir.Recv, Peer: 0, Bytes: c.size, Cost: ir.NoCost}},
		}
		r, err := Run(Config{Machine: m, Procs: 2, NodeOf: []int32{0, 1}, Net: &nc},
			Program{Elements: []ir.Element{{Name: "x", Kind: "test"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
				fc, _ := m.FlopCost(int(nid))
				list := append([]ir.Op(nil), streams[pid]...)
				for i := range list {
					if list[i].Kind == ir.Compute {
						list[i].Cost *= fc
					}
				}
				return &ops{list: list}, nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range []float64{c.r0, c.r1} {
			if got := r.Units[i].Finish; got < w-1e-6 || got > w+1e-6 {
				t.Errorf("size %g: rank %d ends at %.9f, want %.9f", c.size, i, got, w)
			}
		}
	}
}
