package htmlreport

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"augur/internal/engine"
	"augur/internal/results"
	"augur/internal/writers/internal/charttest"
)

func load(t *testing.T) *results.Result {
	t.Helper()
	data, err := os.ReadFile("../../results/testdata/sample.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := results.Decode("sample.json", data)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := os.ReadFile("../../results/testdata/sample.trace.json")
	if err != nil {
		t.Fatal(err)
	}
	tl, err := results.ReadChromeTrace("sample.trace.json", tr)
	if err != nil {
		t.Fatal(err)
	}
	r.AttachTimeline(tl)
	return r
}

func TestReportSample(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, load(t), Options{Generator: "augur test"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`<p class="time" id="time">194.184 s</p>`,
		// bars: process 0's total on top, its three parts in the tooltip
		`process 0: total 194.184 s; compute 162.184 s, communication 32 s, waiting 0 s`,
		// the drop-down starts on the slowest process, its pie and table
		`<option value="0" selected>process 0 (194.184 s)</option>`,
		`<title>compute: 162.184 s (83.5%)</title>`,
		`<title>communication: 32 s (16.5%)</title>`,
		`<h3>Elements of process 0</h3>`,
		// the table over all processes, SA1 first: 4 calls, 448 s, 62.6 %;
		// its total column in s (top 448 s: 448.0), its mean column too
		`<tr data-name="SA1"><td class="name" title="SA1">SA1</td><td>action</td><td class="where" title="examples/sample.aug:25:3">examples/sample.aug:25:3</td><td data-v="4">4</td><td data-v="448" title="448 s">448.0</td><td data-v="112" title="112 s">112.0</td>`,
		// process 0's own table, from the result: SA1 once, 112 s, 57.7 % of its 194.184 s
		`<tr data-name="SA1"><td class="name" title="SA1">SA1</td><td>action</td><td class="where" title="examples/sample.aug:25:3">examples/sample.aug:25:3</td><td data-v="1">1</td><td data-v="112" title="112 s">112.0</td>`,
		// one unit per time column, named in its header
		`<th data-col="total_s" data-unit="s">total (s)</th>`,
		`<th data-col="communication_s" data-unit="s">communication (s)</th>`,
		"Each time column is in the unit its header names",
		`<td data-v="0.5767712629412479">57.7%</td>`,
		// the bars' axis is in seconds, its ticks plain numbers
		`>time (s)</text>`,
		`<td data-v="0.626219245678035">62.6%</td>`,
		`aria-label="timeline"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Self-contained: no URL or external reference anywhere.
	if m := regexp.MustCompile(`(?i)(https?:|src=|href=|@import|url\()`).FindString(out); m != "" {
		t.Errorf("report refers to something outside it: %q", m)
	}
}

func TestReportWithoutTimeline(t *testing.T) {
	data, err := os.ReadFile("../../results/testdata/threads.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := results.Decode("threads.json", data)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Write(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{`<p class="time" id="time">10 s</p>`, "Time per thread",
		`<title>busy: 4 s (50.0%)</title>`, `<i style="background:#e15759"></i>ready-waiting`} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(out, "Timeline") {
		t.Error("a result without a timeline has no timeline section")
	}
}

// Many units are drawn as grouped bars, not one rectangle each.
func TestReportManyUnits(t *testing.T) {
	r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank"}
	for i := 0; i < 5000; i++ {
		r.Units = append(r.Units, results.Unit{Name: "rank", Pid: int32(i), End: 1, Compute: 1})
	}
	var b strings.Builder
	if err := Write(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<g class="bar"`); n > 512 {
		t.Errorf("%d bars drawn for 5000 ranks, want at most 512", n)
	}
}

// Bar labels never overlap: across while they fit, then upright, then
// thinned; values on top only where they fit.
func TestBarLabels(t *testing.T) {
	for _, c := range []struct {
		n       int
		upright bool
	}{{4, false}, {32, true}, {1024, true}} {
		r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank"}
		for i := 0; i < c.n; i++ {
			r.Units = append(r.Units, results.Unit{Name: fmt.Sprintf("rank %d (host-%d)", i, i), Pid: int32(i), End: 0.002, Compute: 0.002})
		}
		p, _ := barPlot(r, 512)
		if up := p.X.Tick.Label.Rotation != 0; up != c.upright {
			t.Errorf("%d ranks: labels upright %v, want %v", c.n, up, c.upright)
		}
		ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max)
		if len(ticks) == 0 {
			t.Fatalf("%d ranks: no labels", c.n)
		}
		// The plot is at least the chart's width less 80 px of axis.
		pxPerBar := float64(barW-80) / (p.X.Max - p.X.Min)
		prev := math.Inf(-1)
		for _, l := range ticks {
			gap := 12.0 // upright labels are a line high
			if !c.upright {
				gap = float64(len([]rune(l.Label)))*6 + 4
			}
			if (l.Value-prev)*pxPerBar < gap-0.01 {
				t.Errorf("%d ranks: label %q at bar %g overlaps the one at %g", c.n, l.Label, l.Value, prev)
			}
			prev = l.Value
		}
		var ys []string
		for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
			ys = append(ys, tk.Label)
		}
		if p.Y.Label.Text != "time (ms)" || !slices.Contains(ys, "2.0") {
			t.Errorf("%d ranks: the axis of 2 ms bars is not in ms: %q, ticks %v", c.n, p.Y.Label.Text, ys)
		}
	}
}

