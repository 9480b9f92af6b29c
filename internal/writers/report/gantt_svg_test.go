package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"augur/internal/writers/internal/charttest"
)

func render(t *testing.T, g *Gantt) (string, *charttest.Chart) {
	t.Helper()
	var b bytes.Buffer
	if err := WriteGanttSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	c, err := charttest.Read(b.String())
	if err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	return b.String(), c
}

// The bars are where the times say: P1's [0, 3] s ends where P2's
// [3, 5] s starts, 1.5 times as long, a row lower; P2 waits on the
// blocked line first; a bar of no row is left out.
func TestGanttSVGBars(t *testing.T) {
	g := &Gantt{
		Title: "P on 2 processors <direct>", Unit: "s", Rows: []string{"P1", "P2 & co"},
		Bars: []GanttBar{
			{Row: 0, Start: 0, End: 3, Style: 0, Label: "P1 on cpu0"},
			{Row: 1, Start: 3, End: 5, Style: 1, Label: "P2 on cpu1"},
			{Row: 1, Start: 0, End: 3, Style: StyleBlocked, Label: "wait X"},
			{Row: 7, Start: 0, End: 1, Label: "nowhere"}, // no such row: skipped
		},
		Legend: []string{"cpu0", "cpu1"},
	}
	out, c := render(t, g)
	if !strings.HasPrefix(out, "<svg") {
		t.Errorf("not an SVG document: %.80s", out)
	}
	one := func(title string) charttest.Group {
		gs := c.Titled(title)
		if len(gs) != 1 {
			t.Fatalf("%d bars %q, want 1", len(gs), title)
		}
		return gs[0]
	}
	p1, p2, wait := one("P1 on cpu0"), one("P2 on cpu1"), one("wait X")
	if len(c.Titled("nowhere")) != 0 {
		t.Error("a bar of no row is drawn")
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 }
	if !near(p1.MaxX, p2.MinX) || !near((p1.MaxX-p1.MinX)/(p2.MaxX-p2.MinX), 1.5) {
		t.Errorf("P1 spans x %g..%g, P2 %g..%g: want P2 from P1's end, 2/3 as long", p1.MinX, p1.MaxX, p2.MinX, p2.MaxX)
	}
	if !(p2.MaxY < p1.MinY) {
		t.Errorf("P2's bar (y %g..%g) is not below P1's (%g..%g)", p2.MinY, p2.MaxY, p1.MinY, p1.MaxY)
	}
	if !near(wait.MinX, p1.MinX) || !near(wait.MaxX, p1.MaxX) || !(wait.MinY > p2.MinY && wait.MaxY < p2.MaxY) {
		t.Errorf("the blocked line spans %g..%g at y %g, want P1's span in P2's row", wait.MinX, wait.MaxX, wait.MinY)
	}
	for _, want := range []string{"time (s)", "2.5", "blocked", "cpu1", "P on 2 processors <direct>", "P2 & co"} {
		if !c.HasText(want) {
			t.Errorf("the chart lacks the text %q", want)
		}
	}
	if !strings.Contains(out, "P on 2 processors &lt;direct&gt;") || !strings.Contains(out, "P2 &amp; co") {
		t.Error("title or row names not escaped")
	}
	if again, _ := render(t, g); again != out {
		t.Error("two renderings of one chart differ")
	}
}

// A run of 0.120919 s has its axis in ms, in round ticks; twelve
// processors have twelve colours.
func TestGanttSVGUnitsAndColours(t *testing.T) {
	g := &Gantt{Title: "t", Unit: "s", Rows: []string{"T1"}, End: 0.120919}
	for c := 0; c < 12; c++ {
		g.Legend = append(g.Legend, "cpu")
		g.Bars = append(g.Bars, GanttBar{Row: 0, Start: float64(c) * 0.01, End: float64(c+1) * 0.01, Style: c})
	}
	_, c := render(t, g)
	for _, want := range []string{"time (ms)", "0", "20", "120"} {
		if !c.HasText(want) {
			t.Errorf("the chart lacks the text %q", want)
		}
	}
	if c.HasText("140") {
		t.Error("a tick past the end")
	}
	seen := map[string]bool{}
	for c := 0; c < 12; c++ {
		if seen[ganttColour(c)] {
			t.Errorf("processor %d shares colour %s", c, ganttColour(c))
		}
		seen[ganttColour(c)] = true
	}
}
