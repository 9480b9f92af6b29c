package platform

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/machine"
)

func TestParseProfile(t *testing.T) {
	p, err := ParseProfile("p", []byte("# comment\n% also\n\n0 1.0\n 1 0.5 \nPERIODICITY 4\n3 0.25\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Period != 4 || len(p.Points) != 3 || p.Points[1] != (machine.ProfilePoint{T: 1, Value: 0.5, Line: 5}) {
		t.Fatalf("%+v", p)
	}
	// Values over two iterations: 1, 0.5 from 1 s, 0.25 from 3 s; again
	// from 4 s.
	for _, c := range [][2]float64{{0, 1}, {0.5, 1}, {1, 0.5}, {3.5, 0.25}, {4, 1}, {5.5, 0.5}, {7, 0.25}} {
		if v := p.ValueAt(c[0], 9); v != c[1] {
			t.Errorf("ValueAt(%v) = %v, want %v", c[0], v, c[1])
		}
	}
	if at, v, ok := p.Next(3); !ok || at != 4 || v != 1 {
		t.Errorf("Next(3) = %v %v %v", at, v, ok)
	}
	// LOOPAFTER 0.4 after the last point (0.5 s): a period of 0.9 s.
	q, err := ParseProfile("q", []byte("0.3 2000\nLOOPAFTER 0.4\n0.5 500\n"))
	if err != nil || q.Period != 0.9 {
		t.Fatalf("%+v %v", q, err)
	}
	if at, v, _ := q.Next(0.5); math.Abs(at-1.2) > 1e-15 || v != 2000 {
		t.Errorf("Next(0.5) = %v %v", at, v)
	}
	if v := q.ValueAt(0.1, 1000); v != 1000 {
		t.Errorf("before the first point: %v", v)
	}
}

func TestParseProfileErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0 1\n2 0.5\n1 1\n", "p:3:1: time 1 comes before the previous line's 2"},
		{"0 -1\n", "p:1:3: value \"-1\""},
		{"x 1\n", "p:1:1: time \"x\""},
		{"0 1 2\n", "p:1:1: want TIME VALUE"},
		{"STOCHASTIC\n", "stochastic profiles"},
		{"NORM 1 2 1\n", "stochastic profiles"},
		{"PERIODICITY 1\n2 1\n", "PERIODICITY 1 is shorter"},
		{"PERIODICITY 5\nLOOPAFTER 1\n0 1\n", "PERIODICITY and LOOPAFTER together"},
		{"LOOPAFTER 0\n0 1\n", "period of 0 s"},
		// A period that lets time advance by 1e-300 s an event is a livelock.
		{"PERIODICITY 1e-300\n0 1\n", "p:1: the profile repeats every 1e-300 s"},
		{"LOOPAFTER 1e-300\n0 1\n", "repeats every 1e-300 s"},
		{"0 nan\n", "value \"nan\""},
		{"  1e400 1\n", "p:1:3: time \"1e400\""},
	} {
		_, err := ParseProfile("p", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// TestProfileAttributes: relative files are read from the platform's
// directory; what augur does not implement is refused by name.
func TestProfileAttributes(t *testing.T) {
	m, err := Load(filepath.Join("testdata", "profiles", "three.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if p := m.Groups[0].SpeedProfile; p == nil || p.Period != 2 {
		t.Fatalf("host A's speed profile: %+v", p)
	}
	if len(m.Groups) != 2 || m.Groups[1].Count != 2 {
		t.Errorf("hosts B and C should share a group, A have its own: %+v", m.Groups)
	}
	if p := m.LinkOf(0).BandwidthProfile; p == nil || p.Points[0].Value != 2000 {
		t.Errorf("link l's bandwidth profile: %+v", p)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.profile"), []byte("0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ attrs, want string }{
		{`<link id="l" bandwidth="1GBps" bandwidth_file="missing.profile"/>`, `missing.profile`},
		{`<link id="l" bandwidth="1GBps" bandwidth_file="zero.profile"/>`, `bandwidth of 0`},
		{`<host id="B" speed="1f" speed_file="x.profile" availability_file="x.profile"/>`, `both given`},
	} {
		if err := os.WriteFile(filepath.Join(dir, "zero.profile"), []byte("1 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		xml := `<platform version="4.1"><zone id="z" routing="Full"><host id="A" speed="1f"/>` + c.attrs + `</zone></platform>`
		path := filepath.Join(dir, "p.xml")
		if err := os.WriteFile(path, []byte(xml), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.attrs, err, c.want)
		}
	}
}

// FuzzParseProfile: any input gives a profile that passes Check, whose
// Next and ValueAt terminate, or an *Error with a line.
func FuzzParseProfile(f *testing.F) {
	for _, p := range []string{"half.profile", "per.profile", "bw.profile", "off.profile"} {
		if data, err := os.ReadFile(filepath.Join("testdata", "profiles", p)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseProfile("fuzz.profile", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without line: %v", err)
			}
			return
		}
		if err := p.Check(); err != nil {
			t.Fatalf("accepted profile fails Check: %v", err)
		}
		tm := -1.0
		for range 5 {
			at, _, ok := p.Next(tm)
			if !ok {
				break
			}
			if !(at > tm) {
				t.Fatalf("Next(%v) = %v", tm, at)
			}
			tm = at
			p.ValueAt(at, 1)
		}
		w := machine.NewWork(p)
		if x := w.End(1.5, 0.5); x < 1.5 {
			t.Fatalf("work curve goes back: End(1.5, 0.5) = %v", x)
		}
	})
}

// TestBypassRouteLinks: the bypass replaces A->B only; B->A keeps the
// zone's route. Through zones, the bypass is completed by the routes to
// and from its gateways.
func TestBypassRouteLinks(t *testing.T) {
	names := func(m *machine.Machine, a, b int) string {
		var out []string
		for _, id := range m.Route(a, b, nil) {
			out = append(out, m.LinkOf(int(id)).Name)
		}
		return strings.Join(out, " ")
	}
	m, err := Load(filepath.Join("testdata", "bypass", "flat.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(m, 0, 1); got != "slow" {
		t.Errorf("A->B: %q, want the bypass", got)
	}
	if got := names(m, 1, 0); got != "fast" {
		t.Errorf("B->A: %q, want the zone's route", got)
	}
	h, err := Load(filepath.Join("testdata", "bypass", "hier.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(h, 0, 2); got != "a b y c" {
		t.Errorf("A->C: %q, want a b y c", got)
	}
	if got := names(h, 2, 0); got != "c x a" {
		t.Errorf("C->A: %q, want c x a", got)
	}
	for _, c := range []struct{ body, want string }{
		{`<bypassRoute src="A" dst="B"></bypassRoute>`, "has no links"},
		{`<bypassRoute src="A" dst="Q"><link_ctn id="l"/></bypassRoute>`, `"Q" is not a host`},
		{`<bypassRoute src="A" dst="B"><link_ctn id="l"/></bypassRoute><bypassRoute src="A" dst="B"><link_ctn id="l"/></bypassRoute>`, "given twice"},
	} {
		xml := `<platform version="4.1"><zone id="z" routing="Full"><host id="A" speed="1f"/><host id="B" speed="1f"/><link id="l" bandwidth="1Bps"/>` + c.body + `</zone></platform>`
		if _, err := Parse("b.xml", []byte(xml)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.body, err, c.want)
		}
	}
}

func TestTraceElements(t *testing.T) {
	m, err := Load(filepath.Join("testdata", "profiles", "inline.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if p := m.Groups[0].SpeedProfile; p == nil || p.Period != 2 || len(p.Points) != 2 || p.Points[0].Line != 11 {
		t.Errorf("trace loadA: %+v", p)
	}
	if p := m.LinkOf(0).BandwidthProfile; p == nil || math.Abs(p.Period-0.9) > 1e-15 {
		t.Errorf("trace bwl: %+v", p)
	}
	head := `<platform version="4.1"><zone id="z" routing="Full"><host id="A" speed="1f"/><link id="l" bandwidth="1Bps" sharing_policy="SPLITDUPLEX"/>`
	for _, c := range []struct{ body, want string }{
		{`<trace_connect kind="SPEED" trace="x" element="A"/>`, `b.xml:1: trace_connect: no <trace> with id "x"`},
		{`<trace id="x" periodicity="1">0 1</trace><trace_connect kind="FOO" trace="x" element="l"/>`, `kind "FOO"`},
		{`<trace id="x" periodicity="1">0 1</trace><trace_connect kind="LATENCY" trace="x" element="l"/><trace_connect kind="LATENCY" trace="x" element="l_UP"/>`, "has a latency profile already"},
		{`<trace id="x" periodicity="1">0 1</trace><trace_connect kind="SPEED" trace="x" element="l"/>`, `"l" is not a host`},
		{`<trace id="x" periodicity="1">0 1</trace><trace_connect kind="BANDWIDTH" trace="x" element="A"/>`, `"A" is not a link`},
		{`<trace id="x" periodicity="1"></trace>`, "neither text nor a file"},
		{`<trace id="x" periodicity="1">0 1` + "\n" + `x 2</trace>`, "b.xml:2:1: time \"x\""},
		{`<trace id="x" periodicity="1">0 1</trace><trace_connect kind="SPEED" trace="x" element="A"/><trace_connect kind="SPEED" trace="x" element="A"/>`, "has a speed profile already"},
	} {
		if _, err := Parse("b.xml", []byte(head+c.body+`</zone></platform>`)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.body, err, c.want)
		}
	}
	// Both halves of a SPLITDUPLEX link, or one.
	for name, want := range map[string][2]bool{"l": {true, true}, "l_UP": {true, false}, "l_DOWN": {false, true}} {
		m, err := Parse("b.xml", []byte(head+`<trace id="x" periodicity="-1">1 5</trace><trace_connect kind="BANDWIDTH" trace="x" element="`+name+`"/></zone></platform>`))
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]bool{m.LinkOf(0).BandwidthProfile != nil, m.LinkOf(1).BandwidthProfile != nil}; got != want {
			t.Errorf("%s: halves %v, want %v", name, got, want)
		}
	}
}
