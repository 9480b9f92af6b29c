package engine

import (
	"testing"

	"augur/internal/ir"
	"augur/internal/machine/platform"
)

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
