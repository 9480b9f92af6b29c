package sweep

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"augur/internal/base/infile"
)

func TestParseList(t *testing.T) {
	cases := []struct {
		in   string
		want []float64
	}{
		{"4,8,16..1024*2", []float64{4, 8, 16, 32, 64, 128, 256, 512, 1024}},
		{"1..5", []float64{1, 2, 3, 4, 5}},
		{"0.5..2+0.5", []float64{0.5, 1, 1.5, 2}},
		{"0.1..0.3+0.1", []float64{0.1, 0.2, 0.3}},
		{"1..10*3", []float64{1, 3, 9}},
		{"8, 4, 8, 2", []float64{8, 4, 2}},
		{"1ms..4ms*2", []float64{0.001, 0.002, 0.004}},
		{"1KiB", []float64{1024}},
		{"-1..1", []float64{-1, 0, 1}},
		{"1..1e+3*10", []float64{1, 10, 100, 1000}},
	}
	for _, c := range cases {
		got, err := ParseList(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: %v, want %v", c.in, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12*math.Abs(c.want[i]) {
				t.Errorf("%q: %v, want %v", c.in, got, c.want)
				break
			}
		}
	}
	for in, msg := range map[string]string{
		"":           "empty list",
		"4,,8":       `item 2 "": missing number`,
		"x":          `item 1 "x": "x" is not a number`,
		"8..4":       "ends (4) before it starts (8)",
		"1..8*1":     "factor > 1",
		"0..8*2":     "start above 0",
		"1..8+0":     "step must be > 0",
		"1..1e12":    "more than 1000000 values",
		"1..NaN":     "not a",
		"1..2*1e300": "",
	} {
		_, err := ParseList(in)
		if msg == "" {
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", in, err, msg)
		}
	}
}

func TestParsePoints(t *testing.T) {
	axes, rows, err := ParsePoints(Predict, "p.csv", []byte("# LAPW0's configurations\nNAT,nodes,procs\n32,1,4\n64, 8, 32\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(axes) != 3 || axes[0].kind != kindParam || axes[2].kind != kindSystem || len(rows) != 2 || rows[1][2].Num != 32 || rows[1][0].Text != "64" {
		t.Errorf("axes %v rows %v", axes, rows)
	}
	for in, msg := range map[string]string{
		"":                          "p.csv: no header line",
		"procs\n":                   "p.csv: no points after the header",
		"procs,procs\n1,2\n":        "p.csv:1:7: procs named twice",
		"procs\n4\n4.5\n":           "p.csv:3:1: procs: 4.5 is not a whole number",
		"procs,NAT\n4,1\n4\n":       "p.csv:3:1: wrong number of fields",
		"procs,NAT\n4,x\n":          `p.csv:2:3: NAT: "x" is not a number`,
		"procs,\n4,1\n":             "p.csv:1:7: empty axis name",
		"procs\n\"4\n":              "p.csv:2:",
		"network/model\n\n":         "no points",
		"network/model,procs\n,4\n": "p.csv:2:1: network/model: empty value",
	} {
		_, _, err := ParsePoints(Predict, "p.csv", []byte(in))
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", in, err, msg)
		}
	}
	if _, _, err := ParsePoints(Simulate, "p.csv", []byte("NAT\n1\n")); err == nil || !strings.Contains(err.Error(), "p.csv:1:1:") {
		t.Errorf("a param for simulate: %v", err)
	}
}

