package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// agreeJS reads the numbers the page shows, from the data attributes of
// its charts and tables, and lists every place where a table disagrees
// with a chart: a pie's slices with the rows of the table beside it, a
// unit's category pie with its bar and with the sums of its table's
// columns, the table over all units with the sums of the bars. It works
// on the report ('report': every unit's hidden section too) and on the
// workbench ('workbench': the pie and table shown).
const agreeJS = `(function (page) {
  const problems = []; let checks = 0;
  const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const barSvg = document.querySelector('svg[data-units]');
  const cats = barSvg.dataset.categories.split('|');
  const catCols = ['compute_s', 'communication_s', 'waiting_s'];
  const col = (table, key) => [...table.tHead.rows[0].cells].findIndex((th) => (th.dataset.col || th.dataset.key) === key);
  const rows = (table) => [...table.tBodies[0].rows].filter((r) => r.dataset.name !== undefined);
  const val = (row, i) => parseFloat(row.cells[i].dataset.v);
  function slices(pie) {
    const m = new Map();
    pie.querySelectorAll('.slice').forEach((s) => m.set(s.dataset.label, (m.get(s.dataset.label) || 0) + parseFloat(s.dataset.v)));
    return m;
  }
  function bar(name) {
    const g = [...barSvg.querySelectorAll('g.bar')].find((g) => g.dataset.name === name);
    if (!g) return null;
    const m = new Map();
    g.querySelectorAll('[data-category]').forEach((r) => m.set(r.dataset.category, parseFloat(r.dataset.v)));
    return m;
  }
  function elemPieVsTable(pie, table, where) {
    const s = slices(pie), ti = col(table, 'total_s'), rs = rows(table);
    let rest = 0;
    for (const r of rs) {
      const v = val(r, ti);
      if (s.has(r.dataset.name)) {
        checks++;
        if (!near(s.get(r.dataset.name), v)) problems.push(where + ': pie slice ' + r.dataset.name + ' ' + s.get(r.dataset.name) + ' s, table ' + v + ' s');
      } else if (v > 0) rest += v;
    }
    checks++;
    if (!near(s.get('others') || 0, rest)) problems.push(where + ': pie slice others ' + (s.get('others') || 0) + ' s, the other rows ' + rest + ' s');
    for (const [l] of s) if (l !== 'others' && !rs.some((r) => r.dataset.name === l)) problems.push(where + ': pie slice ' + l + ' has no row');
  }
  function catPieVsBar(pie, name, where) {
    const b = bar(name);
    if (!b) return;
    const s = slices(pie);
    for (const c of cats) {
      checks++;
      if (!near(s.get(c) || 0, b.get(c) || 0)) problems.push(where + ': ' + c + ' is ' + (s.get(c) || 0) + ' s in the pie, ' + (b.get(c) || 0) + ' s in the bar');
    }
  }
  function catPieVsTable(pie, table, where) {
    const s = slices(pie), rs = rows(table);
    if (!rs.length) return;
    cats.forEach((c, k) => {
      const i = col(table, catCols[k]);
      const sum = rs.reduce((a, r) => a + val(r, i), 0);
      checks++;
      if (!near(sum, s.get(c) || 0)) problems.push(where + ': ' + c + ' is ' + (s.get(c) || 0) + ' s in the pie, ' + sum + ' s summed over the table');
    });
  }
  function allTableVsBars(table, where) {
    if (Number(barSvg.dataset.units) !== barSvg.querySelectorAll('g.bar').length) return; // grouped bars
    cats.forEach((c, k) => {
      const i = col(table, catCols[k]);
      const sum = rows(table).reduce((a, r) => a + val(r, i), 0);
      let bars = 0;
      barSvg.querySelectorAll('g.bar [data-category]').forEach((r) => { if (r.dataset.category === c) bars += parseFloat(r.dataset.v); });
      checks++;
      if (!near(sum, bars)) problems.push(where + ': ' + c + ' sums to ' + sum + ' s over the table, ' + bars + ' s over the bars');
    });
  }
  if (page === 'report') {
    document.querySelectorAll('.scope').forEach((scope) => {
      const name = scope.dataset.unit, table = scope.querySelector('table.elements');
      const where = name || 'all units';
      scope.querySelectorAll('svg[data-pie]').forEach((pie) => {
        if (pie.dataset.pie === 'categories') {
          catPieVsBar(pie, name, where);
          if (table) catPieVsTable(pie, table, where);
        } else if (table) elemPieVsTable(pie, table, where);
      });
      if (!name && table) allTableVsBars(table, where);
    });
  } else {
    const pie = document.getElementById('pie-svg'), table = document.getElementById('element-table');
    if (table.dataset.scope === 'unit') {
      const name = table.dataset.unit;
      if (pie.dataset.unit !== name) problems.push('the pie shows ' + pie.dataset.unit + ', the table ' + name);
      if (pie.dataset.pie === 'categories') { catPieVsBar(pie, name, name); catPieVsTable(pie, table, name); }
      else if (pie.dataset.scope === 'unit') elemPieVsTable(pie, table, name);
    } else {
      allTableVsBars(table, 'all units');
      if (pie.dataset.pie === 'elements' && pie.dataset.scope === 'all') elemPieVsTable(pie, table, 'all units');
    }
  }
  return { checks, problems };
})`

