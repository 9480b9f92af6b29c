package platform

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"augur/internal/machine"
)

func names(m *machine.Machine, route []int32) []string {
	var out []string
	for _, id := range route {
		out = append(out, m.LinkOf(int(id)).Name)
	}
	return out
}

func routeOf(t *testing.T, m *machine.Machine, a, b string) []string {
	t.Helper()
	i, ok1 := m.HostIndex(a)
	j, ok2 := m.HostIndex(b)
	if !ok1 || !ok2 {
		t.Fatalf("hosts %q %q not found", a, b)
	}
	return names(m, m.Route(i, j, nil))
}

func TestSmallPlatform(t *testing.T) {
	m, err := Load("testdata/small_platform.xml")
	if err != nil {
		t.Fatal(err)
	}
	if m.NumNodes() != 7 || m.NumLinks() != 24 {
		t.Fatalf("%d hosts, %d links", m.NumNodes(), m.NumLinks())
	}
	if got := routeOf(t, m, "Tremblay", "Fafard"); !slices.Equal(got, []string{"4", "3", "2", "0", "1", "8"}) {
		t.Errorf("Tremblay->Fafard %v", got)
	}
	// symmetrical="YES" by default: the reverse route.
	if got := routeOf(t, m, "Fafard", "Tremblay"); !slices.Equal(got, []string{"8", "1", "0", "2", "3", "4"}) {
		t.Errorf("Fafard->Tremblay %v", got)
	}
	if got := routeOf(t, m, "Jupiter", "Jupiter"); !slices.Equal(got, []string{"loopback"}) {
		t.Errorf("Jupiter->Jupiter %v", got)
	}
	if got := routeOf(t, m, "Jacquelin", "Jacquelin"); len(got) != 0 {
		t.Errorf("Jacquelin has no loopback route, got %v", got)
	}
	if l := m.LinkOf(23); l.Name != "loopback" || l.Sharing != machine.FatPipe || l.Bandwidth != 498e6 || math.Abs(l.Latency-15e-6) > 1e-18 {
		t.Errorf("loopback link %+v", l)
	}
	lat, bw := m.PathCost(0, 1) // Tremblay -> Jupiter: link 9
	if math.Abs(lat-1.461517e-3) > 1e-15 || bw != 7.20975e6 {
		t.Errorf("PathCost %g %g", lat, bw)
	}
	if fc, _ := m.FlopCost(0); math.Abs(1e9*fc-1e9/98.095e6) > 1e-9 {
		t.Errorf("FlopCost(Tremblay) = %g", fc)
	}
	if nc, err := m.NetConfig(); err != nil || nc.Model.String() != "SMPI" {
		t.Errorf("default model %v %v", nc.Model, err)
	}
}

func TestClusterBackbone(t *testing.T) {
	m, err := Load("testdata/cluster_backbone.xml")
	if err != nil {
		t.Fatal(err)
	}
	if m.NumNodes() != 100 || len(m.Groups) != 1 || m.Groups[0].Flops != 1e9 {
		t.Fatalf("%d hosts, groups %+v", m.NumNodes(), m.Groups)
	}
	want := []string{"cluster0_link_0_UP", "cluster0_backbone", "cluster0_link_2_DOWN"}
	if got := routeOf(t, m, "node-0.simgrid.org", "node-2.simgrid.org"); !slices.Equal(got, want) {
		t.Errorf("route %v, want %v", got, want)
	}
	// No loopback: a host to itself goes up to the backbone and back (as
	// SimGrid 3.32 does, measured).
	if got := routeOf(t, m, "node-5.simgrid.org", "node-5.simgrid.org"); len(got) != 3 {
		t.Errorf("self route %v", got)
	}
	lat, bw := m.PathCost(0, 99)
	if math.Abs(lat-600e-6) > 1e-15 || bw != 125e6 {
		t.Errorf("PathCost %g %g", lat, bw)
	}
}

