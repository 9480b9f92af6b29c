package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestGanttSVGIsWellFormed(t *testing.T) {
	g := &Gantt{
		Title: "P on 2 processors <direct>", Unit: "s", Rows: []string{"P1", "P2 & co"},
		Bars: []GanttBar{
			{Row: 0, Start: 0, End: 3, Style: 0, Label: "P1 on cpu0"},
			{Row: 1, Start: 3, End: 5, Style: 1, Label: "P2 on cpu1"},
			{Row: 1, Start: 0, End: 3, Style: StyleBlocked, Label: "wait X"},
			{Row: 7, Start: 0, End: 1}, // no such row: skipped
		},
		Legend: []string{"cpu0", "cpu1"},
	}
	var b bytes.Buffer
	if err := WriteGanttSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	rects, lines := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "rect":
				rects++
			case "line":
				lines++
			}
		}
	}
	// background, one stripe (row 1), two bars, two legend boxes.
	if rects != 6 {
		t.Errorf("%d rects, want 6", rects)
	}
	// one blocked line, the axis, ticks 0..5 (step 0.5 → 11 ticks), the
	// legend's blocked line.
	if lines != 1+1+11+1 {
		t.Errorf("%d lines, want 14", lines)
	}
	for _, want := range []string{">time (s)</text>", ">2.5</text>", ">blocked</text>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	if !strings.Contains(b.String(), "P on 2 processors &lt;direct&gt;") || !strings.Contains(b.String(), "P2 &amp; co") {
		t.Error("title or row names not escaped")
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
	var b bytes.Buffer
	if err := WriteGanttSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{">time (ms)</text>", ">0</text>", ">20</text>", ">120</text>"} {
		if !strings.Contains(out, want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	if strings.Contains(out, ">140</text>") {
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
