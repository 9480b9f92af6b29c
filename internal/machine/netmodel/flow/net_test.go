package flow

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"augur/internal/machine/netmodel"
)

// twoXML: hosts A and B joined by one 1 GB/s link without latency.
const twoXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1f"/><host id="B" speed="1f"/>
  <link id="l" bandwidth="1GBps" latency="0"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>`

// Two flows sharing a 1 GB/s link get 0.5 GB/s each; the first to end
// frees its bandwidth for the other: 1 GB and 0.5 GB started together,
// the second ends at 0.5 GB / 0.5 GB/s = 1 s, the first has 0.5 GB left
// and moves it at 1 GB/s: it ends at 1.5 s. Started 1 s apart, the first
// moves 1 GB/s alone for 1 s and is done as the second starts.
func TestTwoFlowsShareALink(t *testing.T) {
	m := mustPlatform(t, twoXML)
	for _, groups := range []bool{true, false} {
		n := mustNet(t, m, plain(t), groups)
		got := drive(t, n, []xfer{{0, 1, 0, 1e9, -1}, {0, 1, 0, 0.5e9, -1}})
		checkEnds(t, fmt.Sprint("together, groups ", groups), got, []float64{1.5, 1})
		got = drive(t, n, []xfer{{0, 1, 0, 1e9, -1}, {0, 1, 0.5, 1e9, -1}})
		// 0.5 GB alone by 0.5 s, then 0.5 GB/s each: the first's last
		// 0.5 GB take 1 s (ends at 1.5 s), the second has 0.5 GB left
		// and moves it alone at 1 GB/s: 2 s.
		checkEnds(t, fmt.Sprint("staggered, groups ", groups), got, []float64{1.5, 2})
	}
}

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

func TestMaxMinByHand(t *testing.T) {
	m := mustPlatform(t, maxminXML)
	const big = 1 << 20
	const A, B, C, D = 0, 1, 2, 3
	n := mustNet(t, m, plain(t), false)

	// Two flows on l: 50 B/s each, both done at 2·big/100.
	got := drive(t, n, []xfer{{A, B, 0, big, -1}, {A, B, 0, big, -1}})
	checkEnds(t, "two on l", got, []float64{2 * big / 100.0, 2 * big / 100.0})

	// A->C crosses l and m; A->B shares l, D->C shares m. m saturates
	// first (60/2 = 30 < 100/2): A->C and D->C get 30 B/s, A->B the 70
	// left on l. A->B ends at big/70; then A->C is still held to 30 by m.
	got = drive(t, n, []xfer{{A, B, 0, big, -1}, {A, C, 0, big, -1}, {D, C, 0, big, -1}})
	checkEnds(t, "l and m", got, []float64{big / 70.0, big / 30.0, big / 30.0})

	// A fat pipe gives every flow its whole bandwidth.
	got = drive(t, n, []xfer{{D, B, 0, big, -1}, {D, B, 0, big, -1}, {D, B, 0, big, -1}})
	checkEnds(t, "fat pipe", got, []float64{big / 100.0, big / 100.0, big / 100.0})

	// Crosstraffic: the back route of A->B is l again, loaded at 5 %:
	// one flow alone gets 100/1.05.
	ct := plain(t)
	ct.CrossTraffic = true
	got = drive(t, mustNet(t, m, ct, false), []xfer{{A, B, 0, big, -1}})
	checkEnds(t, "crosstraffic", got, []float64{big * 1.05 / 100})
}

// oneXML: A and B joined by one link of 1 ms and 1 MB/s.
const oneXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1f"/><host id="B" speed="1f"/>
  <link id="l" bandwidth="1MBps" latency="1ms"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>`

// TestModelFactors: one flow of 1 MB (with SimGrid's 16 extra bytes)
// over oneXML with each model's defaults. Crosstraffic loads the link
// with the flow's own 5 % back: it gets 1 MB/s / 1.05. CM02 pays the
// latency and moves at that rate; LV08 pays 13.01 latencies and moves
// at 0.97 of it. TCP-gamma (4 MiB) bounds the rate to 4194304 / (2 ·
// 1 ms) ≈ 2.1 GB/s, far above.
func TestModelFactors(t *testing.T) {
	m := mustPlatform(t, oneXML)
	const size = 1e6 - 16
	for _, c := range []struct {
		model string
		want  float64
	}{
		{"CM02", 0.001 + 1.05},
		{"LV08", 13.01*0.001 + 1.05/0.97},
	} {
		n := mustNet(t, m, model(t, c.model, nil), true)
		got := drive(t, n, []xfer{{0, 1, 0, size, -1}})
		checkEnds(t, c.model, got, []float64{c.want})
	}
}

