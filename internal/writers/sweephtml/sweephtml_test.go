package sweephtml

import (
	"regexp"
	"strings"
	"testing"

	"augur/internal/run/sweep"
)

// The time chart of a sweep whose times reach 295 ms: round ticks 0,
// 100, 200, 300 in ms, the unit on the y axis; the ideal speed-up line
// is named where it ends.
func TestLineChartAxes(t *testing.T) {
	times := []series{{name: "A", colour: "#000", xs: []float64{1, 2, 4}, ys: []float64{0.295, 0.15, 0.08}}}
	svg := lineChart("time against procs", "procs", yTime, times, nil)
	ticks := regexp.MustCompile(`class="ytick">([^<]*)<`).FindAllStringSubmatch(svg, -1)
	var got []string
	for _, m := range ticks {
		got = append(got, m[1])
	}
	if strings.Join(got, " ") != "0 100 200 300" {
		t.Errorf("y ticks %v, want 0 100 200 300", got)
	}
	if !strings.Contains(svg, `class="yaxis">time (ms)</text>`) {
		t.Error("the y axis does not say time (ms)")
	}
	ideal := series{name: "ideal", colour: "#888", dash: true, xs: []float64{1, 2, 4}, ys: []float64{1, 2, 4}}
	sp := series{name: "A", colour: "#000", xs: []float64{1, 2, 4}, ys: []float64{1, 1.9, 3.5}}
	svg = lineChart("speed-up against procs", "procs", "speed-up", []series{sp, ideal}, nil)
	if !strings.Contains(svg, `class="series-label">ideal</text>`) || !strings.Contains(svg, `class="yaxis">speed-up</text>`) {
		t.Errorf("the ideal line is not named, or the axis not:\n%s", svg)
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
