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
	// one blocked line, the axis, ticks 0..5 (step 0.5 → 11 ticks).
	if lines != 1+1+11 {
		t.Errorf("%d lines, want 13", lines)
	}
	if !strings.Contains(b.String(), "P on 2 processors &lt;direct&gt;") || !strings.Contains(b.String(), "P2 &amp; co") {
		t.Error("title or row names not escaped")
	}
}

func TestGanttNiceStep(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{0.5, 0.5}, {0.7, 1}, {1.2, 2}, {3, 5}, {7, 10}, {0, 1}} {
		if got := ganttNiceStep(c.in); got != c.want {
			t.Errorf("ganttNiceStep(%g) = %g, want %g", c.in, got, c.want)
		}
	}
}