type agreement struct {
	Checks   int      `json:"checks"`
	Problems []string `json:"problems"`
}

func agree(t *testing.T, ctx context.Context, page, what string) int {
	t.Helper()
	var a agreement
	run(t, ctx, "comparing tables and charts", chromedp.Evaluate(agreeJS+"('"+page+"')", &a))
	for i, p := range a.Problems {
		if i == 10 {
			t.Errorf("%s: %d more", what, len(a.Problems)-10)
			break
		}
		t.Errorf("%s: %s", what, p)
	}
	if a.Checks == 0 {
		t.Errorf("%s: nothing compared", what)
	}
	return a.Checks
}

var (
	augurOnce sync.Once
	augurPath string
	augurErr  error
)

// augurCommand builds the augur command once, so that the results come
// from the commands people run (predict, simulate and replay with
// --format json and --report).
func augurCommand(t *testing.T) string {
	t.Helper()
	augurOnce.Do(func() {
		dir, err := os.MkdirTemp("", "augur-e2e-bin-")
		if err != nil {
			augurErr = err
			return
		}
		augurPath = filepath.Join(dir, "augur")
		out, err := exec.Command("go", "build", "-o", augurPath, "../cmd/augur").CombinedOutput()
		if err != nil {
			augurErr = fmt.Errorf("building augur: %v\n%s", err, out)
		}
	})
	if augurErr != nil {
		t.Fatal(augurErr)
	}
	return augurPath
}

