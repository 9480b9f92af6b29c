package htmlreport

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"augur/internal/results"
)

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

// num prints an SVG coordinate compactly.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "0"
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

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

// barChart draws a stacked bar per unit (Performance Prophet Fig. 14's bar chart):
// compute, communication and waiting (after the time before a thread was
// created, pale), the total on top when it fits. More units than maxBars
// are drawn as groups, each bar the slowest unit of its group. Every
// segment carries data-unit, data-category and data-v (seconds) for
// programs (the browser tests check them against the tables).
func barChart(r *results.Result, maxBars int) string {
	const w, left, top = 1200, 64, 20
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
	chars := 0
	for i := 0; i < len(units); i += per {
		j := min(i+per, len(units))
		best := i
		for k := i; k < j; k++ {
			if units[k].End > units[best].End {
				best = k
			}
		}
		label := shortName(units[i].Name)
		if j-i > 1 {
			label = shortName(units[i].Name) + "–" + shortName(units[j-1].Name)
		}
		if rs := []rune(label); len(rs) > 24 {
			label = string(rs[:23]) + "…" // the tooltip has it whole
		}
		chars = max(chars, utf8.RuneCountInString(label))
		bars = append(bars, bar{label, units[best]})
	}
	var maxT float64
	for _, b := range bars {
		maxT = math.Max(maxT, math.Max(b.u.End, b.u.Start+b.u.Compute+b.u.Communication+b.u.Waiting))
	}
	scale, unit := results.TimeUnit(maxT)
	ticks, step := results.Ticks(0, maxT, 5)
	axisMax := ticks[len(ticks)-1]
	if !(axisMax > 0) || math.IsInf(axisMax, 0) {
		axisMax, ticks = 1, []float64{0, 1}
	}
	plotW := float64(w - left - 10)
	slot := plotW / float64(len(bars))
	upright, every := labelPlan(len(bars), slot, chars)
	bottom := 40
	if upright {
		bottom = min(chars, 24)*6 + 26
	}
	const plotH = 260.0
	h := top + int(plotH) + bottom
	y := func(v float64) float64 { return top + plotH - v/axisMax*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart bar" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="time per %s" data-units="%d" data-categories="%s">`,
		w, h, w, h, esc(r.UnitName), len(units), esc(strings.Join(r.Categories[:], "|")))
	for _, v := range ticks {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%s" y2="%s" class="grid"/><text x="%d" y="%s" class="tick" text-anchor="end">%s</text>`,
			left, w-10, num(y(v)), num(y(v)), left-4, num(y(v)+4), results.TickText(v, step, scale))
	}
	fmt.Fprintf(&b, `<text x="12" y="%d" class="axis" transform="rotate(-90 12 %d)" text-anchor="middle">time (%s)</text>`, top+int(plotH/2), top+int(plotH/2), unit)
	bw := math.Min(math.Max(slot*0.8, 0.5), 60)
	valueFits := float64(len(results.Seconds(maxT)))*6 <= slot
	for i, br := range bars {
		x := float64(left) + float64(i)*slot + (slot-bw)/2
		u := br.u
		tip := u.Name
		if per > 1 {
			tip = fmt.Sprintf("%s %s (slowest: %s)", r.UnitName, br.label, u.Name)
		}
		fmt.Fprintf(&b, `<g class="bar" data-name="%s" data-total="%g"><title>%s: total %s; %s %s, %s %s, %s %s`,
			esc(u.Name), u.End, esc(tip), results.Seconds(u.End), r.Categories[0], results.Seconds(u.Compute),
			r.Categories[1], results.Seconds(u.Communication), r.Categories[2], results.Seconds(u.Waiting))
		if u.Start > 0 {
			fmt.Fprintf(&b, "; created at %s", results.Seconds(u.Start))
		}
		b.WriteString("</title>")
		base := 0.0
		if u.Start > 0 {
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" data-category="not yet created" data-v="%g"/>`,
				num(x), num(y(u.Start)), num(bw), num(y(0)-y(u.Start)), notStartedColour, u.Start)
			base = u.Start
		}
		for c, v := range [3]float64{u.Compute, u.Communication, u.Waiting} {
			if v <= 0 {
				continue
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" data-category="%s" data-v="%g"/>`,
				num(x), num(y(base+v)), num(bw), num(y(base)-y(base+v)), categoryColours[c], esc(r.Categories[c]), v)
			base += v
		}
		b.WriteString("</g>")
		if valueFits {
			// The label sits on top of the bar as drawn, which is its total.
			fmt.Fprintf(&b, `<text x="%s" y="%s" class="value" text-anchor="middle">%s</text>`,
				num(x+bw/2), num(y(math.Max(u.End, base))-4), esc(results.Seconds(u.End)))
		}
		if i%every != 0 {
			continue
		}
		cx := x + bw/2
		if upright {
			ly := top + int(plotH) + 6
			fmt.Fprintf(&b, `<text x="%s" y="%d" class="tick label" text-anchor="end" dominant-baseline="middle" transform="rotate(-90 %s %d)">%s</text>`,
				num(cx), ly, num(cx), ly, esc(br.label))
		} else {
			fmt.Fprintf(&b, `<text x="%s" y="%d" class="tick label" text-anchor="middle">%s</text>`, num(cx), top+int(plotH)+14, esc(br.label))
		}
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