// slowXML: one link of 10 ms and 1 GB/s, where TCP-gamma binds.
const slowXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1f"/><host id="B" speed="1f"/>
  <link id="l" bandwidth="1GBps" latency="10ms"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>`

// TestTCPGamma: without crosstraffic a flow alone would get 1 GB/s, but
// its rate is bounded by TCP-gamma / (2 · latency) = 4194304 / 0.02 =
// 209715200 B/s: that many bytes take 10 ms + 1 s.
func TestTCPGamma(t *testing.T) {
	m := mustPlatform(t, slowXML)
	c := model(t, "CM02", map[string]string{"network/crosstraffic": "no", "augur/extra-bytes": "0"})
	got := drive(t, mustNet(t, m, c, true), []xfer{{0, 1, 0, 209715200, -1}})
	checkEnds(t, "TCP-gamma", got, []float64{1.01})
}

// shareXML: A and B reach C through their own links (A's with 1 ms of
// latency, B's with none) and a shared 1 kB/s link s.
const shareXML = `<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1f"/><host id="B" speed="1f"/><host id="C" speed="1f"/>
  <link id="a" bandwidth="1GBps" latency="1ms"/>
  <link id="b" bandwidth="1GBps" latency="0"/>
  <link id="s" bandwidth="1kBps" latency="0"/>
  <route src="A" dst="C"><link_ctn id="a"/><link_ctn id="s"/></route>
  <route src="B" dst="C"><link_ctn id="b"/><link_ctn id="s"/></route>
</zone></platform>`

// TestLV08WeightS: LV08 shares a link in proportion to each flow's
// weight, 1/penalty, the penalty being the route's latency plus weight-S
// (20537 B) over each of its links' bandwidths; a route without latency
// has weight 1 (routeOf). A's penalty is 0.001 + 20537/1e9 + 20537/1e3;
// on s, v_A = w_A·λ and v_B = λ with λ = 1000 / (1 + w_A), each moving
// at 0.97·v. B moves alone while A pays its 13.01 ms; B ends first,
// then A has the link to itself.
func TestLV08WeightS(t *testing.T) {
	m := mustPlatform(t, shareXML)
	c := model(t, "LV08", map[string]string{"network/crosstraffic": "no", "network/TCP-gamma": "0", "augur/extra-bytes": "0"})
	wA := 1 / (0.001 + 20537/1e9 + 20537/1e3)
	lambda := 1000 / (1 + wA)
	latA := 13.01 * 0.001
	// A starts sharing at latA; B (no latency) moves alone at 0.97·1000
	// until then, then at 0.97·λ.
	bAlone := 0.97 * 1000 * latA
	endB := latA + (1000-bAlone)/(0.97*lambda)
	aDone := 0.97 * wA * lambda * (endB - latA)
	endA := endB + (1000-aDone)/(0.97*1000)
	for _, groups := range []bool{true, false} {
		got := drive(t, mustNet(t, m, c, groups), []xfer{{0, 2, 0, 1000, -1}, {1, 2, 0, 1000, -1}})
		checkEnds(t, fmt.Sprint("groups ", groups), got, []float64{endA, endB})
	}
}

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

// TestFlowGroupByHand: three 300-byte flows into R's 100 B/s link,
// started at 0, 1 and 2 s. Processor sharing by hand: f1 alone moves 100
// bytes in [0,1), 50 more in [1,2); from 2 s the three get 33.3 B/s, so
// f1 ends at 2 + 150/33.3 = 6.5 s; f2 (100 left) and f3 (150 left) then
// get 50 B/s: f2 ends at 8.5 s, f3 (50 left) at 100 B/s at 9 s. The
// group forms at f2's start (full solve), f3 joins it, f1 and f2 leave it.
func TestFlowGroupByHand(t *testing.T) {
	m := mustPlatform(t, starXML)
	for _, groups := range []bool{true, false} {
		got := drive(t, mustNet(t, m, plain(t), groups), []xfer{{1, 0, 0, 300, -1}, {2, 0, 1, 300, -1}, {3, 0, 2, 300, -1}})
		checkEnds(t, fmt.Sprint("groups ", groups), got, []float64{6.5, 8.5, 9})
	}
}

// TestFlowGroupsMatchFullSolves runs random staggered traffic on
// clusters with and without a limited backbone, under SMPI (latencies,
// factors, TCP bounds), plain CM02 and LV08, with the incremental groups
// and with a full solve at every change: every transfer must end at the
// same time.
func TestFlowGroupsMatchFullSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for _, bb := range []string{"", ` bb_bw="1.5MBps" bb_lat="5us"`, ` bb_bw="50MBps" bb_lat="5us"`,
		` bb_bw="1.5MBps" bb_lat="5us" bb_sharing_policy="FATPIPE"`, ` sharing_policy="SHARED" bb_bw="3MBps" bb_lat="5us"`,
		` topology="TORUS" topo_parameters="4,2,2"`, ` topology="FAT_TREE" topo_parameters="2;4,4;1,2;1,2"`} {
		m := mustPlatform(t, fmt.Sprintf(`<platform version="4.1"><cluster id="c" prefix="n" radical="0-15" suffix="" speed="1Gf" bw="1MBps" lat="20us"%s/></platform>`, bb))
		smpi, err := m.NetConfig()
		if err != nil {
			t.Fatal(err)
		}
		for _, nc := range []netmodel.Config{smpi, plain(t), model(t, "LV08", nil)} {
			for trial := range 6 {
				var xs []xfer
				hot := rng.IntN(16) // a node many send to, as in a linear reduce
				for range 120 {
					from, to := rng.IntN(16), rng.IntN(16)
					if rng.IntN(2) == 0 {
						to = hot
					}
					start := rng.Float64() * 0.05
					if rng.IntN(4) == 0 {
						start = float64(rng.IntN(3)) * 0.01 // ties
					}
					xs = append(xs, xfer{from, to, start, float64(1+rng.IntN(40)) * 1000, -1})
				}
				g := drive(t, mustNet(t, m, nc, true), xs)
				f := drive(t, mustNet(t, m, nc, false), xs)
				checkEnds(t, fmt.Sprintf("backbone %q, model %v, trial %d (groups against full solves)", bb, nc.Model, trial), g, f)
			}
		}
	}
}

// TestGroupStaysClosed: ten senders share R's 500 B/s link r, a group at
// 50 B/s each; S1's own link s1 has 60 B/s. A flow S1 -> X that does not
// cross r then takes 5 B/s of it (X's link x has no more), s1 keeping
// room. When the first member ends, r's share would rise to 55.6 B/s,
// more than s1 can give S1 -> R beside S1 -> X: the group must not go on as if it were alone on s1 (it did
// when the local solve of S1 -> X left the group out), and the ends are
// those of full solves.
func TestGroupStaysClosed(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<platform version="4.1"><zone id="z" routing="Full"><host id="R" speed="1f"/><host id="X" speed="1f"/>`)
	b.WriteString(`<link id="r" bandwidth="500Bps" latency="0"/><link id="x" bandwidth="5Bps" latency="0"/><link id="s1" bandwidth="60Bps" latency="0"/>`)
	for i := 2; i <= 10; i++ {
		fmt.Fprintf(&b, `<link id="s%d" bandwidth="1000Bps" latency="0"/>`, i)
	}
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&b, `<host id="S%d" speed="1f"/><route src="S%d" dst="R"><link_ctn id="s%d"/><link_ctn id="r"/></route>`, i, i, i)
	}
	b.WriteString(`<route src="S1" dst="X"><link_ctn id="s1"/><link_ctn id="x"/></route></zone></platform>`)
	m := mustPlatform(t, b.String())
	node := func(name string) int {
		i, ok := m.HostIndex(name)
		if !ok {
			t.Fatalf("no host %s", name)
		}
		return i
	}
	var xs []xfer
	for i := 1; i <= 10; i++ {
		size := 1000.0
		if i == 10 {
			size = 100 // ends first, at 2 s
		}
		xs = append(xs, xfer{node(fmt.Sprintf("S%d", i)), node("R"), 0, size, -1})
	}
	xs = append(xs, xfer{node("S1"), node("X"), 1, 1000, -1})
	g := drive(t, mustNet(t, m, plain(t), true), xs)
	f := drive(t, mustNet(t, m, plain(t), false), xs)
	checkEnds(t, "groups and local solves against full solves", g, f)
}

