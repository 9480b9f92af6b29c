package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// augurBinary builds the command once for the tests that run it.
var augurBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "augur-e2e-bin-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "augur")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/augur").CombinedOutput()
	if err != nil {
		return "", &exec.ExitError{Stderr: out}
	}
	return bin, nil
})

// augurRun runs the command in dir and fails the test on a bad status.
func augurRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	bin, err := augurBinary()
	if err != nil {
		t.Fatalf("building augur: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("augur %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// layout is what the DOM says of a page at 1280×800: the page's own
// width against the viewport's, the right edge of each time column's
// header, and every table's overflow of its container.
type layout struct {
	Viewport    float64            `json:"viewport"`
	PageWidth   float64            `json:"page"`
	Columns     map[string]float64 `json:"columns"` // data-col → largest right edge over the visible tables
	Overflowing []string           `json:"overflowing"`
	Tables      int                `json:"tables"`
	Widest      float64            `json:"widest"` // the rightmost edge of any visible table
}

const layoutJS = `(() => {
  const out = {viewport: document.documentElement.clientWidth, page: document.documentElement.scrollWidth,
    columns: {}, overflowing: [], tables: 0, widest: 0};
  for (const tb of document.querySelectorAll('table')) {
    const r = tb.getBoundingClientRect();
    if (r.width === 0) continue; // hidden (another unit's table)
    out.tables++;
    out.widest = Math.max(out.widest, r.right);
    for (const th of tb.querySelectorAll('th[data-col]')) {
      const c = th.getAttribute('data-col');
      out.columns[c] = Math.max(out.columns[c] || 0, th.getBoundingClientRect().right);
    }
    for (let p = tb.parentElement; p && p !== document.body; p = p.parentElement) {
      if (p.scrollWidth > p.clientWidth + 1) out.overflowing.push((p.className || p.tagName) + ' ' + p.scrollWidth + '>' + p.clientWidth);
    }
  }
  return JSON.stringify(out);
})()`

// openAt1280 opens a page in a 1280×800 viewport, saves its screenshot
// and returns its layout.
func openAt1280(t *testing.T, path, shot string) layout {
	t.Helper()
	ctx := browser(t, 60*time.Second)
	abs, _ := filepath.Abs(path)
	var js string
	var png []byte
	run(t, ctx, "opening "+path,
		emulation.SetDeviceMetricsOverride(1280, 800, 1, false),
		chromedp.Navigate("file://"+abs),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Evaluate(layoutJS, &js),
		// The screenshot shows the first table, where the columns are.
		chromedp.Evaluate(`(() => { const t = document.querySelector('table'); if (t) t.scrollIntoView(); return true; })()`, nil),
		chromedp.CaptureScreenshot(&png))
	artefact(t, shot, png)
	var l layout
	if err := json.Unmarshal([]byte(js), &l); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	t.Logf("%s at 1280×800: viewport %g px, page %g px, %d tables, widest right edge %g px, communication header right %g px, waiting header right %g px",
		shot, l.Viewport, l.PageWidth, l.Tables, l.Widest, l.Columns["communication_s"], l.Columns["waiting_s"])
	return l
}

// fits checks a layout: no horizontal scroll of the page or of any
// table's container, every table within the viewport and, where the
// page has element tables, their communication and waiting headers too.
func fits(t *testing.T, name string, l layout, elementTables bool) {
	t.Helper()
	if l.Viewport != 1280 {
		t.Errorf("%s: the viewport is %g px wide, want 1280", name, l.Viewport)
	}
	if l.PageWidth > l.Viewport {
		t.Errorf("%s: the page scrolls sideways (%g px in %g)", name, l.PageWidth, l.Viewport)
	}
	if len(l.Overflowing) > 0 {
		t.Errorf("%s: tables scroll inside %v", name, l.Overflowing)
	}
	if l.Tables == 0 || l.Widest > l.Viewport {
		t.Errorf("%s: %d tables, the widest ends at %g px", name, l.Tables, l.Widest)
	}
	if !elementTables {
		return
	}
	for _, c := range []string{"communication_s", "waiting_s"} {
		if r, ok := l.Columns[c]; !ok || r > l.Viewport {
			t.Errorf("%s: the %s header ends at %g px (present %v), past the viewport's %g", name, c, r, ok, l.Viewport)
		}
	}
}

// The reports of predict, replay, simulate, sweep and analyze at 1280×800
// in headless Chromium: what matters (the communication and waiting
// columns) is on screen without scrolling, as the DOM measures it.
func TestReportsFit1280(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	root, _ := filepath.Abs("..")
	in := func(p string) string { return filepath.Join(root, p) }
	out := func(p string) string { return filepath.Join(dir, p) }

	augurRun(t, dir, "predict", in("examples/sample.aug"), "--machine", in("examples/machines/ideal.yaml"), "--procs", "4", "--report", out("predict.html"))
	augurRun(t, dir, "replay", in("internal/run/replay/testdata/simgrid/actions_with_isend.txt"), "--platform", in("internal/run/replay/testdata/simgrid/cluster_backbone.xml"), "--report", out("replay.html"))
	augurRun(t, dir, "simulate", in("internal/frontend/threadtrace/testdata/vppb-P.trace"), "--cpus", "2", "--report", out("simulate.html"))
	augurRun(t, dir, "sweep", "predict", "A="+in("internal/run/sweep/testdata/a.aug"), "B="+in("internal/run/sweep/testdata/b.aug"),
		"--machine", in("examples/machines/ideal.yaml"), "--procs", "1..32*2", "--set", "W=120,480", "--out", out("sweep"), "--report", out("sweep.html"))
	augurRun(t, dir, "analyze", in("internal/frontend/analyze/testdata/pi.c"), "--machine", in("internal/frontend/analyze/testdata/onens.yaml"), "--procs", "2", "--set", "darts=1000", "--report", out("analyze.html"))

	for _, c := range []struct {
		name     string
		elements bool
	}{{"predict", true}, {"replay", true}, {"simulate", true}, {"sweep", false}, {"analyze", false}} {
		l := openAt1280(t, out(c.name+".html"), "report-"+c.name+"-1280.png")
		fits(t, c.name, l, c.elements)
	}
}

// The replay report draws its messages as arrows and names them in the
// legend; every element in the legend has its own colour.
func TestReplayReportArrows(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	root, _ := filepath.Abs("..")
	augurRun(t, dir, "replay", filepath.Join(root, "internal/run/replay/testdata/simgrid/actions_with_isend.txt"), "--platform", filepath.Join(root, "internal/run/replay/testdata/simgrid/cluster_backbone.xml"), "--report", "r.html")
	ctx := browser(t, 60*time.Second)
	var arrows, legendArrows float64
	var colours string
	run(t, ctx, "opening the replay report",
		chromedp.Navigate("file://"+filepath.Join(dir, "r.html")),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('svg.gantt .msg').length`, &arrows),
		chromedp.Evaluate(`Number(document.querySelector('[data-legend=timeline] .arrow').getAttribute('data-arrows'))`, &legendArrows),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-legend=timeline] span[data-element] i')].map(i => getComputedStyle(i).backgroundColor).join('|')`, &colours))
	// actions_with_isend.txt: rank 0 sends to 1, 1 to 2, 2 to 0.
	if arrows != 3 || legendArrows != 3 {
		t.Errorf("%v arrows drawn, %v in the legend; want the trace's 3 messages", arrows, legendArrows)
	}
	seen := map[string]bool{}
	for _, c := range strings.Split(colours, "|") {
		if seen[c] {
			t.Errorf("two elements of the legend share %s (%s)", c, colours)
		}
		seen[c] = true
	}
	if len(seen) < 5 {
		t.Errorf("the legend names %d elements (%s), want the trace's compute, send, recv, wait, test and more", len(seen), colours)
	}
}
