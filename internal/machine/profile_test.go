package machine

import (
	"math"
	"strings"
	"testing"
)

// TestWork checks the work curve of a periodic speed profile against
// hand-computed values: ×0.25 from 0.5 s, ×1 from 1.5 s, period 2 s, so
// 1.25 s of work per period after the first half second.
func TestWork(t *testing.T) {
	p := &Profile{Source: "t", Points: []ProfilePoint{{T: 0.5, Value: 0.25}, {T: 1.5, Value: 1}}, Period: 2}
	w := NewWork(p)
	for _, c := range [][2]float64{{0.5, 0.5}, {1.5, 0.75}, {2, 1.25}, {2.5, 1.75}, {3.5, 2}, {6.25, 4}} {
		if got := w.Of(c[0]); math.Abs(got-c[1]) > 1e-12 {
			t.Errorf("Of(%v) = %v, want %v", c[0], got, c[1])
		}
		if got := w.At(c[1]); math.Abs(got-c[0]) > 1e-12 {
			t.Errorf("At(%v) = %v, want %v", c[1], got, c[0])
		}
	}
	// A node that stops for ever never ends a computation.
	stop := NewWork(&Profile{Points: []ProfilePoint{{T: 1, Value: 0}}})
	if got := stop.At(2); !math.IsInf(got, 1) {
		t.Errorf("At beyond a final stop = %v", got)
	}
	if got := stop.At(1); got != 1 {
		t.Errorf("At(1) = %v, want 1", got)
	}
}

func TestParseProfiles(t *testing.T) {
	m, err := Parse("m.yaml", []byte(`switches: [s1, s2, s3]
nodes:
  - { count: 2, switch: s1, speed_profile: { points: [[1s, 0.5], [2s, 1]], period: 4s }, link: { bandwidth: 1GB/s, bandwidth_profile: { points: [[0, 1MB/s]] } } }
  - { count: 1, switch: s2 }
switch_links:
  - { between: [s1, s2] }
  - { between: [s2, s3], bandwidth_profile: { points: [[3s, 2MB/s]] } }
`))
	if err != nil {
		t.Fatal(err)
	}
	g := m.Groups[0]
	if p := g.SpeedProfile; p == nil || p.Period != 4 || len(p.Points) != 2 || p.Points[0] != (ProfilePoint{T: 1, Value: 0.5, Line: 3}) || p.Source != "m.yaml:3:44" {
		t.Errorf("speed profile %+v", p)
	}
	if p := m.LinkOf(0).BandwidthProfile; p == nil || p.Points[0].Value != 1e6 {
		t.Errorf("node 0's up link: %+v", p)
	}
	if m.LinkOf(5).BandwidthProfile != nil || m.LinkOf(6).BandwidthProfile != nil || m.LinkOf(8).BandwidthProfile == nil || m.LinkOf(9).BandwidthProfile == nil {
		t.Errorf("switch links: %v", m.SwitchLinkProfiles)
	}
	if !m.LinkProfiles() {
		t.Error("LinkProfiles: false")
	}
	w, err := m.WithNodes(5)
	if err != nil || w.LinkOf(2*5+3).BandwidthProfile == nil {
		t.Errorf("WithNodes lost the switch link's profile: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"nodes:\n  - { count: 1, speed_profile: { points: [[2s, 1], [1s, 0.5]] } }\n", "m.yaml:2:53: speed_profile: time 1s comes before"},
		{"nodes:\n  - { count: 1, speed_profile: { points: [[1s, -1]] } }\n", "speed_profile factor"},
		{"nodes:\n  - { count: 1, speed_profile: { points: [[1s]] } }\n", "want a [time, value] pair"},
		{"nodes:\n  - { count: 1, speed_profile: { period: 1s } }\n", `missing key "points"`},
		{"nodes:\n  - { count: 1, speed_profile: { points: [[2s, 1]], period: 1s } }\n", "period must be positive and not shorter"},
		{"nodes:\n  - { count: 1, link: { bandwidth: 1GB/s, bandwidth_profile: { points: [[1s, 0]] } } }\n", "must be positive"},
		{"nodes:\n  - { count: 1, link: { bandwidth: 1GB/s, bandwidth_profile: { points: [[1s, inf]] } } }\n", "bandwidth"},
		{"nodes:\n  - { count: 1, speed_profile: { points: [[1s, 1]], foo: 1 } }\n", `unknown key "foo"`},
	} {
		if _, err := Parse("m.yaml", []byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}