// pieChart draws slices with a legend giving each value and share.
func pieChart(title string, kind pieKind, slices []pieSlice) string {
	const w, h, cx, cy, rad = 580, 240, 120, 120, 100
	var total float64
	for _, s := range slices {
		total += math.Max(s.value, 0)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart pie" data-pie="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, kind, w, h, w, h, esc(title))
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
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" class="slice" data-label="%s" data-v="%g"><title>%s</title></circle>`, cx, cy, rad, s.colour, esc(s.label), s.value, esc(tip))
			continue
		}
		a2 := angle + frac*2*math.Pi
		large := 0
		if frac > 0.5 {
			large = 1
		}
		fmt.Fprintf(&b, `<path d="M%d %d L%s %s A%d %d 0 %d 1 %s %s Z" fill="%s" stroke="#fff" class="slice" data-label="%s" data-v="%g"><title>%s</title></path>`,
			cx, cy, num(cx+rad*math.Cos(angle)), num(cy+rad*math.Sin(angle)), rad, rad, large,
			num(cx+rad*math.Cos(a2)), num(cy+rad*math.Sin(a2)), s.colour, esc(s.label), s.value, esc(tip))
		angle = a2
	}
	y := 20
	for _, s := range slices {
		if y > h-10 {
			fmt.Fprintf(&b, `<text x="250" y="%d" class="legend">…</text>`, y)
			break
		}
		name := s.label
		if s.legend != "" {
			name = s.legend
		}
		fmt.Fprintf(&b, `<rect x="250" y="%d" width="12" height="12" fill="%s"/><text x="268" y="%d" class="legend">%s %s (%.1f%%)<title>%s</title></text>`,
			y-10, s.colour, y, esc(clip(name, 28)), esc(results.Seconds(s.value)), math.Max(s.value, 0)/total*100, esc(name))
		y += 20
	}
	b.WriteString(`</svg>`)
	return b.String()
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

