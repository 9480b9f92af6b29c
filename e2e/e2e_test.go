// Package e2e drives the workbench (augur serve) and the HTML report
// (augur report) in headless Chromium, as a person would: open the page,
// load a model, run it, read the charts. Chromium comes from Debian's
// package (scripts/test.sh installs it); without it the tests skip.
// Screenshots go to e2e/artifacts/ (or $AUGUR_ARTIFACTS); run
// `go test -v ./e2e` to see their paths.
package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/predict"
	"augur/internal/workbench/serve"
	"augur/internal/workbench/web"
	"augur/internal/writers/htmlreport"
	"augur/internal/writers/report"
)

// chromium finds the browser or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	if p := os.Getenv("AUGUR_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	t.Skip("chromium not found: install Debian's package `chromium` (scripts/test.sh does) or set AUGUR_CHROMIUM; skipping the browser tests")
	return ""
}

// browser starts a fresh headless Chromium and returns a tab's context.
func browser(t *testing.T, timeout time.Duration) context.Context {
	exe := chromium(t)
	// A fresh profile; removed after the browser is gone (not with
	// t.TempDir, which fails when Chromium's helpers write to it late).
	profile, err := os.MkdirTemp("", "augur-e2e-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() {
		cancelT()
		cancelB()
		cancelA()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

// workbench serves the workbench on a test server with dir as workspace.
func workbench(t *testing.T, dir string) string {
	t.Helper()
	s, err := serve.New(serve.Config{Dir: dir, Assets: web.FS(), Version: "e2e"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts.URL
}

// artefact saves a screenshot and says where.
func artefact(t *testing.T, name string, png []byte) {
	t.Helper()
	dir := os.Getenv("AUGUR_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(p)
	t.Logf("screenshot: %s", abs)
}

func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// waitJS polls a JavaScript expression until it is true.
func waitJS(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	run(t, ctx, "waiting for "+what, chromedp.Poll(expr, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
}

func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	var s string
	run(t, ctx, "evaluating "+expr, chromedp.Evaluate(expr, &s))
	return s
}

func evalFloat(t *testing.T, ctx context.Context, expr string) float64 {
	t.Helper()
	var f float64
	run(t, ctx, "evaluating "+expr, chromedp.Evaluate(expr, &f))
	return f
}

// tableRows reads the element table as rows of cell texts.
func tableRows(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	var rows [][]string
	run(t, ctx, "reading the table", chromedp.Evaluate(
		`[...document.querySelectorAll('#element-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))`, &rows))
	return rows
}

func rowNamed(rows [][]string, name string) []string {
	for _, r := range rows {
		if len(r) > 0 && r[0] == name {
			return r
		}
	}
	return nil
}

// setField sets an input's or select's value and fires its events.
func setField(id, value string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return e.value; })()`, id, value), nil)
}

func svgText(t *testing.T, ctx context.Context, sel string) string {
	return evalString(t, ctx, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent).join('|')`, sel))
}

// the model transformation paper's sample model on four processes of the ideal machine: the
// bar chart, the pie and the table show 194.184 s and the per-element
// figures the command line prints (README, docs/tutorial.md).
func TestWorkbenchSample(t *testing.T) {
	ctx := browser(t, 90*time.Second)
	url := workbench(t, "..")
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`))

	// Load examples/sample.aug from the workspace.
	run(t, ctx, "loading the model", setField("model-file", "examples/sample.aug"))
	waitJS(t, ctx, "the model text", `document.getElementById('editor').value.includes('model sample')`)
	waitJS(t, ctx, "the diagram", `!!document.querySelector('#diagram-svg') && document.querySelector('#diagram-svg').textContent.includes('«action» A1')`)
	if d := svgText(t, ctx, "#diagram-svg text"); !strings.Contains(d, "«activity+» SA") || !strings.Contains(d, "«action» A4") || !strings.Contains(d, "[GV == 1]") {
		t.Errorf("diagram of main lacks the call, A4 or the decision guard: %s", d)
	}
	if got := evalString(t, ctx, `document.getElementById('diagnostics').textContent`); got != "No problems." {
		t.Errorf("diagnostics of the sample model: %q", got)
	}
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-model.png", png)

	// Open the nested activity SA from its call node.
	run(t, ctx, "opening SA", clickJS(`#diagram-svg g.call`))
	waitJS(t, ctx, "activity SA", `document.querySelector('#diagram-svg').textContent.includes('«allreduce» SA2')`)
	if c := evalString(t, ctx, `document.getElementById('crumbs').textContent`); c != "main › SA" {
		t.Errorf("breadcrumbs %q, want main › SA", c)
	}

	// Run on ideal.yaml, one node, four processes.
	run(t, ctx, "setting up the run",
		setField("machine", "examples/machines/ideal.yaml"), setField("nodes", "1"), setField("procs", "4"),
		chromedp.Click("#run", chromedp.ByID))
	waitJS(t, ctx, "the result", `document.getElementById('result-time').textContent === '194.184 s'`)

	// Bar chart: one bar per process with its total on top and the split in its tooltip.
	bars := svgText(t, ctx, "#bar-svg text.value")
	if bars != "194.184 s|178.184 s|172.851 s|170.184 s" {
		t.Errorf("bar labels %q", bars)
	}
	tip := svgText(t, ctx, `#bar-svg g.bar[data-unit="0"] title`)
	if tip != "process 0: 194.184 s; compute 162.184 s, communication 32 s, waiting 0 s" {
		t.Errorf("bar 0 tooltip %q", tip)
	}
	// Pie: the drop-down starts on the slowest process, 0.
	if v := evalString(t, ctx, `document.getElementById('unit-select').value`); v != "0" {
		t.Errorf("selected process %q, want 0", v)
	}
	waitJS(t, ctx, "the pie", `!!document.querySelector('#pie-svg')`)
	pie := svgText(t, ctx, "#pie-svg text")
	for _, want := range []string{"process 0", "compute 162.184 s (83.5%)", "communication 32 s (16.5%)", "waiting 0 s (0.0%)"} {
		if !strings.Contains(pie, want) {
			t.Errorf("pie lacks %q: %s", want, pie)
		}
	}
	// Table over all processes, sorted by total: SA1 448 s in 4 calls (62.6 %).
	rows := tableRows(t, ctx)
	want := map[string][]string{
		"SA1": {"SA1", "action", "examples/sample.aug:25:3", "4", "448", "112", "112", "112", "62.6%", "448", "0", "0"},
		"A1":  {"A1", "action", "examples/sample.aug:15:3", "4", "154.14", "38.535", "38.535", "38.535", "21.5%", "154.14", "0", "0"},
		"SA2": {"SA2", "allreduce", "examples/sample.aug:26:3", "4", "66.6667", "16.6667", "8", "32", "9.3%", "0", "66.6667", "0"},
		"A4":  {"A4", "action", "examples/sample.aug:21:3", "4", "46.5976", "11.6494", "11.6494", "11.6494", "6.5%", "46.5976", "0", "0"},
		"A2":  {"A2", "action", "examples/sample.aug:19:5", "0", "0", "0", "0", "0", "0.0%", "0", "0", "0"},
	}
	if len(rows) != 5 || rows[0][0] != "SA1" {
		t.Fatalf("table rows %v", rows)
	}
	for name, w := range want {
		if got := rowNamed(rows, name); strings.Join(got, ",") != strings.Join(w, ",") {
			t.Errorf("row %s = %v, want %v", name, got, w)
		}
	}
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-results.png", png)

	// The table of process 0 alone, sorted by any column.
	run(t, ctx, "table of one process", setField("table-scope", "unit"))
	waitJS(t, ctx, "per-process rows", `document.querySelectorAll('#element-table tbody tr').length === 4`)
	rows = tableRows(t, ctx)
	for name, total := range map[string]string{"SA1": "112", "A1": "38.535", "SA2": "32", "A4": "11.6494"} {
		if r := rowNamed(rows, name); r == nil || r[3] != "1" || r[4] != total {
			t.Errorf("process 0, %s: %v, want 1 call of %s", name, r, total)
		}
	}
	run(t, ctx, "sort by total", clickJS(`#element-table th[data-key="total_s"]`))
	if got := tableRows(t, ctx); got[0][0] != "A4" || got[3][0] != "SA1" {
		t.Errorf("ascending by total: %v", got)
	}
	run(t, ctx, "sort by name", clickJS(`#element-table th[data-key="name"]`))
	if got := tableRows(t, ctx); got[0][0] != "A1" || got[1][0] != "A4" || got[2][0] != "SA1" || got[3][0] != "SA2" {
		t.Errorf("by name: %v", got)
	}
	// The pie per element of process 0: SA1 is 112 of 194.184 s.
	run(t, ctx, "pie per element", setField("pie-mode", "elem"))
	if p := svgText(t, ctx, "#pie-svg text"); !strings.Contains(p, "SA1 112 s (57.7%)") || !strings.Contains(p, "SA2 32 s (16.5%)") {
		t.Errorf("pie per element: %s", p)
	}
	// Another process from the drop-down.
	run(t, ctx, "process 3", setField("pie-mode", "cat"), setField("unit-select", "3"))
	waitJS(t, ctx, "process 3's pie", `document.querySelector('#pie-svg').textContent.includes('process 3')`)
	if p := svgText(t, ctx, "#pie-svg text"); !strings.Contains(p, "communication 8 s (4.7%)") {
		t.Errorf("pie of process 3: %s", p)
	}
	// The timeline was drawn from an aggregated grid.
	waitJS(t, ctx, "the Gantt chart", `window.augurStats.ganttFetches > 0`)
	if n := evalFloat(t, ctx, `window.augurStats.ganttSlices`); n != 16 {
		t.Errorf("timeline has %v slices, want 16 (4 processes × A1, SA1, SA2, A4)", n)
	}
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-results-process3.png", png)
}

// A syntax error is underlined at its line and listed with its position,
// while the page stays usable.
func TestWorkbenchSyntaxError(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	url := workbench(t, "..")
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`))
	src, err := os.ReadFile("../examples/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	if lines[15] != "  if GV == 1 {" {
		t.Fatalf("line 16 of sample.aug is %q", lines[15])
	}
	lines[15] = "  if GV == {" // line 16, column 12: the "{" where an expression belongs
	bad := strings.Join(lines, "\n")
	run(t, ctx, "typing the error", chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById('editor');
		e.value = %q; e.dispatchEvent(new Event('input')); })()`, bad), nil))
	waitJS(t, ctx, "the diagnostic", `document.querySelectorAll('#diagnostics li.error').length > 0`)
	li := evalString(t, ctx, `document.querySelector('#diagnostics li.error').textContent`)
	if li != `model.aug:16:12: expected expression, found "{"` { // the text typed is not saved: model.aug
		t.Errorf("diagnostic %q", li)
	}
	if l := evalString(t, ctx, `document.querySelector('#highlight .diag-error').dataset.line`); l != "16" {
		t.Errorf("underline on line %s, want 16", l)
	}
	if u := evalString(t, ctx, `document.querySelector('#highlight .diag-error').textContent`); u != "{" {
		t.Errorf("underlined %q, want the {", u)
	}
	if g := evalString(t, ctx, `document.querySelector('#gutter .err').textContent`); g != "16" {
		t.Errorf("gutter marks line %s", g)
	}
	// Running refuses the model and keeps the diagnostics.
	run(t, ctx, "run", setField("machine", "examples/machines/ideal.yaml"), chromedp.Click("#run", chromedp.ByID))
	waitJS(t, ctx, "the refusal", `document.getElementById('run-status').textContent.includes('the model has errors')`)
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-syntax-error.png", png)

	// Fixing it clears the list.
	run(t, ctx, "fixing", chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById('editor');
		e.value = %q; e.dispatchEvent(new Event('input')); })()`, string(src)), nil))
	waitJS(t, ctx, "no problems", `document.getElementById('diagnostics').textContent === 'No problems.'`)
}

// The LAPW0 model on 1,024 processes: the page shows the result and stays
// responsive because every view is bounded (bars grouped, the Gantt chart
// a fixed grid), not one shape per process or slice.
func TestWorkbenchLAPW0Scale(t *testing.T) {
	ctx := browser(t, 120*time.Second)
	url := workbench(t, "..")
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`))
	run(t, ctx, "loading LAPW0", setField("model-file", "examples/lapw0.aug"))
	waitJS(t, ctx, "the model", `document.getElementById('editor').value.includes('model lapw0')`)
	start := time.Now()
	run(t, ctx, "running on 1,024 processes",
		setField("machine", "examples/machines/gescher.yaml"), setField("nodes", "256"), setField("procs", "1024"),
		setField("params", "NAT=64"), chromedp.Click("#run", chromedp.ByID))
	waitJS(t, ctx, "the result", `document.getElementById('result-time').textContent === '1074.11 s' && window.augurStats.ganttFetches > 0`)
	shown := time.Since(start)
	if n := evalFloat(t, ctx, `document.getElementById('unit-select').options.length`); n != 1024 {
		t.Errorf("%v processes in the drop-down, want 1024", n)
	}
	rects := evalFloat(t, ctx, `window.augurStats.barRects`)
	bars := evalFloat(t, ctx, `document.querySelectorAll('#bar-svg g.bar').length`)
	if bars > 400 || rects > 3*bars {
		t.Errorf("%v bars and %v rectangles for 1,024 processes; want at most 400 bars", bars, rects)
	}
	slices := evalFloat(t, ctx, `window.augurStats.ganttSlices`)
	cells := evalFloat(t, ctx, `window.augurStats.ganttCells`)
	rows := evalFloat(t, ctx, `window.augurStats.ganttRows`)
	if slices < 10000 || rows > 60 || cells > rows*1400 {
		t.Errorf("Gantt: %v slices drawn as %v cells in %v rows", slices, cells, rows)
	}
	// Zoom three times and pick another process; each answer is timed.
	var zooms []string
	for i := 0; i < 3; i++ {
		before := evalFloat(t, ctx, `window.augurStats.ganttFetches`)
		run(t, ctx, "zoom", chromedp.Click("#zoom-in", chromedp.ByID))
		waitJS(t, ctx, "the zoomed chart", fmt.Sprintf(`window.augurStats.ganttFetches > %v`, before))
		zooms = append(zooms, fmt.Sprintf("%.0f ms", evalFloat(t, ctx, `window.augurStats.ganttMs`)))
	}
	t0 := time.Now()
	run(t, ctx, "process 700", setField("unit-select", "700"))
	waitJS(t, ctx, "its pie", `document.querySelector('#pie-svg').textContent.includes('process 700')`)
	pick := time.Since(t0)
	t.Logf("LAPW0, 1,024 processes: result shown %.2f s after Run; %v bars, %v rectangles; timeline of %v slices as %v cells in %v rows; zooms answered in %s; picking a process %.0f ms",
		shown.Seconds(), bars, rects, slices, cells, rows, strings.Join(zooms, ", "), float64(pick.Milliseconds()))
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-lapw0-1024.png", png)
}