// TestTimingPrecisionEnds: three 300-byte flows into R's 100 B/s link
// (starXML), the second 2e-8 bytes longer, due 0.6 ns after the first.
// Under a timing precision of 1 ns both end together at 9 s (the second's
// last bytes unmoved, as SimGrid ends an action due within
// precision/timing), and the third, alone from then, at 9 + 100/100 = 10
// s: the same with groups and with full solves. Without it the second
// ends after the first.
func TestTimingPrecisionEnds(t *testing.T) {
	m := mustPlatform(t, starXML)
	xs := []xfer{{1, 0, 0, 300, -1}, {2, 0, 0, 300 + 2e-8, -1}, {3, 0, 0, 400, -1}}
	for _, groups := range []bool{true, false} {
		got := driveWindow(t, mustNet(t, m, plain(t), groups), xs, 1e-9)
		if got[0] != got[1] {
			t.Errorf("groups %v: the first two end at %.15g and %.15g, want together", groups, got[0], got[1])
		}
		checkEnds(t, fmt.Sprint("window, groups ", groups), got, []float64{9, 9, 10})
		plainEnds := drive(t, mustNet(t, m, plain(t), groups), xs)
		if !(plainEnds[1] > plainEnds[0]) {
			t.Errorf("groups %v, no window: the second ends at %.15g, not after the first (%.15g)", groups, plainEnds[1], plainEnds[0])
		}
	}
}
