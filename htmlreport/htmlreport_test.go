package htmlreport

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"augur/results"
)

func load(t *testing.T) *results.Result {
	t.Helper()
	data, err := os.ReadFile("../results/testdata/sample.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := results.Decode("sample.json", data)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := os.ReadFile("../results/testdata/sample.trace.json")
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
		`<tr><td>SA1</td><td>action</td><td>examples/sample.aug:25:3</td><td data-v="4">4</td><td data-v="448">448</td><td data-v="112">112</td>`,
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
	data, err := os.ReadFile("../results/testdata/threads.json")
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
		r.Units = append(r.Units, results.Unit{Name: "rank", Pid: int32(i), Total: 1, Compute: 1})
	}
	var b strings.Builder
	if err := Write(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<g class="bar"`); n > 512 {
		t.Errorf("%d bars drawn for 5000 ranks, want at most 512", n)
	}
}
