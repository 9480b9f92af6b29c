package report

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"augur/internal/results"
	"augur/internal/writers/chart"
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

// Sizes in points (a pixel each in the SVG): the chart's width, a row's
// height and its bar's.
const (
	ganttW    = 1000
	ganttRowH = 26
	ganttBarH = 18
)

var (
	blockedStyle = draw.LineStyle{Color: color.Gray{0x99}, Width: 2, Dashes: []vg.Length{3, 2}}
	barEdge      = draw.LineStyle{Color: color.Gray{0x33}, Width: 0.5}
	stripe       = color.Gray{0xf4}
)

// ganttPlot lays g out: rows from the top down (row i between n-i-1 and
// n-i on the y axis), time along x from 0 to the end.
func ganttPlot(g *Gantt) *plot.Plot {
	end := g.End
	for _, b := range g.Bars {
		end = math.Max(end, b.End)
	}
	if !(end > 0) || math.IsInf(end, 0) {
		end = 1
	}
	p := chart.New()
	p.X.Min, p.X.Max = 0, end
	scale, unit := 1.0, g.Unit
	if g.Unit == "s" || g.Unit == "" {
		scale, unit = results.TimeUnit(end)
	}
	p.X.Tick.Marker = chart.RoundTicks{N: 10, Scale: scale}
	p.X.Label.Text = "time (" + unit + ")"
	n := len(g.Rows)
	p.Y.Min, p.Y.Max = 0, float64(max(n, 1))
	p.Y.Tick.Marker = rowTicks(g.Rows)
	p.Y.Tick.Length = 0
	p.Y.LineStyle.Width = 0
	p.Y.Padding = 8
	p.Add(lanes{g})
	return p
}

// rowTicks names the rows at their middles.
type rowTicks []string

func (r rowTicks) Ticks(float64, float64) []plot.Tick {
	ts := make([]plot.Tick, len(r))
	for i, name := range r {
		ts[i] = plot.Tick{Value: float64(len(r)-i) - 0.5, Label: name}
	}
	return ts
}

// lanes draws the rows' stripes and bars, each bar with its label as a
// tooltip.
type lanes struct{ g *Gantt }

func (l lanes) Plot(c draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&c)
	n := len(l.g.Rows)
	top := func(row int) vg.Length { return y(float64(n - row)) }
	rowH := y(1) - y(0)
	barH := rowH * ganttBarH / ganttRowH
	for i := 1; i < n; i += 2 {
		c.FillPolygon(stripe, chart.Rect(c.Min.X, top(i)-rowH, c.Max.X, top(i)))
	}
	for _, b := range l.g.Bars {
		if b.Row < 0 || b.Row >= n || !(b.End >= b.Start) {
			continue
		}
		mid := top(b.Row) - rowH/2
		x0, x1 := x(b.Start), x(b.End)
		chart.Open(c, b.Label)
		if b.Style == StyleBlocked {
			c.StrokeLine2(blockedStyle, x0, mid, x1, mid)
		} else {
			pts := chart.Rect(x0, mid-barH/2, max(x1, x0+0.5), mid+barH/2)
			c.FillPolygon(chart.Colour(ganttColour(b.Style)), pts)
			c.StrokeLines(barEdge, append(pts, pts[0]))
		}
		chart.Close(c)
	}
}

// DataRange is the axes' range, set on the plot.
func (l lanes) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, l.g.End, 0, float64(len(l.g.Rows))
}

// ganttLegend names the styles and the blocked line.
func ganttLegend(g *Gantt) plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = chart.Sans
	l.TextStyle.Font.Size = 11
	l.Top, l.Left = true, true
	l.Padding = 4
	for i, name := range g.Legend {
		l.Add(name, box{chart.Colour(ganttColour(i))})
	}
	l.Add("blocked", line(blockedStyle))
	return l
}

type box struct{ c color.Color }

func (b box) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(b.c, chart.Rect(c.Min.X, c.Min.Y, c.Max.X, c.Max.Y))
}

type line draw.LineStyle

func (s line) Thumbnail(c *draw.Canvas) {
	mid := (c.Min.Y + c.Max.Y) / 2
	c.StrokeLine2(draw.LineStyle(s), c.Min.X, mid, c.Max.X, mid)
}

// WriteGanttSVG draws g as a standalone SVG document: the title across
// the top (a trace's path is long: centred over the plot it would run
// off the left), the chart, and the legend in a column at its right.
func WriteGanttSVG(w io.Writer, g *Gantt) error {
	const legendW = 150
	p := ganttPlot(g)
	l := ganttLegend(g)
	height := vg.Length(ganttRowH*len(g.Rows) + 84)
	height = max(height, vg.Length(len(g.Legend)+1)*16+50)
	svg, err := chart.Draw(ganttW, height, func(c draw.Canvas) {
		c.FillPolygon(color.White, chart.Rect(c.Min.X, c.Min.Y, c.Max.X, c.Max.Y))
		c.FillText(chart.Text(14, draw.XLeft, draw.YTop), vg.Point{X: 10, Y: c.Max.Y - 8}, g.Title)
		// The plot's rows are ganttRowH high: what the title (30 px)
		// and the axis leave of the canvas's top part.
		rows := vg.Length(ganttRowH * len(g.Rows))
		p.Draw(draw.Crop(c, 10, -legendW, height-rows-84, -30))
		l.Draw(draw.Crop(c, ganttW-legendW+10, 0, 0, -40))
	}, chart.Attr{Name: "xmlns", Value: chart.Namespace})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, svg+"\n"); err != nil {
		return fmt.Errorf("writing the Gantt chart: %w", err)
	}
	return nil
}
