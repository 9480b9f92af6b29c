package engine_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestCPUSharingAgainstSmpirun: 6 ranks placed 2 to 5 on a one-core host
// (and the rest on a two-core host) compute, exchange messages and sleep;
// SimGrid shares a host's cores among its ranks, and so does augur on
// platforms: the same simulation time to smpirun's six decimals.
func TestCPUSharingAgainstSmpirun(t *testing.T) {
	c := newSmpiCase(t)
	write := c.write
	plat := write("p.xml", `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="2Gf" core="2"/>
  <link id="l" bandwidth="10MBps" latency="10us"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>
`)
	var b strings.Builder
	const np = 6
	for r := range np {
		fmt.Fprintf(&b, "%d init\n", r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d compute %d\n%d isend %d 0 50000\n%d recv %d 0 50000\n%d compute %d\n%d sleep 0.01\n%d compute 3e7\n%d waitall\n",
			r, (r+1)*100000000, r, (r+1)%np, r, (r+np-1)%np, r, (np-r)*70000000, r, r, r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d finalize\n", r)
	}
	tr := write("ps.txt", b.String())
	for i, hosts := range []string{"A A A B B B", "A A", "A A A A B A", "B B B A B B"} {
		hf := write(fmt.Sprintf("hosts%d", i), strings.ReplaceAll(hosts, " ", "\n")+"\n")
		c.compare(fmt.Sprintf("hosts %q", hosts), plat, hf, tr, np)
	}
}