// ringTrace writes a SimGrid time-independent trace of n ranks: unequal
// computations, a ring of small messages, an allreduce.
func ringTrace(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	for r := 0; r < n; r++ {
		fmt.Fprintf(&b, "%d init\n", r)
	}
	for r := 0; r < n; r++ {
		fmt.Fprintf(&b, "%d compute %g\n%d send %d 0 1e3\n%d recv %d 0 1e3\n%d allreduce 1e4 1e6\n%d compute %g\n%d finalize\n",
			r, float64(1+r%7)*1e8, r, (r+1)%n, r, (r+n-1)%n, r, r, float64(1+r%3)*5e7, r)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// One result of each kind and size, written by the command with its
// report; the name says what it is.
type resultCase struct {
	name  string
	units int
	args  []string
}

func resultCases(dir string) []resultCase {
	const sg = "../internal/run/replay/testdata/simgrid/"
	return []resultCase{
		{"predict-4", 4, []string{"predict", "../examples/sample.aug", "--machine", "../examples/machines/ideal.yaml", "--procs", "4"}},
		{"predict-32", 32, []string{"predict", "../examples/lapw0.aug", "--machine", "../examples/machines/gescher.yaml", "--nodes", "8", "--procs", "32", "--set", "NAT=64"}},
		{"predict-1024", 1024, []string{"predict", "../examples/lapw0.aug", "--machine", "../examples/machines/gescher.yaml", "--nodes", "256", "--procs", "1024", "--set", "NAT=64"}},
		{"simulate-4", 4, []string{"simulate", "../internal/frontend/threadtrace/testdata/vppb-P.trace", "--cpus", "2"}},
		{"replay-3", 3, []string{"replay", sg + "actions_with_isend.txt", "--np", "3", "--platform", sg + "small_platform.xml", "--hostfile", sg + "hostfile"}},
		{"replay-32", 32, []string{"replay", filepath.Join(dir, "ring32.txt"), "--platform", "../examples/machines/gescher.yaml"}},
		{"replay-1024", 1024, []string{"replay", filepath.Join(dir, "ring1024.txt"), "--platform", "../examples/machines/gescher.yaml"}},
	}
}

// The report and the workbench of a prediction, a thread simulation and
// an MPI replay, at 3 to 1,024 units: no table disagrees with its chart.
// With AUGUR_SCREENSHOTS set to a directory (docs/img), the views of
// predict-4, predict-32 and predict-1024 are saved there as PNGs.
func TestTablesAgreeWithCharts(t *testing.T) {
	ctx := browser(t, 300*time.Second)
	bin := augurCommand(t)
	dir := t.TempDir()
	ringTrace(t, filepath.Join(dir, "ring32.txt"), 32)
	ringTrace(t, filepath.Join(dir, "ring1024.txt"), 1024)
	cases := resultCases(dir)
	for _, c := range cases {
		args := append(append([]string{}, c.args...), "--format", "json", "--report", filepath.Join(dir, c.name+".html"),
			"--trace", filepath.Join(dir, c.name+".trace.json"))
		cmd := exec.Command(bin, args...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("augur %s: %v", strings.Join(args, " "), err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.name+".json"), out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shots := os.Getenv("AUGUR_SCREENSHOTS")
	shoot := func(name string) {
		if shots == "" {
			return
		}
		var png []byte
		run(t, ctx, "screenshot", chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s: %d KB", filepath.Join(shots, name), len(png)/1024)
	}
	run(t, ctx, "a window of 1280 × 900", chromedp.EmulateViewport(1280, 900))

	// The reports: every unit's section, shown or not.
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".html")
		run(t, ctx, "opening "+path, chromedp.Navigate("file://"+path), chromedp.WaitVisible("#time", chromedp.ByID))
		n := agree(t, ctx, "report", "report "+c.name)
		t.Logf("report %s: %d figures compared", c.name, n)
		if strings.HasPrefix(c.name, "predict-") {
			shoot("report-" + strings.TrimPrefix(c.name, "predict-") + ".png")
		}
	}

	// The comparison finds a table that disagrees: one total changed by
	// a millionth, one category of one row.
	path := filepath.Join(dir, "predict-4.html")
	var a agreement
	run(t, ctx, "a report with two wrong cells", chromedp.Navigate("file://"+path), chromedp.WaitVisible("#time", chromedp.ByID),
		chromedp.Evaluate(`(() => { const s = document.querySelector('section.scope[data-unit=""] table.elements tbody tr');
			const c = s.cells[4]; c.dataset.v = String(parseFloat(c.dataset.v) * 1.000001);
			const u = document.querySelector('div.scope table.elements tbody tr'); u.cells[u.cells.length - 1].dataset.v = '1'; return 0; })()`, nil),
		chromedp.Evaluate(agreeJS+"('report')", &a))
	if len(a.Problems) != 2 {
		t.Errorf("two wrong cells, %d problems found: %q", len(a.Problems), a.Problems)
	}

	// The workbench: each result, a few units, each pie with each table.
	url := workbench(t, dir)
	run(t, ctx, "opening the workbench", chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`),
		chromedp.Click("#tab-btn-results", chromedp.ByID))
	for _, c := range cases {
		run(t, ctx, "opening "+c.name, setField("result-file", c.name+".json"), setField("trace-file", c.name+".trace.json"),
			chromedp.Click("#open-result", chromedp.ByID))
		waitJS(t, ctx, c.name+"'s result", fmt.Sprintf(`window.augurStats.unitShown >= 0 && document.querySelector('#bar-svg') && document.querySelector('#bar-svg').dataset.units === '%d'`, c.units))
		checks := 0
		for _, k := range []int{0, c.units / 2, c.units - 1} {
			run(t, ctx, "choosing unit", setField("pie-mode", "cat"), setField("table-scope", "unit"), setField("unit-select", fmt.Sprint(k)))
			waitJS(t, ctx, "unit shown", fmt.Sprintf(`window.augurStats.unitShown === %d`, k))
			checks += agree(t, ctx, "workbench", fmt.Sprintf("workbench %s unit %d, categories", c.name, k))
			run(t, ctx, "pie per element", setField("pie-mode", "elem"))
			checks += agree(t, ctx, "workbench", fmt.Sprintf("workbench %s unit %d, elements", c.name, k))
			run(t, ctx, "table of all", setField("table-scope", "all"))
			if c.units <= 400 {
				checks += agree(t, ctx, "workbench", fmt.Sprintf("workbench %s, all units", c.name))
			}
		}
		t.Logf("workbench %s: %d figures compared", c.name, checks)
		if strings.HasPrefix(c.name, "predict-") {
			run(t, ctx, "the slowest unit", setField("pie-mode", "cat"), setField("table-scope", "unit"))
			waitJS(t, ctx, "the Gantt chart", `window.augurStats.ganttFetches > 0`)
			shoot("workbench-" + strings.TrimPrefix(c.name, "predict-") + ".png")
		}
	}
}