// Every element has its own colour, however many there are.
func TestElementColoursDistinct(t *testing.T) {
	seen := map[string]int{}
	for i := 0; i < 500; i++ {
		c := elementColour(i)
		if j, ok := seen[c]; ok {
			t.Fatalf("elements %d and %d share colour %s", j, i, c)
		}
		seen[c] = i
	}
}

// A thread's bar starts with the time before it was created, so it is
// drawn to the height of the total written on it: its segments stack,
// each as high as its time.
func TestThreadBarHeight(t *testing.T) {
	r := &results.Result{Kind: results.KindThreads, Categories: results.ThreadCategories, UnitName: "thread",
		Units: []results.Unit{{Name: "thread T1", Start: 2, End: 10, Compute: 5, Communication: 2, Waiting: 1}}}
	svg := barChart(r, 512)
	c, err := charttest.Read(svg)
	if err != nil {
		t.Fatal(err)
	}
	if bars := c.With("class", "bar"); len(bars) != 1 || bars[0].Attrs["data-total"] != "10" || bars[0].Attrs["data-name"] != "thread T1" {
		t.Fatalf("bars %+v, want thread T1's of 10 s", bars)
	}
	bottom := 0.0
	var unit float64 // pixels a second
	for i, seg := range []struct {
		cat string
		v   float64
	}{{"not yet created", 2}, {"busy", 5}, {"blocked", 2}, {"ready-waiting", 1}} {
		g := c.With("data-category", seg.cat)
		if len(g) != 1 || g[0].Attrs["data-v"] != strconv.FormatFloat(seg.v, 'g', -1, 64) {
			t.Fatalf("segment %s: %+v, want one of %g s", seg.cat, g, seg.v)
		}
		h := g[0].MaxY - g[0].MinY
		if i == 0 {
			unit = h / seg.v
		} else if math.Abs(g[0].MinY-bottom) > 0.01 || math.Abs(h-seg.v*unit) > 0.01 {
			t.Errorf("segment %s spans y %g..%g, want from %g, %g high", seg.cat, g[0].MinY, g[0].MaxY, bottom, seg.v*unit)
		}
		bottom = g[0].MaxY
	}
	if !c.HasText("10 s") {
		t.Error("the bar's total is not written on it")
	}
	if again := barChart(r, 512); again != svg {
		t.Error("two renderings of one chart differ")
	}
}