// gantt draws the timeline folded into a grid (results.Timeline.Aggregate):
// however many slices, at most bins × rows rectangles, and the messages
// as arrows from the send to the arrival; above it the legend names
// every element of the timeline, each in its own colour, and the arrows.
func gantt(t *results.Timeline, c colours) string {
	const w, bins, maxRows = 1200, 700, 64
	g := t.Aggregate(results.Query{Bins: bins, MaxRows: maxRows})
	// The labels' column is as wide as the longest (at 10 px type a
	// character is about 6 px), up to a quarter of the chart; longer
	// ones are cut, whole in their tooltip.
	chars := 0
	for _, row := range g.Rows {
		chars = max(chars, utf8.RuneCountInString(row.Label))
	}
	left := min(max(chars*6+10, 60), w/4)
	fit := (left - 10) / 6
	rowH := 14.0
	switch n := len(g.Rows); {
	case n <= 8:
		rowH = 24 // a few ranks: rows tall enough for arrows to read
	case n <= 16:
		rowH = 18
	case n > 24:
		rowH = math.Max(4, 336/float64(len(g.Rows)))
	}
	h := int(float64(len(g.Rows))*rowH) + 44
	plotW := float64(w - left - 10)
	cellW := plotW / float64(g.Bins)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart gantt" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="timeline">`, w, h, w, h)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0 L6 3 L0 6 z" fill="#222"/></marker></defs>`)
	labelEvery := int(math.Ceil(12 / rowH))
	for i, row := range g.Rows {
		y := float64(i) * rowH
		if i%labelEvery == 0 {
			fmt.Fprintf(&b, `<text x="%d" y="%s" class="tick track" text-anchor="end">%s<title>%s</title></text>`,
				left-4, num(y+math.Min(rowH, 12)-2+math.Max(0, rowH-12)/2), esc(clip(row.Label, fit)), esc(row.Label))
		}
		for _, run := range row.Runs {
			if run[2] < 0 {
				continue
			}
			frac := float64(run[3]) / 8
			name := g.Elements[run[2]]
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="%s"><title>%s</title></rect>`,
				num(float64(left)+float64(run[0])*cellW), num(y+1), num(float64(run[1])*cellW), num(rowH-2),
				c.of(name), num(0.35+0.65*frac), esc(name))
		}
	}
	x := func(v float64) float64 { return float64(left) + (v-g.T0)/(g.T1-g.T0)*plotW }
	// Arrows: a track's drawn row is found from the rows' first tracks.
	rowOf := func(track int) int {
		k := sort.Search(len(g.Rows), func(i int) bool { return g.Rows[i].First > track }) - 1
		if k < 0 || track >= g.Rows[k].First+g.Rows[k].Tracks {
			return -1
		}
		return k
	}
	arrows, sent := t.Arrows(MaxArrows)
	drawn := 0
	for _, a := range arrows {
		fr, tr := rowOf(a.From), rowOf(a.To)
		if fr < 0 || tr < 0 || fr == tr {
			continue // tracks folded into one row: no arrow to draw
		}
		drawn++
		fmt.Fprintf(&b, `<line class="msg" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-opacity="0.6" stroke-width="0.8" marker-end="url(#arrow)"><title>%s → %s: sent %s, arrived %s</title></line>`,
			num(x(a.Send)), num((float64(fr)+0.5)*rowH), num(x(a.Arrive)), num((float64(tr)+0.5)*rowH),
			esc(g.Rows[fr].Label), esc(g.Rows[tr].Label), results.Seconds(a.Send), results.Seconds(a.Arrive))
	}
	scale, unit := results.TimeUnit(g.T1)
	ticks, step := results.Ticks(g.T0, g.T1, 8)
	ay := float64(len(g.Rows))*rowH + 4
	for _, v := range ticks {
		if v < g.T0-step*1e-9 || v > g.T1+step*1e-9 {
			continue
		}
		fmt.Fprintf(&b, `<line x1="%s" x2="%s" y1="0" y2="%s" class="grid"/><text x="%s" y="%s" class="tick" text-anchor="middle">%s</text>`,
			num(x(v)), num(x(v)), num(ay), num(x(v)), num(ay+12), results.TickText(v, step, scale))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%s" class="axis" text-anchor="middle">time (%s)</text>`, left+int(plotW/2), num(ay+30), unit)
	b.WriteString(`</svg>`)

	// The legend: every element with time on the timeline, largest
	// first (those too short to win a cell at this scale too: they are
	// in the timeline, and zooming in the workbench shows them).
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
		if int64(len(arrows)) < sent {
			note = fmt.Sprintf("message (%d drawn of %d, evenly spaced in send order)", drawn, sent)
		}
		fmt.Fprintf(&l, `<span class="arrow" data-arrows="%d"><svg width="22" height="10" viewBox="0 0 22 10"><line x1="1" y1="5" x2="15" y2="5" stroke="#222" stroke-width="1.2"/><path d="M15 2 L21 5 L15 8 z" fill="#222"/></svg>%s</span>`, drawn, esc(note))
	}
	l.WriteString(`<span class="note">paler: the cell is partly idle</span></p>`)
	return l.String() + b.String()
}
