package engine_test

import (
	"path/filepath"
	"testing"
)

// TestProfilesAgainstSmpirun replays traces on platforms with speed and
// bandwidth profiles with augur and smpirun -replay and wants the same
// time under each network model. Left out: a bandwidth change during a
// flow's latency with SMPI or LV08, where SimGrid 3.32 gives the flow a
// share before its latency is paid and then stalls (see docs/network.md).
func TestProfilesAgainstSmpirun(t *testing.T) {
	c := newSmpiCase(t)
	dir := func(parts ...string) string {
		p, err := filepath.Abs(filepath.Join(append([]string{"..", "machine", "platform", "testdata"}, parts...)...))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	c.compare("inline speed trace", dir("profiles", "inline_speed.xml"), dir("profiles", "hostsAAB"), dir("profiles", "shared.txt"), 3)
	c.compare("halving", dir("profiles", "half.xml"), dir("profiles", "hosts2"), dir("profiles", "compute2e9.txt"), 2)
	for _, model := range []string{"SMPI", "CM02", "LV08"} {
		cfg := [2]string{"network/model", model}
		c.compare(model+" shared", dir("profiles", "three.xml"), dir("profiles", "hostsAAB"), dir("profiles", "shared.txt"), 3, cfg)
		c.compare(model+" two flows", dir("profiles", "three.xml"), dir("profiles", "hosts3"), dir("profiles", "twoflows.txt"), 3, cfg)
		for _, plat := range []string{"latency.xml", "latency_bw.xml"} {
			for _, trace := range []string{"twoflows.txt", "bigflows.txt", "oneflow.txt", "bigflow.txt"} {
				c.compare(model+" "+plat+" "+trace, dir("profiles", plat), dir("profiles", "hosts3"), dir("profiles", trace), 3, cfg)
			}
		}
		for _, form := range []string{"routes", "clusters", "backbone"} {
			c.compare(model+" two-switch "+form, dir("twoswitch", form+".xml"), dir("twoswitch", "hosts"), dir("twoswitch", "send10MB.txt"), 16, cfg)
		}
	}
	for _, model := range []string{"SMPI", "CM02"} {
		cfg := [2]string{"network/model", model}
		for _, plat := range []string{"flat.xml", "hier.xml"} {
			c.compare(model+" bypass "+plat, dir("bypass", plat), dir("bypass", "hosts"), dir("bypass", "pingpong.txt"), 3, cfg)
		}
		c.compare(model+" big flows", dir("profiles", "three.xml"), dir("profiles", "hosts3"), dir("profiles", "bigflows.txt"), 3, cfg)
		// The send starts as the speed and the bandwidth change (0.5 s):
		// the changes come first, and the flow is bounded by 500 B/s.
		c.compare(model+" compute then send", dir("profiles", "three.xml"), dir("profiles", "hosts3"),
			c.write("cs.txt", "0 init\n1 init\n2 init\n0 compute 5e8\n0 isend 1 0 100000\n0 waitall\n1 recv 0 0 100000\n0 finalize\n1 finalize\n2 finalize\n"), 3, cfg)
	}
}
