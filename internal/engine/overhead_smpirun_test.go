package engine_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestOverheadsAgainstSmpirun: smpi/os (before a detached send), smpi/ois
// (before an isend), smpi/or (after a wait completes a detached message),
// piecewise by size, and the factors' size boundaries (a message of
// exactly a threshold takes the piece below): the same simulation time as
// smpirun to its six decimals.
func TestOverheadsAgainstSmpirun(t *testing.T) {
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
	hosts := write("hosts", "A\nB\n")
	mixed := "0 init\n1 init\n0 send 1 0 1000\n1 recv 0 0 1000\n0 isend 1 0 300\n0 isend 1 0 100000\n1 irecv 0 0 300\n1 irecv 0 0 100000\n1 waitall\n0 waitall\n0 send 1 0 70000\n1 recv 0 0 70000\n0 finalize\n1 finalize\n"
	one := func(s string) string {
		return "0 init\n1 init\n0 send 1 0 " + s + "\n1 recv 0 0 " + s + "\n0 finalize\n1 finalize\n"
	}
	cases := []struct{ trace, cfg string }{
		{mixed, ""},
		{mixed, "smpi/os:0:1e-2:1e-5"},
		{mixed, "smpi/or:0:1e-2:1e-5;1000:2e-2:0"},
		{mixed, "smpi/ois:0:1e-3:1e-6;500:2e-2:0"},
		{one("241"), ""}, {one("242"), ""}, {one("1410"), ""}, {one("1411"), ""},
	}
	for i, cs := range cases {
		var cfg [][2]string
		if cs.cfg != "" {
			k, v, _ := strings.Cut(cs.cfg, ":")
			cfg = append(cfg, [2]string{k, v})
		}
		c.compare(fmt.Sprintf("case %d (%s)", i, cs.cfg), plat, hosts, write("t"+strconv.Itoa(i)+".txt", cs.trace), 2, cfg...)
	}
}
