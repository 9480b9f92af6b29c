package report

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"

	"augur/internal/results"
)

// Gantt is a Gantt chart: one row per lane (a thread, a processor), bars
// on a common time axis. It is what VPPB's Visualizer shows.
type Gantt struct {
	Title string
	// Unit is the unit of the bars' times: "s" (seconds; the axis then
	// picks s, ms, µs or ns from the end) or another name written as is.
	Unit string
	Rows []string
	Bars []GanttBar
	End  float64 // right end of the axis; 0: the last bar's end
	// Legend names the styles used, in style order (optional).
	Legend []string
}

// GanttBar is one interval of a row. Style ≥ 0 picks a fill colour (a
// processor, say); StyleBlocked draws a thin grey line (waiting).
type GanttBar struct {
	Row        int
	Start, End float64
	Style      int
	Label      string // tooltip
}

// StyleBlocked draws a bar as a thin line: the row is waiting.
const StyleBlocked = -1

var ganttPalette = []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
	"#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#a6761d", "#17becf", "#393b79", "#8c6d31", "#843c39", "#637939"}

// ganttColour gives style i its own colour: the palette, then hues a
// golden angle apart, so that no two processors share one.
func ganttColour(i int) string {
	if i < 0 {
		i = -i
	}
	if i < len(ganttPalette) {
		return ganttPalette[i]
	}
	j := i - len(ganttPalette)
	return fmt.Sprintf("hsl(%.2f,%d%%,%d%%)", math.Mod(float64(j)*137.50776405, 360), 55+10*(j/3%3), []int{42, 58, 50}[j%3])
}

// WriteGanttSVG draws g as a standalone SVG document.
func WriteGanttSVG(w io.Writer, g *Gantt) error {
	const (
		left, right, top, rowH, barH = 130.0, 20.0, 40.0, 26.0, 18.0
		width                        = 1000.0
	)
	end := g.End
	for _, b := range g.Bars {
		end = math.Max(end, b.End)
	}
	if end <= 0 || math.IsInf(end, 0) || math.IsNaN(end) {
		end = 1
	}
	plotW := width - left - right
	x := func(t float64) float64 { return left + plotW*t/end }
	// The legend: the styles, then the blocked line, 150 px each, in
	// rows of what fits.
	const entryW = 150.0
	avail := width - left
	perRow := int(avail / entryW)
	entries := len(g.Legend) + 1
	legendH := 22 * math.Ceil(float64(entries)/float64(perRow))
	height := top + rowH*float64(len(g.Rows)) + 44 + legendH
	bw := bufio.NewWriter(w)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="12">`+"\n",
		f(width), f(height), f(width), f(height))
	fmt.Fprintf(bw, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(bw, `<text x="%s" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", f(left), ganttEsc(g.Title))
	for i, r := range g.Rows {
		y := top + rowH*float64(i)
		if i%2 == 1 {
			fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" fill="#f4f4f4"/>`+"\n", f(left), f(y), f(plotW), f(rowH))
		}
		fmt.Fprintf(bw, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", f(left-8), f(y+rowH/2), ganttEsc(r))
	}
	for _, b := range g.Bars {
		if b.Row < 0 || b.Row >= len(g.Rows) || !(b.End >= b.Start) {
			continue
		}
		y := top + rowH*float64(b.Row)
		x0, x1 := x(b.Start), x(b.End)
		if b.Style == StyleBlocked {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#999" stroke-width="2" stroke-dasharray="3,2">`, f(x0), f(y+rowH/2), f(x1), f(y+rowH/2))
			fmt.Fprintf(bw, `<title>%s</title></line>`+"\n", ganttEsc(b.Label))
			continue
		}
		fill := ganttColour(b.Style)
		fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#333" stroke-width="0.5">`,
			f(x0), f(y+(rowH-barH)/2), f(math.Max(x1-x0, 0.5)), f(barH), fill)
		fmt.Fprintf(bw, `<title>%s</title></rect>`+"\n", ganttEsc(b.Label))
	}
	// Time axis with about ten round ticks, in the unit the end needs.
	axisY := top + rowH*float64(len(g.Rows)) + 4
	fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", f(left), f(axisY), f(left+plotW), f(axisY))
	scale, unit := 1.0, g.Unit
	if g.Unit == "s" || g.Unit == "" {
		scale, unit = results.TimeUnit(end)
	}
	ticks, step := results.Ticks(0, end, 10)
	for _, t := range ticks {
		if t > end*(1+1e-9) {
			break
		}
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`, f(x(t)), f(axisY), f(x(t)), f(axisY+5))
		fmt.Fprintf(bw, `<text x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", f(x(t)), f(axisY+18), results.TickText(t, step, scale))
	}
	fmt.Fprintf(bw, `<text x="%s" y="%s" text-anchor="end">time (%s)</text>`+"\n", f(left+plotW), f(axisY+34), ganttEsc(unit))
	ly := axisY + 34 + 22
	for i := 0; i < entries; i++ {
		lx := left + float64(i%perRow)*entryW
		y := ly + 22*float64(i/perRow)
		if i == len(g.Legend) {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#999" stroke-width="2" stroke-dasharray="3,2"/><text x="%s" y="%s">blocked</text>`+"\n",
				f(lx), f(y-4), f(lx+14), f(y-4), f(lx+18), f(y))
			continue
		}
		fmt.Fprintf(bw, `<rect x="%s" y="%s" width="14" height="12" fill="%s"/><text x="%s" y="%s">%s</text>`+"\n",
			f(lx), f(y-10), ganttColour(i), f(lx+18), f(y), ganttEsc(g.Legend[i]))
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

func ganttEsc(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