// Any result the decoder accepts gives a report, whatever its numbers
// (NaN, infinities, negative times, thousands of elements).
func FuzzWrite(f *testing.F) {
	for _, p := range []string{"sample.json", "threads.json", "mpi.json", "simulate-P.json", "replay-bcast.json"} {
		b, err := os.ReadFile("../../results/testdata/" + p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"ranks": [{"rank": 0, "compute": -1, "actions": [{"action": "x", "total_s": 1e308}, {"action": "x", "calls": -3}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := results.Decode("fuzz.json", data)
		if err != nil {
			return
		}
		var b strings.Builder
		if err := Write(&b, r, Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// Any Chrome trace the reader takes draws as a timeline, its messages as
// arrows, whatever their times and tracks.
func FuzzWriteTimeline(f *testing.F) {
	b, err := os.ReadFile("../../results/testdata/sample.trace.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"traceEvents":[{"ph":"X","name":"send","cat":"send","pid":1,"tid":1,"ts":0,"dur":5,"args":{"rank":0,"thread":0}},` +
		`{"ph":"X","name":"recv","cat":"recv","pid":1,"tid":2,"ts":0,"dur":9,"args":{"rank":1,"thread":0}},` +
		`{"ph":"s","name":"message","cat":"message","id":1,"pid":1,"tid":1,"ts":1},{"ph":"f","bp":"e","name":"message","cat":"message","id":1,"pid":1,"tid":2,"ts":8.5}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, err := results.ReadChromeTrace("fuzz.json", data)
		if err != nil {
			return
		}
		r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank"}
		r.AttachTimeline(tl)
		var b strings.Builder
		if err := Write(&b, r, Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// A replay-like result: two ranks on hosts with long names, a message
// between them, an element of a microsecond among ones of hundreds of
// milliseconds.
func smallReplay() *results.Result {
	tl := results.NewTimeline([]string{"compute", "send", "recv", "test"}, []string{"compute", "send", "recv", "wait"})
	tl.SetProcess(0, "rank 0", "node-0.cluster.simgrid.org", -1)
	tl.SetProcess(1, "rank 1", "node-1.cluster.simgrid.org", -1)
	tl.SetTrackName(0, 0, "rank 0 (node-0.cluster.simgrid.org)")
	tl.SetTrackName(1, 0, "rank 1 (node-1.cluster.simgrid.org)")
	tl.Slice(0, 0, 0, 0, 0.4)
	tl.Slice(0, 0, 1, 0.4, 0.4003)
	tl.Slice(0, 0, 3, 0.4003, 0.400301)
	tl.Slice(1, 0, 2, 0, 0.5274)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendElem: 1, RecvElem: 2, Bytes: 8, SendPost: 0.4, SendStart: 0.4, RecvPost: 0, RecvEnd: 0.5274})
	r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank", Time: 0.5274,
		Units: []results.Unit{{Name: "rank 0 (node-0.cluster.simgrid.org)", End: 0.400301, Compute: 0.4, Communication: 0.0003, Waiting: 1e-6},
			{Name: "rank 1 (node-1.cluster.simgrid.org)", Pid: 1, End: 0.5274, Communication: 0.5274}},
		Elements: []results.Stats{
			{Name: "recv", Kind: "mpi", Calls: 1, Total: 0.5274, Mean: 0.5274, Min: 0.5274, Max: 0.5274, Communication: 0.5274},
			{Name: "compute", Kind: "mpi", Calls: 1, Total: 0.4, Mean: 0.4, Min: 0.4, Max: 0.4, Compute: 0.4},
			{Name: "send", Kind: "mpi", Calls: 1, Total: 302e-6, Mean: 302e-6, Min: 302e-6, Max: 302e-6, Communication: 302e-6},
			{Name: "test", Kind: "mpi", Calls: 1, Total: 1e-6, Mean: 1e-6, Min: 1e-6, Max: 1e-6, Waiting: 1e-6},
		}}
	r.AttachTimeline(tl)
	return r
}

// The timeline draws the message as an arrow from rank 0 at 0.4 s to
// rank 1 at 0.5274 s; its legend names every element, the microsecond
// one too, each in its own colour, and the arrows; the track labels fit
// their column; each time column has one unit.
func TestReportArrowsLegendUnits(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, smallReplay(), Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, `<g class="msg"`); n != 1 {
		t.Errorf("%d arrows, want 1", n)
	}
	if !strings.Contains(out, `<title>rank 0 (node-0.cluster.simgrid.org) → rank 1 (node-1.cluster.simgrid.org): sent 400 ms, arrived 527.4 ms</title>`) {
		t.Error("the arrow's tooltip is not rank 0 → rank 1, 400 ms → 527.4 ms")
	}
	legend := regexp.MustCompile(`<p class="legend" data-legend="timeline">(.*?)</p>`).FindStringSubmatch(out)
	if legend == nil {
		t.Fatal("no timeline legend")
	}
	sw := regexp.MustCompile(`<span data-element="([^"]+)"><i style="background:([^"]+)"></i>`).FindAllStringSubmatch(legend[1], -1)
	var names []string
	colour := map[string]string{}
	for _, m := range sw {
		names = append(names, m[1])
		if o, ok := colour[m[2]]; ok {
			t.Errorf("%s and %s share colour %s", o, m[1], m[2])
		}
		colour[m[2]] = m[1]
	}
	// Largest first: recv 527.4 ms, compute 400 ms, send 300 µs, test 1 µs.
	if strings.Join(names, " ") != "recv compute send test" {
		t.Errorf("legend names %v", names)
	}
	if !strings.Contains(legend[1], `data-arrows="1"`) || !strings.Contains(legend[1], "message (1)") {
		t.Errorf("the legend does not name the arrows: %s", legend[1])
	}
	// The labels' column holds "rank 1 (node-1.cluster.simgrid.org)"
	// (35 characters, 220 px) whole; the axis has round ticks 0, 100,
	// ..., 500 ms.
	i := strings.Index(out, `<svg width="1200" height="92" viewBox="0 0 1200 92" class="chart gantt"`)
	if i < 0 {
		t.Fatal("no timeline of two 24 px rows")
	}
	tl, err := charttest.Read(out[i : i+strings.Index(out[i:], "</svg>")+len("</svg>")])
	if err != nil {
		t.Fatal(err)
	}
	if !tl.HasText("rank 1 (node-1.cluster.simgrid.org)") {
		t.Error("a track label was cut")
	}
	for _, want := range []string{"0", "100", "500", "time (ms)"} {
		if !tl.HasText(want) {
			t.Errorf("the timeline's axis lacks %q", want)
		}
	}
	if tl.HasText("600") {
		t.Error("the timeline's axis goes past its end")
	}
	// The arrow goes from rank 0 at 400 ms to rank 1 at 527.4 ms: its
	// ends are at those times' places on the axis (rank 0's compute
	// cell ends at 400 ms).
	msg, compute := tl.With("class", "msg"), tl.Titled("compute")
	if len(msg) != 1 || len(compute) != 1 {
		t.Fatalf("%d arrows, %d compute cells", len(msg), len(compute))
	}
	if math.Abs(msg[0].MinX-compute[0].MaxX) > 1 || !(msg[0].MinY < compute[0].MinY) {
		t.Errorf("the arrow (x %g..%g, y %g..%g) does not leave rank 0's row where its compute ends (x %g)", msg[0].MinX, msg[0].MaxX, msg[0].MinY, msg[0].MaxY, compute[0].MaxX)
	}
	for _, want := range []string{
		`<th data-col="total_s" data-unit="ms">total (ms)</th>`,
		`<th data-col="waiting_s" data-unit="µs">waiting (µs)</th>`,
		// 400 ms and 302 µs in one column, in ms with one decimal
		`<td data-v="0.4" title="400 ms">400.0</td>`,
		`<td data-v="0.000302" title="302 us">0.3</td>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// Past MaxArrows, every k-th message is drawn and the legend says how
// many of how many.
func TestReportArrowSample(t *testing.T) {
	tl := results.NewTimeline([]string{"a"}, []string{"compute"})
	tl.SampleMessages(MaxArrows)
	const n = 10000
	for i := 0; i < n; i++ {
		tl.Slice(int32(i%2), 0, 0, float64(i), float64(i+1))
	}
	for i := 0; i < n; i++ {
		tl.Message(engine.Message{Src: int32(i % 2), Dst: int32(1 - i%2), SendPost: float64(i), RecvEnd: float64(i) + 0.5})
	}
	r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank",
		Units: []results.Unit{{Name: "rank 0", End: n}, {Name: "rank 1", Pid: 1, End: n}}}
	r.AttachTimeline(tl)
	var b strings.Builder
	if err := Write(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	drawn := strings.Count(b.String(), `<g class="msg"`)
	if drawn == 0 || drawn > MaxArrows {
		t.Errorf("%d arrows drawn, want 1 to %d", drawn, MaxArrows)
	}
	if want := fmt.Sprintf("message (%d drawn of %d, evenly spaced in send order)", drawn, n); !strings.Contains(b.String(), want) {
		t.Errorf("the legend lacks %q", want)
	}
}