const clusterXML = `<?xml version='1.0'?>
<platform version="4.1">
  <config><prop id="network/model" value="CM02"/><prop id="network/crosstraffic" value="0"/></config>
  <zone id="world" routing="Full">
    <cluster id="c1" prefix="a" suffix="" radical="0-3" speed="2Gf" core="4" bw="1GBps" lat="1us"
             loopback_bw="10GBps" loopback_lat="0.1us" limiter_link="1.5GBps" bb_bw="10GBps" bb_lat="2us" bb_sharing_policy="FATPIPE" router_id="r1"/>
    <cluster id="c2" prefix="t" suffix="" radical="0-7" speed="1Gf" bw="1GBps" lat="1us" topology="TORUS" topo_parameters="2,4"/>
    <link id="wan" bandwidth="100MBps" latency="1ms"/>
    <zoneRoute src="c1" dst="c2" gw_src="r1" gw_dst="t0"><link_ctn id="wan"/></zoneRoute>
  </zone>
</platform>`

func TestClusters(t *testing.T) {
	m, err := Parse("c.xml", []byte(clusterXML))
	if err != nil {
		t.Fatal(err)
	}
	if m.NumNodes() != 12 || len(m.Groups) != 2 || m.Groups[0].CPUs != 4 {
		t.Fatalf("hosts %d groups %+v", m.NumNodes(), m.Groups)
	}
	if got := routeOf(t, m, "a1", "a1"); !slices.Equal(got, []string{"c1_link_1_loopback"}) {
		t.Errorf("loopback %v", got)
	}
	want := []string{"c1_link_0_limiter", "c1_link_0_UP", "c1_backbone", "c1_link_3_DOWN", "c1_link_3_limiter"}
	if got := routeOf(t, m, "a0", "a3"); !slices.Equal(got, want) {
		t.Errorf("a0->a3 %v, want %v", got, want)
	}
	if m.LinkOf(int(m.Route(0, 3, nil)[2])).Sharing != machine.FatPipe {
		t.Error("backbone should be FATPIPE")
	}
	// Torus 2x4: t0 (0,0) to t5 (1,2): one hop in dimension 0, two in 1.
	if got := routeOf(t, m, "t0", "t5"); !slices.Equal(got, []string{"c2_link_from_0_to_1_UP", "c2_link_from_1_to_3_UP", "c2_link_from_3_to_5_UP"}) {
		t.Errorf("torus t0->t5 %v", got)
	}
	// Going down the ring the short way: t0 to t6 (0,3) is one hop back.
	if got := routeOf(t, m, "t0", "t6"); !slices.Equal(got, []string{"c2_link_from_6_to_0_DOWN"}) {
		t.Errorf("torus t0->t6 %v", got)
	}
	// Between the clusters: to c1's router, the WAN, to t0 (SimGrid 3.32
	// gives TORUS clusters no router: a host is the gateway), then t5.
	// All as SimGrid 3.32 routes them.
	want = []string{"c1_link_2_limiter", "c1_link_2_UP", "c1_backbone", "wan"}
	if got := routeOf(t, m, "a2", "t5"); !slices.Equal(got, append(slices.Clone(want), "c2_link_from_0_to_1_UP", "c2_link_from_1_to_3_UP", "c2_link_from_3_to_5_UP")) {
		t.Errorf("a2->t5 %v", got)
	}
	if got := routeOf(t, m, "a2", "t0"); !slices.Equal(got, want) {
		t.Errorf("a2->t0 %v, want %v", got, want)
	}
	nc, err := m.NetConfig()
	if err != nil || nc.Model.String() != "CM02" || nc.CrossTraffic {
		t.Errorf("config %+v %v", nc, err)
	}
}

const floydXML = `<platform version="4.1">
  <zone id="z" routing="Floyd">
    <host id="h1" speed="1Gf"/><host id="h2" speed="1Gf"/><host id="h3" speed="1Gf"/>
    <router id="r"/>
    <link id="l1" bandwidth="1GBps" latency="1us" sharing_policy="SPLITDUPLEX"/>
    <link id="l2" bandwidth="1GBps" latency="1us"/>
    <link id="l3" bandwidth="1GBps" latency="1us"/>
    <route src="h1" dst="r"><link_ctn id="l1" direction="UP"/></route>
    <route src="h2" dst="r"><link_ctn id="l2"/></route>
    <route src="r" dst="h3"><link_ctn id="l3"/></route>
  </zone>
</platform>`