// abSpec is versions A (W/procs + 2) and B (W/(2 procs) + procs/2) on the
// ideal machine over procs 1..32*2 and W 120, 480.
func abSpec(t *testing.T) *Spec {
	t.Helper()
	s := &Spec{Mode: Predict, Mapping: "block", Seed: 1}
	for _, v := range []string{"A=testdata/a.aug", "B=testdata/b.aug"} {
		in, err := LoadInput(v, infile.Model, true)
		if err != nil {
			t.Fatal(err)
		}
		s.Versions = append(s.Versions, in)
	}
	m, err := LoadInput("../../../examples/machines/ideal.yaml", infile.Machine, true)
	if err != nil {
		t.Fatal(err)
	}
	s.Machines = []Input{m}
	procs, err := NumAxis(Predict, "procs", "1..32*2")
	if err != nil {
		t.Fatal(err)
	}
	w, err := NumAxis(Predict, "W", "120,480")
	if err != nil {
		t.Fatal(err)
	}
	s.Axes = []Axis{procs, w}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSweepAB(t *testing.T) {
	s := abSpec(t)
	if got := s.AxisNames(); !reflect.DeepEqual(got, []string{"W", "procs"}) {
		t.Fatalf("axes %v", got)
	}
	rs, err := Run(context.Background(), s, Options{Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 24 {
		t.Fatalf("%d results", len(rs))
	}
	for i, r := range rs {
		if r.Index != i {
			t.Fatalf("result %d has index %d", i, r.Index)
		}
		w, p := r.Values[0].Num, r.Values[1].Num
		want := w/p + 2
		if r.Version == 1 {
			want = w/(2*p) + p/2
		}
		if r.Status != StatusOK || math.Abs(r.Time-want) > 1e-9 {
			t.Errorf("point %d (version %d, W=%g, procs=%g): %v %v, want %v", i, r.Version, w, p, r.Status, r.Time, want)
		}
	}
	sum := Summarize(s, rs)
	if sum.Scaling != "procs" || sum.X != "procs" || len(sum.Rows) != 12 || sum.Failed != 0 || sum.Missing != 0 {
		t.Fatalf("summary %+v", sum)
	}
	// W=120, procs=16: A 9.5 s (speed-up 122/9.5), B 11.75 s.
	r := sum.Rows[4]
	if r.Values[1].Num != 16 || r.Winner != "A" || r.Cells[0].Rank != 1 || r.Cells[1].Rank != 2 ||
		math.Abs(*r.Cells[0].Speedup-122/9.5) > 1e-12 || math.Abs(*r.Cells[0].Efficiency-122/9.5/16) > 1e-12 {
		t.Errorf("row W=120 procs=16: %+v", r)
	}
	var texts []string
	for _, c := range sum.Changes {
		texts = append(texts, c.Text)
	}
	want := []string{"A is faster than B from procs=16 on (W=120)", "A is faster than B from procs=32 on (W=480)"}
	if !reflect.DeepEqual(texts, want) {
		t.Errorf("changes %q, want %q", texts, want)
	}
}

// TestResume: a sweep stopped after some points resumes from its results
// file and computes only the others; a last line cut short is dropped.
func TestResume(t *testing.T) {
	s := abSpec(t)
	path := filepath.Join(t.TempDir(), "results.jsonl")
	st, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err = Run(ctx, s, Options{Jobs: 1, Store: st, OnResult: func(Result) {
		if n++; n == 10 {
			cancel()
		}
	}})
	st.Close()
	if err == nil {
		t.Fatal("no error from a cancelled sweep")
	}
	// A killed run may leave half a line.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"key":"abc","status":"o`)
	f.Close()
	done, err := ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 10 {
		t.Fatalf("%d stored points, want 10", len(done))
	}
	st, err = OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	var last Progress
	rs, err := Run(context.Background(), s, Options{Jobs: 2, Store: st, Done: done, OnProgress: func(p Progress) { last = p }})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if last.Computed != 14 || last.Done != 24 || len(rs) != 24 {
		t.Errorf("resumed: %+v, %d results", last, len(rs))
	}
	reused := 0
	for _, r := range rs {
		if r.Reused {
			reused++
		}
	}
	done, err = ReadDir(filepath.Dir(path))
	if err != nil || reused != 10 || len(done) != 24 {
		t.Errorf("reused %d, stored %d, %v", reused, len(done), err)
	}
	data, _ := os.ReadFile(path)
	if bytes.Contains(data, []byte(`"status":"o{`)) || !bytes.HasSuffix(data, []byte("\n")) {
		t.Errorf("the cut line was not dropped:\n%s", data)
	}
	// A changed model is a new key: nothing reused.
	s.Versions[1] = MemInput("B", append([]byte("// changed\n"), s.Versions[1].Data...))
	again := 0
	for _, p := range s.Points() {
		if _, ok := done[s.Key(p)]; ok {
			again++
		}
	}
	if again != 12 {
		t.Errorf("%d points reused after B changed, want A's 12", again)
	}
}

// TestFailingPoint: a point that fails is a result with its error; the
// others run. Version "bad" costs W - 200: negative, an error, at W=120.
func TestFailingPoint(t *testing.T) {
	s := abSpec(t)
	bad := MemInput("bad.aug", []byte("model bad\nparam W = 1\nactivity main {\n  action X cost W - 200\n}\n"))
	s.Versions = append(s.Versions, bad)
	rs, err := Run(context.Background(), s, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	errs := 0
	for _, r := range rs {
		if r.Version == 2 && r.Values[0].Num == 120 {
			if r.Status != StatusError || !strings.Contains(r.Error, "bad.aug") {
				t.Errorf("bad point %+v", r)
			}
			errs++
		} else if r.Status != StatusOK {
			t.Errorf("point %+v", r)
		}
	}
	sum := Summarize(s, rs)
	if errs != 6 || sum.Failed != 6 || sum.Points != 36 {
		t.Errorf("%d failed, summary %d of %d", errs, sum.Failed, sum.Points)
	}
}

// A point stopped by the event limit stores the engine's words, which
// name no flag, unless the caller writes its errors (Options.ErrorText:
// the CLI names --max-events there).
func TestEventLimitPoint(t *testing.T) {
	s := abSpec(t)
	s.MaxEvents = 10
	for _, o := range []Options{{}, {ErrorText: func(err error) string { return "written: " + err.Error() }}} {
		rs, err := Run(context.Background(), s, o)
		if err != nil {
			t.Fatal(err)
		}
		limited := 0
		for _, r := range rs {
			if r.Status != StatusError {
				continue
			}
			limited++
			want := "event limit of 10 reached"
			if o.ErrorText != nil {
				want = "written: " + want
			}
			if !strings.HasPrefix(r.Error, want) || strings.Contains(r.Error, "--") {
				t.Errorf("point %v: error %q, want it to begin %q and name no flag", r.Values, r.Error, want)
			}
		}
		if limited == 0 {
			t.Errorf("no point reached the event limit of 10")
		}
	}
}

func TestReadRecordsErrors(t *testing.T) {
	done := map[string]Record{}
	err := ReadRecords("r.jsonl", strings.NewReader("{\"key\":\"a\",\"status\":\"ok\",\"time_s\":1}\nnot json\n{\"key\":\"b\",\"status\":\"ok\",\"time_s\":1}\n"), done)
	if err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:2: ") {
		t.Errorf("error %v", err)
	}
	err = ReadRecords("r.jsonl", strings.NewReader("{\"key\":\"a\",\"status\":\"maybe\",\"time_s\":1}\n\n"), done)
	if err == nil || !strings.Contains(err.Error(), "r.jsonl:1: not a sweep result") {
		t.Errorf("error %v", err)
	}
}

// TestPointsFile: listed points crossed with a list flag, and
// --procs-per-node deriving nodes.
func TestListedAndDerived(t *testing.T) {
	s := abSpec(t)
	s.Axes = s.Axes[1:] // W only
	var err error
	s.ListedAxes, s.Listed, err = ParsePoints(Predict, "p.csv", []byte("procs\n2\n8\n"))
	if err != nil {
		t.Fatal(err)
	}
	s.ProcsPerNode = 4
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range s.Points() {
		if p.Version == 0 {
			got = append(got, pointText(s.AxisNames(), p.Values))
		}
	}
	want := []string{"procs=2 W=120 nodes=1", "procs=2 W=480 nodes=1", "procs=8 W=120 nodes=2", "procs=8 W=480 nodes=2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("points %q, want %q", got, want)
	}
	s.Axes = append(s.Axes, s.Axes[0])
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "W is given twice") {
		t.Errorf("axis twice: %v", err)
	}
}

// TestShare: the array's tasks split the points left round robin, every
// point to exactly one task.
func TestShare(t *testing.T) {
	j := &Job{Todo: []int{0, 2, 3, 5, 8, 9, 11}, Tasks: 3}
	got := [][]int{j.Share(0), j.Share(1), j.Share(2)}
	want := [][]int{{0, 5, 11}, {2, 8}, {3, 9}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shares %v, want %v", got, want)
	}
}

// TestPointSeeds: a model with random costs gives each point the same time
// whatever the workers and whatever else the sweep holds, and different
// points (or sweep seeds) draw differently.
func TestPointSeeds(t *testing.T) {
	rnd := MemInput("rnd.aug", []byte("model rnd\nparam W = 1\nactivity main {\n  action X cost W * uniform(1, 2)\n}\n"))
	m := load(t, "../../../examples/machines/ideal.yaml")
	run := func(seed uint64, procs string, jobs int) map[string]float64 {
		s := &Spec{Mode: Predict, Mapping: "block", Seed: seed, Versions: []Input{rnd}, Machines: m,
			Axes: []Axis{axis(t, Predict, "procs", procs), axis(t, Predict, "W", "1,2")}}
		rs, err := Run(context.Background(), s, Options{Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, r := range rs {
			if r.Status != StatusOK {
				t.Fatalf("%+v", r)
			}
			out[pointText(s.AxisNames(), r.Values)] = r.Time
		}
		return out
	}
	all, again, some, other := run(7, "1..4", 1), run(7, "1..4", 3), run(7, "3,4", 2), run(8, "1..4", 1)
	if !reflect.DeepEqual(all, again) {
		t.Errorf("-j 1 %v, -j 3 %v", all, again)
	}
	for k, v := range some {
		if all[k] != v {
			t.Errorf("%s: %v in the small sweep, %v in the large", k, v, all[k])
		}
	}
	if all["W=1 procs=1"] == all["W=1 procs=2"] || all["W=1 procs=1"] == other["W=1 procs=1"] {
		t.Errorf("points or seeds draw the same: %v, %v", all, other)
	}
}
