package htmlreport

import (
	"fmt"
	"html"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"augur/internal/results"
	"augur/internal/writers/chart"
)

// The report's charts, drawn with gonum/plot (internal/writers/chart):
// the bars of time per unit, the pies of categories and elements, the
// timeline.

// Colours of the three categories (compute, communication, waiting) and
// of elements. Elements have colours of their own, none of them a
// category's, so that a pie of elements never reads as one of categories.
var (
	categoryColours = [3]string{"#4e79a7", "#f28e2b", "#e15759"}
	elementColours  = []string{"#59a14f", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
		"#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#a6761d", "#17becf", "#393b79", "#8c6d31",
		"#843c39", "#637939", "#5254a3", "#bd9e39", "#7b4173"}
)

// notStartedColour fills a thread's time before it was created.
const notStartedColour = "#e8e8e8"

// elementColour gives element i its own colour: the palette, then hues a
// golden angle apart (so that neighbours differ), at two lightnesses. No
// two elements share one, however many there are.
func elementColour(i int) string {
	if i < len(elementColours) {
		return elementColours[i]
	}
	j := i - len(elementColours)
	hue := math.Mod(float64(j)*137.50776405, 360)
	light := []int{42, 58, 50}[j%3]
	return fmt.Sprintf("hsl(%.2f,%d%%,%d%%)", hue, 55+10*(j/3%3), light)
}

// colours numbers the elements of a report in name order, so that an
// element has one colour in every chart of the page.
type colours map[string]int

func (c colours) of(name string) string {
	i, ok := c[name]
	if !ok {
		// A name only a chart knows (a kind, when the timeline folds
		// thousands of elements by kind) gets the next colour.
		i = len(c)
		c[name] = i
	}
	return elementColour(i)
}

func esc(s string) string { return html.EscapeString(s) }

// clip shortens a label to n characters, with an ellipsis.
func clip(s string, n int) string {
	if rs := []rune(s); len(rs) > n {
		return string(rs[:max(n-1, 1)]) + "…"
	}
	return s
}

// labelPlan says how to write n labels of at most chars characters under
// slots of slot pixels so that none overlaps: across if they fit, else
// turned upright, and then only every step-th label if even that is too
// tight (at 10 px type a character is about 6 px wide and a line 12 px
// high).
func labelPlan(n int, slot float64, chars int) (upright bool, step int) {
	const charW, lineH = 6.0, 12.0
	if float64(chars)*charW+4 <= slot {
		return false, 1
	}
	step = int(math.Ceil(lineH / slot))
	return true, max(step, 1)
}

// The bar chart's width and its plot's height, in pixels.
const barW, barPlotH = 1200, 260

// unitBar is a bar of the bar chart: a unit, or the slowest of a group.
type unitBar struct {
	label, tip string
	u          results.Unit
}

// barChart draws a stacked bar per unit (Performance Prophet Fig. 14's
// bar chart): compute, communication and waiting (after the time before
// a thread was created, pale), the total on top when it fits. More units
// than maxBars are drawn as groups, each bar the slowest unit of its
// group. Every bar is a group (class bar, data-name, data-total) of its
// segments, each with data-category and data-v (seconds) for programs
// (the browser tests check them against the tables).
func barChart(r *results.Result, maxBars int) string {
	if len(r.Units) == 0 {
		return `<p class="empty">No units.</p>`
	}
	p, h := barPlot(r, maxBars)
	svg, err := chart.SVG(p, barW, h,
		chart.Attr{Name: "class", Value: "chart bar"}, chart.Attr{Name: "role", Value: "img"},
		chart.Attr{Name: "aria-label", Value: "time per " + r.UnitName},
		chart.Attr{Name: "data-units", Value: strconv.Itoa(len(r.Units))},
		chart.Attr{Name: "data-categories", Value: strings.Join(r.Categories[:], "|")})
	if err != nil {
		return `<p class="empty">` + esc(err.Error()) + `</p>`
	}
	return svg
}