func TestGraphRouting(t *testing.T) {
	for _, kind := range []string{"Floyd", "Dijkstra"} {
		m, err := Parse("g.xml", []byte(strings.Replace(floydXML, "Floyd", kind, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if got := routeOf(t, m, "h1", "h3"); !slices.Equal(got, []string{"l1_UP", "l3"}) {
			t.Errorf("%s h1->h3 %v", kind, got)
		}
		if got := routeOf(t, m, "h3", "h1"); !slices.Equal(got, []string{"l3", "l1_DOWN"}) {
			t.Errorf("%s h3->h1 %v", kind, got)
		}
		if got := routeOf(t, m, "h1", "h2"); !slices.Equal(got, []string{"l1_UP", "l2"}) {
			t.Errorf("%s h1->h2 %v", kind, got)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Xf"/></zone></platform>`, `x.xml:1: host a speed: speed "1Xf": unknown unit "Xf"`},
		{"<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\"/>\n<route src=\"a\" dst=\"b\"/></zone></platform>", `x.xml:4: route: dst "b" is not a host`},
		{"<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\"/>\n<route src=\"a\" dst=\"a\"><link_ctn id=\"nope\"/></route></zone></platform>", `x.xml:4: route: unknown link "nope"`},
		{`<platform version="3"/>`, "version 4.1"},
		{`<platform version="4.1"><zone id="z" routing="Vivaldi"/></platform>`, "routing \"Vivaldi\" is not supported"},
		{"<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\">", "x.xml:3: XML syntax"},
		{`<platform version="4.1"><zone id="z" routing="Full"></zone></platform>`, "no hosts"},
		{`<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Gf"/><host id="a" speed="1Gf"/></zone></platform>`, `duplicate name "a"`},
		{`<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Gf" colour="red"/></zone></platform>`, `unknown attribute "colour"`},
		{`<platform version="4.1"><cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" bw="1GBps" lat="1us" topology="TORUS" topo_parameters="3"/></platform>`, "3 positions for 4 hosts"},
		{"<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n<include file=\"part.xml\"/></zone></platform>", "x.xml:3: <include> was removed in SimGrid 3.18"},
	} {
		_, err := Parse("x.xml", []byte(c.src))
		var pe *Error
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

func TestHostfile(t *testing.T) {
	m, err := Load("testdata/small_platform.xml")
	if err != nil {
		t.Fatal(err)
	}
	h, err := ParseHostfile("h", []byte("Tremblay\n\nJupiter:2\nFafard\n"))
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := MapRanks(m, h, 6)
	if err != nil {
		t.Fatal(err)
	}
	// Round robin over Tremblay, Jupiter, Jupiter, Fafard.
	if !slices.Equal(nodes, []int32{0, 1, 1, 2, 0, 1}) {
		t.Errorf("ranks on %v", nodes)
	}
	h, _ = ParseHostfile("h", []byte("Tremblay\nNowhere\n"))
	if _, err := MapRanks(m, h, 2); err == nil || !strings.Contains(err.Error(), `h:2: host "Nowhere"`) {
		t.Errorf("unknown host: %v", err)
	}
	if _, err := ParseHostfile("h", []byte("a:x\n")); err == nil || !strings.Contains(err.Error(), "h:1:") {
		t.Errorf("bad count: %v", err)
	}
}

// FuzzParse: any input gives a machine or an *Error with a line, never a
// panic or a hang; routes of accepted platforms stay within the links.
func FuzzParse(f *testing.F) {
	for _, p := range []string{"testdata/small_platform.xml", "testdata/cluster_backbone.xml"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(clusterXML))
	f.Add([]byte(floydXML))
	topo, _ := filepath.Glob("testdata/*/*.xml")
	for _, p := range topo {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz.xml", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without line: %v", err)
			}
			return
		}
		n := m.NumNodes()
		for _, a := range []int{0, n - 1} {
			for _, b := range []int{0, n / 2, n - 1} {
				for _, id := range m.Route(a, b, nil) {
					if id < 0 || int(id) >= m.NumLinks() {
						t.Fatalf("route %d->%d has link %d of %d", a, b, id, m.NumLinks())
					}
				}
			}
		}
	})
}
