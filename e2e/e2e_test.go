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
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"augur/serve"
	"augur/web"
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
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })
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

// Seed 003's sample model on four processes of the ideal machine: the
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
	run(t, ctx, "opening SA", chromedp.Click(`#diagram-svg g.call`, chromedp.ByQuery))
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
	run(t, ctx, "sort by total", chromedp.Click(`#element-table th[data-key="total_s"]`, chromedp.ByQuery))
	if got := tableRows(t, ctx); got[0][0] != "A4" || got[3][0] != "SA1" {
		t.Errorf("ascending by total: %v", got)
	}
	run(t, ctx, "sort by name", chromedp.Click(`#element-table th[data-key="name"]`, chromedp.ByQuery))
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
	if li != `line 16, col 12: error: expected expression, found "{"` {
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
