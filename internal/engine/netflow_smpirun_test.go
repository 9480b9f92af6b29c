package engine_test

import "testing"

// threeXML: A-B over l, A-C over l and m, B-C over m; 1 s and 1000 B/s
// per link so that smpirun's six decimals are precise.
const threeXML = `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="1Gf"/><host id="C" speed="1Gf"/>
  <link id="l" bandwidth="1kBps" latency="1s"/><link id="m" bandwidth="1kBps" latency="1s"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
  <route src="A" dst="C"><link_ctn id="l"/><link_ctn id="m"/></route>
  <route src="B" dst="C"><link_ctn id="m"/></route>
</zone></platform>
`

// TestAgainstSmpirun replays tiny point-to-point traces with augur and
// with smpirun -replay (SimGrid 3.32) and wants the same simulation time
// to smpirun's printed precision, under each flow model.
func TestAgainstSmpirun(t *testing.T) {
	c := newSmpiCase(t)
	plat := c.write("three.xml", threeXML)
	hosts := c.write("hosts", "A\nB\nC\n")
	traces := map[string]string{
		// Weighted sharing: A->B and A->C meet on l, with RTT-unfair shares.
		"share": "0 init\n1 init\n2 init\n0 isend 1 0 100000\n0 isend 2 0 100000\n0 waitall\n1 recv 0 0 100000\n1 compute 1e12\n2 recv 0 0 100000\n0 finalize\n1 finalize\n2 finalize\n",
		// Different sizes, different bandwidth factors on one link.
		"factors": "0 init\n1 init\n2 init\n0 isend 1 0 100000\n0 isend 2 0 20000\n0 waitall\n1 recv 0 0 100000\n2 recv 0 0 20000\n2 compute 1e12\n0 finalize\n1 finalize\n2 finalize\n",
		// Detached send, receive posted late.
		"detached": "0 init\n1 init\n0 send 1 0 1000\n0 compute 1e9\n1 compute 2e9\n1 recv 0 0 1000\n0 finalize\n1 finalize\n",
		// Rendezvous send (64 KiB), receive posted late.
		"rendezvous": "0 init\n1 init\n0 send 1 0 65536\n0 compute 1e9\n1 compute 2e9\n1 recv 0 0 65536\n0 finalize\n1 finalize\n",
	}
	for _, model := range []string{"SMPI", "CM02", "LV08"} {
		for _, name := range []string{"share", "factors", "detached", "rendezvous"} {
			np := 3
			if name == "detached" || name == "rendezvous" {
				np = 2
			}
			c.compare(model+" "+name, plat, hosts, c.write(name+".txt", traces[name]), np, [2]string{"network/model", model})
		}
	}
}
