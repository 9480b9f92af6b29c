package results

import (
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The sample model of Pllana et al.'s model transformation paper on four processes of the ideal machine
// (testdata/sample.json is `augur predict --format json` output).
func TestDecodePrediction(t *testing.T) {
	r, err := Decode("sample.json", readFile(t, "testdata/sample.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != KindPrediction || r.Title != "sample" || !near(r.Time, 194.18443184713374) {
		t.Fatalf("got kind %q title %q time %v", r.Kind, r.Title, r.Time)
	}
	if len(r.Units) != 4 || !near(r.Units[0].Communication, 32) || !near(r.Units[3].Communication, 8) || r.Units[2].Name != "process 2" {
		t.Fatalf("units: %+v", r.Units)
	}
	if r.Slowest() != 0 {
		t.Errorf("slowest = %d, want process 0", r.Slowest())
	}
	if e := r.Elements[0]; e.Name != "SA1" || e.Calls != 4 || e.Total != 448 || e.Mean != 112 {
		t.Errorf("first element %+v", e)
	}
	if r.Categories != ProgramCategories {
		t.Errorf("categories %v", r.Categories)
	}
}

func TestChromeTraceAndPerUnitElements(t *testing.T) {
	tl, err := ReadChromeTrace("sample.trace.json", readFile(t, "testdata/sample.trace.json"))
	if err != nil {
		t.Fatal(err)
	}
	if tl.Len() != 16 || len(tl.Rows()) != 4 || !near(tl.End(), 194.18443184713374) {
		t.Fatalf("%d slices, %d rows, end %v", tl.Len(), len(tl.Rows()), tl.End())
	}
}

func TestAggregate(t *testing.T) {
	tl := NewTimeline([]string{"A", "B"}, []string{"action", "send"})
	tl.Slice(1, 0, 0, 0, 4)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(0, 0, 1, 1, 3)
	g := tl.Aggregate(Query{T0: 0, T1: 4, Bins: 4})
	// Rows come in pid order although process 1 started first.
	if len(g.Rows) != 2 || g.Rows[0].Label != "0" || g.Rows[1].Label != "1" {
		t.Fatalf("rows %+v", g.Rows)
	}
	if want := [][4]int32{{0, 1, 0, 8}, {1, 2, 1, 8}}; !reflect.DeepEqual(g.Rows[0].Runs, want) {
		t.Errorf("row 0 runs %v, want %v", g.Rows[0].Runs, want)
	}
	if want := [][4]int32{{0, 4, 0, 8}}; !reflect.DeepEqual(g.Rows[1].Runs, want) {
		t.Errorf("row 1 runs %v, want %v", g.Rows[1].Runs, want)
	}
	// Both tracks folded into one row: bins 0-2 are fully covered (A
	// dominates or ties first), bin 3 half.
	g = tl.Aggregate(Query{T0: 0, T1: 4, Bins: 4, MaxRows: 1})
	if len(g.Rows) != 1 || g.Rows[0].Tracks != 2 || g.Rows[0].Label != "0–1" {
		t.Fatalf("folded rows %+v", g.Rows)
	}
	if want := [][4]int32{{0, 3, 0, 8}, {3, 1, 0, 4}}; !reflect.DeepEqual(g.Rows[0].Runs, want) {
		t.Errorf("folded runs %v, want %v", g.Rows[0].Runs, want)
	}
	// Zoomed into [1, 2): only B on track 0, A on track 1.
	g = tl.Aggregate(Query{T0: 1, T1: 2, Bins: 2})
	if want := [][4]int32{{0, 2, 1, 8}}; !reflect.DeepEqual(g.Rows[0].Runs, want) {
		t.Errorf("zoomed runs %v, want %v", g.Rows[0].Runs, want)
	}
	// A window of one track.
	g = tl.Aggregate(Query{T0: 0, T1: 4, Bins: 4, Row0: 1, Rows: 1})
	if len(g.Rows) != 1 || g.Rows[0].First != 1 || g.TotalRows != 2 {
		t.Errorf("row window %+v", g)
	}
}

// 100,000 slices on 1,000 tracks fold into at most bins × rows cells.
func TestAggregateBounded(t *testing.T) {
	tl := NewTimeline([]string{"compute", "send", "wait"}, []string{"action", "send", "wait"})
	for i := 0; i < 100_000; i++ {
		p := int32(i % 1000)
		s := float64(i/1000) * 1.0
		tl.Slice(p, 0, int32(i%3), s, s+0.5+0.001*float64(p))
	}
	g := tl.Aggregate(Query{Bins: 600, MaxRows: 150})
	if len(g.Rows) != 143 || g.Cells > 600*150 || g.Slices != 100_000 {
		t.Fatalf("%d rows, %d cells, %d slices", len(g.Rows), g.Cells, g.Slices)
	}
}

func TestDecodeThreads(t *testing.T) {
	r, err := Decode("threads.json", readFile(t, "testdata/threads.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != KindThreads || r.Time != 10 || r.Categories != ThreadCategories || len(r.Units) != 3 {
		t.Fatalf("%+v", r)
	}
	if u := r.Units[0]; u.Name != "thread P1" || u.Compute != 4 || u.Communication != 3 || u.Waiting != 1 || u.End != 8 {
		t.Errorf("P1: %+v", u)
	}
	if u := r.Units[1]; u.End != 10 {
		t.Errorf("P2 total given explicitly: %+v", u)
	}
	if r.Deadlock != "" || !strings.Contains(r.Subtitle, "direct") {
		t.Errorf("deadlock %q subtitle %q", r.Deadlock, r.Subtitle)
	}
}

func TestDecodeMPI(t *testing.T) {
	r, err := Decode("mpi.json", readFile(t, "testdata/mpi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != KindMPI || r.Time != 3.5 || len(r.Units) != 2 || r.HasTimeline || r.Title != "t.txt" {
		t.Fatalf("%+v", r)
	}
	if u := r.Units[1]; u.Name != "rank 1" || u.Compute != 1 || u.Communication != 1 || u.Waiting != 1.5 || u.End != 3.5 {
		t.Errorf("rank 1: %+v", u)
	}
	// Elements from the result's kinds of action: compute 2+1 s in 2
	// calls, recv 2.5 (1 of it communication), send 1, wait 0.5; largest
	// first.
	want := []Stats{
		{Name: "compute", Kind: "compute", Where: "t.txt", Calls: 2, Total: 3, Mean: 1.5, Min: 1, Max: 2, Share: 3.0 / 7, Compute: 3},
		{Name: "recv", Kind: "p2p", Where: "t.txt", Calls: 1, Total: 2.5, Mean: 2.5, Min: 2.5, Max: 2.5, Share: 2.5 / 7, Communication: 1, Waiting: 1.5},
		{Name: "send", Kind: "p2p", Where: "t.txt", Calls: 1, Total: 1, Mean: 1, Min: 1, Max: 1, Share: 1.0 / 7, Communication: 1},
		{Name: "wait", Kind: "wait", Where: "t.txt", Calls: 1, Total: 0.5, Mean: 0.5, Min: 0.5, Max: 0.5, Share: 0.5 / 7, Waiting: 0.5},
	}
	if !reflect.DeepEqual(r.Elements, want) {
		t.Errorf("elements\n got %+v\nwant %+v", r.Elements, want)
	}
	// Each rank's own actions, and they sum to the all-ranks table.
	if got := SumElements(r.Units); !reflect.DeepEqual(got[0], Stats{Name: "compute", Kind: "compute", Where: "t0.txt",
		Calls: 2, Total: 3, Mean: 1.5, Min: 1, Max: 2, Share: 3.0 / 7, Compute: 3}) || len(got) != 4 {
		t.Errorf("sum of the ranks' actions: %+v", got)
	}
	if u := r.Units[1]; len(u.Elements) != 2 || u.Elements[0].Name != "recv" || u.Elements[0].Waiting != 1.5 || u.Elements[0].Share != 2.5/3.5 {
		t.Errorf("rank 1's actions: %+v", u.Elements)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"{\n  \"a\": 1,\n  oops\n}", "x.json:3:3: not a result file: JSON: invalid character 'o' looking for beginning of object key string"},
		{`{"a": 1}`, "not a result of augur predict, replay or simulate (no command and schema_version"},
		{`{"predicted_time_s": 1}`, "a result written before schema version 3 must be written again"},
		{`{"traceEvents": []}`, "give it as the trace"},
		{`{"command": "predict", "schema_version": 1}`, "a result of schema version 1; this augur reads version 3"},
		{`{"command": "predict", "schema_version": 2, "predicted_time_s": 1}`, "a result of schema version 2; this augur reads version 3 (docs/output.md says what changed; run the command again)"},
		{`{"command": "fit", "schema_version": 3}`, `a result of command "fit"`},
		{`{"command": "predict", "schema_version": 3, "time_s": "soon"}`, "x.json:1:55: prediction result: JSON: time_s: want number, got string"},
		{`{"command": "replay", "schema_version": 3, "finish_s": 1}`, `x.json: replay result: JSON: unknown field "finish_s"`},
		{`{"command": "simulate", "schema_version": 3, "threads": [{"busy": 1}]}`, `x.json: simulation result: JSON: unknown field "busy"`},
	} {
		_, err := Decode("x.json", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Decode(%q): %v, want %q", c.in, err, c.want)
		}
	}
	if _, err := ReadChromeTrace("t.json", []byte(`{"traceEvents": [{"ph": "X", "ts": "x"}]}`)); err == nil ||
		err.Error() != "t.json:1:36: not a Chrome trace: JSON: traceEvents.ts: want number, got string" {
		t.Errorf("bad trace: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, p := range []string{"testdata/sample.json", "testdata/threads.json", "testdata/mpi.json",
		"testdata/simulate-P.json", "testdata/replay-bcast.json"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"command": "replay", "schema_version": 3, "ranks": [{"rank": 1e300, "end_s": -1e308}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode("fuzz.json", data)
		if err == nil {
			SumElements(r.Units)
		}
		if err == nil && r.Timeline != nil {
			r.Timeline.Aggregate(Query{Bins: 50, MaxRows: 10})
		}
	})
}

func FuzzChromeTrace(f *testing.F) {
	b, err := os.ReadFile("testdata/sample.trace.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`[{"ph":"B","pid":"a","tid":1,"ts":5},{"ph":"E","pid":"a","tid":1,"ts":7}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, err := ReadChromeTrace("fuzz.json", data)
		if err == nil {
			tl.Aggregate(Query{Bins: 50, MaxRows: 10})
		}
	})
}

// Real outputs of `augur simulate` (VPPB's program P on 2 processors,
// P1, P2 on processor 0 and P3, P4 on 1: Direct gives 10) and `augur
// replay` (SimGrid's actions_bcast.txt on small_platform.xml, 3 ranks),
// with their Chrome traces.
func TestRealSimulateAndReplay(t *testing.T) {
	r, err := Decode("simulate-P.json", readFile(t, "testdata/simulate-P.json"))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := ReadChromeTrace("simulate-P.trace.json", readFile(t, "testdata/simulate-P.trace.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.AttachTimeline(tl)
	if r.Kind != KindThreads || r.Time != 10 || len(r.Units) != 4 || r.Title != "vppb-P.trace" {
		t.Fatalf("%+v", r)
	}
	if u := r.Units[1]; u.Name != "thread P2" || u.Compute != 3 || u.Waiting != 7 || u.End != 10 {
		t.Errorf("P2: %+v", u)
	}
	// P2 ran 3 s in two goes (5-7, 9-10) and waited for processor 0
	// 7 s (0-3, 3-5 and 7-9: simulate's TestElementsOfP).
	if want := []Stats{
		{Name: "ready", Kind: "ready-waiting", Calls: 3, Total: 7, Mean: 7.0 / 3, Min: 2, Max: 3, Share: 0.7, Waiting: 7},
		{Name: "run", Kind: "busy", Calls: 2, Total: 3, Mean: 1.5, Min: 1, Max: 2, Share: 0.3, Compute: 3},
	}; !reflect.DeepEqual(r.Units[1].Elements, want) {
		t.Errorf("P2's steps\n got %+v\nwant %+v", r.Units[1].Elements, want)
	}
	// Over all threads: each step summed, run first (7 + 3 + 5 + 3 s in
	// 3 + 2 + 1 + 1 goes: P1 is woken at once at 3 s).
	if e := r.Elements[0]; e.Name != "run" || e.Calls != 7 || e.Total != 18 || e.Compute != 18 {
		t.Errorf("all threads' run: %+v", e)
	}
	m, err := Decode("replay-bcast.json", readFile(t, "testdata/replay-bcast.json"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != KindMPI || !near(m.Time, 19.69250604051711) || len(m.Units) != 3 || m.Units[2].Name != "rank 2 (Fafard)" ||
		!near(m.Units[2].End, 19.69250604051711) {
		t.Fatalf("%+v", m)
	}
	if e := m.Elements[0]; e.Name != "compute" || e.Calls != 6 || !near(e.Compute, e.Total) {
		t.Errorf("first action %+v", e)
	}
	// Rank 0 computes twice (5.0971 s each on Tremblay), then its
	// reduce: compute, a little communication and waiting, kind and file
	// given.
	if els := m.Units[0].Elements; len(els) != 4 || els[0].Name != "compute" || els[0].Calls != 2 ||
		!near(els[0].Min, 5.097099750242112) || els[1].Name != "reduce" || els[1].Kind != "collective" ||
		els[1].Where != "actions_bcast.txt" || !near(els[1].Compute+els[1].Communication+els[1].Waiting, els[1].Total) {
		t.Errorf("rank 0's actions: %+v", els)
	}
}