// barPlot lays the bars out with gonum/plot, and says how high the
// chart is: the plot and its labels under it.
func barPlot(r *results.Result, maxBars int) (*plot.Plot, vg.Length) {
	units := r.Units
	per := (len(units) + maxBars - 1) / maxBars
	var bars []unitBar
	chars := 0
	for i := 0; i < len(units); i += per {
		j := min(i+per, len(units))
		best := i
		for k := i; k < j; k++ {
			if units[k].End > units[best].End {
				best = k
			}
		}
		b := unitBar{label: shortName(units[i].Name), tip: units[best].Name, u: units[best]}
		if j-i > 1 {
			b.label = shortName(units[i].Name) + "–" + shortName(units[j-1].Name)
			b.tip = fmt.Sprintf("%s %s (slowest: %s)", r.UnitName, b.label, b.u.Name)
		}
		if rs := []rune(b.label); len(rs) > 24 {
			b.label = string(rs[:23]) + "…" // the tooltip has it whole
		}
		chars = max(chars, utf8.RuneCountInString(b.label))
		bars = append(bars, b)
	}
	var maxT float64
	for _, b := range bars {
		maxT = math.Max(maxT, math.Max(b.u.End, b.u.Start+b.u.Compute+b.u.Communication+b.u.Waiting))
	}
	scale, unit := results.TimeUnit(maxT)
	// The plot is about the chart's width less the time axis (64 px).
	slot := float64(barW-74) / float64(len(bars))
	upright, every := labelPlan(len(bars), slot, chars)
	bottom := 40
	if upright {
		bottom = min(chars, 24)*6 + 26
	}
	p := chart.New()
	p.Y.Min, p.Y.Max = 0, chart.AxisMax(maxT, 5)
	p.Y.Tick.Marker = chart.RoundTicks{N: 5, Scale: scale}
	p.Y.Label.Text = "time (" + unit + ")"
	p.X.Min, p.X.Max = -0.5, float64(len(bars))-0.5
	p.X.Label.Text = r.UnitName
	p.X.Tick.Marker = barLabels{bars, every}
	if upright {
		p.X.Tick.Label.Rotation = math.Pi / 2
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	}
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	grid.Horizontal.Color = color.Gray{0xee}
	p.Add(grid, stacks{r: r, bars: bars, value: float64(len(results.Seconds(maxT)))*6 <= slot})
	return p, vg.Length(20 + barPlotH + bottom)
}

// barLabels names every every-th bar under it.
type barLabels struct {
	bars  []unitBar
	every int
}

func (l barLabels) Ticks(float64, float64) []plot.Tick {
	var ts []plot.Tick
	for i, b := range l.bars {
		if i%l.every == 0 {
			ts = append(ts, plot.Tick{Value: float64(i), Label: b.label})
		}
	}
	return ts
}

// stacks draws the bars, and their totals on top if value.
type stacks struct {
	r     *results.Result
	bars  []unitBar
	value bool
}

func (s stacks) Plot(c draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&c)
	bw := math.Min(math.Max(float64(x(1)-x(0))*0.8, 0.5), 60)
	cats := s.r.Categories
	for i, br := range s.bars {
		u := br.u
		tip := fmt.Sprintf("%s: total %s; %s %s, %s %s, %s %s", br.tip, results.Seconds(u.End), cats[0], results.Seconds(u.Compute),
			cats[1], results.Seconds(u.Communication), cats[2], results.Seconds(u.Waiting))
		if u.Start > 0 {
			tip += "; created at " + results.Seconds(u.Start)
		}
		chart.Open(c, tip, chart.Attr{Name: "class", Value: "bar"}, chart.Attr{Name: "data-name", Value: u.Name},
			chart.Attr{Name: "data-total", Value: strconv.FormatFloat(u.End, 'g', -1, 64)})
		x0 := x(float64(i)) - vg.Length(bw/2)
		base := 0.0
		segment := func(category, colour string, v float64) {
			chart.Open(c, "", chart.Attr{Name: "data-category", Value: category}, chart.Attr{Name: "data-v", Value: strconv.FormatFloat(v, 'g', -1, 64)})
			c.FillPolygon(chart.Colour(colour), chart.Rect(x0, y(base), x0+vg.Length(bw), y(base+v)))
			chart.Close(c)
			base += v
		}
		if u.Start > 0 {
			segment("not yet created", notStartedColour, u.Start)
		}
		for k, v := range [3]float64{u.Compute, u.Communication, u.Waiting} {
			if v > 0 {
				segment(cats[k], categoryColours[k], v)
			}
		}
		chart.Close(c)
		if s.value {
			// The label sits on top of the bar as drawn, which is its total.
			c.FillText(chart.Text(10, draw.XCenter, draw.YBottom), vg.Point{X: x(float64(i)), Y: y(math.Max(u.End, base)) + 4}, results.Seconds(u.End))
		}
	}
}

func shortName(n string) string {
	for _, p := range []string{"process ", "rank ", "thread "} {
		n = strings.TrimPrefix(n, p)
	}
	return n
}