// writeMPIResult writes an MPI replay result of 64 ranks and a Chrome
// trace of 100,000 slices (compute, send, recv, wait in turn); each
// rank's actions in the result are those of its slices.
func writeMPIResult(t *testing.T, dir string) {
	t.Helper()
	const ranks, events = 64, 100_000
	type action struct {
		calls         int
		total, lo, hi float64
	}
	var tr strings.Builder
	tr.WriteString(`{"traceEvents":[` + "\n")
	ops := []struct{ name, cat, kind, col string }{{"compute", "compute", "compute", "compute_s"}, {"send", "communication", "p2p", "communication_s"},
		{"recv", "communication", "p2p", "communication_s"}, {"wait", "wait", "wait", "waiting_s"}}
	per := events / ranks
	end := 0.0
	var res strings.Builder
	res.WriteString(`"ranks": [`)
	for r := 0; r < ranks; r++ {
		ts := 0.0
		acts := make([]action, len(ops))
		for k := 0; k < per+boolInt(r < events%ranks); k++ {
			op := ops[k%4]
			dur := 100.0 + float64((k*7+r*3)%50)
			if r > 0 || k > 0 {
				tr.WriteString(",\n")
			}
			fmt.Fprintf(&tr, `{"ph":"X","name":%q,"cat":%q,"pid":%d,"tid":0,"ts":%g,"dur":%g}`, op.name, op.cat, r, ts, dur)
			ts += dur + 10
			a := &acts[k%4]
			d := dur * 1e-6
			if a.calls == 0 || d < a.lo {
				a.lo = d
			}
			a.hi = max(a.hi, d)
			a.calls++
			a.total += d
		}
		end = max(end, ts)
		sums := map[string]float64{}
		var list []string
		for i, op := range ops {
			a := acts[i]
			sums[op.col] += a.total
			list = append(list, fmt.Sprintf(`{"name": %q, "kind": %q, "where": "rank%d.txt", "calls": %d, "total_s": %g, "mean_s": %g, "min_s": %g, "max_s": %g, %q: %g}`,
				op.name, op.kind, r, a.calls, a.total, a.total/float64(a.calls), a.lo, a.hi, op.col, a.total))
		}
		if r > 0 {
			res.WriteString(",")
		}
		fmt.Fprintf(&res, `{"rank": %d, "compute_s": %g, "communication_s": %g, "waiting_s": %g, "end_s": %g, "elements": [%s]}`,
			r, sums["compute_s"], sums["communication_s"], sums["waiting_s"], ts*1e-6, strings.Join(list, ", "))
	}
	tr.WriteString("\n]}\n")
	result := fmt.Sprintf(`{"command": "replay", "schema_version": 3, "time_s": %g, "platform": "cluster64.xml", "events": %d, %s]}`+"\n", end*1e-6, events, res.String())
	for name, text := range map[string]string{"mpi.json": result, "mpi.trace.json": tr.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// An MPI replay with a 100,000-slice timeline and a thread-trace result
// open in the same views as a prediction.
func TestWorkbenchTraceResults(t *testing.T) {
	ctx := browser(t, 90*time.Second)
	dir := t.TempDir()
	writeMPIResult(t, dir)
	threads, err := os.ReadFile("../internal/results/testdata/threads.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "threads.json"), threads, 0o644); err != nil {
		t.Fatal(err)
	}
	url := workbench(t, dir)
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		chromedp.Click("#tab-btn-results", chromedp.ByID))
	start := time.Now()
	run(t, ctx, "opening the MPI result", setField("result-file", "mpi.json"), setField("trace-file", "mpi.trace.json"),
		chromedp.Click("#open-result", chromedp.ByID))
	waitJS(t, ctx, "the timeline", `window.augurStats.ganttFetches > 0 && window.augurStats.ganttSlices === 100000`)
	shown := time.Since(start)
	if title := evalString(t, ctx, `document.getElementById('result-title').textContent`); title != "MPI trace (mpi)" {
		t.Errorf("title %q", title)
	}
	cells := evalFloat(t, ctx, `window.augurStats.ganttCells`)
	rows := evalFloat(t, ctx, `window.augurStats.ganttRows`)
	if rows > 64 || cells > rows*1400 || cells < rows {
		t.Errorf("100,000 slices drawn as %v cells in %v rows", cells, rows)
	}
	// Rank 0's own actions, from the result: 1,563 of the 100,000 slices.
	run(t, ctx, "table of rank 0", setField("table-scope", "unit"))
	waitJS(t, ctx, "rank 0's rows", `document.querySelectorAll('#element-table tbody tr').length === 4`)
	calls := 0
	for _, r := range tableRows(t, ctx) {
		var n int
		fmt.Sscan(r[3], &n)
		calls += n
	}
	if calls != 1563 {
		t.Errorf("rank 0 has %d calls in its table, want 1563 (100,000 slices over 64 ranks)", calls)
	}
	var zooms []string
	for i := 0; i < 4; i++ {
		before := evalFloat(t, ctx, `window.augurStats.ganttFetches`)
		run(t, ctx, "zoom", chromedp.Click("#zoom-in", chromedp.ByID))
		waitJS(t, ctx, "the zoomed chart", fmt.Sprintf(`window.augurStats.ganttFetches > %v`, before))
		zooms = append(zooms, fmt.Sprintf("%.0f ms", evalFloat(t, ctx, `window.augurStats.ganttMs`)))
	}
	t.Logf("100,000-slice trace: shown %.2f s after Open; %v cells in %v rows; zooms answered in %s",
		shown.Seconds(), cells, rows, strings.Join(zooms, ", "))
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-mpi-100k.png", png)

	// A thread-trace result: busy, blocked and ready-waiting per thread.
	run(t, ctx, "opening the thread result", setField("trace-file", ""), setField("result-file", "threads.json"),
		chromedp.Click("#open-result", chromedp.ByID))
	waitJS(t, ctx, "the thread result", `document.getElementById('result-title').textContent === 'P (threads)'`)
	if tip := svgText(t, ctx, `#bar-svg g.bar[data-unit="0"] title`); tip != "thread P1: 8 s; busy 4 s, blocked 3 s, ready-waiting 1 s" {
		t.Errorf("bar tooltip %q", tip)
	}
	if tm := evalString(t, ctx, `document.getElementById('result-time').textContent`); tm != "10 s" {
		t.Errorf("completion time %q", tm)
	}
	waitJS(t, ctx, "the pie of P2", `document.querySelector('#pie-svg').textContent.includes('thread P2')`)
	if p := svgText(t, ctx, "#pie-svg text"); !strings.Contains(p, "busy 3 s (30.0%)") || !strings.Contains(p, "blocked 5 s (50.0%)") {
		t.Errorf("pie of the slowest thread: %s", p)
	}
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-threads.png", png)
}

// A sweep of the sample model over 1, 2 and 4 processes, with a B version
// whose SA1 costs half: both curves on one chart.
func TestWorkbenchSweep(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	dir := t.TempDir()
	src, err := os.ReadFile("../examples/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	b := strings.Replace(string(src), "cost FSA1() = 112", "cost FSA1() = 56", 1)
	for name, text := range map[string]string{"sample.aug": string(src), "sample-b.aug": b} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ideal, err := os.ReadFile("../examples/machines/ideal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "ideal.yaml"), ideal, 0o644)
	url := workbench(t, dir)
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		setField("model-file", "sample.aug"))
	waitJS(t, ctx, "the model", `document.getElementById('editor').value.includes('model sample')`)
	run(t, ctx, "sweeping", setField("machine", "ideal.yaml"), chromedp.Click("#tab-btn-sweep", chromedp.ByID),
		setField("sweep-values", "1,2,4"), setField("sweep-b", "sample-b.aug"), chromedp.Click("#sweep-run", chromedp.ByID))
	waitJS(t, ctx, "the sweep", `document.getElementById('sweep-status').textContent.startsWith('done 6/6')`)
	var rows [][]string
	run(t, ctx, "reading the sweep table", chromedp.Evaluate(
		`[...document.querySelectorAll('#sweep-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))`, &rows))
	// One process: A1 38.535 + SA1 112 + SA2 32 + A4 11.6494 = 194.184 s (B: SA1 56 → 138.184 s).
	if len(rows) != 3 || rows[0][0] != "1" || rows[0][1] != "194.184 s" || rows[0][4] != "138.184 s" || rows[2][1] != "194.184 s" {
		t.Errorf("sweep table %v", rows)
	}
	if n := evalFloat(t, ctx, `document.querySelectorAll('#sweep-time polyline').length`); n != 2 {
		t.Errorf("%v curves on the time chart, want A and B", n)
	}
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "workbench-sweep.png", png)
}

// The HTML report of augur report / predict --report opens in Chromium
// with the network off, asks for nothing beyond its own file, and shows
// the charts.
func TestReportOffline(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	src, err := os.ReadFile("../examples/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	m, err := machine.Load("../examples/machines/ideal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The same path as predict --report: a prediction with its timeline.
	tl := results.NewTimeline(nil, nil)
	tl.SlicesOnly()
	p, err := predict.Run(predict.Options{Filename: "examples/sample.aug", Source: src, Machine: m, Nodes: 1, Procs: 4, Seed: 1,
		Timelines: results.Timelines{tl}})
	if err != nil {
		t.Fatal(err)
	}
	s := report.Summarize(p, true)
	report.SortElements(s.Elements, "total")
	r := results.FromPrediction(s)
	r.AttachTimeline(tl)
	var html strings.Builder
	if err := htmlreport.Write(&html, r, htmlreport.Options{Generator: "augur e2e", Source: "sample.aug"}); err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("AUGUR_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	os.MkdirAll(dir, 0o755)
	path, _ := filepath.Abs(filepath.Join(dir, "report-sample.html"))
	if err := os.WriteFile(path, []byte(html.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("report: %s", path)

	var mu sync.Mutex
	var requests []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	})
	run(t, ctx, "opening the report offline",
		network.Enable(),
		network.EmulateNetworkConditions(true, 0, 0, 0),
		chromedp.Navigate("file://"+path),
		chromedp.WaitVisible("#time", chromedp.ByID))
	if tm := evalString(t, ctx, `document.getElementById('time').textContent`); tm != "194.184 s" {
		t.Errorf("time %q", tm)
	}
	if n := evalFloat(t, ctx, `document.querySelectorAll('svg.chart').length`); n < 4 {
		t.Errorf("%v charts, want bars, pies and the timeline", n)
	}
	if tip := svgText(t, ctx, `svg.bar g.bar[data-name="process 0"] title`); tip != "process 0: total 194.184 s; compute 162.184 s, communication 32 s, waiting 0 s" {
		t.Errorf("bar tooltip %q", tip)
	}
	// The visible pie is process 0's; the drop-down switches to process 3.
	if p := svgText(t, ctx, `div.unit:not([hidden]) svg.pie text`); !strings.Contains(p, "communication 32 s (16.5%)") {
		t.Errorf("pie %q", p)
	}
	run(t, ctx, "choosing process 3", setField("unit", "3"))
	if p := svgText(t, ctx, `div.unit:not([hidden]) svg.pie text`); !strings.Contains(p, "communication 8 s (4.7%)") {
		t.Errorf("pie of process 3 %q", p)
	}
	// Sort the table over all processes by name.
	run(t, ctx, "sorting", chromedp.Click(`section:nth-of-type(3) table.sortable th:first-child`, chromedp.ByQuery))
	first := evalString(t, ctx, `document.querySelector('section:nth-of-type(3) table.sortable tbody tr td').textContent`)
	if first != "A1" {
		t.Errorf("first row after sorting by name: %q", first)
	}
	var png []byte
	run(t, ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	artefact(t, "report-sample.png", png)
	mu.Lock()
	defer mu.Unlock()
	for _, u := range requests {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the report asked for %s", u)
		}
	}
}

// A long run is cancelled from the page.
func TestWorkbenchCancel(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	url := workbench(t, "..")
	// A random cost keeps the loop stepping (a loop of constant costs is
	// evaluated in closed form at once), so the run lasts.
	long := "model spin\nactivity main {\n  loop 100000000 { action A cost uniform(1, 2) }\n}\n"
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById('editor'); e.value = %q; e.dispatchEvent(new Event('input')); })()`, long), nil),
		setField("machine", "examples/machines/ideal.yaml"), setField("procs", "2"),
		chromedp.Click("#run", chromedp.ByID))
	waitJS(t, ctx, "the run", `document.getElementById('run-status').textContent.startsWith('running') && !document.getElementById('cancel').disabled`)
	run(t, ctx, "cancel", chromedp.Click("#cancel", chromedp.ByID))
	waitJS(t, ctx, "the cancellation", `document.getElementById('run-status').textContent === 'cancelled: cancelled'`)
	if d := evalString(t, ctx, `String(document.getElementById('run').disabled)`); d != "false" {
		t.Error("Run stays disabled after a cancel")
	}
}

// The stencil model's diagram: a for loop with its back edge, a pfor
// region between fork and join bars, a decision, and the called Exchange
// activity with its isend/irecv signal shapes.
func TestWorkbenchDiagram(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	url := workbench(t, "..")
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		setField("model-file", "examples/stencil.aug"))
	waitJS(t, ctx, "the diagram", `!!document.querySelector('#diagram-svg') && document.querySelector('#diagram-svg').textContent.includes('«pfor» Update')`)
	text := svgText(t, ctx, "#diagram-svg text")
	for _, want := range []string{"«activity» main", "[it in 0 .. ITER]", "[done]", "«pfor» Update r in 0 .. ROWS", "«action» Update_Row",
		"[(it + 1) % CHECK == 0]", "[else]", "«allreduce» Residual_Sum", "«activity+» Exchange"} {
		if !strings.Contains(text, want) {
			t.Errorf("diagram lacks %q: %s", want, text)
		}
	}
	if n := evalFloat(t, ctx, `document.querySelectorAll('#diagram-svg rect.join').length`); n != 1 {
		t.Errorf("%v join bars, want 1", n)
	}
	var png []byte
	run(t, ctx, "screenshot", chromedp.Screenshot("#diagram", &png, chromedp.ByID))
	artefact(t, "diagram-stencil.png", png)
	run(t, ctx, "opening Exchange", clickJS(`#diagram-svg g.call`))
	waitJS(t, ctx, "Exchange", `document.querySelector('#diagram-svg').textContent.includes('«isend» Halo_Up')`)
	text = svgText(t, ctx, "#diagram-svg text")
	for _, want := range []string{"«irecv» Halo_From_Below", "«wait» Halo_Wait", "to pid - 1 size N * 8"} {
		if !strings.Contains(text, want) {
			t.Errorf("Exchange lacks %q: %s", want, text)
		}
	}
	run(t, ctx, "screenshot", chromedp.Screenshot("#diagram", &png, chromedp.ByID))
	artefact(t, "diagram-exchange.png", png)
}

// clickJS clicks the element the selector finds at that moment (the
// diagram is redrawn as checks come back, so node handles go stale).
func clickJS(sel string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new MouseEvent('click', {bubbles: true}))`, sel), nil)
}

// The Model tab's source view: pick a C program of the workspace, press
// Source view, and the page augur analyze --report writes opens with the
// program's blocks and counts.
func TestWorkbenchSourceView(t *testing.T) {
	ctx := browser(t, 60*time.Second)
	url := workbench(t, "..")
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		// Keep what is written to the new window instead of opening one.
		chromedp.Evaluate(`window.open = () => ({ document: { write: (h) => { window.__page = h; }, close: () => {} } }); true`, nil))
	waitJS(t, ctx, "the C sources", `[...document.getElementById('c-file').options].some(o => o.value === 'examples/analyze/pi.c')`)
	run(t, ctx, "asking for the source view", setField("c-file", "examples/analyze/pi.c"), setField("machine", "examples/machines/ideal.yaml"),
		setField("procs", "2"), setField("params", "n=1000"), chromedp.Click("#analyze", chromedp.ByID))
	waitJS(t, ctx, "the page", `!!window.__page`)
	page := evalString(t, ctx, `window.__page`)
	for _, want := range []string{"augur analyze: examples/analyze/pi.c", "count_hits_L36", "runs 500 times", `<span class="no">40</span>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the source view lacks %q", want)
		}
	}
	if s := evalString(t, ctx, `document.getElementById('analyze-status').textContent`); s != "" {
		t.Errorf("status %q after a successful analysis", s)
	}
}
