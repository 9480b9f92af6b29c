package htmlreport

import (
	"fmt"
	"html"
	"math"
	"strings"

	"augur/results"
)

// Colours of the three categories (compute, communication, waiting) and
// of elements; the workbench's web/app.js uses the same ones.
var (
	categoryColours = [3]string{"#4e79a7", "#f28e2b", "#e15759"}
	elementColours  = []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
		"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b"}
)

func elementColour(i int) string { return elementColours[i%len(elementColours)] }

func esc(s string) string { return html.EscapeString(s) }

// num prints an SVG coordinate compactly.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "0"
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

// niceStep picks a round axis step giving about n ticks up to max.
func niceStep(max float64, n int) float64 {
	if max <= 0 {
		return 1
	}
	raw := max / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func tickText(v float64) string { return strings.TrimSuffix(results.Seconds(v), " s") }

// barChart draws a stacked bar per unit (seed 000 Fig. 14's bar chart):
// compute, communication and waiting, the total on top. More units than
// maxBars are drawn as groups, each bar the slowest unit of its group.
func barChart(r *results.Result, maxBars int) string {
	const w, h, left, bottom, top = 900, 300, 60, 40, 20
	units := r.Units
	if len(units) == 0 {
		return `<p class="empty">No units.</p>`
	}
	per := (len(units) + maxBars - 1) / maxBars
	type bar struct {
		label string
		u     results.Unit
	}
	var bars []bar
	for i := 0; i < len(units); i += per {
		j := min(i+per, len(units))
		best := i
		for k := i; k < j; k++ {
			if units[k].Total > units[best].Total {
				best = k
			}
		}
		label := shortName(units[i].Name)
		if j-i > 1 {
			label = shortName(units[i].Name) + "–" + shortName(units[j-1].Name)
		}
		bars = append(bars, bar{label, units[best]})
	}
	var maxT float64
	for _, b := range bars {
		maxT = math.Max(maxT, math.Max(b.u.Total, b.u.Compute+b.u.Comm+b.u.Wait))
	}
	step := niceStep(maxT, 5)
	axisMax := math.Ceil(maxT/step) * step
	if axisMax <= 0 {
		axisMax = 1
	}
	plotW, plotH := float64(w-left-10), float64(h-top-bottom)
	y := func(v float64) float64 { return top + plotH - v/axisMax*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart bar" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="time per %s">`, w, h, w, h, esc(r.UnitName))
	for v := 0.0; v <= axisMax+step/2; v += step {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%s" y2="%s" class="grid"/><text x="%d" y="%s" class="tick" text-anchor="end">%s</text>`,
			left, w-10, num(y(v)), num(y(v)), left-4, num(y(v)+4), tickText(v))
	}
	fmt.Fprintf(&b, `<text x="12" y="%d" class="axis" transform="rotate(-90 12 %d)" text-anchor="middle">seconds</text>`, top+int(plotH/2), top+int(plotH/2))
	slot := plotW / float64(len(bars))
	bw := math.Max(slot*0.8, 0.5)
	for i, br := range bars {
		x := float64(left) + float64(i)*slot + (slot-bw)/2
		u := br.u
		tip := u.Name
		if per > 1 {
			tip = fmt.Sprintf("%s %s (slowest: %s)", r.UnitName, br.label, u.Name)
		}
		fmt.Fprintf(&b, `<g class="bar" data-unit="%s"><title>%s: total %s; %s %s, %s %s, %s %s</title>`,
			esc(u.Name), esc(tip), results.Seconds(u.Total), r.Categories[0], results.Seconds(u.Compute),
			r.Categories[1], results.Seconds(u.Comm), r.Categories[2], results.Seconds(u.Wait))
		base := 0.0
		for c, v := range [3]float64{u.Compute, u.Comm, u.Wait} {
			if v <= 0 {
				continue
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`,
				num(x), num(y(base+v)), num(bw), num(y(base)-y(base+v)), categoryColours[c])
			base += v
		}
		b.WriteString("</g>")
		if len(bars) <= 32 {
			fmt.Fprintf(&b, `<text x="%s" y="%s" class="value" text-anchor="middle">%s</text>`,
				num(x+bw/2), num(y(math.Max(u.Total, base))-4), esc(results.Seconds(u.Total)))
			fmt.Fprintf(&b, `<text x="%s" y="%d" class="tick" text-anchor="middle">%s</text>`, num(x+bw/2), h-bottom+14, esc(br.label))
		}
	}
	if len(bars) > 32 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="tick">%s</text><text x="%d" y="%d" class="tick" text-anchor="end">%s</text>`,
			left, h-bottom+14, esc(bars[0].label), w-10, h-bottom+14, esc(bars[len(bars)-1].label))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>`, left+int(plotW/2), h-6, esc(r.UnitName))
	b.WriteString(`</svg>`)
	return b.String()
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
}

// pieChart draws slices with a legend giving each value and share.
func pieChart(title string, slices []pieSlice) string {
	const w, h, cx, cy, rad = 540, 240, 120, 120, 100
	var total float64
	for _, s := range slices {
		total += math.Max(s.value, 0)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart pie" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, w, h, w, h, esc(title))
	if total <= 0 {
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="#ddd"/><text x="%d" y="%d" text-anchor="middle">no time</text></svg>`, cx, cy, rad, cx, cy)
		return b.String()
	}
	angle := -math.Pi / 2
	for _, s := range slices {
		if s.value <= 0 {
			continue
		}
		frac := s.value / total
		tip := fmt.Sprintf("%s: %s (%.1f%%)", s.label, results.Seconds(s.value), frac*100)
		if frac > 0.9999 {
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s"><title>%s</title></circle>`, cx, cy, rad, s.colour, esc(tip))
			continue
		}
		a2 := angle + frac*2*math.Pi
		large := 0
		if frac > 0.5 {
			large = 1
		}
		fmt.Fprintf(&b, `<path d="M%d %d L%s %s A%d %d 0 %d 1 %s %s Z" fill="%s" stroke="#fff"><title>%s</title></path>`,
			cx, cy, num(cx+rad*math.Cos(angle)), num(cy+rad*math.Sin(angle)), rad, rad, large,
			num(cx+rad*math.Cos(a2)), num(cy+rad*math.Sin(a2)), s.colour, esc(tip))
		angle = a2
	}
	y := 20
	for _, s := range slices {
		if y > h-10 {
			fmt.Fprintf(&b, `<text x="250" y="%d" class="legend">…</text>`, y)
			break
		}
		fmt.Fprintf(&b, `<rect x="250" y="%d" width="12" height="12" fill="%s"/><text x="268" y="%d" class="legend">%s %s (%.1f%%)</text>`,
			y-10, s.colour, y, esc(s.label), esc(results.Seconds(s.value)), math.Max(s.value, 0)/total*100)
		y += 20
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// categoryPie is the pie of one unit's compute, communication and waiting.
func categoryPie(r *results.Result, u results.Unit) string {
	return pieChart(u.Name, []pieSlice{
		{r.Categories[0], u.Compute, categoryColours[0]},
		{r.Categories[1], u.Comm, categoryColours[1]},
		{r.Categories[2], u.Wait, categoryColours[2]},
	})
}

// elementPie is the pie of elements' times (the largest 9, the rest folded).
func elementPie(title string, els []results.Element, colourOf map[string]int) string {
	var slices []pieSlice
	var rest float64
	for i, e := range els {
		if e.Total <= 0 {
			continue
		}
		if i >= 9 {
			rest += e.Total
			continue
		}
		slices = append(slices, pieSlice{e.Name, e.Total, elementColour(colourOf[e.Name])})
	}
	if rest > 0 {
		slices = append(slices, pieSlice{"others", rest, "#bbb"})
	}
	return pieChart(title, slices)
}

// gantt draws the timeline folded into a grid (results.Timeline.Aggregate):
// however many slices, at most bins × rows rectangles.
func gantt(t *results.Timeline, colourOf map[string]int) string {
	const w, left, bins, maxRows = 900, 70, 600, 64
	g := t.Aggregate(results.Query{Bins: bins, MaxRows: maxRows})
	rowH := 14.0
	if len(g.Rows) > 24 {
		rowH = math.Max(4, 336/float64(len(g.Rows)))
	}
	h := int(float64(len(g.Rows))*rowH) + 30
	cellW := float64(w-left-10) / float64(g.Bins)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart gantt" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="timeline">`, w, h, w, h)
	for i, row := range g.Rows {
		y := float64(i) * rowH
		if rowH >= 10 || i%int(math.Ceil(10/rowH)) == 0 {
			fmt.Fprintf(&b, `<text x="%d" y="%s" class="tick" text-anchor="end">%s</text>`, left-4, num(y+math.Min(rowH, 12)-2), esc(row.Label))
		}
		for _, run := range row.Runs {
			frac := float64(run[3]) / 8
			name := g.Elements[run[2]]
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="%s"><title>%s</title></rect>`,
				num(left+float64(run[0])*cellW), num(y+1), num(float64(run[1])*cellW), num(rowH-2),
				elementColour(colourOf[name]), num(0.35+0.65*frac), esc(name))
		}
	}
	step := niceStep(g.T1-g.T0, 6)
	ay := float64(len(g.Rows))*rowH + 4
	for v := math.Ceil(g.T0/step) * step; v <= g.T1; v += step {
		x := left + (v-g.T0)/(g.T1-g.T0)*float64(w-left-10)
		fmt.Fprintf(&b, `<line x1="%s" x2="%s" y1="0" y2="%s" class="grid"/><text x="%s" y="%s" class="tick" text-anchor="middle">%s</text>`,
			num(x), num(x), num(ay), num(x), num(ay+12), tickText(v))
	}
	b.WriteString(`</svg>`)
	return b.String()
}