type pieSlice struct {
	label  string
	value  float64
	colour string
	// legend, if set, is written in the legend instead of label (the
	// slice keeps label as data-label, what programs read).
	legend string
}

// pieKind tells the browser tests what a pie's slices are: the categories
// of a unit, or elements.
type pieKind string

const (
	pieCategories pieKind = "categories"
	pieElements   pieKind = "elements"
)

// The pie chart's size and its disc, in pixels.
const pieW, pieH, pieR = 580, 240, 100

// pieChart draws slices, each a group (class slice, data-label, data-v)
// with its share as tooltip, and a legend giving each value and share.
func pieChart(title string, kind pieKind, slices []pieSlice) string {
	svg, err := chart.Draw(pieW, pieH, func(c draw.Canvas) { drawPie(c, slices) },
		chart.Attr{Name: "class", Value: "chart pie"}, chart.Attr{Name: "data-pie", Value: string(kind)},
		chart.Attr{Name: "role", Value: "img"}, chart.Attr{Name: "aria-label", Value: title})
	if err != nil {
		return `<p class="empty">` + esc(err.Error()) + `</p>`
	}
	return svg
}

// disc is the pie's whole disc (SVG's arcs need a start point).
func disc(centre vg.Point) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: centre.X + pieR, Y: centre.Y})
	p.Arc(centre, pieR, 0, 2*math.Pi)
	return p
}

// drawPie draws the disc at the left, clockwise from the top, and the
// legend at its right, as many entries as fit.
func drawPie(c draw.Canvas, slices []pieSlice) {
	centre := vg.Point{X: 120, Y: c.Max.Y - 120}
	var total float64
	for _, s := range slices {
		total += math.Max(s.value, 0)
	}
	if !(total > 0) || math.IsInf(total, 0) {
		c.SetColor(color.Gray{0xdd})
		c.Fill(disc(centre))
		c.FillText(chart.Text(12, draw.XCenter, draw.YCenter), centre, "no time")
		return
	}
	angle := math.Pi / 2
	for _, s := range slices {
		if s.value <= 0 {
			continue
		}
		frac := s.value / total
		chart.Open(c, fmt.Sprintf("%s: %s (%.1f%%)", s.label, results.Seconds(s.value), frac*100),
			chart.Attr{Name: "class", Value: "slice"}, chart.Attr{Name: "data-label", Value: s.label},
			chart.Attr{Name: "data-v", Value: strconv.FormatFloat(s.value, 'g', -1, 64)})
		path := disc(centre)
		if frac <= 0.9999 {
			path = nil
			path.Move(centre)
			path.Line(vg.Point{X: centre.X + pieR*vg.Length(math.Cos(angle)), Y: centre.Y + pieR*vg.Length(math.Sin(angle))})
			path.Arc(centre, pieR, angle, -frac*2*math.Pi)
			path.Close()
		}
		c.SetColor(chart.Colour(s.colour))
		c.Fill(path)
		if frac <= 0.9999 {
			c.SetLineStyle(draw.LineStyle{Color: color.White, Width: 1})
			c.Stroke(path)
		}
		chart.Close(c)
		angle -= frac * 2 * math.Pi
	}
	sty := chart.Text(12, draw.XLeft, draw.YBottom)
	y := c.Max.Y - 20
	for _, s := range slices {
		if y < 10 {
			c.FillText(sty, vg.Point{X: 250, Y: y}, "…")
			break
		}
		name := s.label
		if s.legend != "" {
			name = s.legend
		}
		chart.Open(c, name)
		c.FillPolygon(chart.Colour(s.colour), chart.Rect(250, y-2, 262, y+10))
		c.FillText(sty, vg.Point{X: 268, Y: y}, fmt.Sprintf("%s %s (%.1f%%)", clip(name, 28), results.Seconds(s.value), math.Max(s.value, 0)/total*100))
		chart.Close(c)
		y -= 20
	}
}

// categoryPie is the pie of one unit's compute, communication and waiting.
func categoryPie(r *results.Result, u results.Unit) string {
	return pieChart(u.Name, pieCategories, []pieSlice{
		{label: r.Categories[0], value: u.Compute, colour: categoryColours[0]},
		{label: r.Categories[1], value: u.Communication, colour: categoryColours[1]},
		{label: r.Categories[2], value: u.Waiting, colour: categoryColours[2]},
	})
}

