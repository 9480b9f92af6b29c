package machine

import (
	"strings"
	"testing"
)

const collYAML = `nodes:
  - count: 1
    cpus: 2
    collectives:
      procs: 2
      barrier: { 0: 3us }
      reduce: { 8: 4us, 1MiB: 204us, 2MiB: 404us }
      reduce_in_place: { 8: 5us, 1MiB: 1ms }
network: { latency: 1us, bandwidth: 1GB/s }
`

func TestCollectivesTime(t *testing.T) {
	m, err := Parse("coll.yaml", []byte(collYAML))
	if err != nil {
		t.Fatal(err)
	}
	c := m.Groups[0].Collectives
	if c == nil || c.Procs != 2 {
		t.Fatalf("collectives %+v", c)
	}
	for _, tc := range []struct {
		name    string
		inPlace bool
		bytes   float64
		want    float64
		ok      bool
	}{
		{"barrier", false, 0, 3e-6, true},
		{"reduce", false, 0, 4e-6, true},                 // below the smallest: its time
		{"reduce", false, 8, 4e-6, true},                 // a measured size
		{"reduce", false, 8 + (1<<20-8)/2, 104e-6, true}, // halfway: halfway between the times
		{"reduce", false, 1.5 * (1 << 20), 304e-6, true}, // between 1 and 2 MiB
		{"reduce", false, 4 << 20, 804e-6, true},         // beyond: along the last slope, 200 µs a MiB
		{"reduce", true, 1 << 20, 1e-3, true},            // in place: its own table
		{"reduce", true, 2 << 20, 1e-3 + 995e-6/(1<<20-8)*(1<<20), true},
		{"allreduce", true, 8, 0, false}, // not measured
		{"bcast", false, 8, 0, false},
	} {
		got, ok := c.Time(tc.name, tc.inPlace, tc.bytes)
		if ok != tc.ok || !near(got, tc.want) {
			t.Errorf("Time(%s, in place %v, %g) = %g, %v; want %g, %v", tc.name, tc.inPlace, tc.bytes, got, ok, tc.want, tc.ok)
		}
	}
	var none *Collectives
	if _, ok := none.Time("reduce", false, 8); ok {
		t.Error("a group without collectives times a reduce")
	}
}

func TestCollectivesErrors(t *testing.T) {
	for _, tc := range []struct{ coll, want string }{
		{"{ reduce: { 8: 1us } }", `missing key "procs"`},
		{"{ procs: 1, reduce: { 8: 1us } }", "procs"},
		{"{ procs: 2, reduce: [1, 2] }", "want a mapping of sizes to times"},
		{"{ procs: 2, reduce: { 8: 0s } }", "must be positive"},
		{"{ procs: 2, reduce: { 8: 1us, 8B: 2us } }", "size 8B twice"},
		{"{ procs: 2, reduce: { inf: 1us } }", "must be finite"},
		{"{ procs: 2, reduce: { -3: 1us } }", "size"},
		{"{ procs: 2, scan: { 8: 1us } }", "scan"},
	} {
		text := "nodes:\n  - count: 1\n    collectives: " + tc.coll + "\nnetwork: { latency: 1us, bandwidth: 1GB/s }\n"
		_, err := Parse("bad.yaml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad.yaml:3:") {
			t.Errorf("collectives %s: got %v, want an error at bad.yaml:3 with %q", tc.coll, err, tc.want)
		}
	}
}
