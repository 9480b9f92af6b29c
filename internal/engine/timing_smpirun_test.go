package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"augur/internal/frontend/tit/gen"
	"augur/internal/machine/platform"
	"augur/internal/run/replay"
)

// twoXML: two 1 Gflop/s hosts on one link.
const twoXML = `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="1Gf"/>
  <link id="l" bandwidth="125MBps" latency="50us"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>
`

// TestTimingPrecision: SimGrid ends every action due less than
// precision/timing (1e-9 s under smpirun) after the next end of an
// action at that same instant. Rank 0 computes 1 ms; rank 1's first
// computation is due 0.4 ns later, so it ends at 1 ms too and its second
// one at 2 ms, hand-computed; with precision/timing:0 each ends at its
// own time.
func TestTimingPrecision(t *testing.T) {
	dir := t.TempDir()
	m, err := platform.Load(writeIn(t, dir, "two.xml", twoXML))
	if err != nil {
		t.Fatal(err)
	}
	trace := writeIn(t, dir, "t.txt", "0 init\n1 init\n0 compute 1000000\n1 compute 1000000.4\n1 compute 1000000\n0 finalize\n1 finalize\n")
	for _, c := range []struct {
		cfg  [][2]string
		want float64
	}{
		{nil, 0.002},
		{[][2]string{{"precision/timing", "1e-9"}}, 0.002},
		{[][2]string{{"surf/precision", "0"}}, 0.0020000004},
	} {
		res, err := replay.Run(replay.Options{Trace: trace, Machine: m, Cfg: c.cfg})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Ranks[1].End; got != c.want {
			t.Errorf("%v: rank 1 ends at %.12g s, want %.12g", c.cfg, got, c.want)
		}
	}
}

// TestTimingPrecisionAgainstSmpirun replays a 256-rank ring whose compute
// amounts vary line to line, as recorded ones do: messages on a shared
// backbone end within a nanosecond of each other, and smpirun's time
// (0.893393 s) comes out only when those ends happen together as
// SimGrid's precision/timing makes them (augur said 0.893228 s, the
// time smpirun gives with --cfg=surf/precision:1e-12, which it matches
// too).
func TestTimingPrecisionAgainstSmpirun(t *testing.T) {
	if testing.Short() {
		t.Skip("a 256-rank replay under smpirun")
	}
	c := newSmpiCase(t)
	spec := gen.Spec{Pattern: "ring", NP: 256, Iters: 300, Bytes: 1e4, Flops: 1e6, Spread: 0.5, Seed: 1}
	tdir := filepath.Join(c.dir, "ring")
	idx, _, err := gen.WriteIndex(tdir, spec)
	if err != nil {
		t.Fatal(err)
	}
	plat, err := os.Create(filepath.Join(c.dir, "cluster.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Cluster(plat, spec.NP, 2.25e9); err != nil {
		t.Fatal(err)
	}
	plat.Close()
	hosts, err := os.Create(filepath.Join(c.dir, "hostfile"))
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Hostfile(hosts, spec.NP); err != nil {
		t.Fatal(err)
	}
	hosts.Close()
	c.compareIndex("ring default", plat.Name(), hosts.Name(), idx, spec.NP)
	c.compareIndex("ring 1e-12", plat.Name(), hosts.Name(), idx, spec.NP, [2]string{"surf/precision", "1e-12"})
}
