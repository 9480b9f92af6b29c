package htmlreport

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"augur/internal/results"
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
		// the table over all processes, SA1 first: 4 calls, 448 s, 62.6 %
		`<tr data-name="SA1"><td>SA1</td><td>action</td><td>examples/sample.aug:25:3</td><td data-v="4">4</td><td data-v="448">448</td><td data-v="112">112</td>`,
		// process 0's own table, from the result: SA1 once, 112 s, 57.7 % of its 194.184 s
		`<tr data-name="SA1"><td>SA1</td><td>action</td><td>examples/sample.aug:25:3</td><td data-v="1">1</td><td data-v="112">112</td>`,
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
	xs := regexp.MustCompile(`<text x="([0-9.]+)" y="[0-9]+" class="tick label" text-anchor="(middle|end)"( dominant-baseline="middle" transform="rotate\(-90 [^"]*\)")?>([^<]*)</text>`)
	for _, c := range []struct {
		n       int
		upright bool
	}{{4, false}, {32, true}, {1024, true}} {
		r := &results.Result{Kind: results.KindMPI, Categories: results.ProgramCategories, UnitName: "rank"}
		for i := 0; i < c.n; i++ {
			r.Units = append(r.Units, results.Unit{Name: fmt.Sprintf("rank %d (host-%d)", i, i), Pid: int32(i), End: 0.002, Compute: 0.002})
		}
		svg := barChart(r, 512)
		m := xs.FindAllStringSubmatch(svg, -1)
		if len(m) == 0 {
			t.Fatalf("%d ranks: no labels", c.n)
		}
		prev := -1e9
		for _, l := range m {
			x, _ := strconv.ParseFloat(l[1], 64)
			up := l[3] != ""
			if up != c.upright {
				t.Errorf("%d ranks: label %q upright %v, want %v", c.n, l[4], up, c.upright)
			}
			gap := 12.0 // upright labels are a line high
			if !up {
				gap = float64(len([]rune(l[4])))*6 + 4
			}
			if x-prev < gap-0.01 {
				t.Errorf("%d ranks: label %q at x %g overlaps the one at %g", c.n, l[4], x, prev)
			}
			prev = x
		}
		if !strings.Contains(svg, ">time (ms)</text>") || !strings.Contains(svg, `class="tick" text-anchor="end">2.0</text>`) {
			t.Errorf("%d ranks: the axis of 2 ms bars is not in ms:\n%.600s", c.n, svg)
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
// drawn to the height of the total written on it.
func TestThreadBarHeight(t *testing.T) {
	r := &results.Result{Kind: results.KindThreads, Categories: results.ThreadCategories, UnitName: "thread",
		Units: []results.Unit{{Name: "thread T1", Start: 2, End: 10, Compute: 5, Communication: 2, Waiting: 1}}}
	svg := barChart(r, 512)
	for _, want := range []string{`data-category="not yet created" data-v="2"`, `data-category="busy" data-v="5"`,
		// the axis goes to 10 s over 260 px: the bar's top is at 20
		`x="447" y="20" width="60" height="26" fill="#e15759" data-category="ready-waiting"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("bar lacks %q:\n%s", want, svg)
		}
	}
}

func TestTickText(t *testing.T) {
	for _, c := range []struct {
		v, step, scale float64
		want           string
	}{{0.25, 0.05, 1, "0.25"}, {0.003, 0.0005, 1e3, "3.0"}, {250, 50, 1, "250"}, {1.5e-6, 5e-7, 1e6, "1.5"}} {
		if got := tickText(c.v, c.step, c.scale); got != c.want {
			t.Errorf("tickText(%g, %g, %g) = %q, want %q", c.v, c.step, c.scale, got, c.want)
		}
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
