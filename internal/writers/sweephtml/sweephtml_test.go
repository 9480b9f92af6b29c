package sweephtml

import (
	"math"
	"strings"
	"testing"

	"augur/internal/run/sweep"
	"augur/internal/writers/internal/charttest"
)

// The time chart of a sweep whose times reach 295 ms: round ticks 0,
// 100, 200, 300 in ms, the unit on the y axis, a point per time at its
// height; the ideal speed-up line is named where it ends.
func TestLineChartAxes(t *testing.T) {
	times := []series{{name: "A", colour: "#000000", xs: []float64{1, 2, 4}, ys: []float64{0.295, 0.15, 0.08}}}
	p := linePlot("time against procs", "procs", yTime, times, nil)
	var got []string
	for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		got = append(got, tk.Label)
	}
	if strings.Join(got, " ") != "0 100 200 300" {
		t.Errorf("y ticks %v, want 0 100 200 300", got)
	}
	if p.Y.Label.Text != "time (ms)" {
		t.Errorf("the y axis says %q, not time (ms)", p.Y.Label.Text)
	}
	svg := lineChart("time against procs", "procs", yTime, times, nil)
	c, err := charttest.Read(svg)
	if err != nil {
		t.Fatal(err)
	}
	// The points' heights are in the times' ratios, from the axis at 0
	// (the 300 ms tick's text is level with the top).
	var ys []float64
	for _, want := range []string{"A: procs=1, 0.295", "A: procs=2, 0.15", "A: procs=4, 0.08"} {
		g := c.Titled(want)
		if len(g) != 1 {
			t.Fatalf("no point %q in\n%s", want, svg)
		}
		ys = append(ys, (g[0].MinY+g[0].MaxY)/2)
	}
	if r := (ys[0] - ys[2]) / (ys[1] - ys[2]); math.Abs(r-(0.295-0.08)/(0.15-0.08)) > 0.01 {
		t.Errorf("the points' heights %v are not in the times' ratios", ys)
	}
	for _, want := range []string{"time (ms)", "300", "procs"} {
		if !c.HasText(want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	if again := lineChart("time against procs", "procs", yTime, times, nil); again != svg {
		t.Error("two renderings of one chart differ")
	}
	ideal := series{name: "ideal", colour: "#888888", dash: true, xs: []float64{1, 2, 4}, ys: []float64{1, 2, 4}}
	sp := series{name: "A", colour: "#000000", xs: []float64{1, 2, 4}, ys: []float64{1, 1.9, 3.5}}
	c, err = charttest.Read(lineChart("speed-up against procs", "procs", "speed-up", []series{sp, ideal}, nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.With("class", "series-label")) != 1 || !c.HasText("ideal") || !c.HasText("speed-up") {
		t.Error("the ideal line is not named, or the axis not")
	}
	if len(c.Titled("ideal")) != 1 {
		t.Error("the ideal line has no tooltip")
	}
	c, err = charttest.Read(lineChart("t", "procs", yTime, nil, nil))
	if err != nil || !c.HasText("no finished point") {
		t.Errorf("an empty chart does not say so: %v", err)
	}
}

// The table's time columns have one unit each, named in the header: A's
// times of 0.5 s and 2 ms read 500.0 and 2.0 (ms).
func TestTableUnits(t *testing.T) {
	sum := &sweep.Summary{Versions: []string{"A"}, Rows: []sweep.Row{
		{Cells: []sweep.Cell{{Status: sweep.StatusOK, Time: 0.5}}},
		{Cells: []sweep.Cell{{Status: sweep.StatusOK, Time: 0.002}}},
	}}
	var b strings.Builder
	writeTable(&b, sum)
	for _, want := range []string{"<th>A time (ms)</th>", `<td title="500 ms">500.0</td>`, `<td title="2 ms">2.0</td>`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
}