// elementPie is the pie of elements' times: the largest 9, the rest
// folded into one slice that says how many elements it holds.
func elementPie(title string, els []results.Stats, c colours) string {
	var slices []pieSlice
	var rest float64
	folded := 0
	for i, e := range els {
		if e.Total <= 0 {
			continue
		}
		if i >= 9 {
			rest += e.Total
			folded++
			continue
		}
		slices = append(slices, pieSlice{label: e.Name, value: e.Total, colour: c.of(e.Name)})
	}
	if rest > 0 {
		slices = append(slices, pieSlice{label: "others", value: rest, colour: "#bbb", legend: fmt.Sprintf("%d others", folded)})
	}
	return pieChart(title, pieElements, slices)
}

// MaxArrows bounds the messages drawn on the timeline: past it, every
// k-th, and the legend says so.
const MaxArrows = 1500

// The timeline's width, its grid's bins and rows.
const ganttW, ganttBins, ganttMaxRows = 1200, 700, 64

// gantt draws the timeline folded into a grid (results.Timeline.Aggregate):
// however many slices, at most bins × rows rectangles, and the messages
// as arrows (class msg) from the send to the arrival; above it the
// legend names every element of the timeline, each in its own colour,
// and the arrows.
func gantt(t *results.Timeline, c colours) string {
	g := t.Aggregate(results.Query{Bins: ganttBins, MaxRows: ganttMaxRows})
	// The labels' column is as wide as the longest (at 10 px type a
	// character is about 6 px), up to a quarter of the chart; longer
	// ones are cut, whole in their tooltip.
	chars := 0
	for _, row := range g.Rows {
		chars = max(chars, utf8.RuneCountInString(row.Label))
	}
	left := min(max(chars*6+10, 60), ganttW/4)
	rowH := 14.0
	switch n := len(g.Rows); {
	case n <= 8:
		rowH = 24 // a few ranks: rows tall enough for arrows to read
	case n <= 16:
		rowH = 18
	case n > 24:
		rowH = math.Max(4, 336/float64(len(g.Rows)))
	}
	arrows, sent := t.Arrows(MaxArrows)
	tl := &timeline{g: g, colours: c, arrows: arrows, fit: (left - 10) / 6, labelEvery: int(math.Ceil(12 / rowH))}
	t0, t1 := g.T0, g.T1
	if !(t1 > t0) || math.IsInf(t1-t0, 0) {
		t0, t1 = 0, 1
	}
	p := chart.New()
	p.X.Min, p.X.Max = t0, t1
	scale, unit := results.TimeUnit(t1)
	p.X.Tick.Marker = chart.RoundTicks{N: 8, Scale: scale}
	p.X.Label.Text = "time (" + unit + ")"
	p.Y.Min, p.Y.Max = 0, float64(max(len(g.Rows), 1))
	p.Y.Tick.Marker = plot.ConstantTicks(nil)
	p.Y.LineStyle.Width, p.Y.Padding = 0, 0
	grid := plotter.NewGrid()
	grid.Horizontal.Width = 0
	grid.Vertical.Color = color.Gray{0xee}
	p.Add(tl, grid)
	h := vg.Length(float64(len(g.Rows))*rowH + 44)
	svg, err := chart.Draw(ganttW, h, func(cv draw.Canvas) { p.Draw(draw.Crop(cv, vg.Length(left), 0, 0, 0)) },
		chart.Attr{Name: "class", Value: "chart gantt"}, chart.Attr{Name: "role", Value: "img"}, chart.Attr{Name: "aria-label", Value: "timeline"})
	if err != nil {
		svg = `<p class="empty">` + esc(err.Error()) + `</p>`
	}
	return timelineLegend(t, g, c, tl.drawn, int64(len(arrows)) < sent, sent) + svg
}

// timeline draws the grid's cells (paler when partly idle), the rows'
// labels in the column at its left and the arrows; drawn counts them.
type timeline struct {
	g          *results.Gantt
	colours    colours
	arrows     []results.Arrow
	fit        int // characters of a label
	labelEvery int
	drawn      int
}

var arrowColour = color.NRGBA{0x22, 0x22, 0x22, 153}

func (tl *timeline) Plot(c draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&c)
	g := tl.g
	n := len(g.Rows)
	rowH := y(1) - y(0)
	top := func(i int) vg.Length { return y(float64(n - i)) }
	binW := (g.T1 - g.T0) / float64(g.Bins)
	label := chart.Text(10, draw.XRight, draw.YCenter)
	for i, row := range g.Rows {
		if i%tl.labelEvery == 0 {
			chart.Open(c, row.Label)
			c.FillText(label, vg.Point{X: c.Min.X - 4, Y: top(i) - min(rowH, 12)/2}, clip(row.Label, tl.fit))
			chart.Close(c)
		}
		for _, run := range row.Runs {
			if run[2] < 0 {
				continue
			}
			name := g.Elements[run[2]]
			r, gr, b, _ := chart.Colour(tl.colours.of(name)).RGBA()
			fill := color.NRGBA{uint8(r >> 8), uint8(gr >> 8), uint8(b >> 8), uint8(math.Round(255 * (0.35 + 0.65*float64(run[3])/8)))}
			x0 := x(g.T0 + float64(run[0])*binW)
			chart.Open(c, name)
			c.FillPolygon(fill, chart.Rect(x0, top(i)-rowH+1, x0+x(g.T0+float64(run[1])*binW)-x(g.T0), top(i)-1))
			chart.Close(c)
		}
	}
	// Arrows: a track's drawn row is found from the rows' first tracks.
	rowOf := func(track int) int {
		k := sort.Search(n, func(i int) bool { return g.Rows[i].First > track }) - 1
		if k < 0 || track >= g.Rows[k].First+g.Rows[k].Tracks {
			return -1
		}
		return k
	}
	line := draw.LineStyle{Color: arrowColour, Width: 0.8}
	for _, a := range tl.arrows {
		fr, tr := rowOf(a.From), rowOf(a.To)
		if fr < 0 || tr < 0 || fr == tr {
			continue // tracks folded into one row: no arrow to draw
		}
		tl.drawn++
		from := vg.Point{X: x(a.Send), Y: top(fr) - rowH/2}
		to := vg.Point{X: x(a.Arrive), Y: top(tr) - rowH/2}
		chart.Open(c, fmt.Sprintf("%s → %s: sent %s, arrived %s", g.Rows[fr].Label, g.Rows[tr].Label, results.Seconds(a.Send), results.Seconds(a.Arrive)),
			chart.Attr{Name: "class", Value: "msg"})
		c.StrokeLine2(line, from.X, from.Y, to.X, to.Y)
		c.FillPolygon(arrowColour, arrowHead(from, to))
		chart.Close(c)
	}
}

// arrowHead is a triangle 6 px long, 6 px wide, its point at to.
func arrowHead(from, to vg.Point) []vg.Point {
	d := to.Sub(from)
	l := vg.Length(math.Hypot(float64(d.X), float64(d.Y)))
	if !(l > 0) {
		return nil
	}
	u := d.Scale(1 / l)
	back := to.Sub(u.Scale(6))
	side := vg.Point{X: -u.Y, Y: u.X}.Scale(3)
	return []vg.Point{to, back.Add(side), back.Sub(side)}
}

// timelineLegend names every element with time on the timeline, largest
// first (those too short to win a cell at this scale too: they are in
// the timeline, and zooming in the workbench shows them), and the
// arrows drawn (of how many sent when sampled).
func timelineLegend(t *results.Timeline, g *results.Gantt, c colours, drawn int, sampled bool, sent int64) string {
	times := t.ElementTimes()
	names := t.ElementNames()
	type entry struct {
		name string
		t    float64
	}
	var es []entry
	seen := map[string]bool{}
	for i, n := range names {
		if i < len(times) && times[i] > 0 && !seen[n] {
			seen[n] = true
			es = append(es, entry{n, times[i]})
		}
	}
	if len(names) > len(g.Elements) {
		// Folded by kind: the grid's names (kinds) are what is drawn.
		es = es[:0]
		for _, n := range g.Elements {
			es = append(es, entry{n, 0})
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].t > es[j].t })
	var l strings.Builder
	l.WriteString(`<p class="legend" data-legend="timeline">`)
	for _, e := range es {
		fmt.Fprintf(&l, `<span data-element="%s"><i style="background:%s"></i>%s</span>`, esc(e.name), c.of(e.name), esc(e.name))
	}
	if drawn > 0 {
		note := fmt.Sprintf("message (%d)", drawn)
		if sampled {
			note = fmt.Sprintf("message (%d drawn of %d, evenly spaced in send order)", drawn, sent)
		}
		fmt.Fprintf(&l, `<span class="arrow" data-arrows="%d"><svg width="22" height="10" viewBox="0 0 22 10"><line x1="1" y1="5" x2="15" y2="5" stroke="#222" stroke-width="1.2"/><path d="M15 2 L21 5 L15 8 z" fill="#222"/></svg>%s</span>`, drawn, esc(note))
	}
	l.WriteString(`<span class="note">paler: the cell is partly idle</span></p>`)
	return l.String()
}
